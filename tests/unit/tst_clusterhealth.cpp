// Cluster health (model/ClusterHealth): one table row per rule and per precedence between
// them, as the cluster tree shows it, with the counts the overview page lists.
#include "model/ClusterHealth.h"

#include <QTest>

using namespace lagscope;

Q_DECLARE_METATYPE(lagscope::HealthLevel)

namespace {

// Brokers as one letter each: O online, U unreachable, F offline (gone from the metadata).
std::vector<BrokerState> brokers(const QString &spec)
{
    std::vector<BrokerState> out;
    for (qsizetype i = 0; i < spec.size(); ++i) {
        BrokerState b;
        b.info.id = int(i) + 1;
        b.status = spec[i] == QLatin1Char('U')   ? BrokerStatus::Unreachable
                   : spec[i] == QLatin1Char('F') ? BrokerStatus::Offline
                                                 : BrokerStatus::Online;
        out.push_back(b);
    }
    return out;
}

// One topic per word, one partition per letter: i in sync, u under-replicated, x without a
// leader (and in sync otherwise), X without a leader and under-replicated.
std::vector<TopicState> topics(const QString &spec)
{
    std::vector<TopicState> out;
    for (const QString &word : spec.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        TopicState t;
        t.name = QStringLiteral("topic-%1").arg(out.size());
        for (qsizetype i = 0; i < word.size(); ++i) {
            PartitionState p;
            p.partition = int(i);
            p.replicas = {1, 2, 3};
            const QChar c = word[i];
            p.leader = c == QLatin1Char('x') || c == QLatin1Char('X') ? -1 : 1;
            p.isr = c == QLatin1Char('u') || c == QLatin1Char('X') ? std::vector<int>{1} : p.replicas;
            t.partitions.push_back(p);
        }
        out.push_back(t);
    }
    return out;
}

const QDateTime kSince = QDateTime(QDate(2026, 3, 1), QTime(10, 4, 5), Qt::UTC);

QString since() { return kSince.toLocalTime().toString(QStringLiteral("HH:mm:ss")); }

} // namespace

class TestClusterHealth final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<bool>("reachable");
        QTest::addColumn<QString>("error");
        QTest::addColumn<QString>("brokerSpec");
        QTest::addColumn<QString>("topicSpec");
        QTest::addColumn<HealthLevel>("level");
        QTest::addColumn<QString>("reason");
        // brokers online, partitions, under-replicated, offline
        QTest::addColumn<QList<int>>("counts");

        const QString auth = QStringLiteral("cluster 'dc1': Authentication failed: SASL invalid credentials");
        const QString longAuth = QStringLiteral("Authentication failed: ") + QString(100, QLatin1Char('y'));

        QTest::newRow("all well") << true << QString() << QStringLiteral("OOO") << QStringLiteral("iii ii")
                                  << HealthLevel::Ok << QStringLiteral("OK") << QList<int>{3, 5, 0, 0};
        QTest::newRow("no topics, no brokers") << true << QString() << QString() << QString() << HealthLevel::Ok
                                               << QStringLiteral("OK") << QList<int>{0, 0, 0, 0};
        QTest::newRow("a poll error alone is not a verdict")
            << true << QStringLiteral("group g: coordinator not available") << QStringLiteral("OO")
            << QStringLiteral("ii") << HealthLevel::Ok << QStringLiteral("OK") << QList<int>{2, 2, 0, 0};
        QTest::newRow("under-replicated")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("iu uu") << HealthLevel::Warning
            << QStringLiteral("3 under-replicated") << QList<int>{3, 4, 3, 0};
        QTest::newRow("offline partition")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("ix") << HealthLevel::Error
            << QStringLiteral("0 broker(s) down, 1 offline partition(s)") << QList<int>{3, 2, 0, 1};
        QTest::newRow("offline outranks under-replicated")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("uX u") << HealthLevel::Error
            << QStringLiteral("0 broker(s) down, 1 offline partition(s)") << QList<int>{3, 3, 3, 1};
        QTest::newRow("unreachable broker is down")
            << true << QString() << QStringLiteral("OUO") << QStringLiteral("ii") << HealthLevel::Error
            << QStringLiteral("1 broker(s) down, 0 offline partition(s)") << QList<int>{2, 2, 0, 0};
        QTest::newRow("offline brokers and partitions")
            << true << QString() << QStringLiteral("FUO") << QStringLiteral("xxi u") << HealthLevel::Error
            << QStringLiteral("2 broker(s) down, 2 offline partition(s)") << QList<int>{1, 4, 1, 2};
        QTest::newRow("unreachable, stale data counted")
            << false << QStringLiteral("all brokers down") << QStringLiteral("OOO") << QStringLiteral("uux")
            << HealthLevel::Error << QStringLiteral("Unreachable since %1").arg(since()) << QList<int>{3, 3, 2, 1};
        QTest::newRow("unreachable by authentication")
            << false << auth << QStringLiteral("O") << QStringLiteral("i") << HealthLevel::Error
            << QStringLiteral("Authentication failed: SASL invalid credentials") << QList<int>{1, 1, 0, 0};
        QTest::newRow("long authentication failure is cut")
            << false << longAuth << QString() << QString() << HealthLevel::Error
            << QString(longAuth.left(90) + QStringLiteral("…")) << QList<int>{0, 0, 0, 0};
        QTest::newRow("authentication text while reachable is no failure")
            << true << auth << QStringLiteral("OO") << QStringLiteral("u") << HealthLevel::Warning
            << QStringLiteral("1 under-replicated") << QList<int>{2, 1, 1, 0};
    }

    void rules()
    {
        QFETCH(bool, reachable);
        QFETCH(QString, error);
        QFETCH(QString, brokerSpec);
        QFETCH(QString, topicSpec);
        QFETCH(HealthLevel, level);
        QFETCH(QString, reason);
        QFETCH(QList<int>, counts);

        ClusterSnapshot s;
        s.cluster = QStringLiteral("dc1");
        s.reachable = reachable;
        s.error = error;
        if (!reachable)
            s.unreachableSince = kSince;
        s.brokers = brokers(brokerSpec);
        s.topics = topics(topicSpec);

        const ClusterHealth h = clusterHealth(s);
        QCOMPARE(h.level, level);
        QCOMPARE(h.reason, reason);
        QCOMPARE(h.brokers, int(brokerSpec.size()));
        QCOMPARE((QList<int>{h.brokersOnline, h.partitions, h.underReplicated, h.offlinePartitions}), counts);
        QCOMPARE(h.brokersDown(), h.brokers - h.brokersOnline);
    }
};

QTEST_MAIN(TestClusterHealth)
#include "tst_clusterhealth.moc"
