#pragma once
// Turns what a flow's poller gathered (metadata and offsets of both clusters, and what
// MirrorReader read from MirrorMaker's internal topics) into a FlowSnapshot with its
// verdict. Pure functions of values, usable from any thread; unit-testable without Kafka.

#include "config/Config.h"
#include "mirror/FlowHealth.h"
#include "mirror/FlowSnapshot.h"
#include "mirror/MirrorReader.h"
#include "model/ClusterMetadata.h"
#include "model/ConsumerGroup.h"

#include <map>
#include <vector>

namespace lagscope::mirror {

struct FlowGathered {
    FlowIdentity flow;
    ReplicationPolicyConfig policy;
    QDateTime takenAt;
    qint64 pollMs = 0;
    // When the heartbeats topic was read to its end (invalid: use takenAt). Heartbeat ages
    // count from here, so a slow rest of the poll does not count as replication latency.
    QDateTime heartbeatsReadAt;

    bool sourceReachable = false;
    bool targetReachable = false;
    QString sourceError;
    QString targetError;
    QStringList warnings;

    ClusterMetadata sourceMetadata; // empty when unreachable
    ClusterMetadata targetMetadata;

    // From MirrorReader.
    std::map<HeartbeatKey, HeartbeatEntry> heartbeats;
    std::map<HeartbeatKey, HeartbeatEntry> remoteHeartbeats;
    bool heartbeatsTopicExists = false;
    std::map<QString, GroupCheckpoints> checkpoints;
    std::map<TopicPartition, OffsetSyncEntry> offsetSyncs;

    LogOffsets sourceLogEnds;
    LogOffsets targetLogEnds;
    std::map<QString, CommittedOffsets> committed; // source-side, per group
};

struct TopicPair {
    QString sourceTopic;
    QString remoteTopic;
    bool remoteExists = false;
};

// Source topics MirrorMaker replicates in this flow: those whose remote topic exists on the
// target, and those it has written offset syncs or checkpoints for (remoteExists false when
// their replica is gone). Kafka's and MirrorMaker's own topics are left out.
std::vector<TopicPair> replicatedTopics(const FlowIdentity &flow, const ReplicationPolicyConfig &policy,
                                        const ClusterMetadata &source, const ClusterMetadata &target,
                                        const std::map<TopicPartition, OffsetSyncEntry> &syncs,
                                        const std::map<QString, GroupCheckpoints> &checkpoints);

// The partitions whose log ends the poller should ask for, on each side.
std::vector<TopicPartition> sourcePartitionsToQuery(const std::vector<TopicPair> &pairs, const ClusterMetadata &source);
std::vector<TopicPartition> targetPartitionsToQuery(const std::vector<TopicPair> &pairs, const ClusterMetadata &target);

// Builds the snapshot and sets its verdict with evaluateFlow().
FlowSnapshot buildFlowSnapshot(const FlowGathered &gathered, const FlowThresholds &thresholds = {});

} // namespace lagscope::mirror
