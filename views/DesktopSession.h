#pragma once
// Everything one run of the desktop app consists of: the monitoring core (MonitoringSession:
// pollers, history recorder, alerts, split brains, flows — the same one `lagscopectl collect`
// runs headless), the triage, the history reader thread for charts, and the main window. The
// composition root (app/lagscope) and GUI tests both build it, so the tests exercise the same
// wiring users get.
// Thread: GUI. Ownership: owns everything it creates; destroying it stops the threads.

#include "config/Config.h"

#include <QObject>

#include <memory>

namespace lagscope {

class AlertService;
class HistoryReader;
class MainWindow;
class MonitoringSession;
class MonitorService;
class SplitBrainMonitor;
class TriageService;
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
    MonitorService *monitor() const;
    AlertService *alerts() const;
    SplitBrainMonitor *splitBrains() const;
    TriageService *triage() const { return m_triage.get(); }

private:
    std::unique_ptr<MonitoringSession> m_core;
    std::unique_ptr<HistoryReader> m_reader;
    std::unique_ptr<TriageService> m_triage;
    std::unique_ptr<MainWindow> m_window;
};

} // namespace lagscope
