#pragma once
// What one MirrorMaker 2 flow (source -> target) has written to its internal topics:
// the last checkpoint per group and partition, the newest offset syncs per upstream
// partition, the newest heartbeats. Each refresh reads a topic on from where the previous
// one stopped, so a poll costs only what MirrorMaker wrote since.
//
// Records that do not decode are counted in that topic's DecodeStats and skipped. A topic
// that does not exist yet is empty state, not an error; one that disappears or restarts
// (deleted and recreated, truncated) is read again from its start.
//
// Thread: one thread at a time, the same that uses the PartitionReaders passed in (the
// flow's poller). Ownership: a plain value object, owned by whoever polls the flow.

#include "kafka/PartitionReader.h"
#include "mirror/DecodeStats.h"
#include "mirror/MirrorRecords.h"
#include "mirror/ReplicationPolicy.h"
#include "model/TopicPartition.h"
#include "util/Deadline.h"
#include "util/Result.h"

#include <QString>

#include <map>
#include <utility>
#include <vector>

namespace lagscope::mirror {

// The internal topics of one flow and which cluster each lives on.
struct FlowTopics {
    QString checkpointsTopic;      // on the target
    QString offsetSyncsTopic;      // on the source, or the target (see offsetSyncsOnTarget)
    QString remoteHeartbeatsTopic; // "<source>.heartbeats" on the target
    QString heartbeatsTopic;       // "heartbeats" on the target
    bool offsetSyncsOnTarget = false;

    static FlowTopics forFlow(const QString &sourceAlias, const QString &targetAlias,
                              const ReplicationPolicyConfig &policy = {});
};

struct CheckpointEntry {
    Checkpoint checkpoint;
    qint64 recordTimestampMs = -1; // when MirrorMaker wrote it
    qint64 recordOffset = -1;
};

struct OffsetSyncEntry {
    OffsetSync sync; // the newest
    qint64 recordTimestampMs = -1;
    // Up to kSyncHistory earlier syncs of the same partition, newest first, each older one
    // with a lower upstream offset (a rewind drops the history it contradicts).
    std::vector<OffsetSync> history;
};

struct HeartbeatEntry {
    qint64 timestampMs = -1;       // the newest heartbeat's own timestamp
    qint64 recordTimestampMs = -1; // its record's timestamp on the cluster it was read from
    qint64 count = 0;              // heartbeats seen since this reader started
};

// Progress through one internal topic.
struct TopicProgress {
    qint64 nextOffset = PartitionReader::kEarliest;
    bool exists = false;
    bool caughtUp = false; // the last refresh reached the end
    DecodeStats stats;
};

// (source alias, target alias) of a heartbeat.
using HeartbeatKey = std::pair<QString, QString>;
// Checkpoints of one group, by downstream (target-side) partition.
using GroupCheckpoints = std::map<TopicPartition, CheckpointEntry>;

class MirrorReader {
public:
    static constexpr int kSyncHistory = 8;

    explicit MirrorReader(FlowTopics topics);

    const FlowTopics &topics() const { return m_topics; }

    // Each reads its topics to their end or until the deadline (then the next call goes on
    // from there). An error leaves the state as it was after the records already read.
    Status refreshCheckpoints(PartitionReader &targetReader, Deadline deadline);
    Status refreshOffsetSyncs(PartitionReader &syncsReader, Deadline deadline);
    Status refreshHeartbeats(PartitionReader &targetReader, Deadline deadline);

    // group -> downstream partition -> the last checkpoint MirrorMaker wrote for it.
    const std::map<QString, GroupCheckpoints> &checkpoints() const { return m_checkpoints; }
    GroupCheckpoints checkpoints(const QString &group) const;
    // Upstream (source-side) partition -> newest sync and a little history.
    const std::map<TopicPartition, OffsetSyncEntry> &offsetSyncs() const { return m_syncs; }
    // From the target's own heartbeats topic: MirrorMaker writes them there directly.
    const std::map<HeartbeatKey, HeartbeatEntry> &heartbeats() const { return m_heartbeats; }
    // From "<source>.heartbeats": heartbeats written on the source cluster and replicated.
    const std::map<HeartbeatKey, HeartbeatEntry> &remoteHeartbeats() const { return m_remoteHeartbeats; }

    const TopicProgress &checkpointsProgress() const { return m_checkpointsProgress; }
    const TopicProgress &offsetSyncsProgress() const { return m_syncsProgress; }
    const TopicProgress &heartbeatsProgress() const { return m_heartbeatsProgress; }
    const TopicProgress &remoteHeartbeatsProgress() const { return m_remoteHeartbeatsProgress; }

    // Decoding and state-keeping of already read records, as the refreshes do it; public
    // so that tests and tools can feed records from elsewhere.
    void applyCheckpoints(const std::vector<RawRecord> &records);
    void applyOffsetSyncs(const std::vector<RawRecord> &records);
    void applyHeartbeats(const std::vector<RawRecord> &records, bool remote);

private:
    template <typename Apply, typename Clear>
    Status refresh(PartitionReader &reader, const QString &topic, TopicProgress &progress, Deadline deadline,
                   Apply apply, Clear clear);

    FlowTopics m_topics;
    std::map<QString, GroupCheckpoints> m_checkpoints;
    std::map<TopicPartition, OffsetSyncEntry> m_syncs;
    std::map<HeartbeatKey, HeartbeatEntry> m_heartbeats;
    std::map<HeartbeatKey, HeartbeatEntry> m_remoteHeartbeats;
    TopicProgress m_checkpointsProgress;
    TopicProgress m_syncsProgress;
    TopicProgress m_heartbeatsProgress;
    TopicProgress m_remoteHeartbeatsProgress;
};

} // namespace lagscope::mirror
