#pragma once
// The lag-status part of a report, as a pure function over a group's recorded verdicts
// (the lag statuses of docs/LAG-STATUS.md: per poll, or per bucket further back, a status and the largest lag in
// seconds; HistoryStore::groupStatusHistory), so that it can be tested with tables of known answers.
//
// Weighting is ReportStats.h's: a poll's status and lag seconds hold until the next poll,
// capped at kGapFactor × the usual poll interval (a longer gap is missing data, "no data"),
// a bucket's for its span (its worst status and largest lag seconds).
//
// Lower bounds: a sample whose lag seconds is "at least N s" (the oldest unconsumed record
// is older than Lagscope's log-end history of the partition) enters the statistics as N and
// is counted; since the true value is ≥ N, max, avg and p95 are then lower bounds too, and
// so is the breach time — flagged, never raised by a guess.
// Thread: any. Ownership: free functions only.

#include "report/ReportModel.h"

#include <optional>
#include <vector>

namespace lagscope::reportstats {

struct StatusSample {
    qint64 timeMs = 0;
    qint64 spanMs = 0;      // 0: a poll; > 0: a bucket of this length
    QString status;         // empty: not recorded (written before verdicts)
    double lagSeconds = -1; // < 0: unknown
    bool lagSecondsAtLeast = false;
};

struct StatusSummary {
    std::optional<std::vector<StateTime>> statuses; // unset: no sample has a status
    std::vector<StateSpan> timeline;
    qint64 statusCoveredMs = 0;         // time that has a status
    qint64 statusNoDataMs = 0;          // range time without one (gaps, before the first poll…)
    std::optional<LagStats> lagSeconds; // in milliseconds; unset: no sample has lag seconds
    LagSecondsBounds bounds;
    std::optional<BreachStats> breach; // only with a threshold and lag seconds
    QString lastStatus;                // of the newest sample; empty: unknown
    std::optional<double> lastLagSeconds;
    bool lastLagSecondsAtLeast = false;
};

// samples in time order; [fromMs, toMs) the report range; slaSeconds: breach threshold on
// lag seconds (strictly above).
StatusSummary summarizeStatuses(const std::vector<StatusSample> &samples, qint64 fromMs, qint64 toMs,
                                std::optional<double> slaSeconds);

} // namespace lagscope::reportstats
