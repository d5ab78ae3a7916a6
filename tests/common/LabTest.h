#pragma once
// The base of a test against the shared lab: the lab's client, a suffix that keeps this
// run's topics and groups apart from every other test and run, and the lab's clusters by
// name. It declares no slots, so QTest runs only the derived test's own. Main thread only.

#include "LabClient.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

namespace lagscope::test {

// The lab's two clusters; its MirrorMaker 2 replicates primary to dr.
inline const QString kPrimary = QStringLiteral("primary");
inline const QString kDr = QStringLiteral("dr");

class LabTest : public QObject {
protected:
    // A test that crashed half-way through a drill left brokers or MirrorMaker stopped; the
    // next test starts them again (`lab heal`), so that one crash fails one test, not all
    // those after it. Says so when it had to: the crashed test has already failed.
    LabTest()
    {
        const ProcessResult healed = m_lab.lab({QStringLiteral("heal")});
        if (healed.exitCode != 0)
            qFatal("the lab cannot be healed: %s", qPrintable(healed.describe()));
        if (!healed.out.startsWith(QLatin1String("lab healthy")))
            qWarning("an earlier test left the lab broken: %s", qPrintable(healed.out.trimmed()));
    }

    LabClient m_lab = *LabClient::load();
    const QString m_id = LabClient::uniqueSuffix();
    // The test's scratch folder (configs, history, reports); it outlives the derived test's members.
    QTemporaryDir m_dir;

    // A topic or group name of this run: "<prefix>-<suffix>".
    QString named(const char *prefix) const { return QStringLiteral("%1-%2").arg(QLatin1String(prefix), m_id); }
    // The traffic tool against a cluster; fails the caller unless it exits 0.
    void traffic(const QString &cluster, const QStringList &args) const
    {
        requireSuccess(m_lab.traffic(cluster, args));
    }
    // The group's committed offsets as `client` reads them now; empty, with a warning, when
    // they cannot be read within 15 s.
    static CommittedOffsets committedBy(KafkaClient &client, const QString &group)
    {
        auto offsets = client.committedOffsets({group}, Deadline::inMs(15000));
        if (!offsets) {
            qWarning("%s", qPrintable(offsets.errorMessage()));
            return {};
        }
        return (*offsets)[group];
    }
    // tests/lab/lab (stop a broker, MirrorMaker, …); fails the caller unless it exits 0.
    void lab(const QStringList &args) const { requireSuccess(m_lab.lab(args)); }
};

} // namespace lagscope::test
