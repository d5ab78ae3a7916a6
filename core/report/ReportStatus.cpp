#include "report/ReportStatus.h"

#include "report/ReportStats.h"

#include <cmath>

namespace lagscope::reportstats {

StatusSummary summarizeStatuses(const std::vector<StatusSample> &samples, qint64 fromMs, qint64 toMs,
                                std::optional<double> slaSeconds)
{
    StatusSummary out;
    std::vector<SampleTime> times;
    std::vector<QString> statuses;
    std::vector<qint64> secondsMs; // LagStats holds integers: lag seconds as whole milliseconds
    std::vector<double> seconds;
    times.reserve(samples.size());
    statuses.reserve(samples.size());
    secondsMs.reserve(samples.size());
    seconds.reserve(samples.size());
    bool anyStatus = false;
    bool anySeconds = false;
    for (const StatusSample &s : samples) {
        times.push_back({s.timeMs, s.spanMs});
        statuses.push_back(s.status);
        const bool known = s.lagSeconds >= 0 && std::isfinite(s.lagSeconds);
        secondsMs.push_back(known ? qint64(std::llround(s.lagSeconds * 1000.0)) : -1);
        seconds.push_back(known ? s.lagSeconds : -1.0);
        anyStatus = anyStatus || !s.status.isEmpty();
        anySeconds = anySeconds || known;
    }
    const std::vector<Interval> intervals = holds(times, fromMs, toMs);
    if (anyStatus) {
        out.statuses = timeInStates(statuses, intervals);
        out.timeline = stateTimeline(statuses, intervals);
        for (const StateTime &t : *out.statuses)
            out.statusCoveredMs += t.ms;
        out.statusNoDataMs = std::max<qint64>(0, toMs - fromMs - out.statusCoveredMs);
    }
    if (anySeconds) {
        out.lagSeconds = lagStats(secondsMs, intervals);
        for (size_t i = 0; i < samples.size(); ++i)
            if (samples[i].lagSecondsAtLeast && secondsMs[i] >= 0) {
                ++out.bounds.lowerBoundSamples;
                out.bounds.lowerBoundMs += intervals[i].length();
            }
        if (slaSeconds)
            out.breach = breaches(seconds, intervals, *slaSeconds);
    }
    if (!samples.empty()) {
        const StatusSample &last = samples.back();
        out.lastStatus = last.status;
        if (last.lagSeconds >= 0) {
            out.lastLagSeconds = last.lagSeconds;
            out.lastLagSecondsAtLeast = last.lagSecondsAtLeast;
        }
    }
    return out;
}

} // namespace lagscope::reportstats
