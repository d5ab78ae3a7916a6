#pragma once
// Builders of snapshots, events and expected points for the history store's tests: a fixed
// clock (kNow), one cluster and one group unless a test says otherwise.

#include "store/HistoryStore.h"

#include <QDateTime>
#include <QList>
#include <QPair>
#include <QStringList>

#include <algorithm>
#include <optional>

namespace lagscope::test {

using Points = QList<QPair<qint64, qint64>>; // (seconds relative to kNow, lag)

inline const QDateTime kNow(QDate(2024, 3, 10), QTime(12, 0), Qt::UTC);
inline const QString kCluster = QStringLiteral("dc1");
inline const QString kGroup = QStringLiteral("billing");

inline QDateTime rel(qint64 seconds)
{
    return kNow.addSecs(seconds);
}

inline qint64 relMs(qint64 seconds)
{
    return rel(seconds).toMSecsSinceEpoch();
}

inline PartitionLag partitionLag(const QString &topic, int partition, std::optional<std::int64_t> committed,
                          std::optional<std::int64_t> logEnd)
{
    PartitionLag p;
    p.partition = {topic, partition};
    p.committed = committed;
    p.logEnd = logEnd;
    if (committed && logEnd)
        p.lag = *logEnd - *committed;
    return p;
}

inline GroupState groupState(const QString &id, std::vector<PartitionLag> partitions, const QString &state = QStringLiteral("Stable"),
                      int members = 2)
{
    GroupState g;
    g.groupId = id;
    g.state = state;
    g.members.resize(size_t(members));
    g.partitions = std::move(partitions);
    for (const auto &p : g.partitions) {
        if (p.lag) {
            g.totalLag += *p.lag;
            g.maxLag = std::max(g.maxLag, *p.lag);
        }
    }
    return g;
}

inline ClusterSnapshot snapshot(const QDateTime &at, std::vector<GroupState> groups)
{
    ClusterSnapshot s;
    s.cluster = kCluster;
    s.takenAt = at;
    s.reachable = true;
    s.groups = std::move(groups);
    return s;
}

// One partition whose lag is `lag`; the offsets grow with the sample index.
inline ClusterSnapshot singleLag(const QDateTime &at, qint64 lag, qint64 index, const QString &state = QStringLiteral("Stable"),
                          int members = 2)
{
    const qint64 committed = 1000 + index * 10;
    return snapshot(at, {groupState(kGroup, {partitionLag(QStringLiteral("orders"), 0, committed, committed + lag)},
                                    state, members)});
}

inline ClusterEvent makeEvent(qint64 seconds, const QString &subject, const QString &group = {},
                   EventKind kind = EventKind::GroupStateChanged, EventSeverity severity = EventSeverity::Info)
{
    ClusterEvent e;
    e.time = rel(seconds);
    e.cluster = kCluster;
    e.kind = kind;
    e.severity = severity;
    e.subject = subject;
    e.group = group;
    e.message = QStringLiteral("message of ") + subject;
    return e;
}

inline QStringList subjects(const std::vector<ClusterEvent> &events)
{
    QStringList out;
    for (const auto &e : events)
        out << e.subject;
    return out;
}

inline Points groupPoints(const std::vector<HistoryStore::GroupSample> &samples)
{
    Points out;
    for (const auto &s : samples)
        out << qMakePair((s.timeMs - kNow.toMSecsSinceEpoch()) / 1000, s.totalLag);
    return out;
}


} // namespace lagscope::test
