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

namespace {

std::int64_t orNone(const std::optional<std::int64_t> &v, std::int64_t none) { return v ? *v : none; }

std::optional<std::int64_t> fromNone(std::int64_t v, std::int64_t none)
{
    return v == none ? std::nullopt : std::optional<std::int64_t>(v);
}

} // namespace

// Gives `memory` one row per partition of `group`, in the group's order, keeping the rows of
// partitions it had. The usual poll has the same partitions as the last and changes nothing.
void LagEvaluator::matchPartitions(GroupMemory &memory, const GroupState &group) const
{
    const auto samePartitions = [&] {
        if (memory.partitions.size() != group.partitions.size())
            return false;
        for (std::size_t i = 0; i < group.partitions.size(); ++i)
            if (memory.partitions[i].partition != group.partitions[i].partition)
                return false;
        return true;
    };
    if (samePartitions())
        return;
    const std::size_t n = bound();
    std::map<TopicPartition, std::size_t> old;
    for (std::size_t i = 0; i < memory.partitions.size(); ++i)
        old.emplace(memory.partitions[i].partition, i);
    GroupMemory next;
    next.times = std::move(memory.times);
    next.ownerNames = std::move(memory.ownerNames);
    next.partitions.reserve(group.partitions.size());
    next.samples.resize(group.partitions.size() * n);
    next.owners.resize(group.partitions.size() * n);
    for (std::size_t i = 0; i < group.partitions.size(); ++i) {
        const auto it = old.find(group.partitions[i].partition);
        if (it == old.end()) {
            next.partitions.push_back(PartitionMemory{group.partitions[i].partition, {}});
            continue;
        }
        next.partitions.push_back(std::move(memory.partitions[it->second]));
        std::copy_n(memory.samples.begin() + std::ptrdiff_t(it->second * n), n,
                    next.samples.begin() + std::ptrdiff_t(i * n));
        std::copy_n(memory.owners.begin() + std::ptrdiff_t(it->second * n), n,
                    next.owners.begin() + std::ptrdiff_t(i * n));
    }
    memory = std::move(next);
}

void LagEvaluator::remember(GroupMemory &memory, std::size_t row, const LagPoint &p) const
{
    PartitionMemory &m = memory.partitions[row];
    const std::size_t n = bound();
    Sample *samples = memory.samples.data() + row * n;
    std::uint32_t *owners = memory.owners.data() + row * n;
    if (std::size_t(m.count) == n) {
        std::copy(samples + 1, samples + n, samples);
        std::copy(owners + 1, owners + n, owners);
    } else {
        ++m.count;
    }
    samples[m.count - 1] = {orNone(p.committed, kNone), orNone(p.logEnd, kNone)};
    m.logStart = orNone(p.logStart, kNone);
    std::uint32_t owner = 0;
    if (!p.owner.isEmpty()) {
        const auto it = std::find(memory.ownerNames.begin() + 1, memory.ownerNames.end(), p.owner);
        owner = std::uint32_t(it - memory.ownerNames.begin());
        if (it == memory.ownerNames.end())
            memory.ownerNames.push_back(p.owner);
    }
    owners[m.count - 1] = owner;

    if (!p.committed)
        return;
    if (m.lastCommitted != kNone && m.lastCommitted != *p.committed) {
        if (m.lastMoveMs >= 0 && m.lagAtLastMove && !m.stuckSinceMove) {
            pushBounded(m.gapsSec, double(p.timeMs - m.lastMoveMs) / 1000.0, kCadenceGaps);
        }
        m.lastMoveMs = p.timeMs;
        m.lagAtLastMove = p.lag().value_or(0) > m_settings.allowedLag;
        m.stuckSinceMove = false;
    }
    m.lastCommitted = *p.committed;
}

std::vector<LagPoint> LagEvaluator::window(const GroupMemory &memory, std::size_t row) const
{
    const PartitionMemory &m = memory.partitions[row];
    const Sample *samples = memory.samples.data() + row * bound();
    const std::uint32_t *owners = memory.owners.data() + row * bound();
    const std::size_t firstTime = memory.times.size() - std::size_t(m.count);
    std::vector<LagPoint> w;
    w.reserve(std::size_t(m.count));
    for (int k = 0; k < m.count; ++k)
        w.push_back({memory.times[firstTime + std::size_t(k)], fromNone(samples[k].committed, kNone),
                     fromNone(samples[k].logEnd, kNone), std::nullopt, memory.ownerNames[owners[k]]});
    if (!w.empty())
        w.back().logStart = fromNone(m.logStart, kNone);
    return w;
}

// Drops the owners no window refers to any more (members come and go with rebalances).
void LagEvaluator::forgetOwners(GroupMemory &memory)
{
    if (memory.ownerNames.size() <= 2 * memory.partitions.size() + 16)
        return;
    std::vector<std::uint32_t> remap(memory.ownerNames.size(), 0);
    const std::size_t n = memory.partitions.empty() ? 0 : memory.owners.size() / memory.partitions.size();
    for (std::size_t row = 0; row < memory.partitions.size(); ++row)
        for (int k = 0; k < memory.partitions[row].count; ++k)
            remap[memory.owners[row * n + std::size_t(k)]] = 1;
    std::vector<QString> names{QString()};
    for (std::size_t i = 1; i < remap.size(); ++i)
        if (remap[i]) {
            remap[i] = std::uint32_t(names.size());
            names.push_back(std::move(memory.ownerNames[i]));
        }
    for (std::size_t row = 0; row < memory.partitions.size(); ++row)
        for (int k = 0; k < memory.partitions[row].count; ++k)
            memory.owners[row * n + std::size_t(k)] = remap[memory.owners[row * n + std::size_t(k)]];
    memory.ownerNames = std::move(names);
}

// A partition whose reason reads as in the previous snapshot takes that snapshot's string:
// a stopped or idle partition's reason stays the same poll after poll, and while the GUI
// still shows the previous snapshot both would otherwise be held (130 characters each,
// 100,000 of them at the large fixture).
void LagEvaluator::shareReasons(GroupState &group, const GroupState *previous)
{
    if (!previous || previous->partitions.size() != group.partitions.size())
        return;
    for (std::size_t i = 0; i < group.partitions.size(); ++i) {
        const PartitionLag &before = previous->partitions[i];
        PartitionLag &now = group.partitions[i];
        if (before.partition == now.partition && before.verdict.reason == now.verdict.reason)
            now.verdict.reason = before.verdict.reason;
    }
}

void LagEvaluator::evaluate(ClusterSnapshot &snapshot, const QDateTime &logEndAt, const ClusterSnapshot *previous)
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
                    m_tracks[p.partition].logEnds.add({measured, *p.logEnd});
            }
    std::erase_if(m_tracks, [&](const auto &e) { return !read.contains(e.first); });
    // Log starts are the topic's, read this poll whatever the groups: one history per
    // partition, however many groups read it.
    for (auto &[partition, track] : m_tracks)
        if (const auto start = logStarts.find(partition); start != logStarts.end())
            track.logStarts.add(now, start->second);

    std::set<QString> groups;
    for (GroupState &g : snapshot.groups) {
        groups.insert(g.groupId);
        // Not read this poll: its memory waits for the next poll that reads it. Judging the
        // carried offsets again would see them stand still (a false STOP or STALL).
        if (g.unread())
            continue;
        GroupMemory &memory = m_groups[g.groupId];
        if (memory.ownerNames.empty())
            memory.ownerNames.emplace_back();
        matchPartitions(memory, g);
        pushBounded(memory.times, now, bound());
        for (std::size_t row = 0; row < g.partitions.size(); ++row) {
            const PartitionLag &p = g.partitions[row];
            const auto start = logStarts.find(p.partition);
            LagPoint point{now,
                           p.committed,
                           p.logEnd,
                           start == logStarts.end() ? std::nullopt : std::optional<std::int64_t>(start->second),
                           p.memberId.isEmpty() ? QString() : (p.clientId.isEmpty() ? p.memberId : p.clientId),
                           p.invisibleRecords};
            remember(memory, row, point);
        }
        forgetOwners(memory);

        // The windows as the rules take them, for this group only.
        std::vector<std::vector<LagPoint>> windows; // for the group's total lag too
        windows.reserve(g.partitions.size());
        for (std::size_t row = 0; row < g.partitions.size(); ++row) {
            windows.push_back(window(memory, row));
            // Only this poll's records that no consumer will get (monitor/ExactLag) are known:
            // the rules judge the current lag, exactly; older points keep the raw difference.
            if (!windows.back().empty())
                windows.back().back().invisible = g.partitions[row].invisibleRecords;
        }

        // Members that moved the offset of any of their partitions lately: one of their
        // partitions standing still is starved by a busy consumer, not a stalled one.
        std::set<QString> progressing;
        for (std::size_t row = 0; row < g.partitions.size(); ++row)
            if (!g.partitions[row].memberId.isEmpty() && movedLately(windows[row], m_settings.minStuckPolls))
                progressing.insert(g.partitions[row].memberId);

        // The group's cadence is its slowest partition's: one consumer commits them together.
        CommitCadence cadence;
        for (const PartitionMemory &m : memory.partitions)
            if (const auto c = m.cadence(); c && (!cadence || *c > *cadence))
                cadence = c;

        std::vector<PartitionVerdict> verdicts;
        verdicts.reserve(g.partitions.size());
        g.maxLagTime.reset();
        g.drain.reset();
        g.retention.reset();
        g.retentionPartition = {};
        for (std::size_t row = 0; row < g.partitions.size(); ++row) {
            PartitionLag &p = g.partitions[row];
            PartitionMemory &m = memory.partitions[row];
            const std::vector<LagPoint> &window = windows[row];
            const LagVerdict base = partitionVerdict(window, cadence, m_settings, progressing.contains(p.memberId));
            if (isStuck(base.status))
                m.stuckSinceMove = true;
            p.consumeRate = consumeRate(window);
            const std::int64_t lag = std::max<std::int64_t>(0, p.lag.value_or(0));
            const auto track = m_tracks.find(p.partition);
            p.retention.reset();
            if (p.committed && lag > m_settings.allowedLag && base.status != LagStatus::Err && p.consumeRate
                && track != m_tracks.end() && track->second.logStarts.current())
                p.retention = forecastRetention(track->second.logStarts.steps(), *p.committed, *p.consumeRate, now,
                                                keepsUpWithProducer(base.status, p.consumeRate));
            p.verdict = withRetentionRisk(base, p.retention, lag, m_settings);
            if (p.retention && p.retention->breach() && (!g.retention || p.retention->seconds < g.retention->seconds)) {
                g.retention = p.retention;
                g.retentionPartition = p.partition;
            }
            // Within allowed_lag is caught up for the lag time and the drain too: the age of a
            // transaction marker is not a record waiting to be consumed.
            const bool caughtUp = p.lag && lag <= m_settings.allowedLag && base.status == LagStatus::Ok;
            p.lagTime.reset();
            if (caughtUp)
                p.lagTime = LagTime{0, false};
            else if (p.committed) {
                if (track != m_tracks.end())
                    p.lagTime = lagTime(track->second.logEnds.points(), *p.committed, now);
            }
            p.drain.reset();
            if (isStuck(base.status))
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
        shareReasons(g, previous ? previous->group(g.groupId) : nullptr);
    }
    std::erase_if(m_groups, [&](const auto &e) { return !groups.contains(e.first); });
}

} // namespace lagscope
