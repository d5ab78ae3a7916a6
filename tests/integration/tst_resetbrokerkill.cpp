// Safety drill of the offset-reset executor against the real lab: the group coordinator is
// killed with SIGKILL while a reset is being applied (from ResetApplyOptions::afterBatch,
// between the commit of the first topic and the next one).
//
// heldDown: the group's __consumer_offsets partition is first reassigned to the coordinator
//   alone, so nothing can take over and the coordinator stays down until the test restarts
//   it — deterministic, whatever the machine's speed. The executor must then report exactly:
//   the first topic acknowledged (but not verifiable: the read-back fails too), the topic in
//   flight unknown, the rest not applied. After recovery the real state must match: the
//   first topic moved, the last one not, the one in flight all-or-nothing; and
//   `lagscopectl undo --backup FILE --execute` must restore the original offsets. The same
//   undo run during the outage fails and exits by itself (its client is closed with a
//   coordinator request still waiting: see KafkaClient::~KafkaClient).
//
// It restores the lab afterwards (tests/common/CoordinatorDrill.h).
#include "CoordinatorDrill.h"
#include "DrillUtil.h"
#include "LabTest.h"
#include "actions/ResetExecutor.h"
#include "actions/ResetPlanner.h"
#include "kafka/KafkaClient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>

using namespace lagscope;
using namespace lagscope::test;

namespace {

const QString kCluster = CoordinatorDrill::kCluster;

} // namespace

class TestResetBrokerKill final : public LabTest {
    Q_OBJECT

private:
    CoordinatorDrill m_drill{m_lab};
    KafkaClient *m_client = m_drill.client(); // observes; never used while a coordinator is down
    QTemporaryDir m_tmp;
    QString m_dataDir;
    QString m_config;

    bool traffic(const QStringList &args) { return succeeded(m_lab.traffic(kCluster, args)); }

    std::optional<CommittedOffsets> committed(const QString &group)
    {
        auto offsets = m_client->committedOffsets({group}, Deadline::inMs(5000));
        if (!offsets)
            return std::nullopt;
        return (*offsets)[group];
    }

    // Three topics of two partitions with 10 records each, the group committed at 5
    // everywhere. Returns the topics, in the order the executor commits them.
    QStringList setUpGroup(const QString &name, const QString &group)
    {
        QStringList topics;
        for (const char *suffix : {"a", "b", "c"}) {
            const QString topic = QStringLiteral("%1-%2-%3").arg(name, m_id, QLatin1String(suffix));
            if (!traffic(createTopicArgs(topic, 2, 3)))
                return {};
            for (int partition : {0, 1})
                if (!traffic({QStringLiteral("produce"), QStringLiteral("--topic"), topic,
                              QStringLiteral("--partition"), QString::number(partition), QStringLiteral("--count"),
                              QStringLiteral("10")}))
                    return {};
            if (!traffic(commitArgs(group, topic, QStringLiteral("0=5,1=5"))))
                return {};
            topics << topic;
        }
        return topics;
    }

    Result<ResetPlan> planToEarliest(const QString &group, const QStringList &topics)
    {
        ResetSpec spec;
        spec.kind = ResetSpec::ToEarliest;
        ResetScope scope;
        for (const QString &t : topics)
            scope.topics.push_back({t, {}});
        return planOnCluster(*m_client, group, spec, scope);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QStandardPaths::setTestModeEnabled(true);
        m_dataDir = m_tmp.filePath(QStringLiteral("executor"));
        // lagscopectl keeps its own backups and audit trail here.
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("cli")).toUtf8());
        m_config = m_lab.writeConfig(m_tmp.path());
        QVERIFY(m_drill.ready());
        QVERIFY(m_drill.ensureOffsetsTopic(QStringLiteral("kill-warmup-%1").arg(m_id)));
        // Start from a balanced lab, whatever ran before.
        m_drill.restoreLab();
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
        m_drill.restoreLab();
    }

    void heldDown()
    {
        int partition = -1;
        int coordinator = -1;
        const QString group =
            m_drill.groupAwayFromController(QStringLiteral("kill-held-g"), m_id, &partition, &coordinator);
        QVERIFY(!group.isEmpty());
        const QStringList topics = setUpGroup(QStringLiteral("kill-held"), group);
        QCOMPARE(topics.size(), 3);
        const auto original = committed(group);
        QVERIFY(original);
        QCOMPARE(original->size(), size_t(6));

        // Only the coordinator keeps the group's offsets partition: nothing can take over.
        QVERIFY(m_drill.holdOnly(partition, coordinator));
        QVERIFY(waitUntil([&] { return m_drill.coordinatorOf(group) == coordinator; }, 30000, 3));

        auto planned = planToEarliest(group, topics);
        QVERIFY2(planned, why(planned).constData());
        QCOMPARE(planned->partitions.size(), size_t(6));

        // A client of its own, as the CLI and the dialog have: closed when the apply ends.
        auto applier = m_lab.client(kCluster);
        QVERIFY(applier);
        ResetApplyOptions options;
        options.cluster = kCluster;
        options.dataDir = m_dataDir;
        options.specText = QStringLiteral("--to-earliest");
        options.scopeText = QStringLiteral("--topic ") + topics.join(QStringLiteral(" --topic "));
        options.deadline = Deadline::inMs(20000);
        QStringList committedTopics;
        bool killed = false;
        options.afterBatch = [&](const QString &topic, int, int) {
            committedTopics << topic;
            if (!killed)
                killed = m_drill.killBroker(coordinator);
        };
        QElapsedTimer clock;
        clock.start();
        auto applied = applyReset(*applier, *planned, options);
        const qint64 applyMs = clock.elapsed();
        QVERIFY(killed);
        QVERIFY2(applied, why(applied).constData());
        QCOMPARE(committedTopics, QStringList{topics[0]});
        for (const auto &o : applied->partitions)
            qInfo("%s: %s acknowledged=%d (%s)", qPrintable(o.tp.toString()), qPrintable(outcomeName(o.result)),
                  int(o.acknowledged), qPrintable(o.reason));
        qInfo("apply returned after %lld ms with result %s", static_cast<long long>(applyMs),
              qPrintable(writeResultName(applied->result)));

        // The report: what is known, and "unknown" where the executor could not verify.
        QCOMPARE(applied->result, WriteResult::Unknown);
        QCOMPARE(applied->partitions.size(), size_t(6));
        for (const auto &o : applied->partitions) {
            QCOMPARE(o.before, std::optional<qint64>(5));
            QVERIFY(!o.after);
            verifyCutCommit(o, topics);
            if (QTest::currentTestFailed())
                return;
        }
        const auto records = auditRecords(QDir(m_dataDir).filePath(QStringLiteral("audit.jsonl")), group);
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first()[QStringLiteral("result")].toString(), QStringLiteral("unknown"));
        QCOMPARE(records.first()[QStringLiteral("backup")].toString(), applied->backupPath);

        // lagscopectl during the outage: it cannot reach the coordinator either, says so and
        // exits by itself — its client is closed with a coordinator request still waiting
        // (see ~KafkaClient), which used to block the exit for ever. Nothing is committed.
        const ProcessResult during =
            m_lab.lagscopectl({QStringLiteral("undo"), QStringLiteral("--config"), m_config,
                               QStringLiteral("--cluster"), kCluster, QStringLiteral("--backup"), applied->backupPath,
                               QStringLiteral("--execute"), QStringLiteral("--timeout"), QStringLiteral("8")},
                              120000);
        qInfo("lagscopectl undo during the outage: exit code %d after %lld ms", during.exitCode,
              static_cast<long long>(during.elapsedMs));
        QVERIFY2(!during.timedOut, qPrintable(QStringLiteral("had to be killed: ") + during.describe()));
        QVERIFY2(during.exitCode > 0, qPrintable(during.describe()));
        QVERIFY2(during.err.contains(QStringLiteral("no answer before the deadline")), qPrintable(during.describe()));

        // Recovery: the coordinator restarts and answers again.
        QVERIFY(m_drill.startBroker(coordinator));
        std::optional<CommittedOffsets> after;
        QVERIFY(waitUntil([&] { return (after = committed(group)).has_value(); }, 120000));
        // The applier's requests left unanswered (the commit in flight, the read-back) end
        // once the coordinator is back; then its client is closed like any other, before the
        // state is judged.
        QVERIFY(applier->awaitUnansweredRequests(Deadline::inMs(60000)));
        QElapsedTimer closing;
        closing.start();
        applier.reset();
        qInfo("the applier's client closed in %lld ms", static_cast<long long>(closing.elapsed()));
        QVERIFY(waitUntil([&] { return (after = committed(group)).has_value(); }, 30000));
        qInfo("after recovery: %s", qPrintable(show(*after)));
        // Exactly the acknowledged topic changed and the last one was never sent. The one in
        // flight is what "unknown" warns about: its commit is all-or-nothing, and may have
        // been delivered late to the restarted coordinator.
        const auto offsetOf = [&](int topic, int p) {
            return after->count({topics[topic], p}) ? after->at({topics[topic], p}) : -1;
        };
        for (int p : {0, 1}) {
            QCOMPARE(offsetOf(0, p), qint64(0));
            QCOMPARE(offsetOf(2, p), qint64(5));
        }
        QVERIFY2((offsetOf(1, 0) == 0 && offsetOf(1, 1) == 0) || (offsetOf(1, 0) == 5 && offsetOf(1, 1) == 5),
                 qPrintable(show(*after)));
        qInfo("the unanswered commit of %s %s", qPrintable(topics[1]),
              offsetOf(1, 0) == 0 ? "landed once the coordinator was back" : "never landed");
        QCOMPARE(after->size(), size_t(6));

        // The backup restores the original offsets.
        const ProcessResult undo = m_lab.lagscopectl({QStringLiteral("undo"), QStringLiteral("--config"), m_config,
                                                      QStringLiteral("--cluster"), kCluster, QStringLiteral("--backup"),
                                                      applied->backupPath, QStringLiteral("--execute")});
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.describe()));
        const auto restored = committed(group);
        QVERIFY(restored);
        QCOMPARE(show(*restored), show(*original));
    }
};

QTEST_GUILESS_MAIN(TestResetBrokerKill)
#include "tst_resetbrokerkill.moc"
