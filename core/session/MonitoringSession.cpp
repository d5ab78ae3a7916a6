#include "session/MonitoringSession.h"

#include "alerts/AlertService.h"
#include "mirror/FlowMonitorService.h"
#include "monitor/MonitorService.h"
#include "monitor/SplitBrainMonitor.h"
#include "store/HistoryRecorder.h"

#include <QCoreApplication>
#include <QDir>

namespace lagscope {

MonitoringSession::MonitoringSession(AppConfig config, QString historyPath, QString stateDirectory, bool poll,
                                     QObject *parent)
    : QObject(parent), m_config(std::move(config)), m_poll(poll && !m_config.clusters.empty()),
      m_persists(!historyPath.isEmpty() || !stateDirectory.isEmpty() || !m_config.history.isEmpty())
{
    // The recorder writes on its own thread; readers use connections of their own (SQLite in
    // WAL mode lets a writer and readers work at once).
    m_historyThread.setObjectName(QStringLiteral("history"));
    // A team's database named by the configuration wins over the file: every collector and
    // desktop of the team then reads and writes the same history.
    m_recorder = new HistoryRecorder(m_config.history.isEmpty() ? std::move(historyPath) : m_config.history);
    if (m_persists) // otherwise it stays here, idle, and is deleted with the session
        m_recorder->moveToThread(&m_historyThread);
    connect(&m_historyThread, &QThread::started, m_recorder, &HistoryRecorder::open);
    connect(&m_historyThread, &QThread::finished, m_recorder, &QObject::deleteLater);

    m_monitor = std::make_unique<MonitorService>(m_config);
    // Rebalances in progress at exit are completed, not lost, by the next run.
    if (m_persists)
        m_monitor->setStateDirectory(stateDirectory);
    m_alerts = std::make_unique<AlertService>(
        m_config.alerts, m_persists ? QDir(stateDirectory).filePath(QStringLiteral("alerts.json")) : QString());
    m_splitBrains = std::make_unique<SplitBrainMonitor>(m_config.flows);
    if (m_poll) // also without configured flows: a discovered flow the user confirms joins it
        m_flows = std::make_unique<mirror::FlowMonitorService>(m_config);
}

void MonitoringSession::connectServices()
{
    if (m_connected)
        return;
    m_connected = true;
    connect(m_monitor.get(), &MonitorService::updated, m_recorder, &HistoryRecorder::record);
    connect(m_monitor.get(), &MonitorService::updated, m_alerts.get(), &AlertService::apply);
    connect(m_alerts.get(), &AlertService::events, m_recorder, &HistoryRecorder::recordEvents);
    // Split brains across the configured flows: their events join the cluster events.
    connect(m_monitor.get(), &MonitorService::updated, m_splitBrains.get(), &SplitBrainMonitor::apply);
    connect(m_splitBrains.get(), &SplitBrainMonitor::events, m_recorder, &HistoryRecorder::recordEvents);
    if (m_flows) {
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, m_recorder, &HistoryRecorder::recordFlow);
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, m_alerts.get(), &AlertService::applyFlow);
    }
}

MonitoringSession::~MonitoringSession()
{
    // Pollers first, so nothing is recorded after the recorder is gone.
    m_flows.reset();
    m_monitor.reset();
    m_historyThread.quit();
    m_historyThread.wait();
    if (!m_persists)
        delete m_recorder; // its thread never started, so no deleteLater runs
    m_alerts.reset();
    m_splitBrains.reset();
}

void MonitoringSession::openHistory()
{
    connectServices();
    if (m_persists)
        m_historyThread.start();
}

void MonitoringSession::startPolling()
{
    if (!m_poll)
        return;
    m_monitor->start();
    m_flows->start();
}

void MonitoringSession::finish()
{
    m_monitor->finish();
    if (m_flows)
        m_flows->finish();
    // The last polls' updates are queued to this thread: deliver them now, so that the
    // alerts apply them and the recorder is handed them before it is told to stop.
    QCoreApplication::sendPostedEvents(m_monitor.get());
    if (m_flows)
        QCoreApplication::sendPostedEvents(m_flows.get());
    if (m_historyThread.isRunning()) {
        // Queued behind every record call already posted to the recorder: those are written
        // before its thread's event loop ends (QThread::quit alone could leave them unrun).
        QThread *thread = &m_historyThread;
        QMetaObject::invokeMethod(
            m_recorder, [thread] { thread->quit(); }, Qt::QueuedConnection);
        m_historyThread.wait();
    }
}

QString MonitoringSession::addFlow(const ReplicationFlowConfig &flow)
{
    Q_ASSERT(m_flows); // only a session that polls offers flows to monitor
    if (!m_flows->addFlow(flow))
        return m_flows->problems().constLast();
    m_config.flows.push_back(flow);
    m_splitBrains->setFlows(m_config.flows);
    return {};
}

} // namespace lagscope
