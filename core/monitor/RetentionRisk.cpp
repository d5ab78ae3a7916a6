#include "monitor/RetentionRisk.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lagscope {

void LogStartHistory::add(qint64 timeMs, std::int64_t offset)
{
    if (timeMs <= m_lastSeenMs)
        return;
    if (m_current >= 0 && offset < m_current) {
        m_steps.clear(); // a recreated topic: its steps describe another log
        m_current = -1;
    }
    if (m_current >= 0 && offset > m_current) {
        // Most partitions never step: room for the whole history only once one does.
        if (m_steps.capacity() < kMaxSteps)
            m_steps.reserve(kMaxSteps);
        if (m_steps.size() == kMaxSteps)
            m_steps.erase(m_steps.begin());
        m_steps.push_back({m_lastSeenMs, timeMs, offset});
    }
    m_current = offset;
    m_lastSeenMs = timeMs;
}

std::optional<std::int64_t> LogStartHistory::current() const
{
    return m_current >= 0 ? std::optional<std::int64_t>(m_current) : std::nullopt;
}

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Seconds until the line through the last step with slope `rate` (records/s) meets the
// committed offset moving at `consume`, `gap` records ahead of the log start, when the last
// step was `since` seconds ago. Only for rate > consume.
double crossing(double gap, double rate, double consume, double since)
{
    if (!std::isfinite(rate))
        return 0;
    return std::max(0.0, (gap - rate * since) / (rate - consume));
}

} // namespace

bool keepsUpWithProducer(LagStatus base, std::optional<double> consumeRate)
{
    return base == LagStatus::Ok && consumeRate && *consumeRate > 0;
}

RetentionForecast forecastRetention(const std::vector<LogStartStep> &steps, std::int64_t committed, double consumeRate,
                                    qint64 nowMs, bool keepsUp)
{
    RetentionForecast f;
    if (steps.empty())
        return f;
    f.steps = std::uint8_t(std::min<std::size_t>(steps.size(), 255));
    const LogStartStep &first = steps.front(), &last = steps.back();
    if (committed < last.offset) { // already past: rule 1 (ERR) says so
        f.kind = RetentionForecast::Kind::Breach;
        return f;
    }
    if (steps.size() < 2) {
        f.kind = RetentionForecast::Kind::OneStep;
        return f;
    }
    const double records = double(last.offset - first.offset);
    // Step i happened in (afterMs, byMs]: the span between the first and the last step is
    // known to within a poll at each end, and so is the rate.
    const double spanMid = double(last.byMs - first.byMs) / 1000.0;
    const double spanShort = double(last.afterMs - first.byMs) / 1000.0;
    const double spanLong = double(last.byMs - first.afterMs) / 1000.0;
    const double rateMid = records / spanMid;
    const double rateHigh = spanShort > 0 ? records / spanShort : kInfinity;
    const double rateLow = records / spanLong;
    double intervalLong = 0;
    for (std::size_t i = 1; i < steps.size(); ++i)
        intervalLong = std::max(intervalLong, double(steps[i].byMs - steps[i - 1].afterMs) / 1000.0);
    const double intervalMid = spanMid / double(steps.size() - 1);
    const double sinceShort = std::max(0.0, double(nowMs - last.byMs) / 1000.0);
    const double sinceLong = std::max(0.0, double(nowMs - last.afterMs) / 1000.0);

    if (sinceShort > 2 * intervalLong) {
        f.kind = RetentionForecast::Kind::Paused;
        return f;
    }
    const double consume = std::max(0.0, consumeRate);
    if (keepsUp || rateMid <= consume) {
        f.kind = RetentionForecast::Kind::Outpaced;
        return f;
    }
    const double gap = double(committed + 1 - last.offset);
    f.kind = RetentionForecast::Kind::Breach;
    // crossing() is monotonic in the rate and in the time since the last step, so the
    // extremes are at the corners of their ranges.
    double soonest = kInfinity, slowest = 0;
    for (const double rate : {rateMid, rateHigh, rateLow})
        for (const double since : {sinceShort, sinceLong}) {
            if (rate <= consume)
                continue;
            const double t = crossing(gap, rate, consume, since);
            soonest = std::min(soonest, t);
            slowest = std::max(slowest, t);
        }
    f.latestOpen = rateLow <= consume;
    // The line meets the offset between two steps; the step that deletes the record comes
    // up to one interval later.
    const double central = crossing(gap, rateMid, consume, (sinceShort + sinceLong) / 2) + intervalMid / 2;
    const double latest = slowest + intervalLong;
    f.earliest = float(soonest);
    f.latest = float(f.latestOpen ? std::max(latest, central) : latest);
    f.seconds = float(std::clamp(central, soonest, f.latestOpen ? std::max(latest, central) : latest));
    return f;
}

QString retentionForecastText(const RetentionForecast &f)
{
    QString text = QStringLiteral("records lost in %1").arg(formatRetentionForecast(f));
    if (f.steps <= 2)
        text += QStringLiteral(", a coarse forecast from the only %1 log-start steps seen").arg(f.steps);
    else
        text += QStringLiteral(", from the last %1 log-start steps").arg(f.steps);
    return text;
}

LagVerdict withRetentionRisk(const LagVerdict &base, const std::optional<RetentionForecast> &forecast, std::int64_t lag,
                             const StatusSettings &settings)
{
    if (base.status == LagStatus::Err || !forecast || !forecast->breach() || lag <= settings.allowedLag
        || double(forecast->seconds) > settings.riskHorizonSec)
        return base;
    QString reason = retentionForecastText(*forecast)
                     + QStringLiteral(": retention moves the log start towards the committed offset faster than "
                                      "the group consumes");
    if (base.status != LagStatus::Ok)
        reason +=
            QStringLiteral("; without the forecast it would be %1: %2").arg(lagStatusName(base.status), base.reason);
    return {LagStatus::Risk, reason};
}

} // namespace lagscope
