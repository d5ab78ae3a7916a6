#pragma once
// Lost and re-read records of a failover, counted per partition over the logs of real
// consumers on both sides (lagscope-traffic consume --log: one value a line) against what
// the source held when the group moved. Values are counted as a multiset, so runs of
// byte-identical records count too; a value must belong to one partition only.
//
// Due on a partition: every record at or after the group's committed offset C as the
// source holds it at failover time, plus, below C, whatever the group read there (a
// compacted log may have dropped records the group read before the cleaner ran). Lost: due
// but read on neither side. Duplicated: read more often than due (on both sides, or twice).
// Header-only; main thread of a Qt Test.

#include "kafka/PartitionReader.h"

#include <QFile>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

namespace lagscope::test {

// The values a consumer log holds, in the order read (missing file: none).
inline QStringList loggedValues(const QString &path)
{
    QStringList values;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return values;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (!line.isEmpty())
            values << QString::fromUtf8(line);
    return values;
}

class FailoverTally {
public:
    struct Row {
        QString partition;
        qint64 due = 0;
        qint64 lost = 0;
        qint64 duplicated = 0;
    };

    // One partition: its records on the source at failover time, the group's committed
    // offset then (nullopt: none, the target side reads it from its start), and the values
    // the group read from it on the source side before the failover.
    void addPartition(const QString &name, const std::vector<RawRecord> &source, std::optional<qint64> committed,
                      const QStringList &readOnSource)
    {
        Part part;
        part.name = name;
        std::map<QString, qint64> below;
        for (const RawRecord &r : source)
            ++(committed && r.offset < *committed ? below : part.due)[QString::fromUtf8(r.value)];
        for (const QString &v : readOnSource)
            ++part.read[v];
        for (const auto &[v, n] : below)
            part.due[v] += std::max(n, part.read[v]);
        for (const auto &[v, n] : part.read)
            if (!below.count(v) && !part.due.count(v))
                part.due[v] = n; // read below C, compacted away since
        for (const auto &entry : part.due)
            m_owner[entry.first] = m_parts.size();
        m_parts.push_back(std::move(part));
    }

    // Values the group read on the target side, from any partition.
    void readOnTarget(const QStringList &values)
    {
        for (const QString &v : values) {
            const auto owner = m_owner.find(v);
            if (owner == m_owner.end())
                m_unexpected << v;
            else
                ++m_parts[owner->second].read[v];
        }
    }

    std::vector<Row> rows() const
    {
        std::vector<Row> out;
        for (const Part &p : m_parts) {
            Row row{p.name};
            for (const auto &[v, due] : p.due) {
                const auto read = p.read.find(v);
                const qint64 seen = read == p.read.end() ? 0 : read->second;
                row.due += due;
                row.lost += std::max<qint64>(0, due - seen);
                row.duplicated += std::max<qint64>(0, seen - due);
            }
            out.push_back(row);
        }
        return out;
    }

    Row total() const
    {
        Row sum{QStringLiteral("all")};
        for (const Row &r : rows()) {
            sum.due += r.due;
            sum.lost += r.lost;
            sum.duplicated += r.duplicated;
        }
        sum.duplicated += m_unexpected.size();
        return sum;
    }

    // Values read on the target that no partition had due (counted as duplicated in total()).
    const QStringList &unexpected() const { return m_unexpected; }

private:
    struct Part {
        QString name;
        std::map<QString, qint64> due;
        std::map<QString, qint64> read; // both sides
    };
    std::vector<Part> m_parts;
    std::map<QString, size_t> m_owner;
    QStringList m_unexpected;
};

} // namespace lagscope::test
