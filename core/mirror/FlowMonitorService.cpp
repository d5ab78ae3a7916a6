#include "mirror/FlowMonitorService.h"

#include <QMetaObject>
#include <QThread>

namespace lagscope::mirror {

FlowMonitorService::FlowMonitorService(const AppConfig &config, FlowPollerSettings settings, QObject *parent)
    : QObject(parent), m_clusters(config.clusters), m_settings(settings)
{
    qRegisterMetaType<FlowSnapshotPtr>();
    qRegisterMetaType<std::vector<FlowEvent>>();
    for (const ReplicationFlowConfig &flow : config.flows)
        addWorker(flow);
}

bool FlowMonitorService::addWorker(const ReplicationFlowConfig &flow)
{
    auto find = [this](const QString &name) -> const ClusterConfig * {
        for (const auto &c : m_clusters)
            if (c.name == name)
                return &c;
        return nullptr;
    };
    const ClusterConfig *source = find(flow.sourceCluster);
    const ClusterConfig *target = find(flow.targetCluster);
    const QString label = (flow.sourceAlias.isEmpty() ? flow.sourceCluster : flow.sourceAlias) + QStringLiteral("->")
                          + (flow.targetAlias.isEmpty() ? flow.targetCluster : flow.targetAlias);
    if (!source || !target) {
        m_problems << tr("Flow %1 skipped: cluster %2 is not configured")
                          .arg(label, source ? flow.targetCluster : flow.sourceCluster);
        return false;
    }
    if (m_order.contains(label)) {
        m_problems << tr("Flow %1 skipped: it is already monitored").arg(label);
        return false;
    }
    Worker w;
    w.thread = new QThread(this);
    w.thread->setObjectName(QStringLiteral("flow-") + label);
    w.poller = new FlowPoller(flow, *source, *target, m_settings);
    w.poller->moveToThread(w.thread);
    connect(w.thread, &QThread::started, w.poller, &FlowPoller::start);
    connect(w.thread, &QThread::finished, w.poller, &QObject::deleteLater);
    connect(w.poller, &FlowPoller::updated, this, &FlowMonitorService::onUpdate, Qt::QueuedConnection);
    m_workers.push_back(w);
    m_order << label;
    return true;
}

bool FlowMonitorService::addFlow(const ReplicationFlowConfig &flow)
{
    if (!addWorker(flow))
        return false;
    if (m_started)
        m_workers.back().thread->start();
    return true;
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
    m_started = true;
    for (auto &w : m_workers)
        if (!w.thread->isRunning())
            w.thread->start();
}

void FlowMonitorService::finish()
{
    for (auto &w : m_workers)
        w.thread->quit();
    for (auto &w : m_workers)
        w.thread->wait();
    m_workers.clear(); // the pollers deleted themselves with their threads
    m_started = false;
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
