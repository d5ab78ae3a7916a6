#pragma once
// The verdicts Lagscope gives a consumer group's lag (docs/LAG-STATUS.md has the rules):
// a status with the reason behind it, the lag in seconds and the time to drain. Plain
// values computed on the poller thread (monitor/LagEvaluator) and carried in the snapshot.

#include <QString>

#include <optional>

namespace lagscope {

enum class LagStatus {
    Ok,     // caught up, or keeping up
    Warn,   // lag grows: the trend over the window is up
    Err,    // the committed offset is outside the log (records lost, or log truncated)
    Stop,   // nobody consumes: no member owns the partition and the offset stands still with lag
    Stall,  // a member owns the partition but its committed offset stands still with lag
    Rewind, // the committed offset went backwards and has not yet come back
    // The log start is forecast to pass the committed offset soon (retention deletes records
    // the group has not read yet): between STOP and ERR, see docs/LAG-STATUS.md.
    Risk,
};

// "OK", "WARN", "ERR", "STOP", "STALL", "REWIND", "RISK": the names shown, stored and exported.
QString lagStatusName(LagStatus status);
std::optional<LagStatus> lagStatusFromName(const QString &name);
// Higher is worse; a group takes the status of its worst partition.
int lagStatusSeverity(LagStatus status);

struct LagVerdict {
    LagStatus status = LagStatus::Ok;
    QString reason; // one sentence for a person: what was seen and why it means this status
    friend bool operator==(const LagVerdict &, const LagVerdict &) = default;
};

// How old the first unconsumed record is. When the committed offset is older than the
// sampled history of log-end offsets, the true age is unknown but at least `seconds`
// (the span of that history): atLeast is then true. Lagscope never extrapolates.
struct LagTime {
    double seconds = 0;
    bool atLeast = false;
    friend bool operator==(const LagTime &, const LagTime &) = default;
};

// How long the current lag takes to consume at the consume rate seen over the window.
// never: lag > 0 and the committed offset did not advance in the window.
struct DrainTime {
    double seconds = 0;
    bool never = false;
    friend bool operator==(const DrainTime &, const DrainTime &) = default;
};

// "4m 05s", "2h 10m", "3d 4h", "0.4s"; `atLeast` prefixes "≥ ".
QString formatDuration(double seconds);
QString formatLagTime(const LagTime &t);
QString formatDrainTime(const DrainTime &d);

} // namespace lagscope
