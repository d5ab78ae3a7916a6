#include "DesktopSession.h"

#include "EventLogDock.h"
#include "MainWindow.h"
#include "alerts/AlertService.h"
#include "mirror/FlowMonitorService.h"
#include "monitor/MonitorService.h"
#include "monitor/SplitBrainMonitor.h"
#include "triage/TriageService.h"
#include "replication/ReplicationPage.h"
#include "settings/Keyring.h"
#include "store/HistoryRecorder.h"
#include "history/HistoryReader.h"

#include <QFileInfo>

namespace lagscope {

DesktopSession::DesktopSession(AppConfig config, QString configPath, QString configError, QString historyPath,
                               QObject *parent)
    : QObject(parent), m_config(std::move(config))
{
    m_poll = configError.isEmpty() && !m_config.clusters.empty();
    // The recorder writes on its own thread; the window reads through its own connection
    // (SQLite in WAL mode lets a writer and readers work at once).
    m_historyThread.setObjectName(QStringLiteral("history"));
    auto *recorder = new HistoryRecorder(historyPath);
    recorder->moveToThread(&m_historyThread);
    connect(&m_historyThread, &QThread::started, recorder, &HistoryRecorder::open);
    connect(&m_historyThread, &QThread::finished, recorder, &QObject::deleteLater);
    m_monitor = std::make_unique<MonitorService>(m_config);
    // Rebalances in progress at exit are completed, not lost, by the next run.
    m_monitor->setStateDirectory(QFileInfo(historyPath).absolutePath());
    m_window =
        std::make_unique<MainWindow>(m_config, configPath, configError, m_poll ? m_monitor.get() : nullptr, nullptr);
    connect(m_monitor.get(), &MonitorService::updated, recorder, &HistoryRecorder::record);
    // Alert state lives next to the history file (tests give both a temporary folder).
    m_alerts = std::make_unique<AlertService>(m_config.alerts,
                                              QFileInfo(historyPath).absolutePath() + QStringLiteral("/alerts.json"));
    connect(m_monitor.get(), &MonitorService::updated, m_alerts.get(), &AlertService::apply);
    connect(m_alerts.get(), &AlertService::events, recorder, &HistoryRecorder::recordEvents);
    m_window->setAlerts(m_alerts.get());
    // Split brains across the configured flows: their events join the cluster events.
    m_splitBrains = std::make_unique<SplitBrainMonitor>(m_config.flows);
    connect(m_monitor.get(), &MonitorService::updated, m_splitBrains.get(), &SplitBrainMonitor::apply);
    connect(m_splitBrains.get(), &SplitBrainMonitor::events, recorder, &HistoryRecorder::recordEvents);
    connect(m_splitBrains.get(), &SplitBrainMonitor::events, m_window.get(),
            [this](const std::vector<ClusterEvent> &events) { m_window->eventLog()->append(events); });
    m_window->setSplitBrains(m_splitBrains.get());
    // After the window's and the alerts' own slots: the triage reads the alerts just applied.
    m_triage = std::make_unique<TriageService>();
    m_triage->setAlerts(m_alerts.get());
    m_triage->setSplitBrains(m_splitBrains.get());
    connect(m_monitor.get(), &MonitorService::updated, m_triage.get(), &TriageService::applyCluster);
    m_window->setTriage(m_triage.get()); // the window opens on it (none on the welcome page)
    if (m_poll) {
        // Also without configured flows: a discovered flow the user confirms joins it.
        m_flows = std::make_unique<mirror::FlowMonitorService>(m_config);
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, m_window->replicationPage(),
                &ReplicationPage::apply);
        // Flow events join the cluster events: in the event log and in the history.
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, m_window.get(),
                [this](const mirror::FlowSnapshotPtr &, const std::vector<mirror::FlowEvent> &events) {
                    if (!events.empty())
                        m_window->eventLog()->append(mirror::toClusterEvents(events));
                });
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, recorder, &HistoryRecorder::recordFlow);
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, m_triage.get(),
                [this](const mirror::FlowSnapshotPtr &snapshot) { m_triage->applyFlow(snapshot); });
        connect(m_flows.get(), &mirror::FlowMonitorService::updated, m_alerts.get(), &AlertService::applyFlow);
        connect(m_window->replicationPage(), &ReplicationPage::monitorRequested, this,
                [this](const ReplicationFlowConfig &flow) {
                    if (!m_flows->addFlow(flow)) {
                        m_window->showWarning(m_flows->problems().constLast());
                        return;
                    }
                    m_config.flows.push_back(flow);
                    m_splitBrains->setFlows(m_config.flows);
                    m_window->replicationPage()->setConfiguredFlows(m_config.flows);
                    m_window->showReplication();
                });
    }
    // Charts read through their own connection on their own thread (the GUI never waits on
    // SQLite), opened only once the recorder has made or recovered the file, so the two never
    // race to create it.
    connect(recorder, &HistoryRecorder::opened, this, [this](const QString &path) {
        m_reader = std::make_unique<HistoryReader>(path);
        connect(m_reader.get(), &HistoryReader::openFailed, m_window.get(), [this](const QString &message) {
            m_window->showWarning(tr("History charts unavailable: %1").arg(message));
        });
        m_window->setHistory(m_reader.get());
    });
    connect(recorder, &HistoryRecorder::warning, m_window.get(), &MainWindow::showWarning);
    // Also on stderr: a history that silently stops recording is found only in a post-mortem.
    connect(recorder, &HistoryRecorder::warning, this,
            [](const QString &m) { qWarning("history: %s", qPrintable(m)); });
    // Only now: a small file opens in milliseconds, and an `opened` emitted before the
    // connections above existed would leave every chart without history.
    m_historyThread.start();
}

DesktopSession::~DesktopSession()
{
    // Pollers first, so nothing is recorded after the recorder is gone.
    m_flows.reset();
    m_monitor.reset();
    m_triage.reset(); // reads the alerts
    m_alerts.reset();
    m_historyThread.quit();
    m_historyThread.wait();
    m_window.reset();
    m_splitBrains.reset(); // the window shows its findings
    m_reader.reset();
}

void DesktopSession::start()
{
    // ${keyring:…} passwords: read from the desktop keyring (or known from this session's
    // cluster dialog); a cluster polls again as soon as its secret is there.
    Keyring &keyring = Keyring::instance();
    keyring.installLookup();
    QStringList names;
    for (const auto &c : m_config.clusters)
        if (const QString name = Keyring::nameOf(c.security.password); !name.isEmpty())
            names << name;
    connect(&keyring, &Keyring::loaded, this, [this](const QString &name, bool found) {
        for (const auto &c : m_config.clusters)
            if (found && m_poll && Keyring::nameOf(c.security.password) == name)
                m_monitor->refresh(c.name);
    });
    keyring.preload(names);
    m_window->show();
    if (m_poll)
        m_monitor->start();
    if (m_flows)
        m_flows->start();
}

} // namespace lagscope
