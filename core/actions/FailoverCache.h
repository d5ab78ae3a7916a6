#pragma once
// The failover cache: what a failover needs from the SOURCE cluster, kept on disk so that a
// failover after the source data center is gone still uses the freshest data Lagscope saw.
// MirrorMaker keeps its offset syncs on the source by default, and the groups' real
// committed offsets live only there; checkpoints live on the target and are read live.
//
// Written by every failover gather that reaches the source (so a `lagscopectl failover
// --dry-run` run from cron or a runbook refreshes it) and by the flow monitor's polls in the
// desktop app. One JSON file per flow direction:
//   <AppDataLocation>/failover-cache/<from>__<to>.json
// written atomically (QSaveFile). Holds offsets and names only, no configuration or secrets.
//
// Value type plus load/save; usable from any thread (one writer per file at a time).

#include "actions/FailoverPlan.h"
#include "util/Result.h"

#include <QString>

#include <cstdint>
#include <map>
#include <vector>

namespace lagscope::failover {

struct CachedOffset {
    qint64 offset = -1;
    qint64 seenAtMs = -1;
};

struct FailoverCache {
    QString fromCluster;
    QString toCluster;
    qint64 savedAtMs = -1;
    // Offset syncs per upstream (source) partition as (upstream, downstream), sorted.
    std::map<TopicPartition, std::vector<OffsetPair>> syncs;
    // Committed offsets per group and source partition.
    std::map<QString, std::map<TopicPartition, CachedOffset>> committed;
    // Source log-end offsets.
    std::map<TopicPartition, CachedOffset> logEnd;

    // Replaces a group's committed offsets with what was just read.
    void recordCommitted(const QString &group, const std::map<TopicPartition, qint64> &offsets, qint64 nowMs);
    void recordLogEnds(const std::map<TopicPartition, std::int64_t> &ends, qint64 nowMs);
    // Takes `fresh` (consistent syncs of one partition, e.g. a full read of the syncs topic)
    // and keeps older cached syncs only below all of them (what compaction may have removed).
    void recordSyncs(const TopicPartition &partition, const std::vector<OffsetPair> &fresh);
};

// Applies offset syncs in log order as MirrorMaker's readers do: a sync at or below an
// earlier one's upstream offset (topic recreated, log truncated) drops those it contradicts.
void applySyncInLogOrder(std::vector<OffsetPair> &kept, const OffsetPair &sync);

QString failoverCachePath(const QString &dataDir, const QString &fromCluster, const QString &toCluster);
// A missing file is an empty cache, not an error.
Result<FailoverCache> loadFailoverCache(const QString &path);
Status saveFailoverCache(const QString &path, const FailoverCache &cache);

} // namespace lagscope::failover
