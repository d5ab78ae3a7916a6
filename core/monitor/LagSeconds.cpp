#include "monitor/LagSeconds.h"

#include <algorithm>

namespace lagscope {

void LogEndHistory::add(LogEndPoint p)
{
    if (!m_points.empty()) {
        const LogEndPoint &last = m_points.back();
        if (p.timeMs <= last.timeMs)
            return;
        if (p.offset < last.offset)
            m_points.clear(); // truncated or recreated: the old points describe another log
    }
    // A flat run needs only its first point (when the log end got there) and its latest
    // (it was still there then); the points between add nothing to the interpolation.
    const auto n = m_points.size();
    if (n >= 2 && m_points[n - 1].offset == p.offset && m_points[n - 2].offset == p.offset)
        m_points.back() = p;
    else
        m_points.push_back(p);
    if (int(m_points.size()) > m_capacity)
        thin();
}

void LogEndHistory::thin()
{
    // Drop every second point of the older half (never the oldest): the span stays, the old
    // part just gets coarser. Interpolating between the remaining points still only uses
    // points the log end really passed, so it stays a bracket, never an extrapolation.
    const std::size_t half = m_points.size() / 2;
    std::vector<LogEndPoint> kept;
    kept.reserve(m_points.size());
    for (std::size_t i = 0; i < m_points.size(); ++i)
        if (i >= half || i % 2 == 0)
            kept.push_back(m_points[i]);
    m_points = std::move(kept);
}

std::optional<LagTime> lagTime(const std::vector<LogEndPoint> &history, std::int64_t committed, qint64 nowMs)
{
    if (history.empty())
        return std::nullopt;
    if (committed >= history.back().offset)
        return LagTime{0, false};
    if (history.size() < 2)
        return std::nullopt;
    const auto age = [nowMs](double t) { return std::max(0.0, (double(nowMs) - t) / 1000.0); };
    // First point whose log end is past the committed offset: record `committed` was
    // appended between the point before it and it.
    const auto r = std::upper_bound(history.begin(), history.end(), committed,
                                    [](std::int64_t c, const LogEndPoint &p) { return c < p.offset; });
    if (r == history.begin())
        return LagTime{age(double(history.front().timeMs)), true};
    const auto l = std::prev(r);
    // l->offset <= committed < r->offset, so the denominator is at least 1.
    const double fraction = double(committed + 1 - l->offset) / double(r->offset - l->offset);
    const double appended = double(l->timeMs) + fraction * double(r->timeMs - l->timeMs);
    return LagTime{age(appended), false};
}

DrainTime drainTime(std::int64_t lag, double ratePerSec)
{
    if (lag <= 0)
        return DrainTime{0, false};
    if (!(ratePerSec > 0))
        return DrainTime{0, true};
    return DrainTime{double(lag) / ratePerSec, false};
}

} // namespace lagscope
