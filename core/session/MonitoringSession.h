#pragma once
// The monitoring core of one run, without a window: the configuration, one poller thread per
// cluster (MonitorService) and per MirrorMaker 2 flow (FlowMonitorService), the history
// recorder on its own thread, the alerts and the split-brain monitor, wired as the desktop app
// and `lagscopectl collect` both need them. DesktopSession adds the window on top; collect
// adds the signal handling and the metrics endpoint.
//
// Thread: create, use and destroy on one thread (the GUI thread in the app, the main thread of
// lagscopectl); its services' signals are emitted there.
// Ownership: owns its services and threads. Destroying it cancels polls in progress (at most
// one request deadline); finish() instead lets them complete and be recorded first.

#include "config/Config.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <memory>

namespace lagscope {

class AlertService;
class HistoryRecorder;
class MonitorService;
class SplitBrainMonitor;
namespace mirror {
class FlowMonitorService;
}

class MonitoringSession final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MonitoringSession)

public:
    // historyPath: the history file; stateDirectory: where the alert state (alerts.json) and
    // the rebalance detector's state are kept between runs. poll false (no cluster, or a
    // configuration error): the history is still opened for reading, nothing polls. Both paths
    // empty (and no `history:` in the configuration): nothing is opened or written at all, the
    // session of a refused configuration file.
    MonitoringSession(AppConfig config, QString historyPath, QString stateDirectory, bool poll,
                      QObject *parent = nullptr);
    ~MonitoringSession() override;

    // Connects the services to the pollers: every poll goes to the recorder, the alerts and
    // the split-brain monitor (alert and split-brain events to the recorder), every flow poll
    // to the recorder and the alerts. Slots run in the order they were connected, so an owner
    // whose own slots must see a poll first (the window, before the alerts it shows) connects
    // them before calling this; openHistory() calls it if the owner did not.
    void connectServices();
    // Starts the history thread: the recorder opens (or creates, migrates, recovers) the file
    // and emits HistoryRecorder::opened. Separate from startPolling() so that the owner can
    // connect to the recorder's signals first.
    void openHistory();
    void startPolling();
    // Stops polling and recording in order: every poll in flight completes (at most one request
    // deadline), its update reaches the alerts and the recorder, the recorder writes it, then
    // the history thread ends. Blocks the calling thread meanwhile, so it is for a headless run
    // (SIGTERM of `lagscopectl collect`), not for a window.
    void finish();

    // A flow confirmed while running (a discovered one): polled, and watched for split brains,
    // from now on. Empty on success, else why not. Only when flows() is not null.
    QString addFlow(const ReplicationFlowConfig &flow);

    const AppConfig &config() const { return m_config; }
    bool polls() const { return m_poll; }
    MonitorService *monitor() const { return m_monitor.get(); }
    AlertService *alerts() const { return m_alerts.get(); }
    SplitBrainMonitor *splitBrains() const { return m_splitBrains.get(); }
    mirror::FlowMonitorService *flows() const { return m_flows.get(); } // null when nothing polls
    // Lives on the history thread: connect to its signals, call its slots queued.
    HistoryRecorder *recorder() const { return m_recorder; }

private:
    AppConfig m_config;
    bool m_poll = false;
    QThread m_historyThread;
    HistoryRecorder *m_recorder = nullptr; // deleted on its thread when the thread ends
    bool m_persists = true;                // false: no history, no state files (see the constructor)
    std::unique_ptr<MonitorService> m_monitor;
    std::unique_ptr<AlertService> m_alerts;
    std::unique_ptr<SplitBrainMonitor> m_splitBrains;
    std::unique_ptr<mirror::FlowMonitorService> m_flows;
    bool m_connected = false;
};

} // namespace lagscope
