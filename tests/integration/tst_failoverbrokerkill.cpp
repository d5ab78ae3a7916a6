// Safety drill of the failover executor against the real lab: a group of three
// replicated topics is failed over from primary to dr through the real executor
// (gatherFailover → planFailover → preflightFailover → applyFailover), and the target broker
// (dr's only one, so dr as a whole) is killed with SIGKILL from
// FailoverApplyOptions::afterBatch, between the commit of the first topic and the next one.
//
// The executor must then report exactly: the first topic acknowledged (not verifiable: the
// read-back fails too), the topic in flight unknown, the last not applied; result "unknown",
// the backup path kept, next steps that do not tell to start the consumers, and one audit
// record of the partial failure. After dr is back the real state must match (first topic
// moved, last untouched, the one in flight all-or-nothing), and
// `lagscopectl undo --cluster dr --backup FILE --execute` must bring back exactly the target
// group's offsets from before the failover.
//
// Restores the lab afterwards (dr up, MirrorMaker 2 replicating again: restarted if it does
// not recover by itself), polling with deadlines.
#include "DrillUtil.h"
#include "LabTest.h"
#include "actions/AuditLog.h"
#include "actions/FailoverExecutor.h"
#include "actions/FailoverGather.h"
#include "actions/FailoverPlanner.h"
#include "config/ConfigLoader.h"
#include "kafka/KafkaClient.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

using namespace lagscope;
using namespace lagscope::failover;
using namespace lagscope::test;

namespace {

constexpr qint64 kRecords = 10;     // per partition
constexpr qint64 kSourceAt = 7;     // the group's commit on primary
constexpr qint64 kTargetBefore = 2; // the target group's commit on dr before the failover

} // namespace

class TestFailoverBrokerKill final : public LabTest {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_dataDir;
    QString m_config;
    int m_drNode = -1;
    QString m_probe;     // a replicated topic of this test, to see MirrorMaker working
    qint64 m_probed = 0; // records produced to it

    bool labTool(const QStringList &args, int timeoutMs = 180000) { return succeeded(m_lab.lab(args, timeoutMs)); }

    bool traffic(const QString &cluster, const QStringList &args) { return succeeded(m_lab.traffic(cluster, args)); }

    // One more record on primary reaches dr through MirrorMaker within `timeoutMs`.
    bool mirrorReplicates(int timeoutMs)
    {
        if (!traffic(kPrimary, produceArgs(m_probe, 1)))
            return false;
        ++m_probed;
        return waitUntil([&] { return m_lab.logEndSum(kDr, kPrimary + QLatin1Char('.') + m_probe, 1) >= m_probed; },
                         timeoutMs);
    }

    // dr up and answering, MirrorMaker replicating again (restarted when it does not
    // recover by itself within a minute).
    void restoreLab()
    {
        QElapsedTimer clock;
        clock.start();
        QVERIFY(labTool({QStringLiteral("broker"), QStringLiteral("start"), QStringLiteral("--cluster"), kDr,
                         QStringLiteral("--node"), QString::number(m_drNode)}));
        QVERIFY(waitUntil([&] { return m_lab.logEndSum(kDr, kPrimary + QLatin1Char('.') + m_probe, 1) >= 0; }, 120000));
        if (!mirrorReplicates(60000)) {
            qInfo("MirrorMaker did not replicate after dr came back: restarting it");
            QVERIFY(labTool({QStringLiteral("mm2"), QStringLiteral("stop")}));
            QVERIFY(labTool({QStringLiteral("mm2"), QStringLiteral("start")}, 300000));
            QVERIFY(mirrorReplicates(120000));
        }
        qInfo("lab restored in %lld ms", static_cast<long long>(clock.elapsed()));
    }

    // Topics a, b, c of two partitions with kRecords each on primary, replicated to dr; the
    // group committed at kSourceAt on primary and kTargetBefore on dr. Returns the remote
    // topics on dr, in the order the executor commits them.
    QStringList setUp(const QString &group)
    {
        QStringList remote;
        for (const char *suffix : {"a", "b", "c"}) {
            const QString topic = QStringLiteral("fkill-%1-%2").arg(m_id, QLatin1String(suffix));
            if (!traffic(kPrimary, createTopicArgs(topic, 2, 3)))
                return {};
            for (int partition : {0, 1})
                if (!traffic(kPrimary, {QStringLiteral("produce"), QStringLiteral("--topic"), topic,
                                        QStringLiteral("--partition"), QString::number(partition),
                                        QStringLiteral("--count"), QString::number(kRecords)}))
                    return {};
            if (!traffic(kPrimary, commitArgs(group, topic, QStringLiteral("0=%1,1=%1").arg(kSourceAt))))
                return {};
            remote << kPrimary + QLatin1Char('.') + topic;
        }
        for (const QString &topic : remote) {
            if (!waitUntil([&] { return m_lab.logEndSum(kDr, topic, 2) == 2 * kRecords; }, 120000))
                return {};
            if (!traffic(kDr, commitArgs(group, topic, QStringLiteral("0=%1,1=%1").arg(kTargetBefore))))
                return {};
        }
        return remote;
    }

    ProcessResult ctl(QStringList args)
    {
        args << QStringLiteral("--config") << m_config;
        return m_lab.lagscopectl(args, 120000);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QStandardPaths::setTestModeEnabled(true);
        m_dataDir = m_tmp.filePath(QStringLiteral("executor"));
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("cli")).toUtf8()); // lagscopectl's own audit trail
        m_config = m_lab.writeConfig(m_tmp.path());
        QFile config(m_config);
        QVERIFY(config.open(QIODevice::Append));
        config.write("replication:\n  - source: primary\n    target: dr\n");
        config.close();
        const QList<int> nodes = m_lab.brokerNodes(kDr);
        QCOMPARE(nodes.size(), 1); // the test profile: killing it takes dr down as a whole
        m_drNode = nodes.front();
        m_probe = QStringLiteral("fkill-%1-probe").arg(m_id);
        QVERIFY(traffic(kPrimary, createTopicArgs(m_probe, 1)));
        // Start from a lab whose dr is up and mirrored, whatever ran before.
        restoreLab();
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
        restoreLab();
    }

    void targetKilledDuringApply()
    {
        const QString group = QStringLiteral("fkill-g-%1").arg(m_id);
        const QStringList topics = setUp(group);
        QCOMPARE(topics.size(), 3);
        const auto original = m_lab.committed(kDr, group);
        QVERIFY(original);
        QCOMPARE(original->size(), size_t(6));

        // The real pipeline, as lagscopectl failover and the wizard run it.
        auto config = loadConfig(m_config);
        QVERIFY2(config, why(config).constData());
        bool inverse = false;
        const ReplicationFlowConfig *flow = findFlow(*config, kPrimary, kDr, &inverse);
        QVERIFY(flow && !inverse);
        FailoverRequest request;
        request.from = *config->cluster(kPrimary);
        request.to = *config->cluster(kDr);
        request.flow = *flow;
        request.groups = {group};
        request.cacheDir = m_dataDir;
        auto gathered = gatherFailover(request);
        QVERIFY2(gathered, why(gathered).constData());
        QCOMPARE(gathered->groups.size(), size_t(1));
        const FailoverPlan plan = planFailover(gathered->groups.front(), {Mode::Auto, Fallback::Fail});
        QVERIFY(!anyRed(preflightFailover(gathered->groups.front(), plan, {})));
        QCOMPARE(plan.partitions.size(), size_t(6));
        for (const auto &p : plan.partitions) {
            QCOMPARE(methodName(p.method), QStringLiteral("exact"));
            QCOMPARE(p.newOffset, kSourceAt);
        }

        FailoverApplyOptions options;
        options.dataDir = m_dataDir;
        options.commandText = QStringLiteral("tst_failoverbrokerkill");
        options.requestTimeoutMs = 5000;
        options.deadline = Deadline::inMs(15000);
        QStringList committedTopics;
        QElapsedTimer down; // from the SIGKILL until dr answers again
        options.afterBatch = [&](const QString &topic, int, int) {
            committedTopics << topic;
            if (!down.isValid()
                && labTool({QStringLiteral("broker"), QStringLiteral("kill"), QStringLiteral("--cluster"), kDr,
                            QStringLiteral("--node"), QString::number(m_drNode)}))
                down.start();
        };
        QElapsedTimer clock;
        clock.start();
        auto applied = applyFailover(*config->cluster(kDr), plan, options);
        const qint64 applyMs = clock.elapsed();
        QVERIFY(down.isValid());
        QVERIFY2(applied, why(applied).constData());
        QVERIFY(!applied->refusal);
        QCOMPARE(committedTopics, QStringList{topics[0]});
        const ResetOutcome &outcome = applied->reset;
        for (const auto &o : outcome.partitions)
            qInfo("%s: %s acknowledged=%d (%s)", qPrintable(o.tp.toString()), qPrintable(outcomeName(o.result)),
                  int(o.acknowledged), qPrintable(o.reason));
        qInfo("apply returned after %lld ms: %s", static_cast<long long>(applyMs),
              qPrintable(writeResultName(outcome.result)));

        // The report: exactly what is known, "unknown" where nothing could be verified.
        QCOMPARE(outcome.result, WriteResult::Unknown);
        QCOMPARE(outcome.partitions.size(), size_t(6));
        for (const auto &o : outcome.partitions) {
            QCOMPARE(o.before, std::optional<qint64>(kTargetBefore));
            QCOMPARE(o.planned, kSourceAt);
            QVERIFY(!o.after);
            verifyCutCommit(o, topics);
            if (QTest::currentTestFailed())
                return;
        }
        const QString summary = failoverOutcomeSummary(outcome);
        qInfo("summary: %s", qPrintable(summary));
        QCOMPARE(summary,
                 QStringLiteral("acknowledged but not verified: %1; no answer, may or may not have landed: %2; "
                                "not applied: %3")
                     .arg(topics[0], topics[1], topics[2]));
        QVERIFY(QFile::exists(outcome.backupPath));
        QVERIFY(!applied->nextSteps.isEmpty());
        QVERIFY2(applied->nextSteps.front().contains(QStringLiteral("did not complete")),
                 qPrintable(applied->nextSteps.front()));
        QVERIFY(applied->nextSteps.back().contains(outcome.backupPath));
        for (const QString &step : applied->nextSteps)
            QVERIFY2(!step.startsWith(QStringLiteral("Start the consumers")), qPrintable(step));
        const auto records = auditRecords(auditLogPath(m_dataDir), group);
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first()[QStringLiteral("cluster")].toString(), kDr);
        QCOMPARE(records.first()[QStringLiteral("result")].toString(), QStringLiteral("unknown"));
        QCOMPARE(records.first()[QStringLiteral("backup")].toString(), outcome.backupPath);
        QVERIFY2(records.first()[QStringLiteral("reason")].toString().contains(
                     QStringLiteral("commit of topic '%1' failed").arg(topics[1])),
                 qPrintable(records.first()[QStringLiteral("reason")].toString()));

        // Recovery: dr restarts and answers again.
        QVERIFY(labTool({QStringLiteral("broker"), QStringLiteral("start"), QStringLiteral("--cluster"), kDr,
                         QStringLiteral("--node"), QString::number(m_drNode)}));
        std::optional<CommittedOffsets> after;
        QVERIFY(waitUntil([&] { return (after = m_lab.committed(kDr, group)).has_value(); }, 120000));
        qInfo("dr was down for %lld ms", static_cast<long long>(down.elapsed()));
        qInfo("after recovery: %s", qPrintable(show(*after)));
        const auto offsetOf = [&](int topic, int p) {
            return after->count({topics[topic], p}) ? after->at({topics[topic], p}) : qint64(-1);
        };
        for (int p : {0, 1}) {
            QCOMPARE(offsetOf(0, p), kSourceAt);
            QCOMPARE(offsetOf(2, p), kTargetBefore);
        }
        // The commit in flight is all-or-nothing.
        QVERIFY2((offsetOf(1, 0) == kSourceAt && offsetOf(1, 1) == kSourceAt)
                     || (offsetOf(1, 0) == kTargetBefore && offsetOf(1, 1) == kTargetBefore),
                 qPrintable(show(*after)));
        qInfo("the unanswered commit of %s %s", qPrintable(topics[1]),
              offsetOf(1, 0) == kSourceAt ? "landed" : "never landed");
        QCOMPARE(after->size(), size_t(6));

        // The backup restores the target group's offsets from before the failover.
        const ProcessResult undo = ctl({QStringLiteral("undo"), QStringLiteral("--cluster"), kDr,
                                        QStringLiteral("--backup"), outcome.backupPath, QStringLiteral("--execute")});
        qInfo("lagscopectl undo: exit code %d after %lld ms", undo.exitCode, static_cast<long long>(undo.elapsedMs));
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.describe()));
        const auto restored = m_lab.committed(kDr, group);
        QVERIFY(restored);
        QCOMPARE(show(*restored), show(*original));
        // MirrorMaker works again, and nothing left over from the apply has landed since.
        QElapsedTimer mirror;
        mirror.start();
        QVERIFY(mirrorReplicates(60000));
        qInfo("MirrorMaker replicated a new record %lld ms after the undo", static_cast<long long>(mirror.elapsed()));
        QCOMPARE(show(*m_lab.committed(kDr, group)), show(*original));
    }
};

QTEST_GUILESS_MAIN(TestFailoverBrokerKill)
#include "tst_failoverbrokerkill.moc"
