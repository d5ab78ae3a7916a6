#include "monitor/LagEvaluator.h"

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

constexpr std::size_t kCadenceGaps = 8;

bool isStuck(LagStatus s) { return s == LagStatus::Stop || s == LagStatus::Stall; }

// Whether the committed offset moved within the last `polls` polls of the window.
bool movedLately(const std::vector<LagPoint> &w, int polls)
{
    if (w.size() < 2)
        return false;
    const std::size_t from = w.size() > std::size_t(polls) ? w.size() - 1 - std::size_t(polls) : 0;
    return w[from].committed != w.back().committed;
}

// Appends `value`, dropping the oldest so that at most `bound` stay. The vector is given its
// whole capacity at once: growing by doubling would leave up to half of it unused.
template <typename T> void pushBounded(std::vector<T> &v, const T &value, std::size_t bound)
{
    if (v.capacity() < bound)
        v.reserve(bound);
    if (v.size() >= bound)
        v.erase(v.begin(), v.begin() + std::ptrdiff_t(v.size() - bound + 1));
    v.push_back(value);
}

// Larger is worse: longer, and "at least" over an exact value of the same length.
bool olderThan(const LagTime &a, const LagTime &b)
{
    return a.seconds > b.seconds || (a.seconds == b.seconds && a.atLeast && !b.atLeast);
}

bool slowerThan(const DrainTime &a, const DrainTime &b)
{
    return (a.never && !b.never) || (a.never == b.never && a.seconds > b.seconds);
}

} // namespace

std::optional<double> LagEvaluator::PartitionMemory::cadence() const
{
    if (gapsSec.empty())
        return std::nullopt;
    return *std::max_element(gapsSec.begin(), gapsSec.end());
}

void LagEvaluator::remember(PartitionMemory &m, const LagPoint &p) const
{
    pushBounded(m.window, p, std::size_t(std::max(2, m_settings.windowPolls)));
    if (!p.committed)
        return;
    if (m.lastCommitted && *m.lastCommitted != *p.committed) {
        if (m.lastMoveMs >= 0 && m.lagAtLastMove && !m.stuckSinceMove) {
            pushBounded(m.gapsSec, double(p.timeMs - m.lastMoveMs) / 1000.0, kCadenceGaps);
        }
        m.lastMoveMs = p.timeMs;
        m.lagAtLastMove = p.lag().value_or(0) > m_settings.allowedLag;
        m.stuckSinceMove = false;
    }
    m.lastCommitted = p.committed;
}

void LagEvaluator::evaluate(ClusterSnapshot &snapshot, const QDateTime &logEndAt)
{
    const qint64 now = snapshot.takenAt.toMSecsSinceEpoch();
    const qint64 measured = logEndAt.isValid() ? std::min(now, logEndAt.toMSecsSinceEpoch()) : now;
    std::map<TopicPartition, std::int64_t> logStarts;
    for (const auto &t : snapshot.topics)
        for (const auto &p : t.partitions)
            if (p.logStart >= 0)
                logStarts[{t.name, p.partition}] = p.logStart;

    // Log-end histories: one per partition any group reads, shared by those groups.
    // An unread group carries old log ends (see GroupState::error): its partitions' histories
    // are kept, but nothing is added from it.
    std::set<TopicPartition> read;
    for (const auto &g : snapshot.groups)
        for (const auto &p : g.partitions)
            if (p.logEnd) {
                read.insert(p.partition);
                if (!g.unread())
                    m_logEnds[p.partition].add({measured, *p.logEnd});
            }
    std::erase_if(m_logEnds, [&](const auto &e) { return !read.contains(e.first); });

    std::set<QString> groups;
    for (GroupState &g : snapshot.groups) {
        groups.insert(g.groupId);
        // Not read this poll: its memory waits for the next poll that reads it. Judging the
        // carried offsets again would see them stand still (a false STOP or STALL).
        if (g.unread())
            continue;
        auto &memory = m_groups[g.groupId];
        std::set<TopicPartition> present;
        for (const PartitionLag &p : g.partitions) {
            present.insert(p.partition);
            const auto start = logStarts.find(p.partition);
            LagPoint point{now, p.committed, p.logEnd,
                           start == logStarts.end() ? std::nullopt : std::optional<std::int64_t>(start->second),
                           p.memberId.isEmpty() ? QString() : (p.clientId.isEmpty() ? p.memberId : p.clientId)};
            remember(memory[p.partition], point);
        }
        std::erase_if(memory, [&](const auto &e) { return !present.contains(e.first); });

        // Members that moved the offset of any of their partitions lately: one of their
        // partitions standing still is starved by a busy consumer, not a stalled one.
        std::set<QString> progressing;
        for (const PartitionLag &p : g.partitions)
            if (!p.memberId.isEmpty() && movedLately(memory[p.partition].window, m_settings.minStuckPolls))
                progressing.insert(p.memberId);

        // The group's cadence is its slowest partition's: one consumer commits them together.
        CommitCadence cadence;
        for (const auto &[tp, m] : memory)
            if (const auto c = m.cadence(); c && (!cadence || *c > *cadence))
                cadence = c;

        std::vector<PartitionVerdict> verdicts;
        std::vector<std::vector<LagPoint>> windows; // for the group's total lag
        windows.reserve(g.partitions.size());       // `window` below refers into it
        g.maxLagTime.reset();
        g.drain.reset();
        for (PartitionLag &p : g.partitions) {
            PartitionMemory &m = memory[p.partition];
            const std::vector<LagPoint> &window = windows.emplace_back(m.window.begin(), m.window.end());
            p.verdict = partitionVerdict(window, cadence, m_settings, progressing.contains(p.memberId));
            if (isStuck(p.verdict.status))
                m.stuckSinceMove = true;
            p.consumeRate = consumeRate(window);
            const std::int64_t lag = std::max<std::int64_t>(0, p.lag.value_or(0));
            // Within allowed_lag is caught up for the lag time and the drain too: the age of a
            // transaction marker is not a record waiting to be consumed.
            const bool caughtUp = p.lag && lag <= m_settings.allowedLag && p.verdict.status == LagStatus::Ok;
            p.lagTime.reset();
            if (caughtUp)
                p.lagTime = LagTime{0, false};
            else if (p.committed) {
                if (const auto h = m_logEnds.find(p.partition); h != m_logEnds.end())
                    p.lagTime = lagTime(h->second.points(), *p.committed, now);
            }
            p.drain.reset();
            if (isStuck(p.verdict.status))
                p.drain = DrainTime{0, true}; // the window's average rate no longer applies
            else if (caughtUp)
                p.drain = DrainTime{0, false};
            else if (p.lag && (lag == 0 || p.consumeRate))
                p.drain = drainTime(lag, p.consumeRate.value_or(0));
            if (p.lagTime && (!g.maxLagTime || olderThan(*p.lagTime, *g.maxLagTime)))
                g.maxLagTime = p.lagTime;
            if (p.drain && (!g.drain || slowerThan(*p.drain, *g.drain)))
                g.drain = p.drain;
            verdicts.push_back({p.partition, p.verdict, lag});
        }
        g.verdict = groupVerdict(verdicts, totalWindow(windows), cadence, m_settings);
    }
    std::erase_if(m_groups, [&](const auto &e) { return !groups.contains(e.first); });
}

} // namespace lagscope
