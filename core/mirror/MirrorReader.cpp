#include "mirror/MirrorReader.h"

#include <algorithm>

namespace lagscope::mirror {

namespace {

// Records per read call: bounds memory when a big topic is read from its start.
constexpr int kBatch = 5000;

} // namespace

FlowTopics FlowTopics::forFlow(const QString &sourceAlias, const QString &targetAlias,
                               const ReplicationPolicyConfig &policy)
{
    FlowTopics t;
    t.checkpointsTopic = mirror::checkpointsTopic(policy, sourceAlias);
    t.offsetSyncsTopic = mirror::offsetSyncsTopic(policy, sourceAlias, targetAlias);
    t.remoteHeartbeatsTopic = mirror::remoteHeartbeatsTopic(policy, sourceAlias);
    t.heartbeatsTopic = mirror::heartbeatsTopic();
    t.offsetSyncsOnTarget = policy.offsetSyncsLocation == ReplicationPolicyConfig::Target;
    return t;
}

MirrorReader::MirrorReader(FlowTopics topics) : m_topics(std::move(topics)) { }

GroupCheckpoints MirrorReader::checkpoints(const QString &group) const
{
    const auto it = m_checkpoints.find(group);
    return it == m_checkpoints.end() ? GroupCheckpoints{} : it->second;
}

template <typename Apply, typename Clear>
Status MirrorReader::refresh(PartitionReader &reader, const QString &topic, TopicProgress &progress, Deadline deadline,
                             Apply apply, Clear clear)
{
    if (topic.isEmpty())
        return success();
    progress.caughtUp = false;
    // MirrorMaker writes all three record types to partition 0 only.
    const TopicPartition partition{topic, 0};
    while (true) {
        auto read = reader.read(partition, progress.nextOffset, kBatch, deadline);
        if (!read)
            return Status(read.error());
        if (read->topicMissing) {
            if (progress.exists) { // deleted: what it said no longer holds
                clear();
                progress = TopicProgress{};
            }
            progress.caughtUp = true;
            return success();
        }
        progress.exists = true;
        // Records from before our position: the topic was recreated or truncated under us
        // and the reader started over at its beginning, so start over here too.
        if (!read->records.empty() && progress.nextOffset >= 0 && read->records.front().offset < progress.nextOffset) {
            clear();
            progress.stats = DecodeStats{};
        }
        apply(read->records);
        progress.nextOffset = read->nextOffset;
        if (read->atEnd) {
            progress.caughtUp = true;
            return success();
        }
        if (deadline.expired())
            return success(); // partial: the next refresh goes on from here
    }
}

Status MirrorReader::refreshCheckpoints(PartitionReader &targetReader, Deadline deadline)
{
    return refresh(
        targetReader, m_topics.checkpointsTopic, m_checkpointsProgress, deadline,
        [this](const std::vector<RawRecord> &records) { applyCheckpoints(records); },
        [this] { m_checkpoints.clear(); });
}

Status MirrorReader::refreshOffsetSyncs(PartitionReader &syncsReader, Deadline deadline)
{
    return refresh(
        syncsReader, m_topics.offsetSyncsTopic, m_syncsProgress, deadline,
        [this](const std::vector<RawRecord> &records) { applyOffsetSyncs(records); }, [this] { m_syncs.clear(); });
}

Status MirrorReader::refreshHeartbeats(PartitionReader &targetReader, Deadline deadline)
{
    const Status local = refresh(
        targetReader, m_topics.heartbeatsTopic, m_heartbeatsProgress, deadline,
        [this](const std::vector<RawRecord> &records) { applyHeartbeats(records, false); },
        [this] { m_heartbeats.clear(); });
    if (!local)
        return local;
    return refresh(
        targetReader, m_topics.remoteHeartbeatsTopic, m_remoteHeartbeatsProgress, deadline,
        [this](const std::vector<RawRecord> &records) { applyHeartbeats(records, true); },
        [this] { m_remoteHeartbeats.clear(); });
}

void MirrorReader::applyCheckpoints(const std::vector<RawRecord> &records)
{
    for (const RawRecord &r : records) {
        const auto decoded = decodeCheckpoint(r.key, r.value);
        if (!m_checkpointsProgress.stats.record(decoded))
            continue;
        const Checkpoint &c = *decoded;
        // The last one in the log wins, as in Kafka's RemoteClusterUtils.translateOffsets:
        // MirrorMaker writes a rewound group's lower offset after the higher one.
        m_checkpoints[c.group][TopicPartition{c.topic, c.partition}] = CheckpointEntry{c, r.timestampMs, r.offset};
    }
}

void MirrorReader::applyOffsetSyncs(const std::vector<RawRecord> &records)
{
    for (const RawRecord &r : records) {
        const auto decoded = decodeOffsetSync(r.key, r.value);
        if (!m_syncsProgress.stats.record(decoded))
            continue;
        const OffsetSync &s = *decoded;
        const TopicPartition upstream{s.topic, s.partition};
        const auto it = m_syncs.find(upstream);
        if (it == m_syncs.end()) {
            m_syncs.emplace(upstream, OffsetSyncEntry{s, r.timestampMs, {}});
            continue;
        }
        OffsetSyncEntry &entry = it->second;
        std::vector<OffsetSync> older;
        older.reserve(entry.history.size() + 1);
        older.push_back(entry.sync);
        older.insert(older.end(), entry.history.begin(), entry.history.end());
        // Keep the history strictly below the new sync: after a rewind the syncs above it
        // describe offsets that were replaced.
        std::erase_if(older, [&](const OffsetSync &o) { return o.upstreamOffset >= s.upstreamOffset; });
        if (older.size() > static_cast<size_t>(kSyncHistory))
            older.resize(kSyncHistory);
        entry.sync = s;
        entry.recordTimestampMs = r.timestampMs;
        entry.history = std::move(older);
    }
}

void MirrorReader::applyHeartbeats(const std::vector<RawRecord> &records, bool remote)
{
    TopicProgress &progress = remote ? m_remoteHeartbeatsProgress : m_heartbeatsProgress;
    auto &state = remote ? m_remoteHeartbeats : m_heartbeats;
    for (const RawRecord &r : records) {
        const auto decoded = decodeHeartbeat(r.key, r.value);
        if (!progress.stats.record(decoded))
            continue;
        HeartbeatEntry &entry = state[HeartbeatKey{decoded->sourceAlias, decoded->targetAlias}];
        ++entry.count;
        if (decoded->timestampMs >= entry.timestampMs) {
            entry.timestampMs = decoded->timestampMs;
            entry.recordTimestampMs = r.timestampMs;
        }
    }
}

} // namespace lagscope::mirror
