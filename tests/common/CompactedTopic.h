#pragma once
// A compacted topic on the lab's primary and its MirrorMaker replica on dr, with the waits
// its tests need. The log cleaner never touches the active segment, and a segment stops
// being active only when a record arrives after segment.ms: so waiting for compaction means
// producing "ticks" (records with keys never used again, which the cleaner keeps) until the
// overwritten records are gone. Header-only; main thread of a Qt Test.

#include "DrillUtil.h"
#include "FailoverSteps.h"
#include "LabClient.h"

#include <QStringList>

#include <algorithm>
#include <set>
#include <vector>

namespace lagscope::test {

inline bool keysUnique(const std::vector<RawRecord> &records)
{
    std::set<QByteArray> keys;
    for (const RawRecord &r : records)
        if (!keys.insert(r.key).second)
            return false;
    return true;
}

inline bool hasOffset(const std::vector<RawRecord> &records, qint64 offset)
{
    return std::any_of(records.begin(), records.end(), [&](const RawRecord &r) { return r.offset == offset; });
}

// Some offset between the first record and the last holds no record.
inline bool hasGap(const std::vector<RawRecord> &records)
{
    for (size_t i = 1; i < records.size(); ++i)
        if (records[i].offset != records[i - 1].offset + 1)
            return true;
    return false;
}

class CompactedTopic {
public:
    CompactedTopic(const LabClient &lab, const FailoverSteps &steps, QString topic, int partitions)
        : m_lab(lab), m_steps(steps), m_topic(std::move(topic)), m_partitions(partitions)
    {
    }

    // The topic configs that let the cleaner take a log as soon as anything is dirty (ratio
    // 0.01, no lag) and a segment stop being active a second after it began. MirrorMaker
    // creates the remote topic with them, so dr compacts its replica too.
    static QStringList configs()
    {
        return {QStringLiteral("cleanup.policy=compact"), QStringLiteral("segment.ms=1000"),
                QStringLiteral("min.cleanable.dirty.ratio=0.01"), QStringLiteral("min.compaction.lag.ms=0"),
                QStringLiteral("delete.retention.ms=1000")};
    }

    QString remote() const { return QStringLiteral("primary.") + m_topic; }
    std::vector<RawRecord> source(int p) const { return read(QStringLiteral("primary"), m_topic, p); }
    std::vector<RawRecord> replica(int p) const { return read(QStringLiteral("dr"), remote(), p); }

    // Every overwritten key cleaned away on primary, and with `dr` on the replica too, which
    // then holds the same records (ticks still on their way aside).
    bool compacted(bool dr) const
    {
        for (int p = 0; p < m_partitions; ++p) {
            const auto s = source(p);
            if (s.empty() || !keysUnique(s))
                return false;
            if (dr) {
                const auto t = replica(p);
                if (!keysUnique(t) || values(t, false) != values(s, false))
                    return false;
            }
        }
        return true;
    }

    // Ticks until compacted(dr) holds.
    bool compactWithTicks(bool dr, int timeoutMs)
    {
        return waitUntil(
            [&] {
                if (compacted(dr))
                    return true;
                tick();
                return false;
            },
            timeoutMs);
    }

    // dr holds exactly what primary holds, ticks included.
    bool replicated() const
    {
        for (int p = 0; p < m_partitions; ++p)
            if (values(replica(p), true) != values(source(p), true))
                return false;
        return true;
    }

private:
    std::vector<RawRecord> read(const QString &cluster, const QString &topic, int p) const
    {
        return m_lab.records(cluster, {topic, p}).value_or(std::vector<RawRecord>{});
    }

    static QStringList values(const std::vector<RawRecord> &records, bool ticks)
    {
        QStringList out;
        for (const RawRecord &r : records)
            if (ticks || !r.value.startsWith("tick"))
                out << QString::fromUtf8(r.value);
        return out;
    }

    // One record a partition (the producer's round-robin), a fresh key each.
    void tick()
    {
        const QString prefix = QStringLiteral("tick%1").arg(m_ticks++);
        m_steps.produce(m_topic, m_partitions,
                        {QStringLiteral("--key-prefix"), prefix, QStringLiteral("--value-prefix"), prefix});
    }

    const LabClient &m_lab;
    const FailoverSteps &m_steps;
    QString m_topic;
    int m_partitions;
    int m_ticks = 0;
};

} // namespace lagscope::test
