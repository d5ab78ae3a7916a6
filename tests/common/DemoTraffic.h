#pragma once
// `lagscope-traffic demo` (the traffic of scripts/demo) for the tests that check what the
// demo's groups look like: started against a lab cluster, and its fixed-name groups and
// topics removed afterwards so the tests after it see the shared lab as it was. The names
// are fixed, so these tests hold the CTest resource lock `demo-traffic`.

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

// Stops the demo and deletes its groups and topics (best effort: a failure is a warning).
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
    const ProcessResult t = lab.kafkaTool(QStringLiteral("topics"), cluster,
                                          {QStringLiteral("--delete"), QStringLiteral("--topic"),
                                           QStringLiteral("orders|payments|clicks")});
    for (const ProcessResult *r : {&g, &t})
        if (r->exitCode != 0)
            qWarning("cleaning up the demo's groups and topics: %s", qPrintable(r->describe()));
}

} // namespace lagscope::test
