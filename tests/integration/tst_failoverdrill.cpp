// The failover drill on real Kafka and a real MirrorMaker 2 (offset.lag.max at its default
// 100): 24,000 sequence-numbered records in a 6-partition topic on primary; a group consumes
// half of them there, logging every sequence it processed and committing every 500; then the
// group moves to dr by each method and consumes the rest, and lost and duplicated sequences
// are counted over both sides:
//   planned   lagscopectl failover --execute (source up, exact mode)
//   failback  planned failover, part consumed on dr, lagscopectl failback --mode exact, rest on primary
//   mm2-sync  MirrorMaker's own sync.group.offsets.enabled=true
//   earliest / latest  naive resets on dr
//   disaster  the primary cluster is killed after a monitoring pass (a failover dry run that
//             refreshes the failover cache), then lagscopectl failover --disaster --execute
// Safety on the way: an active target group is refused; in disaster mode a plan that may
// skip (exact impossible, fallback latest) is refused without --accept-skips; a disaster
// failover without --disaster is refused.
// Prints the table (and writes LAGSCOPE_TEST_OUTPUT/failover-drill.txt). Stops and kills
// lab processes: RUN_SERIAL; leaves MirrorMaker and primary as the lab profile has them.
#include "DrillUtil.h"
#include "LabTest.h"

#include "kafka/KafkaClient.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kRecords = 24000;
constexpr int kPartitions = 6;
constexpr int kPhaseOne = 12000;
// Records phase one processes per partition (sum kPhaseOne): positions in the middle of
// each partition, between MirrorMaker's offset syncs. One consumer subscribed to all six
// would drain whole partitions one after another (a fetch holds thousands of small records).
constexpr int kPhaseOneShare[kPartitions] = {1234, 2345, 1777, 3001, 999, 2644};

struct Tally {
    qint64 lost = 0;
    qint64 duplicated = 0;
};

} // namespace

class TestFailoverDrill final : public LabTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_topic = QStringLiteral("drill-%1").arg(m_id);
    QString m_remote = QStringLiteral("primary.drill-%1").arg(m_id);
    CommittedOffsets m_phaseOne; // committed by the phase-one group on primary
    std::vector<std::pair<QString, Tally>> m_table;
    bool m_primaryDown = false;
    // disaster()'s step, printed at the very end when it did not finish: CI keeps a failing
    // test's last lines, and a failure message further up may not be among them.
    QString m_disasterStep;

    QString group(const char *role) const { return QStringLiteral("drill-%1-%2").arg(QString::fromUtf8(role), m_id); }
    QString log(const QString &name) const { return m_dir.filePath(name + QStringLiteral(".log")); }

    void ok(const ProcessResult &r) { QVERIFY2(r.exitCode == 0, qPrintable(r.describe())); }

    ProcessResult ctl(QStringList args, int timeoutMs = 180000)
    {
        args << QStringLiteral("--config") << m_config;
        return m_lab.lagscopectl(args, timeoutMs);
    }

    // Consumes `topic` on `cluster` as `group` until every partition is at its end (or `max`),
    // logging each record's value.
    void consume(const QString &cluster, const QString &groupId, const QString &topic, const QString &logName,
                 int max = 1000000)
    {
        ok(m_lab.traffic(cluster,
                         {QStringLiteral("consume"), QStringLiteral("--group"), groupId, QStringLiteral("--topic"),
                          topic, QStringLiteral("--max"), QString::number(max), QStringLiteral("--commit-every"),
                          QStringLiteral("500"), QStringLiteral("--log"), log(logName), QStringLiteral("--timeout"),
                          QStringLiteral("120")},
                         180000));
    }

    // Lost and duplicated sequences over the logs (values "value-<seq>").
    Tally count(const QStringList &logs)
    {
        std::vector<int> seen(kRecords, 0);
        for (const QString &name : logs) {
            QFile f(log(name));
            if (!f.open(QIODevice::ReadOnly))
                continue;
            for (const QByteArray &line : f.readAll().split('\n')) {
                if (!line.startsWith("value-"))
                    continue;
                const int seq = line.mid(6).toInt();
                if (seq >= 0 && seq < kRecords)
                    ++seen[size_t(seq)];
            }
        }
        Tally t;
        for (int n : seen) {
            t.lost += n == 0 ? 1 : 0;
            t.duplicated += std::max(0, n - 1);
        }
        return t;
    }

    CommittedOffsets committed(const QString &cluster, const QString &groupId)
    {
        return m_lab.committed(cluster, groupId).value_or(CommittedOffsets{});
    }

    // Gives `groupId` on primary the phase-one group's offsets: the same records processed.
    void copyPhaseOne(const QString &groupId)
    {
        QStringList pairs;
        for (const auto &[tp, o] : m_phaseOne)
            pairs << QStringLiteral("%1=%2").arg(tp.partition).arg(o);
        commit(groupId, pairs.join(QLatin1Char(',')));
    }

    void commit(const QString &groupId, const QString &offsets)
    {
        ok(m_lab.traffic(QStringLiteral("primary"), commitArgs(groupId, m_topic, offsets)));
    }

    // Waits (wall clock: each check starts a JVM) until MirrorMaker has checkpointed every
    // partition the group committed, as Kafka's own translation reads them; on failure says
    // what it has and prints the lab's logs.
    bool checkpointed(const QString &groupId)
    {
        QStringList last;
        if (waitUntil([&] { return (last = kafkaTranslation(groupId)).size() == qsizetype(m_phaseOne.size()); },
                      180000))
            return true;
        qWarning("MirrorMaker translated %lld of %zu partitions of %s: %s", qlonglong(last.size()), m_phaseOne.size(),
                 qPrintable(groupId), qPrintable(last.join(QStringLiteral("; "))));
        m_lab.dumpLogs();
        return false;
    }

    // Kafka's own translation of the group's offsets (RemoteClusterUtils), "topic p offset".
    QStringList kafkaTranslation(const QString &groupId) { return m_lab.kafkaTranslation(groupId, m_remote); }

    QStringList drCommittedLines(const QString &groupId)
    {
        QStringList lines;
        for (const auto &[tp, o] : committed(QStringLiteral("dr"), groupId))
            if (tp.topic == m_remote)
                lines << QStringLiteral("%1 %2 %3").arg(tp.topic).arg(tp.partition).arg(o);
        lines.sort();
        return lines;
    }

    QJsonObject json(const ProcessResult &r) { return QJsonDocument::fromJson(r.out.toUtf8()).object(); }

    void record(const QString &method, const Tally &t)
    {
        m_table.emplace_back(method, t);
        qInfo("%s: lost %lld, duplicated %lld", qPrintable(method), t.lost, t.duplicated);
    }

    void mirrorMaker(bool syncGroupOffsets, int offsetLagMax)
    {
        ok(m_lab.lab({QStringLiteral("mm2"), QStringLiteral("start"), QStringLiteral("--sync-group-offsets"),
                      syncGroupOffsets ? QStringLiteral("true") : QStringLiteral("false"),
                      QStringLiteral("--offset-lag-max"), QString::number(offsetLagMax)},
                     240000));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // lagscopectl's backups, audit log and failover cache go to this run's own data dir.
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
        m_config = m_lab.writeConfig(m_dir.path());
        QFile config(m_config);
        QVERIFY(config.open(QIODevice::Append));
        config.write("replication:\n  - source: primary\n    target: dr\n");
        config.close();

        ok(m_lab.traffic(QStringLiteral("primary"), createTopicArgs(m_topic, kPartitions, 3)));
        // Every drill group exists before MirrorMaker starts. A new group makes MirrorMaker
        // restart its checkpoint task, and a restarted task keeps only the newest offset sync
        // of each partition: a group appearing after the records were copied could then never
        // be checkpointed (its offsets lie before that sync).
        QStringList zero;
        for (int p = 0; p < kPartitions; ++p)
            zero << QStringLiteral("%1=0").arg(p);
        for (const char *role : {"planned", "failback", "mm2", "earliest", "latest", "disaster", "active"})
            commit(group(role), zero.join(QLatin1Char(',')));
        ok(m_lab.lab({QStringLiteral("mm2"), QStringLiteral("stop")}, 120000));
        mirrorMaker(false, 100); // MirrorMaker's default offset.lag.max, as in production
        ok(m_lab.traffic(QStringLiteral("primary"), produceArgs(m_topic, kRecords)));
        // A wall-clock deadline: each check is a client round trip, longer than QTRY's step.
        QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), m_remote, kPartitions) == kRecords; },
                          120000));

        // Phase one: half the records processed on primary, committed every 500 and at the end.
        for (int p = 0; p < kPartitions; ++p)
            ok(m_lab.traffic(QStringLiteral("primary"),
                             {QStringLiteral("consume"), QStringLiteral("--group"), group("planned"),
                              QStringLiteral("--topic"), m_topic, QStringLiteral("--assign"), QString::number(p),
                              QStringLiteral("--max"), QString::number(kPhaseOneShare[p]),
                              QStringLiteral("--commit-every"), QStringLiteral("500"), QStringLiteral("--log"),
                              log(QStringLiteral("phase1"))}));
        m_phaseOne = committed(QStringLiteral("primary"), group("planned"));
        qint64 sum = 0;
        for (const auto &[tp, o] : m_phaseOne) {
            sum += o;
            QCOMPARE(o, qint64(kPhaseOneShare[tp.partition]));
        }
        QCOMPARE(sum, qint64(kPhaseOne)); // processed == committed: a clean stop
        QCOMPARE(count({QStringLiteral("phase1")}).lost, qint64(kRecords - kPhaseOne));
        for (const char *role : {"failback", "mm2", "earliest", "latest", "disaster", "active"})
            copyPhaseOne(group(role));
        // MirrorMaker checkpoints every group (the disaster and mm2 rows depend on them).
        QVERIFY(checkpointed(group("mm2")));
        QVERIFY(checkpointed(group("disaster")));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void planned()
    {
        const ProcessResult r =
            ctl({QStringLiteral("failover"), QStringLiteral("--from"), QStringLiteral("primary"),
                 QStringLiteral("--to"), QStringLiteral("dr"), QStringLiteral("--group"), group("planned"),
                 QStringLiteral("--execute"), QStringLiteral("--format"), QStringLiteral("json")});
        ok(r);
        const QJsonObject g = json(r).value(QStringLiteral("groups")).toArray().at(0).toObject();
        QCOMPARE(g.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
        for (const QJsonValue &p : g.value(QStringLiteral("partitions")).toArray())
            QCOMPARE(p.toObject().value(QStringLiteral("method")).toString(), QStringLiteral("exact"));
        consume(QStringLiteral("dr"), group("planned"), m_remote, QStringLiteral("planned"));
        const Tally t = count({QStringLiteral("phase1"), QStringLiteral("planned")});
        record(QStringLiteral("Lagscope planned (auto = exact)"), t);
        QCOMPARE(t.lost, qint64(0));
        QCOMPARE(t.duplicated, qint64(0));
    }

    void failback()
    {
        const QString g = group("failback");
        ok(ctl({QStringLiteral("failover"), QStringLiteral("--from"), QStringLiteral("primary"), QStringLiteral("--to"),
                QStringLiteral("dr"), QStringLiteral("--group"), g, QStringLiteral("--execute")}));
        consume(QStringLiteral("dr"), g, m_remote, QStringLiteral("failback-dr"), 4000);
        const ProcessResult r = ctl({QStringLiteral("failback"), QStringLiteral("--from"), QStringLiteral("dr"),
                                     QStringLiteral("--to"), QStringLiteral("primary"), QStringLiteral("--group"), g,
                                     QStringLiteral("--mode"), QStringLiteral("exact"), QStringLiteral("--execute"),
                                     QStringLiteral("--format"), QStringLiteral("json")});
        ok(r);
        const QJsonObject result = json(r).value(QStringLiteral("groups")).toArray().at(0).toObject();
        QCOMPARE(result.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
        consume(QStringLiteral("primary"), g, m_topic, QStringLiteral("failback-primary"));
        const Tally t =
            count({QStringLiteral("phase1"), QStringLiteral("failback-dr"), QStringLiteral("failback-primary")});
        record(QStringLiteral("Lagscope failback (exact), after a planned failover"), t);
        QCOMPARE(t.lost, qint64(0));
        QCOMPARE(t.duplicated, qint64(0));
    }

    void activeTargetGroupIsRefused()
    {
        const QString g = group("active");
        QProcess member;
        member.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                     {QStringLiteral("consume"), QStringLiteral("--group"), g, QStringLiteral("--topic"), m_remote,
                      QStringLiteral("--max"), QStringLiteral("1"), QStringLiteral("--stay"),
                      QStringLiteral("--bootstrap"), m_lab.bootstrap(QStringLiteral("dr"))});
        QVERIFY(member.waitForStarted());
        // The member prints its line once it has committed; then it stays, idle.
        QByteArray printed;
        QTRY_VERIFY_WITH_TIMEOUT((printed += member.readAllStandardOutput()).contains("committed"), 60000);
        auto dr = m_lab.client(QStringLiteral("dr"));
        const auto stable = [&] {
            const auto d = dr->describeGroups({g}, Deadline::inMs(5000));
            return d && !d->empty() && !d->front().members.empty();
        };
        QVERIFY(waitUntil(stable, 60000));
        const CommittedOffsets before = committed(QStringLiteral("dr"), g);
        const ProcessResult r = ctl({QStringLiteral("failover"), QStringLiteral("--from"), QStringLiteral("primary"),
                                     QStringLiteral("--to"), QStringLiteral("dr"), QStringLiteral("--group"), g,
                                     QStringLiteral("--execute")});
        member.terminate();
        QVERIFY(member.waitForFinished(30000));
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QStringLiteral("[RED] target group inactive")), qPrintable(r.describe()));
        QCOMPARE(committed(QStringLiteral("dr"), g), before); // nothing written
    }

    void naiveResets()
    {
        for (const char *spec : {"earliest", "latest"}) {
            const QString g = group(spec);
            ok(ctl({QStringLiteral("reset-offsets"), QStringLiteral("--cluster"), QStringLiteral("dr"),
                    QStringLiteral("--group"), g, QStringLiteral("--topic"), m_remote,
                    QStringLiteral("--to-%1").arg(QString::fromUtf8(spec)), QStringLiteral("--execute")}));
            consume(QStringLiteral("dr"), g, m_remote, g);
            record(QStringLiteral("naive reset to %1 on dr").arg(QString::fromUtf8(spec)),
                   count({QStringLiteral("phase1"), g}));
        }
    }

    void mirrorMakerSyncGroupOffsets()
    {
        const QString g = group("mm2");
        mirrorMaker(true, 100);
        // MirrorMaker writes the group's translated offsets on dr; done when they equal its
        // own translation (RemoteClusterUtils) for every committed partition.
        const auto synced = [&] {
            const QStringList theirs = kafkaTranslation(g);
            return theirs.size() == qsizetype(m_phaseOne.size()) && drCommittedLines(g) == theirs;
        };
        QVERIFY(waitUntil(synced, 180000));
        consume(QStringLiteral("dr"), g, m_remote, g);
        record(QStringLiteral("MirrorMaker sync.group.offsets.enabled"), count({QStringLiteral("phase1"), g}));
    }

    void disaster()
    {
        const QString g = group("disaster");
        const QStringList base = {QStringLiteral("failover"),
                                  QStringLiteral("--from"),
                                  QStringLiteral("primary"),
                                  QStringLiteral("--to"),
                                  QStringLiteral("dr"),
                                  QStringLiteral("--group"),
                                  g};
        // The last monitoring pass before the data center dies: a dry run refreshes the cache.
        m_disasterStep = QStringLiteral("the dry run with primary up");
        ok(ctl(base + QStringList{QStringLiteral("--dry-run")}));
        const CommittedOffsets before = committed(QStringLiteral("dr"), g); // MirrorMaker's sync may have set some

        m_primaryDown = true;
        for (int node = 1; node <= 3; ++node)
            ok(m_lab.lab({QStringLiteral("broker"), QStringLiteral("kill"), QStringLiteral("--cluster"),
                          QStringLiteral("primary"), QStringLiteral("--node"), QString::number(node)}));

        // Refused: a disaster failover must be acknowledged.
        ProcessResult r = ctl(base + QStringList{QStringLiteral("--execute")});
        m_disasterStep = QStringLiteral("the refusal without --disaster: ") + r.describe();
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QStringLiteral("[RED] source group inactive")), qPrintable(r.describe()));
        // Refused: exact is impossible without the source, and latest may skip.
        r = ctl(base
                + QStringList{QStringLiteral("--disaster"), QStringLiteral("--mode"), QStringLiteral("exact"),
                              QStringLiteral("--fallback"), QStringLiteral("latest"), QStringLiteral("--execute")});
        m_disasterStep = QStringLiteral("the refusal of a skipping fallback: ") + r.describe();
        QCOMPARE(r.exitCode, 3);
        QVERIFY2(r.out.contains(QStringLiteral("[RED] no skipped records")), qPrintable(r.describe()));
        m_disasterStep = QStringLiteral("dr's offsets after the refusals");
        QCOMPARE(committed(QStringLiteral("dr"), g), before); // refusals write nothing
        r = ctl(base
                + QStringList{QStringLiteral("--disaster"), QStringLiteral("--mode"), QStringLiteral("exact"),
                              QStringLiteral("--fallback"), QStringLiteral("latest"),
                              QStringLiteral("--accept-skips")});
        m_disasterStep = QStringLiteral("the accepted dry run: ") + r.describe();
        QCOMPARE(r.exitCode, 0); // accepted (dry run)

        r = ctl(base
                + QStringList{QStringLiteral("--disaster"), QStringLiteral("--execute"), QStringLiteral("--format"),
                              QStringLiteral("json")});
        m_disasterStep = QStringLiteral("the disaster failover: ") + r.describe();
        ok(r);
        const QJsonObject result = json(r).value(QStringLiteral("groups")).toArray().at(0).toObject();
        QCOMPARE(result.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
        QVERIFY(result.value(QStringLiteral("disaster")).toBool());
        m_disasterStep = QStringLiteral("consuming on dr after the disaster failover");
        consume(QStringLiteral("dr"), g, m_remote, g);
        const Tally t = count({QStringLiteral("phase1"), g});
        record(QStringLiteral("Lagscope disaster (primary killed; cached offsets + syncs)"), t);
        m_disasterStep = QStringLiteral("its tally: lost %1, duplicated %2").arg(t.lost).arg(t.duplicated);
        QCOMPARE(t.lost, qint64(0));
        for (const auto &[method, mm] : m_table)
            if (method.startsWith(QStringLiteral("MirrorMaker")))
                QVERIFY2(t.duplicated <= mm.duplicated,
                         qPrintable(
                             QStringLiteral("%1 duplicates > MirrorMaker's %2").arg(t.duplicated).arg(mm.duplicated)));
        m_disasterStep.clear();
    }

    void cleanupTestCase()
    {
        // Leave the lab as its profile has it: primary up, MirrorMaker with the lab settings.
        if (m_primaryDown)
            m_lab.lab({QStringLiteral("cluster"), QStringLiteral("start"), QStringLiteral("--cluster"),
                       QStringLiteral("primary")},
                      240000);
        m_lab.lab({QStringLiteral("mm2"), QStringLiteral("stop")}, 120000);
        m_lab.lab({QStringLiteral("mm2"), QStringLiteral("start"), QStringLiteral("--sync-group-offsets"),
                   QStringLiteral("false"), QStringLiteral("--offset-lag-max"), QStringLiteral("0")},
                  240000);

        QString text =
            QStringLiteral("Failover drill: %1 records, %2 partitions, %3 processed on primary before the switch, "
                           "MirrorMaker 2 offset.lag.max=100\n\n| method | lost | duplicated |\n|---|---|---|\n")
                .arg(kRecords)
                .arg(kPartitions)
                .arg(kPhaseOne);
        for (const auto &[method, t] : m_table)
            text += QStringLiteral("| %1 | %2 | %3 |\n").arg(method).arg(t.lost).arg(t.duplicated);
        printf("%s", qPrintable(text));
        const QString out = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT");
        if (!out.isEmpty() && QDir().mkpath(out)) {
            QFile f(QDir(out).filePath(QStringLiteral("failover-drill.txt")));
            if (f.open(QIODevice::WriteOnly))
                f.write(text.toUtf8());
        }
        if (!m_disasterStep.isEmpty())
            printf("disaster() did not finish; its last step: %s\n", qPrintable(m_disasterStep));
    }
};

QTEST_GUILESS_MAIN(TestFailoverDrill)
#include "tst_failoverdrill.moc"
