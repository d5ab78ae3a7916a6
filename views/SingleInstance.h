#pragma once
// One desktop app per user and configuration file: a second launch hands its command line to
// the running one, which raises its window (and opens the page asked for), and exits,
// instead of starting a second set of pollers on the same clusters and history.
//
// The key is the user id and the configuration file's path, so two users, or two configs
// (the benchmarks run two apps at once, each on its own file), never meet. The socket lives
// in $XDG_RUNTIME_DIR (private to the user) when there is one, and is made accessible to
// its user only. A socket left behind by a crash answers nobody: listen() removes it.
//
// Protocol: the second launch connects, writes its arguments as one JSON array and a
// newline, and waits for "ok\n", so it exits only once the first one has them.
//
// Thread: GUI (the server's slots run on the thread that created it). Ownership: owned by
// main(); the server closes with it.

#include <QObject>
#include <QStringList>

class QLocalServer;

namespace lagscope {

class SingleInstance final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SingleInstance)

public:
    explicit SingleInstance(const QString &configPath, QObject *parent = nullptr);
    ~SingleInstance() override;

    // The local server name for `configPath` and the current user.
    static QString serverName(const QString &configPath);

    // Gives `arguments` to a running instance; true when it took them within `timeoutMs`
    // (this process should then exit). Blocks for at most that long; false at once when no
    // instance is listening.
    bool forward(const QStringList &arguments, int timeoutMs = 3000) const;
    // Starts answering later launches; removes a stale socket first. false (with a warning)
    // when the name cannot be taken: the app then runs alone, as before.
    bool listen();

Q_SIGNALS:
    // A later launch's arguments (its argv without the program name).
    void activated(const QStringList &arguments);

private:
    void onConnection();

    QString m_name;
    QLocalServer *m_server = nullptr;
};

} // namespace lagscope
