#pragma once
// Holds the desktop session of one run and builds it from the configuration file: at start,
// and again when the first-run page has written the file (MainWindow::configurationSaved),
// so that the first cluster is polled without a restart. Only a session that polls nothing
// is ever rebuilt: stopping pollers would block the GUI thread for a request deadline.
// Thread: GUI. Ownership: owned by main() (or a test); owns the session, which owns the window.

#include <QObject>
#include <QString>

#include <memory>

namespace lagscope {

class DesktopSession;

class SessionHost final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SessionHost)

public:
    SessionHost(QString configPath, QString historyPath, QObject *parent = nullptr);
    ~SessionHost() override;

    // Loads the configuration, builds the session and shows its window.
    void start();
    DesktopSession *session() const { return m_session.get(); }

Q_SIGNALS:
    // A new session's window is shown (after start() and after each rebuild).
    void sessionStarted(lagscope::DesktopSession *session);

private:
    void open();

    QString m_configPath;
    QString m_historyPath;
    std::unique_ptr<DesktopSession> m_session;
};

} // namespace lagscope
