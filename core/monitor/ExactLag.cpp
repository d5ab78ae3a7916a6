#include "monitor/ExactLag.h"

#include <algorithm>

namespace lagscope {

std::int64_t invisibleOffsets(std::int64_t committed, std::int64_t logEnd, const VisibleOffsets &read)
{
    if (!read.error.isEmpty() || read.readTo < committed)
        return 0;
    const std::int64_t end = std::min<std::int64_t>(read.readTo, logEnd);
    const auto received =
        std::count_if(read.offsets.begin(), read.offsets.end(), [&](qint64 o) { return o >= committed && o < end; });
    return std::clamp<std::int64_t>(end - committed - received, 0, logEnd - committed);
}

std::vector<VisibleRange> ExactLag::plan(const ClusterSnapshot &snapshot)
{
    // A committed offset below the log start is out of the log (rule 1, ERR): nothing to read.
    std::map<TopicPartition, std::int64_t> logStarts;
    for (const auto &t : snapshot.topics)
        for (const auto &p : t.partitions)
            if (p.logStart >= 0)
                logStarts[{t.name, p.partition}] = p.logStart;

    std::map<Pair, Answer> next;
    for (const GroupState &g : snapshot.groups) {
        if (g.unread())
            continue;
        for (const PartitionLag &p : g.partitions) {
            if (!p.committed || !p.logEnd)
                continue;
            const std::int64_t raw = *p.logEnd - *p.committed;
            if (raw <= 0 || raw > m_settings.maxRawLag)
                continue;
            if (const auto start = logStarts.find(p.partition);
                start != logStarts.end() && *p.committed < start->second)
                continue;
            const Pair pair{p.partition, *p.committed, *p.logEnd};
            if (next.contains(pair))
                continue; // another group at the same offsets
            const auto seen = m_pairs.find(pair);
            if (seen == m_pairs.end())
                next.emplace(pair, Answer{});
            else
                next.emplace(pair, Answer{seen->second.known, true, seen->second.invisible});
        }
    }
    m_pairs = std::move(next);

    // The pairs are ordered by partition, then committed offset: the first idle unknown pair
    // of a partition has its lowest committed offset. Its log end is the same for all (one poll).
    std::vector<VisibleRange> ranges;
    for (const auto &[pair, answer] : m_pairs) {
        if (answer.known || !answer.idle || (!ranges.empty() && ranges.back().partition == pair.partition))
            continue;
        if (int(ranges.size()) >= m_settings.maxPerPoll)
            break;
        ranges.push_back({pair.partition, pair.committed, pair.logEnd});
    }
    return ranges;
}

void ExactLag::learn(const std::vector<VisibleRange> &asked, const std::map<TopicPartition, VisibleOffsets> &answers)
{
    for (const VisibleRange &range : asked) {
        const auto read = answers.find(range.partition);
        if (read == answers.end())
            continue;
        for (auto it = m_pairs.lower_bound({range.partition, range.from, 0});
             it != m_pairs.end() && it->first.partition == range.partition; ++it) {
            auto &[pair, answer] = *it;
            if (pair.logEnd != range.to || !answer.idle || answer.known)
                continue;
            answer.known = true;
            answer.invisible = invisibleOffsets(pair.committed, pair.logEnd, read->second);
        }
    }
}

void ExactLag::apply(ClusterSnapshot &snapshot) const
{
    if (m_pairs.empty())
        return;
    for (GroupState &g : snapshot.groups) {
        if (g.unread())
            continue;
        bool changed = false;
        for (PartitionLag &p : g.partitions) {
            if (!p.committed || !p.logEnd || !p.lag)
                continue;
            const auto pair = m_pairs.find({p.partition, *p.committed, *p.logEnd});
            if (pair == m_pairs.end() || !pair->second.known || pair->second.invisible == 0)
                continue;
            p.invisibleRecords = pair->second.invisible;
            p.lag = *p.logEnd - *p.committed - p.invisibleRecords;
            changed = true;
        }
        if (!changed)
            continue;
        // As buildSnapshot() sums them: a negative lag (truncation) counts as 0.
        g.totalLag = 0;
        g.maxLag = 0;
        for (const PartitionLag &p : g.partitions)
            if (p.lag) {
                const std::int64_t lag = std::max<std::int64_t>(0, *p.lag);
                g.totalLag += lag;
                g.maxLag = std::max(g.maxLag, lag);
            }
    }
}

} // namespace lagscope
