// KafkaClient against the real 3-broker lab cluster: metadata, batched log offsets (one
// ListOffsets request per leader broker, read from librdkafka's own statistics), and
// deadlines against an unreachable cluster.
#include "LabTest.h"
#include "kafka/KafkaClient.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTest>

#include <set>

using namespace lagscope;
using namespace lagscope::test;

class TestKafkaClient final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<KafkaClient> client(int statsMs = 0)
    {
        ClusterConfig c{QStringLiteral("primary"), m_lab.bootstrap(QStringLiteral("primary")), false, {}};
        auto created = KafkaClient::create(c, ClientOptions{15000, statsMs, {}});
        return created ? std::move(*created) : nullptr;
    }

    static bool commitAll(KafkaClient &c, const QString &group, const CommittedOffsets &offsets, QString *why)
    {
        auto refused = c.alterCommittedOffsets(group, offsets, Deadline::inMs(15000));
        if (!refused.ok()) {
            *why = refused.errorMessage();
            return false;
        }
        for (const auto &[tp, reason] : *refused)
            *why = tp.toString() + QStringLiteral(": ") + reason;
        return refused->empty();
    }

private Q_SLOTS:
    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void metadataDescribesThreeBrokers()
    {
        auto c = client();
        QVERIFY(c);
        auto md = c->metadata(Deadline::inMs(20000));
        QVERIFY2(md.ok(), md.ok() ? "" : qPrintable(md.errorMessage()));
        QCOMPARE(md->brokers.size(), size_t(3));
        QVERIFY(!md->clusterId.isEmpty());
        QVERIFY(md->controllerId >= 0);
        for (const auto &b : md->brokers) {
            QCOMPARE(b.host, QStringLiteral("127.0.0.1"));
            QVERIFY(b.port > 0);
        }
    }

    void logOffsetsSendOneRequestPerLeader()
    {
        // 12 single-replica partitions spread by Kafka over the 3 brokers.
        const QString topic = QStringLiteral("listoffsets-%1").arg(m_id);
        const ProcessResult created = m_lab.traffic(QStringLiteral("primary"), createTopicArgs(topic, 12, 1));
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        const ProcessResult produced = m_lab.traffic(QStringLiteral("primary"), produceArgs(topic, 120));
        QVERIFY2(produced.exitCode == 0, qPrintable(produced.describe()));

        auto c = client(100);
        QVERIFY(c);
        std::vector<TopicPartition> parts;
        std::set<int> leaders;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto md = c->metadata(Deadline::inMs(10000));
                const TopicInfo *t = md ? md->topic(topic) : nullptr;
                if (!t || t->partitions.size() != 12)
                    return false;
                parts.clear();
                leaders.clear();
                for (const auto &p : t->partitions) {
                    parts.push_back({topic, p.partition});
                    leaders.insert(p.leader);
                }
                return !leaders.contains(-1);
            }(),
            30000);
        QCOMPARE(leaders.size(), size_t(3));

        // Warm up: the first call also fetches metadata and opens connections.
        QVERIFY(c->logOffsets(parts, OffsetSpec::Latest, Deadline::inMs(10000)).ok());
        auto before = c->requestCounts(Deadline::inMs(10000));
        QVERIFY2(before.ok(), before.ok() ? "" : qPrintable(before.errorMessage()));
        auto offsets = c->logOffsets(parts, OffsetSpec::Latest, Deadline::inMs(10000));
        QVERIFY(offsets.ok());
        auto after = c->requestCounts(Deadline::inMs(10000));
        QVERIFY(after.ok());

        QCOMPARE(offsets->offsets.size(), size_t(12));
        qint64 total = 0;
        for (const auto &[tp, end] : offsets->offsets)
            total += end;
        QCOMPARE(total, qint64(120));

        qint64 requests = 0;
        for (const auto &[broker, counts] : *after) {
            const qint64 sent =
                counts.at(QStringLiteral("ListOffsets")) - (*before)[broker][QStringLiteral("ListOffsets")];
            qInfo("broker %d: %lld ListOffsets request(s)", broker, static_cast<long long>(sent));
            QVERIFY2(sent <= 1,
                     qPrintable(QStringLiteral("broker %1 got %2 ListOffsets requests").arg(broker).arg(sent)));
            requests += sent;
        }
        QCOMPARE(requests, qint64(leaders.size()));
    }

    void alterCommittedOffsetsReadsBack()
    {
        const QString topic = QStringLiteral("alter-%1").arg(m_id);
        const QString group = QStringLiteral("alter-group-%1").arg(m_id);
        const ProcessResult created = m_lab.traffic(QStringLiteral("primary"), createTopicArgs(topic, 3));
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        const ProcessResult produced = m_lab.traffic(QStringLiteral("primary"), produceArgs(topic, 30));
        QVERIFY2(produced.exitCode == 0, qPrintable(produced.describe()));

        auto c = client();
        QVERIFY(c);
        const CommittedOffsets wanted{{{topic, 0}, 3}, {{topic, 2}, 7}};
        // Right after creation a group coordinator may not know the topic yet and refuses
        // (UNKNOWN_TOPIC_OR_PARTITION); that is an answer, so retry until it accepts.
        QString lastRefusal;
        QTRY_VERIFY2_WITH_TIMEOUT(commitAll(*c, group, wanted, &lastRefusal), qPrintable(lastRefusal), 30000);
        auto back = c->committedOffsets({group}, Deadline::inMs(15000));
        QVERIFY(back.ok());
        QCOMPARE((*back)[group], wanted);
    }

    void unreachableClusterAnswersWithinDeadline()
    {
        // A port that was free a moment ago: nothing listens there.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();

        ClusterConfig c{QStringLiteral("nowhere"), QStringLiteral("127.0.0.1:%1").arg(port), false, {}};
        auto created = KafkaClient::create(c, ClientOptions{2000, 0, {}});
        QVERIFY(created.ok());
        QElapsedTimer timer;
        timer.start();
        auto md = (*created)->metadata(Deadline::inMs(3000));
        const qint64 elapsed = timer.elapsed();
        QVERIFY(!md.ok());
        qInfo("unreachable cluster answered in %lld ms: %s", static_cast<long long>(elapsed),
              qPrintable(md.errorMessage()));
        QVERIFY(md.errorMessage().contains(QStringLiteral("nowhere")));
        QVERIFY(md.errorMessage().contains(QString::number(port)));
        // The deadline is behaviour, not a benchmark: it must answer, and not much later than asked.
        QVERIFY2(elapsed < 3000 + 2000, qPrintable(QString::number(elapsed)));

        const ProcessResult cli = m_lab.lagscopectl(
            {QStringLiteral("describe"), QStringLiteral("--bootstrap"), QStringLiteral("127.0.0.1:%1").arg(port),
             QStringLiteral("--all-groups"), QStringLiteral("--timeout"), QStringLiteral("3")});
        QCOMPARE(cli.exitCode, 1);
        QVERIFY2(cli.err.contains(QStringLiteral("127.0.0.1:%1").arg(port)), qPrintable(cli.describe()));
        QVERIFY2(cli.elapsedMs < 3000 + 2000, qPrintable(cli.describe()));
    }
};

QTEST_GUILESS_MAIN(TestKafkaClient)
#include "tst_kafkaclient.moc"
