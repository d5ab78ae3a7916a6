#include "monitor/MonitorService.h"

#include <QDir>
#include <QMetaObject>
#include <QThread>
#include <QUrl>

namespace lagscope {

MonitorService::MonitorService(const AppConfig &config, QObject *parent) : QObject(parent)
{
    qRegisterMetaType<SnapshotPtr>();
    qRegisterMetaType<PollUpdate>();
    PollerSettings settings{config.pollIntervalMs, config.requestTimeoutMs, 60000, {}};
    settings.lagStatus.windowPolls = config.lagWindowPolls;
    settings.lagStatus.allowedLag = config.allowedLag;
    settings.ignoreOrphaned = config.ignoreOrphanedOffsets;
    for (const auto &cluster : config.clusters) {
        Worker w;
        w.thread = new QThread(this);
        w.thread->setObjectName(QStringLiteral("poll-") + cluster.name);
        w.poller = new ClusterPoller(cluster, settings);
        w.poller->moveToThread(w.thread);
        connect(w.thread, &QThread::started, w.poller, &ClusterPoller::start);
        connect(w.thread, &QThread::finished, w.poller, &QObject::deleteLater);
        connect(w.poller, &ClusterPoller::updated, this, &MonitorService::onUpdate, Qt::QueuedConnection);
        connect(w.poller, &ClusterPoller::pollStarted, this, &MonitorService::pollStarted, Qt::QueuedConnection);
        m_workers[cluster.name] = w;
        m_order << cluster.name;
    }
}

MonitorService::~MonitorService()
{
    for (auto &[name, w] : m_workers) {
        w.poller->cancel();
        w.thread->quit();
    }
    for (auto &[name, w] : m_workers)
        w.thread->wait();
}

QString MonitorService::stateFileName(const QString &cluster)
{
    // Cluster names are free text: percent-encoded, they are safe file names on every system.
    return QStringLiteral("rebalances-") + QString::fromLatin1(QUrl::toPercentEncoding(cluster))
           + QStringLiteral(".json");
}

void MonitorService::setStateDirectory(const QString &directory)
{
    for (auto &[name, w] : m_workers)
        w.poller->setStatePath(QDir(directory).filePath(stateFileName(name)));
}

void MonitorService::start()
{
    for (auto &[name, w] : m_workers)
        if (!w.thread->isRunning())
            w.thread->start();
}

void MonitorService::finish()
{
    // No cancel: a thread busy in a poll ends its event loop when the poll has returned (and
    // emitted its update); an idle one ends at once, before its next timer.
    for (auto &[name, w] : m_workers)
        w.thread->quit();
    for (auto &[name, w] : m_workers)
        w.thread->wait();
    m_workers.clear(); // the pollers deleted themselves with their threads
}

void MonitorService::refreshAll()
{
    for (const auto &name : m_order)
        refresh(name);
}

void MonitorService::refresh(const QString &cluster)
{
    const auto it = m_workers.find(cluster);
    if (it != m_workers.end())
        QMetaObject::invokeMethod(it->second.poller, &ClusterPoller::refreshNow, Qt::QueuedConnection);
}

QStringList MonitorService::clusters() const { return m_order; }

SnapshotPtr MonitorService::latest(const QString &cluster) const
{
    const auto it = m_latest.find(cluster);
    return it == m_latest.end() ? nullptr : it->second;
}

void MonitorService::onUpdate(const PollUpdate &update)
{
    m_latest[update.snapshot->cluster] = update.snapshot;
    Q_EMIT updated(update);
}

} // namespace lagscope
