#pragma once
// `lagscope-traffic demo` (the traffic of scripts/demo) for the tests that check what the
// demo's groups look like: started against a lab cluster, and its fixed-name groups deleted
// afterwards. Its topics stay: MirrorMaker 2 replicates them, and its consumer asked for
// them again right after a deletion, so the brokers (auto.create.topics.enable) recreated
// them with 1 partition, which the next demo refused ("orders already exists with 1
// partitions, not 6"). The names are fixed, so these tests hold the CTest resource lock
// `demo-traffic`; a demo that finds its topics and no groups starts like a fresh one.

#include "LabClient.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStringList>

#include <algorithm>

namespace lagscope::test {

inline const QStringList &demoGroups()
{
    static const QStringList groups{QStringLiteral("billing-healthy"), QStringLiteral("analytics-slow"),
                                    QStringLiteral("audit-stopping"), QStringLiteral("search-rebalancing")};
    return groups;
}

// Where the demo's status lines go: LAGSCOPE_TEST_OUTPUT/<test>-demo.log.
inline QString demoLogPath()
{
    const QString dir = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT", QDir::tempPath());
    QDir().mkpath(dir);
    return dir + QLatin1Char('/') + QCoreApplication::applicationName() + QStringLiteral("-demo.log");
}

// Prints the last status lines of the demo (members, partitions, consumed per group): what a
// failure needs to tell a group that never got its partitions from one that stopped.
inline void printDemoLog(int lines = 30)
{
    QFile log(demoLogPath());
    if (!log.open(QIODevice::ReadOnly))
        return;
    const QStringList all = QString::fromUtf8(log.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    qInfo("=== the demo's last %d status lines (%s) ===\n%s", int(std::min<qsizetype>(lines, all.size())),
          qPrintable(log.fileName()),
          qPrintable(all.mid(std::max<qsizetype>(0, all.size() - lines)).join(QLatin1Char('\n'))));
}

// Starts the demo; `extra` shortens its cycles (e.g. --audit-run 30). Its status lines go
// to demoLogPath(), its errors to the test's output.
inline bool startDemo(QProcess &demo, const LabClient &lab, const QString &cluster, const QStringList &extra)
{
    demo.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    demo.setStandardOutputFile(demoLogPath());
    demo.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
               QStringList{QStringLiteral("demo"), QStringLiteral("--bootstrap"), lab.bootstrap(cluster),
                           QStringLiteral("--status-interval"), QStringLiteral("5")}
                   + extra);
    return demo.waitForStarted();
}

// Stops the demo and deletes its groups (best effort: a failure is a warning).
inline void stopDemo(QProcess &demo, const LabClient &lab, const QString &cluster)
{
    if (demo.state() != QProcess::NotRunning) {
        demo.terminate();
        if (!demo.waitForFinished(30000))
            demo.kill();
    }
    QStringList groups{QStringLiteral("--delete")};
    for (const QString &id : demoGroups())
        groups << QStringLiteral("--group") << id;
    const ProcessResult g = lab.kafkaTool(QStringLiteral("consumer-groups"), cluster, groups);
    if (g.exitCode != 0)
        qWarning("deleting the demo's groups: %s", qPrintable(g.describe()));
}

} // namespace lagscope::test
