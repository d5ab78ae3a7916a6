#include "mirror/FlowSnapshotBuilder.h"

#include <algorithm>
#include <set>

namespace lagscope::mirror {

namespace {

bool userTopic(const ReplicationPolicyConfig &policy, const TopicInfo &t)
{
    return !t.internal && !isInternalTopic(policy, t.name) && !isMirrorMakerTopic(policy, t.name);
}

qint64 valueOr(const LogOffsets &offsets, const TopicPartition &tp, qint64 fallback = -1)
{
    const auto it = offsets.find(tp);
    return it == offsets.end() ? fallback : qint64(it->second);
}

} // namespace

std::vector<TopicPair> replicatedTopics(const FlowIdentity &flow, const ReplicationPolicyConfig &policy,
                                        const ClusterMetadata &source, const ClusterMetadata &target,
                                        const std::map<TopicPartition, OffsetSyncEntry> &syncs,
                                        const std::map<QString, GroupCheckpoints> &checkpoints)
{
    // Topics MirrorMaker itself says it replicated.
    std::set<QString> known;
    for (const auto &[tp, entry] : syncs)
        known.insert(tp.topic);
    for (const auto &[group, partitions] : checkpoints)
        for (const auto &[downstream, entry] : partitions) {
            const QString up = upstreamTopic(policy, downstream.topic);
            if (!up.isEmpty())
                known.insert(up);
        }

    std::vector<TopicPair> pairs;
    for (const TopicInfo &t : source.topics) {
        if (!userTopic(policy, t))
            continue;
        const QString remote = remoteTopic(policy, flow.sourceAlias, t.name);
        const bool exists = target.topic(remote) != nullptr;
        if (exists || known.count(t.name))
            pairs.push_back(TopicPair{t.name, remote, exists});
    }
    return pairs;
}

std::vector<TopicPartition> sourcePartitionsToQuery(const std::vector<TopicPair> &pairs, const ClusterMetadata &source)
{
    std::vector<TopicPartition> out;
    for (const auto &pair : pairs)
        if (const TopicInfo *t = source.topic(pair.sourceTopic))
            for (const auto &p : t->partitions)
                if (!p.offline()) // a leaderless partition would only make the call wait
                    out.push_back({pair.sourceTopic, p.partition});
    return out;
}

std::vector<TopicPartition> targetPartitionsToQuery(const std::vector<TopicPair> &pairs, const ClusterMetadata &target)
{
    std::vector<TopicPartition> out;
    for (const auto &pair : pairs)
        if (const TopicInfo *t = pair.remoteExists ? target.topic(pair.remoteTopic) : nullptr)
            for (const auto &p : t->partitions)
                if (!p.offline())
                    out.push_back({pair.remoteTopic, p.partition});
    return out;
}

namespace {

// The age of a record timestamp at nowMs; -1 when unknown.
qint64 ageAt(qint64 nowMs, qint64 ms) { return ms < 0 ? -1 : std::max<qint64>(0, nowMs - ms); }

// Heartbeats MirrorMaker writes for this flow on the target, and those written on the
// source (for flows into it) that this flow replicated: both prove it is alive.
void addHeartbeats(FlowSnapshot &s, const FlowGathered &g, qint64 nowMs)
{
    for (const auto &[key, entry] : g.heartbeats)
        if (key.first == g.flow.sourceAlias && (key.second == g.flow.targetAlias || g.flow.targetAlias.isEmpty()))
            s.newestHeartbeatMs = std::max(s.newestHeartbeatMs, entry.timestampMs);
    for (const auto &[key, entry] : g.remoteHeartbeats)
        if (key.second == g.flow.sourceAlias)
            s.newestHeartbeatMs = std::max(s.newestHeartbeatMs, entry.timestampMs);
    const qint64 heartbeatsAtMs = g.heartbeatsReadAt.isValid() ? g.heartbeatsReadAt.toMSecsSinceEpoch() : nowMs;
    s.heartbeatAgeMs = s.newestHeartbeatMs < 0 ? -1 : std::max<qint64>(0, heartbeatsAtMs - s.newestHeartbeatMs);
    s.heartbeatsTopicExists = g.heartbeatsTopicExists;
}

ReplicatedPartition replicatedPartition(const FlowGathered &g, const TopicPair &pair, int partition)
{
    const TopicPartition up{pair.sourceTopic, partition};
    ReplicatedPartition rp;
    rp.partition = partition;
    rp.sourceLogEnd = valueOr(g.sourceLogEnds, up);
    rp.remoteLogEnd = valueOr(g.targetLogEnds, TopicPartition{pair.remoteTopic, partition});
    if (rp.sourceLogEnd >= 0 && rp.remoteLogEnd >= 0) {
        // Align the logs at the newest sync when there is one: offsets on the
        // two sides differ after retention, compaction or transactions.
        qint64 replicatedUpTo = rp.remoteLogEnd;
        const auto sync = g.offsetSyncs.find(up);
        if (sync != g.offsetSyncs.end() && sync->second.sync.downstreamOffset <= rp.remoteLogEnd)
            replicatedUpTo = sync->second.sync.upstreamOffset + (rp.remoteLogEnd - sync->second.sync.downstreamOffset);
        rp.recordsBehind = std::max<qint64>(0, rp.sourceLogEnd - replicatedUpTo);
    }
    return rp;
}

// The replicated topics and those missing on the target; returns the source topics of the flow.
std::set<QString> addReplicatedTopics(FlowSnapshot &s, const FlowGathered &g)
{
    // Without both clusters' topic lists nothing can be said about replicated topics (an
    // unreachable target would make every one of them look missing).
    const auto pairs =
        g.sourceReachable && g.targetReachable
            ? replicatedTopics(g.flow, g.policy, g.sourceMetadata, g.targetMetadata, g.offsetSyncs, g.checkpoints)
            : std::vector<TopicPair>{};
    std::set<QString> replicatedSource;
    for (const auto &pair : pairs) {
        replicatedSource.insert(pair.sourceTopic);
        if (!pair.remoteExists) {
            s.topicsMissingOnTarget << pair.sourceTopic;
            continue;
        }
        ReplicatedTopic topic{pair.sourceTopic, pair.remoteTopic, {}};
        if (const TopicInfo *t = g.sourceMetadata.topic(pair.sourceTopic))
            for (const auto &p : t->partitions)
                topic.partitions.push_back(replicatedPartition(g, pair, p.partition));
        std::sort(topic.partitions.begin(), topic.partitions.end(),
                  [](const ReplicatedPartition &a, const ReplicatedPartition &b) { return a.partition < b.partition; });
        s.topics.push_back(std::move(topic));
    }
    s.topicsMissingOnTarget.sort();
    return replicatedSource;
}

// One group MirrorMaker checkpoints in this flow: its checkpoints, and its commits on the
// replicated source topics.
GroupFlow groupFlow(const FlowGathered &g, const QString &group, const GroupCheckpoints &checkpoints,
                    const std::set<QString> &replicatedSource, qint64 nowMs)
{
    GroupFlow gf;
    gf.group = group;
    std::map<TopicPartition, GroupPartitionFlow> byUpstream;
    for (const auto &[downstream, entry] : checkpoints) {
        const QString up = upstreamTopic(g.policy, downstream.topic);
        if (up.isEmpty())
            continue;
        GroupPartitionFlow p;
        p.upstream = TopicPartition{up, downstream.partition};
        p.downstream = downstream;
        p.hasCheckpoint = true;
        p.checkpointUpstream = entry.checkpoint.upstreamOffset;
        p.checkpointDownstream = entry.checkpoint.downstreamOffset;
        p.checkpointTimestampMs = entry.recordTimestampMs;
        p.checkpointAgeMs = ageAt(nowMs, entry.recordTimestampMs);
        p.remoteLogEnd = valueOr(g.targetLogEnds, downstream);
        byUpstream[p.upstream] = p;
    }
    const auto committed = g.committed.find(group);
    if (committed != g.committed.end())
        for (const auto &[tp, offset] : committed->second) {
            if (!replicatedSource.count(tp.topic))
                continue;
            auto it = byUpstream.find(tp);
            if (it == byUpstream.end()) {
                GroupPartitionFlow p;
                p.upstream = tp;
                p.downstream = TopicPartition{remoteTopic(g.policy, g.flow.sourceAlias, tp.topic), tp.partition};
                p.remoteLogEnd = valueOr(g.targetLogEnds, p.downstream);
                it = byUpstream.emplace(tp, p).first;
            }
            it->second.sourceCommitted = offset;
        }
    for (const auto &[tp, p] : byUpstream) {
        gf.partitions.push_back(p);
        if (const qint64 behind = p.checkpointBehindCommit(); behind >= 0)
            gf.rereadOnFailover += behind;
        if (!p.hasCheckpoint && p.sourceCommitted >= 0)
            gf.withoutCheckpoint.push_back(tp);
        if (p.checkpointAgeMs >= 0 && (gf.newestCheckpointAgeMs < 0 || p.checkpointAgeMs < gf.newestCheckpointAgeMs))
            gf.newestCheckpointAgeMs = p.checkpointAgeMs;
    }
    return gf;
}

} // namespace

FlowSnapshot buildFlowSnapshot(const FlowGathered &g, const FlowThresholds &thresholds)
{
    FlowSnapshot s;
    s.flow = g.flow;
    s.takenAt = g.takenAt;
    s.pollMs = g.pollMs;
    s.sourceReachable = g.sourceReachable;
    s.targetReachable = g.targetReachable;
    s.sourceError = g.sourceError;
    s.targetError = g.targetError;
    s.warnings = g.warnings;
    const qint64 nowMs = g.takenAt.toMSecsSinceEpoch();
    addHeartbeats(s, g, nowMs);
    for (const auto &[tp, entry] : g.offsetSyncs)
        s.offsetSyncs.push_back(OffsetSyncState{tp, entry.sync.upstreamOffset, entry.sync.downstreamOffset,
                                                entry.recordTimestampMs, ageAt(nowMs, entry.recordTimestampMs)});
    const std::set<QString> replicatedSource = addReplicatedTopics(s, g);
    for (const auto &[group, checkpoints] : g.checkpoints)
        s.groups.push_back(groupFlow(g, group, checkpoints, replicatedSource, nowMs));

    const FlowVerdict verdict = evaluateFlow(s, thresholds);
    s.health = verdict.health;
    s.reason = verdict.reason;
    s.staleCheckpointGroups = verdict.staleCheckpointGroups;
    return s;
}

} // namespace lagscope::mirror
