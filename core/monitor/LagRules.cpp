#include "monitor/LagRules.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace lagscope {

namespace {

QString n(std::int64_t v) { return QString::number(v); }

QString ruleSeconds(double s) { return formatDuration(s); }

// Rule 1: the committed offset points outside the log.
std::optional<LagVerdict> outOfRange(const LagPoint &cur)
{
    const std::int64_t c = *cur.committed;
    if (cur.logStart && *cur.logStart > 0 && c < *cur.logStart)
        return LagVerdict{LagStatus::Err,
                          QStringLiteral("committed offset %1 is below the log start %2: %3 records were deleted "
                                         "(retention) before the group read them")
                              .arg(n(c), n(*cur.logStart), n(*cur.logStart - c))};
    if (c > *cur.logEnd)
        return LagVerdict{LagStatus::Err,
                          QStringLiteral("committed offset %1 is beyond the log end %2: the log was truncated or "
                                         "the topic recreated")
                              .arg(n(c), n(*cur.logEnd))};
    return std::nullopt;
}

// Rule 3: STOP / STALL. The trailing run of polls where the offset stood still with lag.
std::optional<LagVerdict> stuck(const std::vector<LagPoint> &w, CommitCadence cadence, const StatusSettings &s,
                                bool ownerProgresses)
{
    const LagPoint &cur = w.back();
    if (!cur.owner.isEmpty() && ownerProgresses)
        return std::nullopt;
    // STALL blames the current owner, so only the polls it owned the partition count: a member
    // that just joined a stopped group has not had the time to commit yet. STOP counts the
    // whole run, whoever owned the partition before.
    std::size_t k = w.size() - 1;
    while (k > 0 && w[k - 1].committed == cur.committed && w[k - 1].lag().value_or(0) > s.allowedLag
           && (cur.owner.isEmpty() || w[k - 1].owner == cur.owner))
        --k;
    const int polls = int(w.size() - 1 - k);
    const double sec = double(cur.timeMs - w[k].timeMs) / 1000.0;
    if (polls < s.minStuckPolls)
        return std::nullopt;
    QString basis;
    if (cadence) {
        if (sec <= s.cadenceFactor * *cadence)
            return std::nullopt;
        basis = QStringLiteral("it usually moves within %1").arg(ruleSeconds(*cadence));
    } else {
        // No cadence learned yet: only a whole window standing still counts (Burrow's rule).
        if (k != 0 || int(w.size()) < s.windowPolls)
            return std::nullopt;
        basis = QStringLiteral("it did not move in the whole window of %1 polls").arg(w.size());
    }
    const QString since = (k == 0 ? QStringLiteral("at least ") : QString()) + ruleSeconds(sec);
    const std::int64_t lag = *cur.lag();
    if (cur.owner.isEmpty())
        return LagVerdict{LagStatus::Stop,
                          QStringLiteral("no member consumes this partition; committed offset %1 has not moved for "
                                         "%2 (%3) while lag is %4")
                              .arg(n(*cur.committed), since, basis, n(lag))};
    return LagVerdict{LagStatus::Stall,
                      QStringLiteral("member %1 owns the partition but committed offset %2 has not moved for %3 "
                                     "(%4) while lag is %5")
                          .arg(cur.owner, n(*cur.committed), since, basis, n(lag))};
}

// Rule 4: the committed offset dropped inside the window and has not come back to where it was.
std::optional<LagVerdict> rewound(const std::vector<LagPoint> &w)
{
    std::optional<std::size_t> drop;
    for (std::size_t i = 1; i < w.size(); ++i)
        if (w[i].committed && w[i - 1].committed && *w[i].committed < *w[i - 1].committed)
            drop = i;
    if (!drop)
        return std::nullopt;
    std::int64_t peak = 0;
    for (std::size_t i = 0; i < *drop; ++i)
        peak = std::max(peak, w[i].committed.value_or(0));
    const std::int64_t c = *w.back().committed;
    if (c >= peak)
        return std::nullopt;
    return LagVerdict{LagStatus::Rewind,
                      QStringLiteral("committed offset went back from %1 to %2 %3 ago; %4 records still to "
                                     "re-read before it is back where it was")
                          .arg(n(peak), n(*w[*drop].committed),
                               ruleSeconds(double(w.back().timeMs - w[*drop].timeMs) / 1000.0), n(peak - c))};
}

// Records per second appended to the partition over the window (from its log-end offsets).
double produceRate(const std::vector<LagPoint> &w)
{
    const LagPoint *first = nullptr, *last = nullptr;
    for (const auto &p : w)
        if (p.logEnd) {
            if (!first)
                first = &p;
            last = &p;
        }
    if (!first || last->timeMs <= first->timeMs || *last->logEnd < *first->logEnd)
        return 0;
    return double(*last->logEnd - *first->logEnd) * 1000.0 / double(last->timeMs - first->timeMs);
}

// Rule 5: lag grows, judged by the trend of the whole window rather than "never decreased".
std::optional<LagVerdict> growing(const std::vector<LagPoint> &w, CommitCadence cadence, const StatusSettings &s)
{
    const LagTrend t = lagTrend(w);
    if (t.points < std::max(3, s.windowPolls / 2) || t.slopePerSec <= 0 || t.r2 < s.trendMinR2)
        return std::nullopt;
    const double growth = t.slopePerSec * t.spanSec;
    // Growth must stand out of the jitter commits cause (a sawtooth around a level).
    if (growth < 1 || growth < 2 * t.residualSd)
        return std::nullopt;
    std::optional<std::int64_t> first;
    for (const auto &p : w)
        if (!first && p.lag())
            first = p.lag();
    const std::int64_t last = *w.back().lag();
    if (!first || last <= *first)
        return std::nullopt;
    // A consumer that keeps up still trails by what arrives between two commits; on the demo
    // lab a healthy group's lag drifting from 1 to 5 fitted a rising line (R² 0.53). Growth
    // only counts once the lag is more than `behindCommits` commit intervals' worth of
    // records (the poll interval when no cadence is known yet).
    const double gap = cadence ? *cadence : t.spanSec / std::max(1, t.points - 1);
    const double normal = s.behindCommits * produceRate(w) * gap;
    if (double(last) <= normal)
        return std::nullopt;
    return LagVerdict{LagStatus::Warn,
                      QStringLiteral("lag grew from %1 to %2 over %3 (trend +%4 records/s over %5 polls, fit R² %6)")
                          .arg(n(*first), n(last), ruleSeconds(t.spanSec), QString::number(t.slopePerSec, 'f', 1))
                          .arg(t.points)
                          .arg(QString::number(t.r2, 'f', 2))};
}

// The longest time between two moves of the committed offset inside the window; nullopt
// with fewer than two moves.
std::optional<double> moveInterval(const std::vector<LagPoint> &w)
{
    std::optional<qint64> lastMove;
    std::optional<double> longest;
    for (std::size_t i = 1; i < w.size(); ++i) {
        if (!w[i].committed || !w[i - 1].committed || *w[i].committed == *w[i - 1].committed)
            continue;
        if (lastMove)
            longest = std::max(longest.value_or(0), double(w[i].timeMs - *lastMove) / 1000.0);
        lastMove = w[i].timeMs;
    }
    return longest;
}

} // namespace

LagTrend lagTrend(const std::vector<LagPoint> &window)
{
    LagTrend t;
    std::vector<std::pair<double, double>> xy;
    for (const auto &p : window)
        if (const auto lag = p.lag())
            xy.emplace_back(double(p.timeMs - window.front().timeMs) / 1000.0, double(std::max<std::int64_t>(0, *lag)));
    t.points = int(xy.size());
    if (t.points < 2)
        return t;
    t.spanSec = xy.back().first - xy.front().first;
    double mx = 0, my = 0;
    for (const auto &[x, y] : xy) {
        mx += x;
        my += y;
    }
    mx /= t.points;
    my /= t.points;
    double sxx = 0, sxy = 0, syy = 0;
    for (const auto &[x, y] : xy) {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (y - my);
        syy += (y - my) * (y - my);
    }
    if (sxx <= 0)
        return t;
    t.slopePerSec = sxy / sxx;
    t.r2 = syy > 0 ? (sxy * sxy) / (sxx * syy) : 0;
    const double ssres = std::max(0.0, syy - t.slopePerSec * sxy);
    t.residualSd = t.points > 2 ? std::sqrt(ssres / (t.points - 2)) : 0;
    return t;
}

std::optional<double> consumeRate(const std::vector<LagPoint> &window)
{
    // Only the part after the last drop: a rewind is not negative consumption.
    std::size_t from = 0;
    for (std::size_t i = 1; i < window.size(); ++i)
        if (window[i].committed && window[i - 1].committed && *window[i].committed < *window[i - 1].committed)
            from = i;
    const LagPoint *first = nullptr;
    for (std::size_t i = from; i < window.size() && !first; ++i)
        if (window[i].committed)
            first = &window[i];
    const LagPoint &last = window.back();
    if (!first || !last.committed || last.timeMs <= first->timeMs)
        return std::nullopt;
    return double(*last.committed - *first->committed) * 1000.0 / double(last.timeMs - first->timeMs);
}

LagVerdict partitionVerdict(const std::vector<LagPoint> &window, CommitCadence cadence, const StatusSettings &settings,
                            bool ownerProgresses)
{
    if (window.empty())
        return {LagStatus::Ok, QStringLiteral("not polled yet")};
    const LagPoint &cur = window.back();
    if (!cur.committed)
        return {LagStatus::Ok, QStringLiteral("no committed offset yet: lag unknown, not judged")};
    if (!cur.logEnd)
        return {LagStatus::Ok, QStringLiteral("log-end offset unknown (no leader?): not judged")};
    if (auto v = outOfRange(cur))
        return *v;
    const std::int64_t lag = *cur.lag();
    if (lag == 0 && cur.invisible > 0)
        return {LagStatus::Ok, QStringLiteral("caught up: the %1 offsets from committed offset %2 to the log end %3 "
                                              "are transaction markers or aborted records")
                                   .arg(n(cur.invisible), n(*cur.committed), n(*cur.logEnd))};
    if (lag == 0)
        return {LagStatus::Ok, QStringLiteral("caught up: committed offset %1 is the log end").arg(n(*cur.committed))};
    if (lag <= settings.allowedLag)
        return {LagStatus::Ok,
                QStringLiteral("caught up: lag %1 is within allowed_lag %2").arg(n(lag), n(settings.allowedLag))};
    if (auto v = stuck(window, cadence, settings, ownerProgresses))
        return *v;
    if (auto v = rewound(window))
        return *v;
    if (auto v = growing(window, cadence, settings))
        return *v;
    const auto rate = consumeRate(window);
    if (rate && *rate > 0)
        return {
            LagStatus::Ok,
            QStringLiteral("lag %1, consuming %2 records/s, not growing").arg(n(lag), QString::number(*rate, 'f', 1))};
    return {LagStatus::Ok, QStringLiteral("lag %1 (no growth trend over %2 polls)").arg(n(lag)).arg(window.size())};
}

LagVerdict groupVerdict(const std::vector<PartitionVerdict> &partitions)
{
    if (partitions.empty())
        return {LagStatus::Ok, QStringLiteral("no committed offsets to judge")};
    const PartitionVerdict *worst = &partitions.front();
    std::map<int, std::pair<LagStatus, int>> others; // severity -> status, count
    for (const auto &p : partitions) {
        const int a = lagStatusSeverity(p.verdict.status), b = lagStatusSeverity(worst->verdict.status);
        if (a > b || (a == b && p.lag > worst->lag))
            worst = &p;
    }
    for (const auto &p : partitions) {
        if (&p == worst || p.verdict.status == LagStatus::Ok)
            continue;
        auto &slot = others[-lagStatusSeverity(p.verdict.status)];
        slot.first = p.verdict.status;
        ++slot.second;
    }
    if (worst->verdict.status == LagStatus::Ok && partitions.size() > 1) {
        std::int64_t total = 0;
        for (const auto &p : partitions)
            total += p.lag;
        return {LagStatus::Ok, QStringLiteral("all %1 partitions OK (total lag %2); largest: %3: %4")
                                   .arg(partitions.size())
                                   .arg(n(total), worst->partition.toString(), worst->verdict.reason)};
    }
    QString reason = worst->partition.toString() + QStringLiteral(": ") + worst->verdict.reason;
    if (!others.empty()) {
        QStringList parts;
        for (const auto &[sev, entry] : others)
            parts << QStringLiteral("%1 %2").arg(entry.second).arg(lagStatusName(entry.first));
        reason += QStringLiteral(" (also ") + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
    }
    return {worst->verdict.status, reason};
}

std::vector<LagPoint> totalWindow(const std::vector<std::vector<LagPoint>> &partitionWindows)
{
    std::vector<const std::vector<LagPoint> *> judged;
    for (const auto &w : partitionWindows)
        if (!w.empty() && w.back().committed && w.back().logEnd)
            judged.push_back(&w);
    if (judged.empty())
        return {};
    std::set<qint64> times;
    for (const LagPoint &p : *judged.front())
        times.insert(p.timeMs);
    std::vector<LagPoint> total;
    for (const qint64 t : times) {
        LagPoint sum{t, 0, 0, std::nullopt, QString()};
        bool complete = true;
        for (const auto *w : judged) {
            const auto at = std::find_if(w->begin(), w->end(), [t](const LagPoint &p) { return p.timeMs == t; });
            if (at == w->end() || !at->committed || !at->logEnd) {
                complete = false;
                break;
            }
            // Each partition's lag counts from 0 up, as lagTrend counts it.
            *sum.committed += std::min(*at->committed, *at->logEnd);
            *sum.logEnd += *at->logEnd;
            sum.invisible += at->invisible;
        }
        if (complete)
            total.push_back(sum);
    }
    return total;
}

LagVerdict groupVerdict(const std::vector<PartitionVerdict> &partitions, const std::vector<LagPoint> &total,
                        CommitCadence cadence, const StatusSettings &settings)
{
    LagVerdict verdict = groupVerdict(partitions);
    if (verdict.status != LagStatus::Ok || partitions.size() < 2 || total.empty()
        || total.back().lag().value_or(0) <= settings.allowedLag)
        return verdict;
    // The healthy bound of rule 5 uses how often the group's committed total moves, learned
    // from this window: the group cadence is its slowest partition's, and a partition that a
    // throttled consumer starves moves rarely (20 s and more on the demo), which put the bound
    // above the slow group's whole growing lag.
    CommitCadence interval = moveInterval(total);
    if (!interval)
        interval = cadence;
    const auto grew = growing(total, interval, settings);
    if (!grew)
        return verdict;
    const PartitionVerdict *largest = &partitions.front();
    for (const auto &p : partitions)
        if (p.lag > largest->lag)
            largest = &p;
    return {LagStatus::Warn, QStringLiteral("the total of %1 partitions' %2; no single partition's lag fits a trend "
                                            "(they are worked off in turn); largest: %3 with lag %4")
                                 .arg(partitions.size())
                                 .arg(grew->reason, largest->partition.toString(), n(largest->lag))};
}

} // namespace lagscope
