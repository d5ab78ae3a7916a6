#include "triage/TriageService.h"

#include "alerts/AlertService.h"
#include "monitor/SplitBrainMonitor.h"

namespace lagscope {

TriageService::TriageService(QObject *parent) : QObject(parent) { }

void TriageService::setAlerts(const AlertService *alerts)
{
    m_alerts = alerts;
    if (alerts)
        connect(alerts, &AlertService::changed, this, &TriageService::rebuild);
}

void TriageService::setSplitBrains(const SplitBrainMonitor *splitBrains)
{
    m_splitBrains = splitBrains;
    if (splitBrains)
        connect(splitBrains, &SplitBrainMonitor::changed, this, &TriageService::rebuild);
}

SnapshotPtr TriageService::latest(const QString &cluster) const
{
    const auto it = m_latest.find(cluster);
    return it == m_latest.end() ? nullptr : it->second;
}

void TriageService::applyCluster(const PollUpdate &update)
{
    if (!update.snapshot)
        return;
    const QString &name = update.snapshot->cluster;
    if (!m_latest.count(name))
        m_firstLooks << name;
    m_latest[name] = update.snapshot;
    rebuild();
}

void TriageService::applyFlow(std::shared_ptr<const mirror::FlowSnapshot> snapshot)
{
    if (!snapshot)
        return;
    const QString label = snapshot->flow.label();
    if (!m_flows.count(label))
        m_firstLooks << label;
    m_flows[label] = std::move(snapshot);
    m_flowList.clear();
    for (const auto &[name, f] : m_flows)
        m_flowList.push_back(f);
    rebuild();
}

void TriageService::rebuild()
{
    TriageInputs in;
    for (const auto &[name, s] : m_latest)
        in.clusters.push_back(s);
    in.flows = m_flowList;
    if (m_alerts)
        in.alerts = m_alerts->firing();
    else if (m_evaluator)
        in.alerts = m_evaluator->firing();
    if (m_splitBrains)
        for (const ActiveSplitBrain &a : m_splitBrains->active())
            in.splitBrains.push_back({a.brain.flow, a.brain.source.cluster, a.brain.target.cluster, a.brain.group,
                                      a.brain.describe(), a.since});
    m_items = buildTriage(in);
    m_since.update(m_items, QDateTime::currentDateTimeUtc(), m_firstLooks);
    m_firstLooks.clear();
    Q_EMIT changed();
}

} // namespace lagscope
