#pragma once
// Runs an alert's configured command without ever waiting for it: QProcess started
// asynchronously, the alert JSON written to its stdin (then closed), killed at the timeout.
// A command that cannot start, times out, crashes or exits non-zero is reported through
// failed() with what it printed on stderr (shortened).
//
// Thread: the thread that owns the runner (the GUI thread); QProcess signals arrive there.
// Ownership: owns its running processes; destroying it kills those still running.

#include <QByteArray>
#include <QObject>
#include <QStringList>

namespace lagscope {

class AlertCommandRunner final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertCommandRunner)

public:
    explicit AlertCommandRunner(QObject *parent = nullptr);
    ~AlertCommandRunner() override;

    // `context` comes back in the signals (the alert's rule, cluster and group).
    void run(const QStringList &command, const QByteArray &stdinData, int timeoutMs, const QStringList &context);
    int running() const { return m_running; }

Q_SIGNALS:
    void finished(const QStringList &context, int exitCode);
    void failed(const QStringList &context, const QString &message);

private:
    int m_running = 0;
};

} // namespace lagscope
