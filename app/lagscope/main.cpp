// lagscope: the desktop application's composition root.
#include "DesktopSession.h"
#include "AppIcons.h"
#include "MainWindow.h"
#include "SessionHost.h"
#include "SingleInstance.h"
#include "StallProbe.h"
#include "config/ConfigLoader.h"
#include "store/HistoryStore.h"
#include "util/SecretMasker.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSocketNotifier>
#include <QTimer>

#include <csignal>
#include <cstdio>
#include <cstring>

#include <sys/socket.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace lagscope;

namespace {

void setUpParser(QCommandLineParser &parser)
{
    parser.setApplicationDescription(QStringLiteral("Lagscope — desktop operations console for Apache Kafka"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions({
        {QStringLiteral("config"), QStringLiteral("Configuration file."), QStringLiteral("file"), defaultConfigPath()},
        {QStringLiteral("history"), QStringLiteral("History database."), QStringLiteral("file"),
         HistoryStore::defaultPath()},
        // Lets CI prove the window starts and quits cleanly without a person closing it.
        {QStringLiteral("quit-after"), QStringLiteral("Quit after this many milliseconds."), QStringLiteral("ms")},
        // With --quit-after: what the window showed just before quitting, for docs and demos.
        {QStringLiteral("screenshot"), QStringLiteral("Save a PNG of the window when --quit-after fires."),
         QStringLiteral("file")},
        {QStringLiteral("open-group"), QStringLiteral("Open this consumer group's page (cluster/group)."),
         QStringLiteral("cluster/group")},
        {QStringLiteral("open-replication"), QStringLiteral("Open the Replication page.")},
        {QStringLiteral("open-groups"), QStringLiteral("Open this cluster's consumer groups table."),
         QStringLiteral("cluster")},
    });
}

void setIdentity()
{
    QCoreApplication::setApplicationName(QStringLiteral("lagscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LAGSCOPE_VERSION));
}

// --help and --version need no display: answered by a QCoreApplication, so that they work
// on a machine without a windowing system or platform plugin (packaging, man pages, CI).
// --help-all is left to QApplication, since it lists the GUI's own Qt options.
bool onlyHelpOrVersion(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--") == 0)
            return false;
        for (const char *option : {"-h", "--help", "-?", "-v", "--version"})
            if (std::strcmp(argv[i], option) == 0)
                return true;
    }
    return false;
}

// The command line's problem, or an empty string. Checked before the window opens or a
// running instance is told anything: a typo is answered with exit code 2, as lagscopectl
// does, instead of quitting at once (--quit-after abc was 0 ms) or being dropped unseen.
QString usageError(QCommandLineParser &parser)
{
    if (!parser.parse(QCoreApplication::arguments()))
        return parser.errorText();
    if (!parser.positionalArguments().isEmpty())
        return QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first());
    if (parser.isSet(QStringLiteral("quit-after"))) {
        bool ok = false;
        const int ms = parser.value(QStringLiteral("quit-after")).toInt(&ok);
        if (!ok || ms < 0)
            return QStringLiteral("--quit-after takes a number of milliseconds, not '%1'")
                .arg(parser.value(QStringLiteral("quit-after")));
    }
    if (parser.isSet(QStringLiteral("screenshot")) && !parser.isSet(QStringLiteral("quit-after")))
        return QStringLiteral("--screenshot is taken when --quit-after fires: give both");
    if (parser.isSet(QStringLiteral("open-group"))) {
        const QString target = parser.value(QStringLiteral("open-group"));
        const qsizetype slash = target.indexOf(QLatin1Char('/'));
        if (slash <= 0 || slash == target.size() - 1)
            return QStringLiteral("--open-group takes cluster/group, not '%1'").arg(target);
    }
    if (parser.isSet(QStringLiteral("open-groups")) && parser.value(QStringLiteral("open-groups")).isEmpty())
        return QStringLiteral("--open-groups takes a cluster name");
    for (const QString &file : {QStringLiteral("config"), QStringLiteral("history")})
        if (parser.value(file).isEmpty())
            return QStringLiteral("--%1 takes a file name").arg(file);
    return QString();
}

// The write end of the self-pipe of SIGTERM and SIGINT: a signal handler may only write()
// (async-signal-safe); the event loop reads the other end and quits as the window's Quit does,
// so that a logout, `kill` or a soak's end saves the alert state (docs/RELIABILITY.md) instead
// of dying mid-write.
int g_stopWrite = -1;

void onStopSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_stopWrite, &byte, 1);
}

// Quits the application on SIGTERM or SIGINT; without the socket pair the defaults stay.
void quitOnStopSignals(QCoreApplication &app)
{
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        return;
    g_stopWrite = fds[1];
    auto *notifier = new QSocketNotifier(fds[0], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [] { QCoreApplication::quit(); });
    struct sigaction action { };
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGTERM, &action, nullptr);
    ::sigaction(SIGINT, &action, nullptr);
}

// --open-group, --open-groups, --open-replication: of this launch, or forwarded by a later one.
void openRequested(MainWindow *window, const QCommandLineParser &parser)
{
    if (parser.isSet(QStringLiteral("open-group"))) {
        const QString target = parser.value(QStringLiteral("open-group"));
        const qsizetype slash = target.indexOf(QLatin1Char('/'));
        if (slash > 0)
            window->openGroup(target.left(slash), target.mid(slash + 1));
    }
    if (parser.isSet(QStringLiteral("open-groups")))
        window->selectPage(parser.value(QStringLiteral("open-groups")), PageKind::Groups);
    if (parser.isSet(QStringLiteral("open-replication")))
        window->showReplication();
}

} // namespace

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    // One malloc arena for every thread: a poll's snapshot is built on the poller's thread
    // and freed on the GUI's, and with an arena per thread glibc kept the freed blocks of
    // both, 39 MiB of peak RSS at the large fixture (docs/PERFORMANCE.md, "GUI at the large
    // fixture"). Before any thread starts, so that none gets an arena of its own.
    mallopt(M_ARENA_MAX, 1);
#endif
    if (onlyHelpOrVersion(argc, argv)) {
        QCoreApplication app(argc, argv);
        setIdentity();
        QCommandLineParser parser;
        setUpParser(parser);
        parser.process(app); // prints and exits
        return 0;
    }
    QApplication app(argc, argv);
    quitOnStopSignals(app);
    lagscope::installMaskingMessageHandler();
    setIdentity();
    // The installed lagscope.desktop: docks and task switchers match the window to it.
    QGuiApplication::setDesktopFileName(QStringLiteral("lagscope"));
    QApplication::setWindowIcon(applicationIcon());

    QCommandLineParser parser;
    setUpParser(parser);
    if (const QString problem = usageError(parser); !problem.isEmpty()) {
        std::fprintf(stderr, "lagscope: %s\n", qPrintable(problem));
        return 2;
    }
    parser.process(app); // --help-all

    const QString path = parser.value(QStringLiteral("config"));
    // A run with --quit-after (CI, screenshots, benchmarks) is on its own: it neither hands
    // over to a running app nor answers later launches.
    const bool alone = parser.isSet(QStringLiteral("quit-after"));
    SingleInstance instance(path);
    if (!alone && instance.forward(QCoreApplication::arguments()))
        return 0; // the running app raised its window
    if (!alone)
        instance.listen();

    SessionHost host(path, parser.value(QStringLiteral("history")));
    // Soak tests measure the GUI thread's stalls (StallProbe.h); nothing of it otherwise.
    if (const QString probe = qEnvironmentVariable("LAGSCOPE_STALL_PROBE"); !probe.isEmpty()) {
        auto *stalls = new StallProbe(probe, &host);
        QObject::connect(&host, &SessionHost::sessionStarted, stalls,
                         [stalls](DesktopSession *session) { stalls->watch(session->monitor()); });
    }
    host.start();
    openRequested(host.session()->window(), parser);
    QObject::connect(&instance, &SingleInstance::activated, &host, [&host](const QStringList &arguments) {
        MainWindow *window = host.session()->window();
        qInfo("lagscope: raising the window for a second launch");
        window->setWindowState((window->windowState() & ~Qt::WindowMinimized) | Qt::WindowActive);
        window->show();
        window->raise();
        window->activateWindow();
        QCommandLineParser forwarded;
        setUpParser(forwarded);
        if (forwarded.parse(arguments))
            openRequested(window, forwarded);
    });
    if (parser.isSet(QStringLiteral("quit-after"))) {
        const QString shot = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(parser.value(QStringLiteral("quit-after")).toInt(), &app, [&host, shot] {
            if (!shot.isEmpty() && !host.session()->window()->grab().save(shot))
                qWarning("could not save %s", qPrintable(shot));
            QCoreApplication::quit();
        });
    }
    return app.exec();
}
