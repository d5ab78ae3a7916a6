#pragma once
// The retention-breach forecast (docs/LAG-STATUS.md, "Retention-breach forecast"): a
// partition's log-start steps as Lagscope saw them, the pure rule that turns them and a
// group's committed offset and consume rate into a RetentionForecast, and the RISK rule that
// raises a partition's verdict from it (applied after rules 0–6 of LagRules). LagEvaluator keeps one LogStartHistory
// per partition of the cluster that a group reads (shared by the groups, not one per group partition).
//
// Pure: no I/O, no clock; usable from any thread. Ownership: plain values.

#include "model/LagStatus.h"
#include "model/RetentionForecast.h"
#include "monitor/LagRules.h"

#include <QtGlobal>

#include <cstdint>
#include <optional>
#include <vector>

namespace lagscope {

// The log start reached `offset` after `afterMs` (the last poll that still saw the old
// value) and by `byMs` (the first poll that saw the new one): Lagscope knows when a segment
// was deleted only to within a poll.
struct LogStartStep {
    qint64 afterMs = 0;
    qint64 byMs = 0;
    std::int64_t offset = 0;
    friend bool operator==(const LogStartStep &, const LogStartStep &) = default;
};

// One partition's log start over the polls: its current value, when it was last seen, and
// its last kMaxSteps steps (oldest first). 24 bytes a step, and most partitions never step.
class LogStartHistory {
public:
    static constexpr std::size_t kMaxSteps = 8;

    // A log start below the current one (the topic was recreated) restarts the history; a
    // poll time not after the last one is ignored.
    void add(qint64 timeMs, std::int64_t offset);
    const std::vector<LogStartStep> &steps() const { return m_steps; }
    std::optional<std::int64_t> current() const;

private:
    std::vector<LogStartStep> m_steps;
    std::int64_t m_current = -1;
    qint64 m_lastSeenMs = -1;
};

// When the log start, stepping as in `steps` (the last one is the current log start), will
// pass `committed` while the group consumes `consumeRate` records/s; at `nowMs`. The rate is
// the average over the steps seen; each step's time is only known to within its poll, which
// gives the range, and the breach comes at a step, up to one step interval after the line
// through the steps crosses the committed offset. Needs two steps for a rate.
// `keepsUp`: the group consumes and its lag does not grow (keepsUpWithProducer()): Outpaced,
// whatever the steps say. Over time the log start advances as fast as the producer writes, so
// a consumer that keeps up with the producer keeps its distance; a rate from a few steps is
// too noisy to say otherwise (on the lab, two steps a poll apart read twice the produce rate).
RetentionForecast forecastRetention(const std::vector<LogStartStep> &steps, std::int64_t committed, double consumeRate,
                                    qint64 nowMs, bool keepsUp = false);

// The committed offset moves and rules 0–6 found nothing wrong (`base` OK: in particular no
// growth by rule 5, whose bound of two commit intervals' worth of records keeps a consumer's
// usual trailing from counting). On the lab, a bare trend test let through, now and then, a
// group that keeps up (a slope fitted to its commit sawtooth) and made it RISK.
bool keepsUpWithProducer(LagStatus base, std::optional<double> consumeRate);

// The verdict with the RISK rule applied on top of `base` (rules 0–6): RISK when the lag is
// above allowed_lag, base is not ERR and the forecast's central estimate is within the
// horizon (StatusSettings::riskHorizonSec). Not the earliest bound: with two steps a poll
// apart it is 0 ("any moment"), which says how little two steps tell, not that it is near. The reason gives the
// forecast and keeps the base verdict's when it is not OK.
LagVerdict withRetentionRisk(const LagVerdict &base, const std::optional<RetentionForecast> &forecast, std::int64_t lag,
                             const StatusSettings &settings);

// The reason text of a breach forecast: "records lost in ~40s (25s – 1m 10s), from 5 steps of
// the log start (…)".
QString retentionForecastText(const RetentionForecast &f);

} // namespace lagscope
