#include "alerts/AlertCommandRunner.h"

#include <QProcess>
#include <QTimer>

#include <memory>

namespace lagscope {

namespace {

QString tail(const QByteArray &bytes)
{
    QString text = QString::fromUtf8(bytes).trimmed();
    if (text.size() > 300)
        text = QStringLiteral("…") + text.right(300);
    return text;
}

} // namespace

AlertCommandRunner::AlertCommandRunner(QObject *parent) : QObject(parent) { }

AlertCommandRunner::~AlertCommandRunner()
{
    // Children: each process is killed by its own destructor (QProcess waits briefly).
    for (QProcess *p : findChildren<QProcess *>()) {
        p->disconnect(this);
        p->kill();
        p->waitForFinished(1000);
    }
}

void AlertCommandRunner::run(const QStringList &command, const QByteArray &stdinData, int timeoutMs,
                             const QStringList &context)
{
    if (command.isEmpty())
        return;
    auto *process = new QProcess(this);
    auto *timer = new QTimer(process);
    timer->setSingleShot(true);
    auto timedOut = std::make_shared<bool>(false);
    auto done = std::make_shared<bool>(false);
    ++m_running;
    const QString program = command.first();

    const auto finish = [this, process, done] {
        if (*done)
            return false;
        *done = true;
        --m_running;
        process->deleteLater();
        return true;
    };
    connect(timer, &QTimer::timeout, process, [process, timedOut] {
        *timedOut = true;
        process->kill();
    });
    connect(process, &QProcess::errorOccurred, this, [=, this](QProcess::ProcessError error) {
        // Crashes and kills also arrive through finished(); only a failed start ends here.
        if (error != QProcess::FailedToStart || !finish())
            return;
        Q_EMIT failed(context, tr("the alert command %1 could not start: %2").arg(program, process->errorString()));
    });
    connect(process, &QProcess::finished, this, [=, this](int exitCode, QProcess::ExitStatus status) {
        if (!finish())
            return;
        const QString err = tail(process->readAllStandardError());
        const QString detail = err.isEmpty() ? QString() : QStringLiteral(": ") + err;
        if (*timedOut)
            Q_EMIT failed(context,
                          tr("the alert command %1 was killed after %2 ms").arg(program).arg(timeoutMs) + detail);
        else if (status == QProcess::CrashExit)
            Q_EMIT failed(context, tr("the alert command %1 crashed").arg(program) + detail);
        else if (exitCode != 0)
            Q_EMIT failed(context, tr("the alert command %1 exited with code %2").arg(program).arg(exitCode) + detail);
        else
            Q_EMIT finished(context, exitCode);
    });
    connect(process, &QProcess::started, process, [process, stdinData] {
        process->write(stdinData);
        process->closeWriteChannel();
    });
    // stdout is not read by anyone: discard it so a chatty command never blocks on a full pipe.
    process->setStandardOutputFile(QProcess::nullDevice());
    timer->start(timeoutMs);
    process->start(program, command.mid(1));
}

} // namespace lagscope
