// lagscope: the desktop application's composition root.
#include "DesktopSession.h"
#include "MainWindow.h"
#include "config/ConfigLoader.h"
#include "store/HistoryStore.h"
#include "util/SecretMasker.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QTimer>

#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace lagscope;

int main(int argc, char **argv)
{
#ifdef __GLIBC__
    // One malloc arena for every thread: a poll's snapshot is built on the poller's thread
    // and freed on the GUI's, and with an arena per thread glibc kept the freed blocks of
    // both, 39 MiB of peak RSS at the large fixture (docs/PERFORMANCE.md, "GUI at the large
    // fixture"). Before any thread starts, so that none gets an arena of its own.
    mallopt(M_ARENA_MAX, 1);
#endif
    QApplication app(argc, argv);
    lagscope::installMaskingMessageHandler();
    QApplication::setApplicationName(QStringLiteral("lagscope"));
    QApplication::setApplicationVersion(QStringLiteral(LAGSCOPE_VERSION));

    QCommandLineParser parser;
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
    parser.process(app);

    const QString path = parser.value(QStringLiteral("config"));
    AppConfig config;
    QString error;
    if (auto loaded = loadConfig(path))
        config = std::move(*loaded);
    else
        error = loaded.errorMessage();

    DesktopSession session(std::move(config), path, error, parser.value(QStringLiteral("history")));
    session.start();
    if (parser.isSet(QStringLiteral("open-group"))) {
        const QString target = parser.value(QStringLiteral("open-group"));
        const qsizetype slash = target.indexOf(QLatin1Char('/'));
        if (slash > 0)
            session.window()->openGroup(target.left(slash), target.mid(slash + 1));
    }
    if (parser.isSet(QStringLiteral("open-groups")))
        session.window()->selectPage(parser.value(QStringLiteral("open-groups")), PageKind::Groups);
    if (parser.isSet(QStringLiteral("open-replication")))
        session.window()->showReplication();
    if (parser.isSet(QStringLiteral("quit-after"))) {
        const QString shot = parser.value(QStringLiteral("screenshot"));
        QTimer::singleShot(parser.value(QStringLiteral("quit-after")).toInt(), &app, [&session, shot] {
            if (!shot.isEmpty() && !session.window()->grab().save(shot))
                qWarning("could not save %s", qPrintable(shot));
            QCoreApplication::quit();
        });
    }
    return app.exec();
}
