// The exact lag of transactional topics against the real lab (docs/LAG-STATUS.md,
// "Transactions"). A transactional producer (librdkafka's API) writes committed and aborted
// transactions to four partitions; read_committed consumers read everything and commit, the
// way applications do; then more records arrive on two partitions, one of them in a
// transaction left open. Lagscope's real poll path (MonitorService, 1 s polls, allowed_lag 0)
// must show lag 0 where only markers and aborted records are left, while the log-end
// difference is > 0; the real lag where committed records are left (and an open
// transaction's records); and kafka-consumer-groups.sh --describe the raw difference.
//
// Offsets per partition after the first two transactions (M: a commit marker, A: an aborted
// record, X: the abort marker):
//   p0: 0–4 records, 5 M              log end 6
//   p1: 0–2 records, 3 M, 4–5 A, 6 X  log end 7
//   p2: 0–1 records, 2 M              log end 3
//   p3: 0–1 records, 2 M              log end 3
// After the consumers: p2 gets 3 more committed records (3–5, 6 M: log end 7) and p3 two
// records of a transaction that stays open (3–4: log end 5, last stable offset 3).
#include "LabTest.h"
#include "ToolOutput.h"
#include "TransactionalClients.h"
#include "monitor/MonitorService.h"

#include <QProcess>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kPollMs = 1000;
constexpr int kPartitions = 4;

// One partition's expected state for the group that committed after the last record.
struct Expected {
    qint64 committed;
    qint64 logEnd;
    qint64 lag; // exact
};
// p0 and p1: markers and aborted records only; p2: 3 committed records after 2 markers;
// p3: a marker, then the open transaction's 2 records, which count (they may commit).
const Expected kExpected[kPartitions] = {{5, 6, 0}, {3, 7, 0}, {2, 7, 3}, {2, 5, 2}};

} // namespace

class TestExactLagLab final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = named("txlag");
    std::unique_ptr<MonitorService> m_monitor;
    std::vector<SnapshotPtr> m_polls;
    TransactionalProducer m_open; // its transaction stays open until the end

    const GroupState *group(const QString &id, const SnapshotPtr &s = {}) const
    {
        const SnapshotPtr snap = s ? s : (m_polls.empty() ? nullptr : m_polls.back());
        return snap ? snap->group(id) : nullptr;
    }

    // The group's partitions in the latest poll match `want` (committed, log end, exact lag).
    bool shows(const QString &id, const Expected (&want)[kPartitions]) const
    {
        const GroupState *g = group(id);
        if (!g || g->partitions.size() != std::size_t(kPartitions))
            return false;
        for (int i = 0; i < kPartitions; ++i) {
            const PartitionLag &p = g->partitions[std::size_t(i)];
            if (p.committed != want[i].committed || p.logEnd != want[i].logEnd || p.lag != want[i].lag)
                return false;
        }
        return true;
    }

    QString describe(const QString &id) const
    {
        const GroupState *g = group(id);
        if (!g)
            return QStringLiteral("%1: not polled").arg(id);
        QStringList out;
        for (const PartitionLag &p : g->partitions)
            out << QStringLiteral("%1 committed %2 log end %3 lag %4 (raw %5, invisible %6) %7: %8")
                       .arg(p.partition.toString())
                       .arg(p.committed.value_or(-1))
                       .arg(p.logEnd.value_or(-1))
                       .arg(p.lag.value_or(-1))
                       .arg(p.rawLag().value_or(-1))
                       .arg(p.invisibleRecords)
                       .arg(lagStatusName(p.verdict.status), p.verdict.reason);
        return out.join(QLatin1Char('\n'));
    }

private Q_SLOTS:
    void initTestCase()
    {
        requireSuccess(m_lab.traffic(kPrimary, createTopicArgs(m_topic, kPartitions, 3)));
        const QString bootstrap = m_lab.bootstrap(kPrimary);
        TransactionalProducer producer;
        QVERIFY(producer.start(bootstrap, named("txlag-producer")));
        QVERIFY(producer.begin());
        for (const auto &[partition, count] : {std::pair{0, 5}, {1, 3}, {2, 2}, {3, 2}})
            QVERIFY(producer.produce(m_topic, partition, count));
        QVERIFY(producer.commit());
        QVERIFY(producer.begin());
        QVERIFY(producer.produce(m_topic, 1, 2));
        QVERIFY(producer.abort());

        // Kafka's own Java consumer, read_committed, commits when it closes (auto commit). It
        // stops after --timeout-ms without a record: long enough for its group join and first
        // fetch on a loaded machine (3 s was not: CI saw it give up with 0 records).
        QProcess java;
        java.setProcessChannelMode(QProcess::MergedChannels);
        java.start(QStringLiteral("python3"),
                   {qEnvironmentVariable("LAGSCOPE_LAB"), QStringLiteral("--dir"), m_lab.labDir(),
                    QStringLiteral("tool"), QStringLiteral("console-consumer"), QStringLiteral("--cluster"), kPrimary,
                    QStringLiteral("--"), QStringLiteral("--topic"), m_topic, QStringLiteral("--group"),
                    named("txlag-java"), QStringLiteral("--isolation-level"), QStringLiteral("read_committed"),
                    QStringLiteral("--from-beginning"), QStringLiteral("--timeout-ms"), QStringLiteral("15000")});

        const Consumed afterRecord =
            consumeAll(bootstrap, named("txlag-app"), m_topic, kPartitions, CommitWay::AfterLastRecord);
        const Consumed stored =
            consumeAll(bootstrap, named("txlag-stored"), m_topic, kPartitions, CommitWay::StoredOffsets);
        QVERIFY(afterRecord.ok && stored.ok);
        QCOMPARE(afterRecord.records, 12); // 5 + 3 + 2 + 2: no aborted record is received
        QCOMPARE(stored.records, 12);
        QVERIFY(java.waitForFinished(120000));
        qInfo("Java console consumer (read_committed): %s", java.readAll().trimmed().right(200).constData());
        for (int p = 0; p < kPartitions; ++p) {
            QCOMPARE(afterRecord.committed.at(p), kExpected[p].committed);
            qInfo("p%d: committed after the last record %lld, librdkafka's stored offset %lld", p,
                  static_cast<long long>(afterRecord.committed.at(p)), static_cast<long long>(stored.committed.at(p)));
        }

        // Committed records the group has not read, after a marker (p2); an open transaction (p3).
        QVERIFY(producer.begin());
        QVERIFY(producer.produce(m_topic, 2, 3));
        QVERIFY(producer.commit());
        QVERIFY(m_open.start(bootstrap, named("txlag-open")));
        QVERIFY(m_open.begin());
        QVERIFY(m_open.produce(m_topic, 3, 2));

        AppConfig config;
        config.pollIntervalMs = kPollMs;
        config.requestTimeoutMs = 4000;
        config.lagWindowPolls = 4; // STOP comes within a few polls
        config.allowedLag = 0;     // exact lag makes 0 safe: nothing hides a marker
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            if (u.snapshot->cluster == kPrimary && u.snapshot->reachable)
                m_polls.push_back(u.snapshot);
        });
        m_monitor->start();
    }

    void cleanupTestCase()
    {
        m_monitor.reset();
        if (!m_open.abort())
            qWarning("the open transaction could not be aborted; Kafka aborts it after its timeout");
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void exactLag()
    {
        const QString app = named("txlag-app");
        // Seen in one poll, read in the next (idle), from then on known.
        QTRY_VERIFY2_WITH_TIMEOUT(shows(app, kExpected), qPrintable(describe(app)), 30000);
        const std::size_t exactFrom = m_polls.size() - 1;
        std::size_t firstPoll = 0;
        while (firstPoll < m_polls.size() && !group(app, m_polls[firstPoll]))
            ++firstPoll;
        qInfo("exact from poll %d of the group (1 = its first)\n%s", int(exactFrom - firstPoll + 1),
              qPrintable(describe(app)));
        const GroupState &g = *group(app);
        for (int i = 0; i < kPartitions; ++i) {
            const PartitionLag &p = g.partitions[std::size_t(i)];
            QCOMPARE(*p.rawLag(), kExpected[i].logEnd - kExpected[i].committed);
            QVERIFY2(*p.rawLag() > 0, qPrintable(p.partition.toString()));
        }
        QCOMPARE(g.totalLag, 5);
        QCOMPARE(g.partitions[0].invisibleRecords, 1); // the commit marker
        QCOMPARE(g.partitions[1].invisibleRecords, 4); // a commit marker, 2 aborted records, the abort marker
        QCOMPARE(g.partitions[2].invisibleRecords, 2); // two commit markers
        QCOMPARE(g.partitions[3].invisibleRecords, 1); // a commit marker; the open records count

        // librdkafka's stored offsets and Kafka's Java consumer commit past the markers they
        // fetched: the log end on p0 and p1, the offset after p2's first marker. Their p2 has
        // 3 records and a marker left: lag 3, read by the same read as the first group's.
        const Expected pastMarkers[kPartitions] = {{6, 6, 0}, {7, 7, 0}, {3, 7, 3}, {3, 5, 2}};
        for (const char *other : {"txlag-stored", "txlag-java"}) {
            QTRY_VERIFY2_WITH_TIMEOUT(shows(named(other), pastMarkers), qPrintable(describe(named(other))), 10000);
            qInfo("%s\n%s", other, qPrintable(describe(named(other))));
        }

        // allowed_lag 0: the partitions with records left stop (no member), those with
        // markers only stay OK in every poll since their lag became exact.
        QTRY_VERIFY2_WITH_TIMEOUT(group(app)->partitions[2].verdict.status == LagStatus::Stop,
                                  qPrintable(describe(app)), 30000);
        for (std::size_t i = exactFrom; i < m_polls.size(); ++i)
            for (int p : {0, 1}) {
                const PartitionLag &lag = group(app, m_polls[i])->partitions[std::size_t(p)];
                QVERIFY2(lag.verdict.status == LagStatus::Ok, qPrintable(lag.verdict.reason));
            }
        QVERIFY2(group(app)->partitions[0].verdict.reason.contains(QStringLiteral("transaction markers")),
                 qPrintable(group(app)->partitions[0].verdict.reason));
    }

    void kafkaToolPrintsTheRawDifference()
    {
        // kafka-consumer-groups.sh computes LAG as log end − current offset: the markers count.
        const QString app = named("txlag-app");
        const ProcessResult tool = m_lab.kafkaTool(QStringLiteral("consumer-groups"), kPrimary,
                                                   {QStringLiteral("--describe"), QStringLiteral("--group"), app});
        QVERIFY2(tool.exitCode == 0, qPrintable(tool.describe()));
        qInfo("kafka-consumer-groups.sh --describe:\n%s", qPrintable(tool.out.trimmed()));
        const std::multiset<QString> rows = describeTableRows(tool.out, app);
        QCOMPARE(int(rows.size()), kPartitions);
        const GroupState &g = *group(app);
        for (const QString &row : rows) {
            const QStringList cells = row.section(QStringLiteral(" | "), 1).split(QLatin1Char(' '));
            const int partition = cells[2].toInt();
            const PartitionLag &p = g.partitions[std::size_t(partition)];
            QCOMPARE(cells[3].toLongLong(), *p.committed);
            QCOMPARE(cells[4].toLongLong(), *p.logEnd);
            QCOMPARE(cells[5].toLongLong(), *p.rawLag());
            QCOMPARE(*p.lag, kExpected[partition].lag);
        }
    }
};

QTEST_GUILESS_MAIN(TestExactLagLab)
#include "tst_exactlag_lab.moc"
