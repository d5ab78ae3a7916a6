#include "report/ReportStats.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace lagscope::reportstats {

qint64 usualPollGapMs(const std::vector<SampleTime> &times)
{
    std::vector<qint64> gaps;
    for (size_t i = 1; i < times.size(); ++i)
        if (times[i - 1].spanMs == 0 && times[i].spanMs == 0 && times[i].timeMs > times[i - 1].timeMs)
            gaps.push_back(times[i].timeMs - times[i - 1].timeMs);
    if (gaps.empty())
        return 0;
    const auto mid = gaps.begin() + std::ptrdiff_t(gaps.size() / 2);
    std::nth_element(gaps.begin(), mid, gaps.end());
    return *mid;
}

std::vector<Interval> holds(const std::vector<SampleTime> &times, qint64 fromMs, qint64 toMs)
{
    const qint64 usual = usualPollGapMs(times);
    const auto maxGap = qint64(std::llround(double(usual) * kGapFactor));
    std::vector<Interval> out;
    out.reserve(times.size());
    for (size_t i = 0; i < times.size(); ++i) {
        const SampleTime &s = times[i];
        qint64 end;
        if (s.spanMs > 0) {
            end = s.timeMs + s.spanMs;
        } else if (i + 1 < times.size() && times[i + 1].timeMs - s.timeMs <= maxGap) {
            end = times[i + 1].timeMs;
        } else {
            end = s.timeMs + usual;
        }
        if (i + 1 < times.size())
            end = std::min(end, times[i + 1].timeMs);
        const qint64 start = std::max(s.timeMs, fromMs);
        end = std::clamp(end, start, std::max(start, toMs));
        out.push_back({start, end});
    }
    return out;
}

qint64 weightedQuantile(std::vector<std::pair<qint64, qint64>> valueWeights, double q)
{
    if (valueWeights.empty())
        return -1;
    std::sort(valueWeights.begin(), valueWeights.end());
    qint64 total = 0;
    for (const auto &vw : valueWeights)
        total += vw.second;
    if (total <= 0) {
        // Nearest rank: the ceil(q·n)-th smallest.
        const auto rank = size_t(std::ceil(q * double(valueWeights.size())));
        return valueWeights[std::clamp<size_t>(rank, 1, valueWeights.size()) - 1].first;
    }
    const double needed = q * double(total);
    qint64 cumulative = 0;
    for (const auto &[value, weight] : valueWeights) {
        cumulative += weight;
        // A tiny tolerance: 0.95 × 100 is not exactly 95 in binary.
        if (double(cumulative) >= needed - 1e-9 * double(total))
            return value;
    }
    return valueWeights.back().first;
}

LagStats lagStats(const std::vector<qint64> &values, const std::vector<Interval> &intervals)
{
    LagStats out;
    std::vector<std::pair<qint64, qint64>> vw;
    double weighted = 0;
    double plain = 0;
    for (size_t i = 0; i < values.size() && i < intervals.size(); ++i) {
        const qint64 v = values[i];
        if (v < 0)
            continue;
        const qint64 w = intervals[i].length();
        out.max = std::max(out.max, v);
        ++out.samples;
        out.coveredMs += w;
        weighted += double(v) * double(w);
        plain += double(v);
        vw.emplace_back(v, w);
    }
    if (out.samples == 0)
        return out;
    out.avg = out.coveredMs > 0 ? weighted / double(out.coveredMs) : plain / out.samples;
    out.p95 = weightedQuantile(std::move(vw), 0.95);
    return out;
}

namespace {

template <typename T>
BreachStats breachesOf(const std::vector<T> &values, const std::vector<Interval> &intervals, double threshold)
{
    BreachStats out;
    bool open = false;
    qint64 runStart = 0;
    qint64 runEnd = 0;
    auto close = [&] {
        if (!open)
            return;
        open = false;
        ++out.count;
        const qint64 length = runEnd - runStart;
        out.totalMs += length;
        if (length > out.longestMs || out.longestStartMs < 0) {
            out.longestMs = length;
            out.longestStartMs = runStart;
        }
    };
    for (size_t i = 0; i < values.size() && i < intervals.size(); ++i) {
        const Interval &iv = intervals[i];
        const bool above = values[i] >= 0 && double(values[i]) > threshold;
        if (open && (!above || iv.startMs != runEnd))
            close();
        if (!above)
            continue;
        if (!open) {
            open = true;
            runStart = iv.startMs;
        }
        runEnd = iv.endMs;
    }
    close();
    return out;
}

} // namespace

BreachStats breaches(const std::vector<qint64> &values, const std::vector<Interval> &intervals, double threshold)
{
    return breachesOf(values, intervals, threshold);
}

BreachStats breaches(const std::vector<double> &values, const std::vector<Interval> &intervals, double threshold)
{
    return breachesOf(values, intervals, threshold);
}

std::vector<StateTime> timeInStates(const std::vector<QString> &states, const std::vector<Interval> &intervals)
{
    std::map<QString, qint64> byState;
    for (size_t i = 0; i < states.size() && i < intervals.size(); ++i)
        if (!states[i].isEmpty())
            byState[states[i]] += intervals[i].length();
    std::vector<StateTime> out;
    for (const auto &[state, ms] : byState)
        out.push_back({state, ms});
    std::stable_sort(out.begin(), out.end(), [](const StateTime &a, const StateTime &b) { return a.ms > b.ms; });
    return out;
}

std::vector<StateSpan> stateTimeline(const std::vector<QString> &states, const std::vector<Interval> &intervals)
{
    std::vector<StateSpan> out;
    for (size_t i = 0; i < states.size() && i < intervals.size(); ++i) {
        const Interval &iv = intervals[i];
        if (states[i].isEmpty() || iv.length() <= 0)
            continue;
        if (!out.empty() && out.back().state == states[i] && out.back().endMs == iv.startMs)
            out.back().endMs = iv.endMs;
        else
            out.push_back({iv.startMs, iv.endMs, states[i]});
    }
    return out;
}

} // namespace lagscope::reportstats
