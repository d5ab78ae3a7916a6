#pragma once
// The fixture of tst_failoverrealworld, whose cases are spread over two source files: the
// lab, the failover steps, the report, and the helpers every case uses.

#include "CompactedTopic.h"
#include "DrillUtil.h"
#include "FailoverJson.h"
#include "FailoverReport.h"
#include "FailoverSteps.h"
#include "FailoverTally.h"
#include "LabTest.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <utility>

class TestFailoverRealWorld final : public lagscope::test::LabTest {
    Q_OBJECT

private:
    // MirrorMaker's default offset.lag.max (the lab's own is 0, a sync per record), as in production.
    static constexpr int kOffsetLagMax = 100;

    std::unique_ptr<lagscope::test::FailoverSteps> m_steps;
    bool m_mirrorStopped = false;
    bool m_primaryDown = false;
    lagscope::test::FailoverReport m_report;

    lagscope::test::FailoverSteps &steps() { return *m_steps; }
    QString topicName(const char *what) const { return QStringLiteral("rw-%1-%2").arg(m_id, QString::fromUtf8(what)); }
    QString group(const char *what) const { return QStringLiteral("rw-%1-g-%2").arg(m_id, QString::fromUtf8(what)); }
    static QString remote(const QString &topic) { return QStringLiteral("primary.") + topic; }

    // QTest cuts long messages: the whole output goes to stderr first.
    static bool exited(const lagscope::test::ProcessResult &r, int code)
    {
        if (r.exitCode != code)
            fprintf(stderr, "=== expected exit %d ===\n%s\n", code, qPrintable(r.describe()));
        return r.exitCode == code;
    }
    void ok(const lagscope::test::ProcessResult &r) { QVERIFY2(exited(r, 0), qPrintable(r.describe())); }

    std::vector<lagscope::RawRecord> records(const QString &cluster, const QString &topic, int partition)
    {
        return m_lab.records(cluster, {topic, partition}).value_or(std::vector<lagscope::RawRecord>{});
    }

    lagscope::CommittedOffsets committed(const QString &cluster, const QString &groupId)
    {
        return m_lab.committed(cluster, groupId).value_or(lagscope::CommittedOffsets{});
    }

    // lagscopectl failover --group G --execute --format json, with more options.
    lagscope::test::ProcessResult execute(const QString &g, const QStringList &options = {})
    {
        return steps().failover(
            QStringList{QStringLiteral("--group"), g} + options
            + QStringList{QStringLiteral("--execute"), QStringLiteral("--format"), QStringLiteral("json")});
    }

    static QString lostAndDuplicated(const lagscope::test::FailoverTally::Row &t)
    {
        return QStringLiteral("lost %1, duplicated %2").arg(t.lost).arg(t.duplicated);
    }

    // Prints the plan's rows, for the log of a run.
    static void showPlan(const QJsonObject &g)
    {
        for (const QJsonValue &p : g.value(QStringLiteral("partitions")).toArray())
            qInfo("  %s", qPrintable(lagscope::test::compact(p.toObject())));
    }

    // Primary started again and MirrorMaker restarted with this file's settings, after a test
    // that stopped either.
    void restoreLab();

private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void compacted();
    void identicalRuns();
    void internalLookingTopics();
    void emptyAndUncommitted();
    void scheduledRefresh();
    void cleanupTestCase();
};
