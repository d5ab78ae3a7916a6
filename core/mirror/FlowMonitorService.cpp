#include "mirror/FlowMonitorService.h"

#include <QMetaObject>
#include <QThread>

namespace lagscope::mirror {

FlowMonitorService::FlowMonitorService(const AppConfig &config, FlowPollerSettings settings, QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<FlowSnapshotPtr>();
    qRegisterMetaType<std::vector<FlowEvent>>();
    for (const ReplicationFlowConfig &flow : config.flows) {
        const ClusterConfig *source = config.cluster(flow.sourceCluster);
        const ClusterConfig *target = config.cluster(flow.targetCluster);
        const QString label = (flow.sourceAlias.isEmpty() ? flow.sourceCluster : flow.sourceAlias)
            + QStringLiteral("->") + (flow.targetAlias.isEmpty() ? flow.targetCluster : flow.targetAlias);
        if (!source || !target) {
            m_problems << tr("Flow %1 skipped: cluster %2 is not configured")
                              .arg(label, source ? flow.targetCluster : flow.sourceCluster);
            continue;
        }
        Worker w;
        w.thread = new QThread(this);
        w.thread->setObjectName(QStringLiteral("flow-") + label);
        w.poller = new FlowPoller(flow, *source, *target, settings);
        w.poller->moveToThread(w.thread);
        connect(w.thread, &QThread::started, w.poller, &FlowPoller::start);
        connect(w.thread, &QThread::finished, w.poller, &QObject::deleteLater);
        connect(w.poller, &FlowPoller::updated, this, &FlowMonitorService::onUpdate, Qt::QueuedConnection);
        m_workers.push_back(w);
        m_order << label;
    }
}

FlowMonitorService::~FlowMonitorService()
{
    for (auto &w : m_workers) {
        w.poller->cancel();
        w.thread->quit();
    }
    for (auto &w : m_workers)
        w.thread->wait();
}

void FlowMonitorService::start()
{
    for (auto &w : m_workers)
        if (!w.thread->isRunning())
            w.thread->start();
}

void FlowMonitorService::refreshAll()
{
    for (auto &w : m_workers)
        QMetaObject::invokeMethod(w.poller, &FlowPoller::refreshNow, Qt::QueuedConnection);
}

FlowSnapshotPtr FlowMonitorService::latest(const QString &flow) const
{
    const auto it = m_latest.find(flow);
    return it == m_latest.end() ? nullptr : it->second;
}

void FlowMonitorService::onUpdate(const FlowSnapshotPtr &snapshot, const std::vector<FlowEvent> &events)
{
    if (!snapshot)
        return;
    m_latest[snapshot->flow.label()] = snapshot;
    Q_EMIT updated(snapshot, events);
}

} // namespace lagscope::mirror
