#pragma once
// `lagscope-traffic demo` (the traffic of scripts/demo) for the tests that check what the
// demo's groups look like: started against a lab cluster, and its fixed-name groups deleted
// afterwards. Its topics stay: MirrorMaker 2 replicates them, and its consumer asked for
// them again right after a deletion, so the brokers (auto.create.topics.enable) recreated
// them with 1 partition, which the next demo refused ("orders already exists with 1
// partitions, not 6"). The names are fixed, so these tests hold the CTest resource lock
// `demo-traffic`; a demo that finds its topics and no groups starts like a fresh one.

#include "LabClient.h"

#include <QProcess>
#include <QStringList>

namespace lagscope::test {

inline const QStringList &demoGroups()
{
    static const QStringList groups{QStringLiteral("billing-healthy"), QStringLiteral("analytics-slow"),
                                    QStringLiteral("audit-stopping"), QStringLiteral("search-rebalancing")};
    return groups;
}

// Starts the demo; `extra` shortens its cycles (e.g. --audit-run 30). Its output is dropped.
inline bool startDemo(QProcess &demo, const LabClient &lab, const QString &cluster, const QStringList &extra)
{
    demo.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    demo.setStandardOutputFile(QProcess::nullDevice());
    demo.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
               QStringList{QStringLiteral("demo"), QStringLiteral("--bootstrap"), lab.bootstrap(cluster)} + extra);
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
