#pragma once
// Judges every group of each poll: status with reason, lag in seconds and time to drain per
// partition and per group (docs/LAG-STATUS.md). Keeps what the rules need across polls, in
// memory and bounded: per group partition the last `windowPolls` polls and the commit
// cadence seen before; per partition of the cluster that a group reads, a LogEndHistory (at
// most 128 points) for lag seconds and a LogStartHistory (at most 8 steps) for the
// retention-breach forecast, shared by every group that reads the partition.
// Nothing is read back from the history store at start: lag seconds start as "unknown" on
// the first poll and "≥ history span" until the log end has passed the committed offset
// while Lagscope watched.
//
// Thread: one thread at a time, the cluster's poller thread. Ownership: a plain value
// owned by the ClusterPoller (or a test).

#include "model/ClusterSnapshot.h"
#include "monitor/LagRules.h"
#include "monitor/LagSeconds.h"
#include "monitor/RetentionRisk.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <vector>

namespace lagscope {

class LagEvaluator {
public:
    explicit LagEvaluator(StatusSettings settings = {}) : m_settings(settings) { }

    // Fills the verdicts, lag times, consume rates and drain times of every group and
    // partition in `snapshot` (a reachable poll), remembering this poll for the next.
    // Groups and partitions no longer in the snapshot are forgotten.
    // logEndAt: when the log-end offsets were read (PollResult::logEndAt); the snapshot's
    // time when invalid. previous (may be null): the last snapshot published, whose reason
    // strings are shared where the text is the same.
    void evaluate(ClusterSnapshot &snapshot, const QDateTime &logEndAt = {}, const ClusterSnapshot *previous = nullptr);

    const StatusSettings &settings() const { return m_settings; }

private:
    // One poll of one group partition, without its time (the group's time axis), owner (an
    // index into the group's owners) and log start (only the current poll's is judged, by
    // rule 1, so only that one is kept). kNone: the offset was absent.
    static constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
    struct Sample {
        std::int64_t committed = kNone;
        std::int64_t logEnd = kNone;
    };
    // One per group partition: 100,000 of them at the large benchmark fixture, so what the
    // rules need is kept in the smallest form that still gives them the same LagPoints
    // (docs/PERFORMANCE.md, "GUI at the large fixture").
    struct PartitionMemory {
        TopicPartition partition;
        // Commit cadence: the times between moves of the committed offset while there was
        // lag, except those that were judged STOP/STALL (an outage is not a cadence).
        std::vector<double> gapsSec; // oldest first
        std::int64_t lastCommitted = kNone;
        std::int64_t logStart = kNone; // the current poll's
        qint64 lastMoveMs = -1;
        int count = 0; // polls in its window: the last `count` of the group's times
        bool lagAtLastMove = false;
        bool stuckSinceMove = false;
        std::optional<double> cadence() const;
    };
    // A partition's window is always the last polls of its group: every poll that reads the
    // group adds a point to each of its partitions, and a partition that leaves the group is
    // forgotten. So the poll times are kept once per group, and the points in flat arrays of
    // one row of `bound` slots per partition (oldest first) instead of a vector each.
    struct GroupMemory {
        std::vector<qint64> times;               // the polls that read the group, oldest first
        std::vector<PartitionMemory> partitions; // in the order of the last snapshot's
        std::vector<Sample> samples;             // partitions × bound
        std::vector<std::uint32_t> owners;       // partitions × bound, into ownerNames
        std::vector<QString> ownerNames;         // [0]: nobody
    };
    std::size_t bound() const { return std::size_t(std::max(2, m_settings.windowPolls)); }
    void matchPartitions(GroupMemory &memory, const GroupState &group) const;
    void remember(GroupMemory &memory, std::size_t row, const LagPoint &p) const;
    std::vector<LagPoint> window(const GroupMemory &memory, std::size_t row) const;
    static void forgetOwners(GroupMemory &memory);
    static void shareReasons(GroupState &group, const GroupState *previous);

    StatusSettings m_settings;
    std::map<QString, GroupMemory> m_groups;
    // What the cluster's partitions did, whichever group reads them: one map entry each.
    struct PartitionTrack {
        LogEndHistory logEnds;
        LogStartHistory logStarts;
    };
    std::map<TopicPartition, PartitionTrack> m_tracks;
};

} // namespace lagscope
