#pragma once
// What one MirrorMaker 2 flow (source -> target) looked like at one poll: heartbeat
// latency, how far replicated topics are behind, the newest offset syncs, each group's
// checkpoints against its real committed offsets on the source, and the health verdict.
//
// Plain immutable value, built on the flow's poller thread and handed to any thread as
// std::shared_ptr<const FlowSnapshot>.

#include "model/TopicPartition.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <algorithm>

#include <memory>
#include <vector>

namespace lagscope::mirror {

enum class FlowHealth {
    Ok,
    Lagging,
    Stalled,
    Broken
};

QString flowHealthName(FlowHealth health); // "OK", "Lagging", "Stalled", "Broken"

struct FlowIdentity {
    QString sourceCluster;
    QString targetCluster;
    QString sourceAlias;
    QString targetAlias;

    QString label() const { return sourceAlias + QStringLiteral("->") + targetAlias; }
    bool operator==(const FlowIdentity &) const = default;
};

// One source partition and its replica on the target.
struct ReplicatedPartition {
    int partition = -1;
    qint64 sourceLogEnd = -1; // -1: unknown
    qint64 remoteLogEnd = -1; // -1: unknown (or the remote partition does not exist)
    // Records on the source not yet on the target, -1 when either end is unknown. Uses the
    // newest offset sync to align the two logs when there is one (remote offsets need not
    // equal source offsets after retention, compaction or transactions).
    qint64 recordsBehind = -1;
};

struct ReplicatedTopic {
    QString sourceTopic;
    QString remoteTopic;
    std::vector<ReplicatedPartition> partitions;

    qint64 recordsBehind() const; // sum of the known partitions
};

struct OffsetSyncState {
    TopicPartition upstream; // source-side partition
    qint64 upstreamOffset = -1;
    qint64 downstreamOffset = -1;
    qint64 recordTimestampMs = -1;
    qint64 ageMs = -1; // takenAt - record timestamp, -1 when unknown
};

// One (group, partition) of a replicated topic.
struct GroupPartitionFlow {
    TopicPartition upstream;   // on the source
    TopicPartition downstream; // the remote topic on the target
    bool hasCheckpoint = false;
    qint64 checkpointUpstream = -1;
    qint64 checkpointDownstream = -1;
    qint64 checkpointTimestampMs = -1; // record timestamp, when MirrorMaker wrote it
    qint64 checkpointAgeMs = -1;
    qint64 sourceCommitted = -1; // -1: the group has no commit there (or unknown)
    qint64 remoteLogEnd = -1;
    // Records between the checkpoint and the real commit on the source: what a consumer
    // failing over now would read again. -1 when either is unknown.
    qint64 checkpointBehindCommit() const
    {
        return hasCheckpoint && sourceCommitted >= 0 ? std::max<qint64>(0, sourceCommitted - checkpointUpstream) : -1;
    }
};

struct GroupFlow {
    QString group;
    std::vector<GroupPartitionFlow> partitions; // sorted by upstream partition
    // Failover readiness: sum of checkpointBehindCommit() over partitions where it is known.
    qint64 rereadOnFailover = 0;
    // Partitions the group committed on the source that have no checkpoint (a failover
    // would have no translated offset for them).
    std::vector<TopicPartition> withoutCheckpoint;
    qint64 newestCheckpointAgeMs = -1;
};

struct FlowSnapshot {
    FlowIdentity flow;
    QDateTime takenAt; // UTC
    qint64 pollMs = 0;

    bool sourceReachable = false;
    bool targetReachable = false;
    QString sourceError; // why the source could not be read (empty when fine)
    QString targetError;
    QStringList warnings; // partial failures: a read that timed out, decode errors…

    // Newest heartbeat of this flow seen on the target (MirrorMaker's own timestamp), -1
    // when none was ever seen; its age is the replication latency as far as heartbeats tell.
    qint64 newestHeartbeatMs = -1;
    qint64 heartbeatAgeMs = -1;
    bool heartbeatsTopicExists = false;

    std::vector<ReplicatedTopic> topics;
    // Source topics MirrorMaker has replicated (seen in offset syncs or checkpoints) whose
    // remote topic is gone from the target.
    QStringList topicsMissingOnTarget;
    std::vector<OffsetSyncState> offsetSyncs;
    std::vector<GroupFlow> groups;

    FlowHealth health = FlowHealth::Broken;
    QString reason;
    QStringList staleCheckpointGroups; // set by the evaluator

    const GroupFlow *group(const QString &name) const
    {
        for (const auto &g : groups)
            if (g.group == name)
                return &g;
        return nullptr;
    }
    const ReplicatedTopic *topic(const QString &sourceTopic) const
    {
        for (const auto &t : topics)
            if (t.sourceTopic == sourceTopic)
                return &t;
        return nullptr;
    }
    qint64 maxRecordsBehind(QString *where = nullptr) const;
};

using FlowSnapshotPtr = std::shared_ptr<const FlowSnapshot>;

} // namespace lagscope::mirror
