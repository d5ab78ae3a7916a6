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

} // namespace lagscope::mirror
