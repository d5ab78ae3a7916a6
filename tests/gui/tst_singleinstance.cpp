// The real app started twice on one configuration (offscreen, a scratch XDG_RUNTIME_DIR): the
// second launch hands its command line to the first, which raises its window, and exits 0.
// After a crash (SIGKILL) the socket left behind does not block the next start. Two
// configurations, or two users, get different instance names.
#include "SingleInstance.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace lagscope;

class TestSingleInstance final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_config;
    QString m_socket;

    void startApp(QProcess &app, const QStringList &extra = {}) const
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_dir.filePath(QStringLiteral("run")));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data")));
        app.setProcessEnvironment(env);
        app.start(QStringLiteral(LAGSCOPE_APP),
                  QStringList{QStringLiteral("--config"), m_config, QStringLiteral("--history"),
                              m_dir.filePath(QStringLiteral("history.sqlite"))}
                      + extra);
        QVERIFY(app.waitForStarted());
    }

    // The second launch exits 0 and the first says it raised its window for it.
    static void secondLaunchRaises(QProcess &first, QProcess &second)
    {
        QVERIFY(second.waitForFinished(15000));
        QCOMPARE(second.exitStatus(), QProcess::NormalExit);
        QCOMPARE(second.exitCode(), 0);
        QByteArray log;
        QTRY_VERIFY_WITH_TIMEOUT(
            (log += first.readAllStandardError()).contains("raising the window for a second launch"), 10000);
    }

    static ino_t inode(const QString &path)
    {
        struct stat st { };
        return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? st.st_ino : 0;
    }

    static void stop(QProcess &app)
    {
        app.kill();
        app.waitForFinished(10000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkdir(QStringLiteral("run")));
        QFile::setPermissions(m_dir.filePath(QStringLiteral("run")),
                              QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        // No file: the app starts on its first-run page, so nothing polls.
        m_config = m_dir.filePath(QStringLiteral("lagscope.yaml"));
        qputenv("XDG_RUNTIME_DIR", m_dir.filePath(QStringLiteral("run")).toUtf8());
        m_socket = SingleInstance::serverName(m_config);
        QVERIFY2(m_socket.startsWith(m_dir.filePath(QStringLiteral("run/lagscope-"))), qPrintable(m_socket));
    }

    void namesDifferByConfig()
    {
        QCOMPARE(SingleInstance::serverName(m_config), m_socket);
        QVERIFY(SingleInstance::serverName(m_dir.filePath(QStringLiteral("other.yaml"))) != m_socket);
        QVERIFY(m_socket.contains(QStringLiteral("-%1-").arg(getuid())));
    }

    void secondLaunchRaisesTheFirst()
    {
        QProcess first;
        startApp(first);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_socket), 15000);
        QProcess second;
        startApp(second, {QStringLiteral("--open-replication")});
        secondLaunchRaises(first, second);
        QCOMPARE(first.state(), QProcess::Running);
        stop(first);
    }

    void staleSocketAfterACrash()
    {
        QProcess crashed;
        startApp(crashed);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(m_socket), 15000);
        stop(crashed); // SIGKILL: the socket file stays behind
        QVERIFY(QFile::exists(m_socket));
        const ino_t stale = inode(m_socket);
        QProcess next;
        startApp(next);
        // The next start replaced it with its own (another inode), and a third launch reaches it.
        QTRY_VERIFY_WITH_TIMEOUT(inode(m_socket) != 0 && inode(m_socket) != stale, 15000);
        QCOMPARE(next.state(), QProcess::Running);
        QProcess third;
        startApp(third);
        secondLaunchRaises(next, third);
        stop(next);
    }
};

QTEST_GUILESS_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
