#pragma once
// The lag status rules (docs/LAG-STATUS.md): pure functions from a partition's window of
// recent polls to a verdict with its reason, and from partition verdicts to the group's.
// LagEvaluator keeps the windows across polls and calls these; tests call them directly.
//
// Burrow's rules (docs/LAG-RULES.md, Background) are the starting point; the differences fix its reported
// flaws: every poll judges against the CURRENT log-end offset (no stale ERR/STOP at lag 0),
// growth is a trend over the window (one dip does not hide it), "stopped" is judged against
// the commit cadence seen before (a rare committer is not stopped), and groups without
// members are judged like any other.
//
// What Kafka's admin API does not tell: when a commit happened. Lagscope sees the committed
// offset once per poll, so "the offset stood still" is what it observes; whether a member
// owns the partition tells STALL (a consumer is there, it does not progress) from STOP
// (nobody consumes). See the document for what that means for a consumer that commits the
// same offset again and again.

#include "model/LagStatus.h"
#include "model/TopicPartition.h"

#include <QString>
#include <QtGlobal>

#include <cstdint>
#include <optional>
#include <vector>

namespace lagscope {

// One poll of one partition of one group.
struct LagPoint {
    qint64 timeMs = 0;
    std::optional<std::int64_t> committed;
    std::optional<std::int64_t> logEnd;
    std::optional<std::int64_t> logStart;
    QString owner; // client id of the member that owns the partition; empty: nobody
    // Offsets in [committed, logEnd) that a read_committed consumer never receives
    // (PartitionLag::invisibleRecords); only the current poll's point carries them.
    std::int64_t invisible = 0;

    std::optional<std::int64_t> lag() const
    {
        if (!committed || !logEnd)
            return std::nullopt;
        return *logEnd - *committed - invisible;
    }
};

struct StatusSettings {
    int windowPolls = 10;     // polls kept per partition (YAML lag_window)
    int minStuckPolls = 3;    // STOP/STALL needs the offset to stand still this many polls at least
    double cadenceFactor = 2; // ... and longer than this many times the usual time between commits
    double trendMinR2 = 0.5;  // WARN: how well a straight line must fit the growing lag
    double behindCommits = 2; // WARN: ... and the lag exceeds this many commit intervals' worth of records
    // Lag up to this counts as caught up (YAML allowed_lag). 1 by default: where the exact
    // lag could not read a topic (monitor/ExactLag), a transaction's commit marker still
    // leaves an idle consumer at lag 1 (docs/LAG-STATUS.md, The window).
    std::int64_t allowedLag = 1;
    // RISK (monitor/RetentionRisk): when the retention-breach forecast's central estimate is
    // within this many seconds. A forecast further out is shown, but from a window of
    // seconds to minutes of consumption it says too little to raise a status.
    double riskHorizonSec = 3600;
};

// The time the committed offset usually takes to move while there is lag, learned from
// earlier polls (LagEvaluator keeps it beyond the window); nullopt until one such move was
// seen twice.
using CommitCadence = std::optional<double>; // seconds

// The verdict on a partition whose window is `window` (oldest first; back() is this poll).
// `cadence` is the group's cadence (the slowest of its partitions). `ownerProgresses`: the
// member that owns this partition moved the committed offset of another of its partitions
// while this one stood still; the consumer is then busy (slow on this partition, judged by
// the growth rule), not stalled.
LagVerdict partitionVerdict(const std::vector<LagPoint> &window, CommitCadence cadence, const StatusSettings &settings,
                            bool ownerProgresses = false);

// The worst partition's status, with its reason naming the partition and how many others
// are not OK. No partitions: OK.
struct PartitionVerdict {
    TopicPartition partition;
    LagVerdict verdict;
    std::int64_t lag = 0;
};
LagVerdict groupVerdict(const std::vector<PartitionVerdict> &partitions);

// The group's total lag, poll by poll: one owner-less point per poll time at which every
// window that has a commit now had both offsets, summing the committed and the log-end
// offsets. Polls that miss one of them are left out, so a partition that shows up or gets
// its first commit does not look like growth.
std::vector<LagPoint> totalWindow(const std::vector<std::vector<LagPoint>> &partitionWindows);

// groupVerdict, plus the growth rule on the group's total lag when no partition is worse
// than OK. A consumer that works off its partitions in turn leaves each of them a sawtooth
// that fits no line while their sum grows steadily: on the demo lab, analytics-slow (30 of
// 100 records/s) went back to OK on the partition rule alone while its total lag grew from
// 2,201 to 5,322. The healthy bound of the growth rule uses the longest time between two
// moves of the total's committed offset in the window; `cadence` (the group's, as for
// partitionVerdict) only when it moved fewer than twice.
LagVerdict groupVerdict(const std::vector<PartitionVerdict> &partitions, const std::vector<LagPoint> &total,
                        CommitCadence cadence, const StatusSettings &settings);

// Records per second the committed offset advanced over the window since its last drop;
// nullopt with fewer than two polls.
std::optional<double> consumeRate(const std::vector<LagPoint> &window);

// Least-squares line through (seconds since the first point, lag): what WARN is based on.
struct LagTrend {
    int points = 0;
    double slopePerSec = 0;
    double r2 = 0;
    double residualSd = 0;
    double spanSec = 0;
};
LagTrend lagTrend(const std::vector<LagPoint> &window);

} // namespace lagscope
