#pragma once
// Judges every group of each poll: status with reason, lag in seconds and time to drain per
// partition and per group (docs/LAG-STATUS.md). Keeps what the rules need across polls, in
// memory and bounded: per group partition the last `windowPolls` polls and the commit
// cadence seen before; per partition a LogEndHistory (at most 128 points) for lag seconds.
// Nothing is read back from the history store at start: lag seconds start as "unknown" on
// the first poll and "≥ history span" until the log end has passed the committed offset
// while Lagscope watched.
//
// Thread: one thread at a time, the cluster's poller thread. Ownership: a plain value
// owned by the ClusterPoller (or a test).

#include "model/ClusterSnapshot.h"
#include "monitor/LagRules.h"
#include "monitor/LagSeconds.h"

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
    // time when invalid.
    void evaluate(ClusterSnapshot &snapshot, const QDateTime &logEndAt = {});

    const StatusSettings &settings() const { return m_settings; }

private:
    // One per group partition: 100,000 of them at the large benchmark fixture. Vectors of
    // exactly the bounded size, not deques: an std::deque allocates a 512-byte block and a
    // map even when empty, which made this memory most of the app's RSS at that scale
    // (docs/PERFORMANCE.md, "GUI at the large fixture").
    struct PartitionMemory {
        std::vector<LagPoint> window; // oldest first
        // Commit cadence: the times between moves of the committed offset while there was
        // lag, except those that were judged STOP/STALL (an outage is not a cadence).
        std::vector<double> gapsSec; // oldest first
        std::optional<std::int64_t> lastCommitted;
        qint64 lastMoveMs = -1;
        bool lagAtLastMove = false;
        bool stuckSinceMove = false;
        std::optional<double> cadence() const;
    };
    void remember(PartitionMemory &m, const LagPoint &p) const;

    StatusSettings m_settings;
    std::map<QString, std::map<TopicPartition, PartitionMemory>> m_groups;
    std::map<TopicPartition, LogEndHistory> m_logEnds;
};

} // namespace lagscope
