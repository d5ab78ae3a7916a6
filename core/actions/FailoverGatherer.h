#pragma once
// The steps of gatherFailover() (FailoverGather.h) as one object per gather: the request,
// both clusters' clients, and what each step read for the next ones. Its reading steps are
// in FailoverGather.cpp, the assembly of the planner's inputs in FailoverGatherInputs.cpp.
// Internal to core/actions.
//
// Thread: blocking, on the gathering thread; used once, by one thread.
// Ownership: a local of gatherFailover(); it owns its clients and readers, and refers to
// the request and callbacks, which outlive it.

#include "actions/FailoverCache.h"
#include "actions/FailoverGather.h"
#include "actions/FailoverGatherMatch.h"
#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "mirror/MirrorReader.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace lagscope::failover {

using PartitionPairs = std::vector<std::pair<TopicPartition, TopicPartition>>; // (from, to)

class FailoverGatherer {
public:
    FailoverGatherer(const FailoverRequest &request, const FailoverCallbacks &callbacks);

    Result<FailoverGathered> run();

private:
    Deadline deadline() const { return Deadline::inMs(m_r.requestTimeoutMs); }
    Status cancelled() const; // a failure once the caller cancelled

    Status checkDirection();
    Status connect();
    void loadCache();
    void readOffsetSyncs();
    void readCheckpoints();
    Status readCommittedOffsets();
    Status readLiveCommittedOffsets();
    void useCachedCommittedOffsets();
    void mapPartitions();
    TopicTranslation translateTopic(const TopicPartition &tp) const;
    void addUncommittedPartitions(const QString &group, const QString &topic, const TopicTranslation &t);
    Status readTargetLogOffsets();
    void readSourceLogOffsets();
    Status readTargetGroups();
    void saveCache();
    FailoverGroupInputs groupInputs(int index);
    PartitionInputs partitionInputs(const QString &group, const QString &targetGroup, const TopicPartition &from,
                                    const TopicPartition &to, const mirror::GroupCheckpoints &checkpoints);
    Status matchExactly(FailoverGroupInputs &in);

    const FailoverRequest &m_r;
    const FailoverCallbacks &m_cb;
    const mirror::ReplicationPolicyConfig &m_policy;
    const QString m_sourceAlias;
    const mirror::FlowTopics m_topics;
    const ClientOptions m_options;
    const QString m_all;
    const qint64 m_now;
    FailoverGathered m_out;
    bool m_forward = false; // flow source is the from-cluster

    std::unique_ptr<KafkaClient> m_toClient;
    std::unique_ptr<PartitionReader> m_toReader;
    std::unique_ptr<KafkaClient> m_fromClient;
    std::unique_ptr<PartitionReader> m_fromReader;
    ClusterMetadata m_toMeta;
    ClusterMetadata m_fromMeta; // empty when the from-cluster does not answer

    // The cache is kept per direction of the flow (source -> target of the flow), so that
    // failover and failback over one flow share it.
    FailoverCache m_cache;
    OffsetSyncs m_syncs; // flow orientation (upstream, downstream)
    mirror::MirrorReader m_checkpointReader;

    QStringList m_groups;
    std::map<QString, std::map<TopicPartition, qint64>> m_committed;
    std::map<QString, qint64> m_seenAt; // -1: live
    std::map<QString, GroupDescription> m_fromDescriptions;

    std::vector<TopicPartition> m_toPartitions;
    std::vector<TopicPartition> m_fromPartitions;
    std::map<QString, PartitionPairs> m_mapped;
    std::map<QString, std::vector<TopicTranslation>> m_topicsOf;
    std::map<QString, PartitionPairs> m_uncommitted;

    LogOffsets m_toStart;
    LogOffsets m_toEnd;
    LogOffsets m_fromStart;
    std::map<TopicPartition, CachedOffset> m_fromEnd;

    QStringList m_targetGroups; // per m_groups entry
    std::map<QString, GroupDescription> m_toDescriptions;
    std::map<QString, CommittedOffsets> m_toCommitted;
};

} // namespace lagscope::failover
