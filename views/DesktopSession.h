#pragma once
// Everything one run of the desktop app consists of: the configuration, one poller thread
// per cluster, the history recorder thread, the history reader thread for charts,
// and the main window. The composition root (app/lagscope) and GUI tests both build it, so
// the tests exercise the same wiring users get.
// Thread: GUI. Ownership: owns everything it creates; destroying it stops the threads.

#include "config/Config.h"

#include <QObject>
#include <QThread>

#include <memory>

namespace lagscope {

class AlertService;
class HistoryReader;
class MainWindow;
class MonitorService;
class SplitBrainMonitor;
class TriageService;
namespace mirror {
class FlowMonitorService;
}

class DesktopSession final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DesktopSession)

public:
    // configError non-empty: the window shows the welcome page explaining it; nothing polls.
    DesktopSession(AppConfig config, QString configPath, QString configError, QString historyPath,
                   QObject *parent = nullptr);
    ~DesktopSession() override;

    void start(); // shows the window and starts polling
    MainWindow *window() const { return m_window.get(); }
    MonitorService *monitor() const { return m_monitor.get(); }
    AlertService *alerts() const { return m_alerts.get(); }
    SplitBrainMonitor *splitBrains() const { return m_splitBrains.get(); }
    TriageService *triage() const { return m_triage.get(); }

private:
    AppConfig m_config;
    QThread m_historyThread;
    std::unique_ptr<HistoryReader> m_reader;
    std::unique_ptr<MonitorService> m_monitor;
    std::unique_ptr<AlertService> m_alerts;
    std::unique_ptr<SplitBrainMonitor> m_splitBrains;
    std::unique_ptr<TriageService> m_triage;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<mirror::FlowMonitorService> m_flows; // null when nothing polls
    bool m_poll = false;
};

} // namespace lagscope
