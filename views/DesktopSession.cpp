#include "DesktopSession.h"

#include "EventLogDock.h"
#include "MainWindow.h"
#include "alerts/AlertService.h"
#include "mirror/FlowMonitorService.h"
#include "monitor/MonitorService.h"
#include "monitor/SplitBrainMonitor.h"
#include "session/MonitoringSession.h"
#include "triage/TriageService.h"
#include "replication/ReplicationPage.h"
#include "settings/Keyring.h"
#include "store/HistoryRecorder.h"
#include "history/HistoryReader.h"

#include <QFileInfo>

namespace lagscope {

DesktopSession::DesktopSession(AppConfig config, QString configPath, QString configError, QString historyPath,
                               QObject *parent)
    : QObject(parent)
{
    // Alert and rebalance state live next to the history file (tests give both a temporary folder).
    // A refused configuration file writes nothing: no history is opened, no state saved; the
    // error page is all the session shows until the file is fixed.
    const bool refused = !configError.isEmpty();
    const QString stateDirectory = refused ? QString() : QFileInfo(historyPath).absolutePath();
    m_core = std::make_unique<MonitoringSession>(std::move(config), refused ? QString() : historyPath, stateDirectory,
                                                 !refused);
    const bool poll = m_core->polls();
    HistoryRecorder *recorder = m_core->recorder();
    m_window =
        std::make_unique<MainWindow>(m_core->config(), configPath, configError, poll ? monitor() : nullptr, nullptr);
    m_window->setAlerts(alerts());
    connect(splitBrains(), &SplitBrainMonitor::events, m_window.get(),
            [this](const std::vector<ClusterEvent> &events) { m_window->eventLog()->append(events); });
    m_window->setSplitBrains(splitBrains());
    mirror::FlowMonitorService *flows = m_core->flows();
    if (flows) {
        connect(flows, &mirror::FlowMonitorService::updated, m_window->replicationPage(), &ReplicationPage::apply);
        // Flow events join the cluster events in the event log (the core records them).
        connect(flows, &mirror::FlowMonitorService::updated, m_window.get(),
                [this](const mirror::FlowSnapshotPtr &, const std::vector<mirror::FlowEvent> &events) {
                    if (!events.empty())
                        m_window->eventLog()->append(mirror::toClusterEvents(events));
                });
    }
    // The window (connected in its constructor, and above) sees each poll before the alerts and
    // the recorder; the triage after them, since it reads the alerts just applied.
    m_core->connectServices();
    m_triage = std::make_unique<TriageService>();
    m_triage->setAlerts(alerts());
    m_triage->setSplitBrains(splitBrains());
    connect(monitor(), &MonitorService::updated, m_triage.get(), &TriageService::applyCluster);
    m_window->setTriage(m_triage.get()); // the window opens on it (none on the welcome page)
    if (flows) {
        connect(flows, &mirror::FlowMonitorService::updated, m_triage.get(),
                [this](const mirror::FlowSnapshotPtr &snapshot) { m_triage->applyFlow(snapshot); });
        connect(m_window->replicationPage(), &ReplicationPage::monitorRequested, this,
                [this](const ReplicationFlowConfig &flow) {
                    if (const QString problem = m_core->addFlow(flow); !problem.isEmpty()) {
                        m_window->showWarning(problem);
                        return;
                    }
                    m_window->replicationPage()->setConfiguredFlows(m_core->config().flows);
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
    // A paused history (a full disk) stays in sight until it resumes, not 30 s in the bar.
    connect(recorder, &HistoryRecorder::paused, m_window.get(), &MainWindow::setHistoryPaused);
    connect(recorder, &HistoryRecorder::resumed, m_window.get(), [this] { m_window->setHistoryPaused(QString()); });
    // Also on stderr: a history that silently stops recording is found only in a post-mortem.
    connect(recorder, &HistoryRecorder::warning, this,
            [](const QString &m) { qWarning("history: %s", qPrintable(m)); });
    // Only now: a small file opens in milliseconds, and an `opened` emitted before the
    // connections above existed would leave every chart without history.
    m_core->openHistory();
}

DesktopSession::~DesktopSession()
{
    m_triage.reset(); // reads the alerts
    // Pollers first, then the recorder (the core's order), then the window that showed them.
    m_core.reset();
    m_window.reset();
    m_reader.reset();
}

MonitorService *DesktopSession::monitor() const { return m_core->monitor(); }
AlertService *DesktopSession::alerts() const { return m_core->alerts(); }
SplitBrainMonitor *DesktopSession::splitBrains() const { return m_core->splitBrains(); }

void DesktopSession::start()
{
    // ${keyring:…} passwords: read from the desktop keyring (or known from this session's
    // cluster dialog); a cluster polls again as soon as its secret is there.
    Keyring &keyring = Keyring::instance();
    keyring.installLookup();
    QStringList names;
    for (const auto &c : m_core->config().clusters)
        if (const QString name = Keyring::nameOf(c.security.password); !name.isEmpty())
            names << name;
    connect(&keyring, &Keyring::loaded, this, [this](const QString &name, bool found) {
        for (const auto &c : m_core->config().clusters)
            if (found && m_core->polls() && Keyring::nameOf(c.security.password) == name)
                m_core->monitor()->refresh(c.name);
    });
    keyring.preload(names);
    m_window->show();
    m_core->startPolling();
}

} // namespace lagscope
