#include "mirror/FlowHistory.h"

namespace lagscope::mirror {

HistoryStore::FlowSample flowSampleOf(const FlowSnapshot &s)
{
    HistoryStore::FlowSample sample;
    sample.timeMs = s.takenAt.toMSecsSinceEpoch();
    sample.latencyMs = s.heartbeatAgeMs;
    sample.health = int(s.health);
    if (s.sourceReachable && s.targetReachable) {
        sample.recordsBehind = 0;
        for (const auto &t : s.topics)
            sample.recordsBehind += t.recordsBehind();
    }
    for (const auto &g : s.groups) {
        if (g.newestCheckpointAgeMs < 0)
            continue;
        bool lags = false;
        for (const auto &p : g.partitions)
            lags = lags || (p.hasCheckpoint && p.sourceCommitted > p.checkpointUpstream);
        sample.checkpointAgeMs = std::max(sample.checkpointAgeMs, lags ? g.newestCheckpointAgeMs : 0);
    }
    return sample;
}

std::vector<HistoryStore::GroupReadiness> readinessOf(const FlowSnapshot &s)
{
    std::vector<HistoryStore::GroupReadiness> out;
    if (!s.sourceReachable || !s.targetReachable)
        return out;
    out.reserve(s.groups.size());
    for (const GroupFlow &g : s.groups) {
        const bool known = std::any_of(g.partitions.begin(), g.partitions.end(),
                                       [](const GroupPartitionFlow &p) { return p.checkpointBehindCommit() >= 0; });
        out.push_back({g.group, known ? g.rereadOnFailover : -1, qint64(g.withoutCheckpoint.size())});
    }
    return out;
}

} // namespace lagscope::mirror
