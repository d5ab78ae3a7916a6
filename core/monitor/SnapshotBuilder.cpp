#include "monitor/SnapshotBuilder.h"

#include "monitor/BrokerLifecycle.h"
#include "monitor/DescribeRows.h"
#include "monitor/OrphanedOffsets.h"

#include <QHash>

#include <algorithm>

namespace lagscope {

namespace {

std::int64_t offsetOr(const LogOffsets &offsets, const TopicPartition &tp)
{
    const auto it = offsets.find(tp);
    return it == offsets.end() ? -1 : it->second;
}

GroupState groupState(const GroupDescription &d, const CommittedOffsets &committed, const LogOffsets &logEnd)
{
    GroupState g;
    g.groupId = d.groupId;
    g.state = d.state;
    g.type = d.type;
    g.members = d.members;
    const auto rows = describeRows(d, committed, logEnd);
    // Exactly as many as there are rows: growing by doubling left 20 partitions a capacity of
    // 32, 40 % of every snapshot's largest allocation unused (docs/PERFORMANCE.md, "GUI at
    // the large fixture").
    g.partitions.reserve(rows.size());
    for (const auto &row : rows) {
        PartitionLag &p = g.partitions.emplace_back();
        p.partition = row.partition;
        p.committed = row.committed;
        p.logEnd = row.logEnd;
        p.lag = row.lag;
        p.memberId = row.memberId;
        p.clientId = row.clientId;
        p.host = row.host;
        if (row.lag) {
            // A committed offset past the log end (truncation) is not negative lag.
            const std::int64_t lag = std::max<std::int64_t>(0, *row.lag);
            g.totalLag += lag;
            g.maxLag = std::max(g.maxLag, lag);
        }
    }
    std::sort(g.partitions.begin(), g.partitions.end(),
              [](const PartitionLag &a, const PartitionLag &b) { return a.partition < b.partition; });
    return g;
}

// A group this poll could not read: what the last good poll knew of it (its lag, verdict
// and members as they were then), else only its id. Never its offsets as "absent", which
// would read as a group that lost its commits.
GroupState unreadGroup(const GroupDescription &d, const QString &error, const ClusterSnapshot *lastGood)
{
    GroupState g;
    if (const GroupState *last = lastGood ? lastGood->group(d.groupId) : nullptr) {
        g = *last;
        if (!last->unread())
            g.lastReadAt = lastGood->takenAt;
    } else {
        g.groupId = d.groupId;
        g.state = d.state;
        g.type = d.type;
    }
    g.error = error;
    return g;
}

} // namespace

ClusterSnapshot buildSnapshot(const QString &cluster, const PollResult &poll,
                              const std::map<int, BrokerInfo> &knownBrokers, const QDateTime &takenAt,
                              qint64 durationMs, const ClusterSnapshot *lastGood)
{
    ClusterSnapshot s;
    s.cluster = cluster;
    s.takenAt = takenAt;
    s.pollDurationMs = durationMs;
    s.reachable = true;
    s.error = poll.errors.join(QStringLiteral("; "));
    s.clusterId = poll.metadata.clusterId;
    s.controllerId = poll.metadata.controllerId;
    const std::vector<BrokerState> *previous = lastGood ? &lastGood->brokers : nullptr;
    s.brokers = brokerStates({poll.metadata, poll.connectionStates, poll.listenerProbes}, knownBrokers, previous);
    s.quorum = poll.quorum;
    s.quorumError = poll.quorumError;

    for (const auto &t : poll.metadata.topics) {
        TopicState topic{t.name, t.internal, {}};
        for (const auto &p : t.partitions) {
            const TopicPartition tp{t.name, p.partition};
            topic.partitions.push_back(
                {p.partition, p.leader, p.replicas, p.isr, offsetOr(poll.logStart, tp), offsetOr(poll.logEnd, tp)});
        }
        s.topics.push_back(std::move(topic));
    }
    std::sort(s.topics.begin(), s.topics.end(),
              [](const TopicState &a, const TopicState &b) { return a.name < b.name; });

    static const CommittedOffsets none;
    s.groups.reserve(poll.groups.size());
    for (const auto &d : poll.groups) {
        if (const auto unread = poll.groupErrors.find(d.groupId); unread != poll.groupErrors.end()) {
            s.groups.push_back(unreadGroup(d, unread->second, lastGood));
            continue;
        }
        const auto it = poll.committed.find(d.groupId);
        s.groups.push_back(groupState(d, it == poll.committed.end() ? none : it->second, poll.logEnd));
    }
    std::sort(s.groups.begin(), s.groups.end(),
              [](const GroupState &a, const GroupState &b) { return a.groupId < b.groupId; });
    for (GroupState &g : s.groups)
        if (!g.unread()) // an unread group keeps what the poll that read it found
            classifyOrphans(g, s.topics);
    // Every committed offset came with a topic name of its own: one shared copy per topic
    // saves a string per group partition in every snapshot (100,000 at the large fixture).
    QHash<QString, QString> names;
    for (const auto &t : s.topics)
        names.insert(t.name, t.name);
    for (GroupState &g : s.groups)
        for (PartitionLag &p : g.partitions)
            if (const auto it = names.constFind(p.partition.topic); it != names.constEnd())
                p.partition.topic = *it;
    return s;
}

ClusterSnapshot unreachableSnapshot(const QString &cluster, const QString &error, const QDateTime &since,
                                    const QDateTime &takenAt, qint64 durationMs, const ClusterSnapshot *lastGood)
{
    ClusterSnapshot s = lastGood ? *lastGood : ClusterSnapshot{};
    s.cluster = cluster;
    s.takenAt = takenAt;
    s.pollDurationMs = durationMs;
    s.reachable = false;
    s.error = error;
    s.unreachableSince = since;
    return s;
}

} // namespace lagscope
