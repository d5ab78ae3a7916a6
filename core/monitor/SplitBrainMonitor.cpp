#include "monitor/SplitBrainMonitor.h"

namespace lagscope {

SplitBrainMonitor::SplitBrainMonitor(std::vector<ReplicationFlowConfig> flows, QObject *parent)
    : QObject(parent), m_flows(std::move(flows))
{
}

void SplitBrainMonitor::setFlows(std::vector<ReplicationFlowConfig> flows) { m_flows = std::move(flows); }

void SplitBrainMonitor::apply(const PollUpdate &update)
{
    const SnapshotPtr &s = update.snapshot;
    if (!s)
        return;
    m_latest[s->cluster] = s;
    if (s->reachable) {
        // Moving commits are judged between two polls that both read the cluster: an
        // unreachable poll in between carries the old offsets and would hide a move.
        if (const auto last = m_lastReachable.find(s->cluster); last != m_lastReachable.end())
            m_previous[s->cluster] = last->second;
        m_lastReachable[s->cluster] = s;
    }
    if (m_flows.empty())
        return;
    const std::vector<ActiveSplitBrain> before = m_tracker.active();
    const std::vector<ClusterEvent> happened = m_tracker.update(findSplitBrains(m_flows, m_latest, m_previous),
                                                                s->cluster, s->takenAt, judgedFlows(m_flows, m_latest));
    const std::vector<ActiveSplitBrain> &after = m_tracker.active();
    const bool same =
        std::equal(before.begin(), before.end(), after.begin(), after.end(),
                   [](const ActiveSplitBrain &a, const ActiveSplitBrain &b) { return a.brain == b.brain; });
    if (!happened.empty())
        Q_EMIT events(happened);
    if (!same)
        Q_EMIT changed();
}

} // namespace lagscope
