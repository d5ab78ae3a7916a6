#pragma once
// A topic partition as a sortable, hashable value. Used as a map key everywhere offsets live.

#include <QHash>
#include <QString>

#include <compare>

namespace lagscope {

struct TopicPartition {
    QString topic;
    int partition = -1;

    friend bool operator==(const TopicPartition &, const TopicPartition &) = default;
    friend std::strong_ordering operator<=>(const TopicPartition &a, const TopicPartition &b)
    {
        if (const int c = QString::compare(a.topic, b.topic); c != 0)
            return c < 0 ? std::strong_ordering::less : std::strong_ordering::greater;
        return a.partition <=> b.partition;
    }

    QString toString() const { return topic + QLatin1Char('-') + QString::number(partition); }
};

inline size_t qHash(const TopicPartition &tp, size_t seed = 0) { return qHashMulti(seed, tp.topic, tp.partition); }

} // namespace lagscope
