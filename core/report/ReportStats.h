#pragma once
// The arithmetic of lag reports, as pure functions over sampled series, so that it can be
// tested with tables of known answers.
//
// Each sample stands for an interval of time (its "hold"):
// - a bucket (spanMs > 0) for its span: its values are the bucket's maximum (lags) or last
//   value (states), as the history store keeps them;
// - a poll (spanMs == 0) from its time until the next sample, unless that gap is longer than
//   kGapFactor × the series' usual poll interval: then the data is missing (Lagscope was
//   not running) and the poll stands for one usual interval only. The last poll also
//   stands for one usual interval.
// Intervals are cut to the report range [fromMs, toMs) and never overlap the next sample.
// Averages and percentiles are weighted by those intervals, so a 10-minute bucket counts as
// much as 120 polls 5 s apart; with no time at all (a single poll) they are unweighted.
// Thread: any. Ownership: free functions only.

#include "report/ReportModel.h"

#include <QString>

#include <vector>

namespace lagscope::reportstats {

constexpr double kGapFactor = 3.0;

struct SampleTime {
    qint64 timeMs = 0;
    qint64 spanMs = 0; // 0: a poll; > 0: a bucket of this length
};

struct Interval {
    qint64 startMs = 0;
    qint64 endMs = 0;
    qint64 length() const { return endMs - startMs; }
};

// The median gap between consecutive polls (spanMs == 0); 0 with fewer than two polls.
qint64 usualPollGapMs(const std::vector<SampleTime> &times);

// The interval each sample stands for (see above). times must be in time order.
std::vector<Interval> holds(const std::vector<SampleTime> &times, qint64 fromMs, qint64 toMs);

// Max, weighted average and weighted 95th percentile over the values >= 0 (negative values
// are unknown and skipped). values and intervals have the same length.
LagStats lagStats(const std::vector<qint64> &values, const std::vector<Interval> &intervals);

// The q-quantile (0 < q <= 1) weighted by `weights`: the smallest value v such that the
// values <= v carry at least q of the total weight. Unweighted (nearest rank) when every
// weight is 0. -1 when there is no value.
qint64 weightedQuantile(std::vector<std::pair<qint64, qint64>> valueWeights, double q);

// Stretches of consecutive samples whose value is above `threshold`; a stretch ends at a
// sample at or below it, an unknown value, or a hole in the data.
BreachStats breaches(const std::vector<qint64> &values, const std::vector<Interval> &intervals, double threshold);
BreachStats breaches(const std::vector<double> &values, const std::vector<Interval> &intervals, double threshold);

// Time in each state (empty states skipped), longest first (ties by name), and the
// timeline with neighbouring equal states merged.
std::vector<StateTime> timeInStates(const std::vector<QString> &states, const std::vector<Interval> &intervals);
std::vector<StateSpan> stateTimeline(const std::vector<QString> &states, const std::vector<Interval> &intervals);

} // namespace lagscope::reportstats
