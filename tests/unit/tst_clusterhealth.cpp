// Cluster health (model/ClusterHealth): one table row per rule and per precedence between
// them, as the cluster tree shows it, with the counts the overview page lists. Broker states
// and the controller quorum: docs/BROKER-STATES.md.
#include "model/ClusterHealth.h"

#include <QTest>

#include <optional>

using namespace lagscope;

Q_DECLARE_METATYPE(lagscope::HealthLevel)

namespace {

// Brokers as one letter each, ids from 1: O online, U unreachable, D offline (down), F fenced,
// S stopping.
std::vector<BrokerState> brokers(const QString &spec)
{
    std::vector<BrokerState> out;
    for (qsizetype i = 0; i < spec.size(); ++i) {
        BrokerState b;
        b.info.id = int(i) + 1;
        switch (spec[i].toLatin1()) {
        case 'U': b.status = BrokerStatus::Unreachable; break;
        case 'D': b.status = BrokerStatus::Offline; break;
        case 'F': b.status = BrokerStatus::Fenced; break;
        case 'S': b.status = BrokerStatus::Stopping; break;
        default: b.status = BrokerStatus::Online; break;
        }
        out.push_back(b);
    }
    return out;
}

// The controller quorum as one letter per voter, ids from 1, by the leader's clock at 100 s:
// L the leader, c caught up, g lagging (fetching, last caught up 9 s ago), x lost (no fetch
// for 9 s). No L: no leader. Empty: the quorum was not read (nullopt).
std::optional<QuorumInfo> quorum(const QString &spec)
{
    if (spec.isEmpty())
        return std::nullopt;
    constexpr qint64 now = 100'000;
    QuorumInfo q;
    q.leaderEpoch = 7;
    q.highWatermark = 5000;
    for (qsizetype i = 0; i < spec.size(); ++i) {
        QuorumReplica r;
        r.id = int(i) + 1;
        r.logEndOffset = 5000;
        r.lastFetchMs = now - 200;
        r.lastCaughtUpMs = now - 200;
        switch (spec[i].toLatin1()) {
        case 'L':
            q.leaderId = r.id;
            r.lastFetchMs = now;
            r.lastCaughtUpMs = now;
            break;
        case 'g':
            r.logEndOffset = 4000;
            r.lastCaughtUpMs = now - 9000;
            break;
        case 'x':
            r.lastFetchMs = now - 9000;
            r.lastCaughtUpMs = now - 9000;
            break;
        default: break;
        }
        q.voters.push_back(r);
    }
    return q;
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
        QTest::addColumn<QString>("quorumSpec");
        QTest::addColumn<HealthLevel>("level");
        QTest::addColumn<QString>("reason");
        // brokers online, partitions, under-replicated, offline
        QTest::addColumn<QList<int>>("counts");

        const QString auth = QStringLiteral("cluster 'dc1': Authentication failed: SASL invalid credentials");
        const QString longAuth = QStringLiteral("Authentication failed: ") + QString(100, QLatin1Char('y'));
        const QString none;

        QTest::newRow("all well") << true << QString() << QStringLiteral("OOO") << QStringLiteral("iii ii") << none
                                  << HealthLevel::Ok << QStringLiteral("OK") << QList<int>{3, 5, 0, 0};
        QTest::newRow("no topics, no brokers") << true << QString() << QString() << QString() << none << HealthLevel::Ok
                                               << QStringLiteral("OK") << QList<int>{0, 0, 0, 0};
        QTest::newRow("a poll error alone is not a verdict")
            << true << QStringLiteral("group g: coordinator not available") << QStringLiteral("OO")
            << QStringLiteral("ii") << none << HealthLevel::Ok << QStringLiteral("OK") << QList<int>{2, 2, 0, 0};
        QTest::newRow("under-replicated")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("iu uu") << none << HealthLevel::Warning
            << QStringLiteral("3 under-replicated") << QList<int>{3, 4, 3, 0};
        QTest::newRow("offline partition")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("ix") << none << HealthLevel::Error
            << QStringLiteral("1 offline partition(s)") << QList<int>{3, 2, 0, 1};
        QTest::newRow("offline outranks under-replicated")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("uX u") << none << HealthLevel::Error
            << QStringLiteral("1 offline partition(s), 3 under-replicated") << QList<int>{3, 3, 3, 1};
        QTest::newRow("unreachable broker is a warning")
            << true << QString() << QStringLiteral("OUO") << QStringLiteral("ii") << none << HealthLevel::Warning
            << QStringLiteral("broker 2 unreachable") << QList<int>{2, 2, 0, 0};
        QTest::newRow("stopping broker is a warning")
            << true << QString() << QStringLiteral("OSO") << QStringLiteral("uu") << none << HealthLevel::Warning
            << QStringLiteral("broker 2 stopping, 2 under-replicated") << QList<int>{2, 2, 2, 0};
        QTest::newRow("offline broker is an error")
            << true << QString() << QStringLiteral("OOD") << QStringLiteral("ii") << none << HealthLevel::Error
            << QStringLiteral("broker 3 offline") << QList<int>{2, 2, 0, 0};
        QTest::newRow("fenced broker is an error")
            << true << QString() << QStringLiteral("OFO") << QStringLiteral("ii") << none << HealthLevel::Error
            << QStringLiteral("broker 2 fenced") << QList<int>{2, 2, 0, 0};
        QTest::newRow("brokers of one state named together")
            << true << QString() << QStringLiteral("DODUU") << QString() << none << HealthLevel::Error
            << QStringLiteral("brokers 1, 3 offline, brokers 4, 5 unreachable") << QList<int>{1, 0, 0, 0};
        QTest::newRow("offline brokers and partitions")
            << true << QString() << QStringLiteral("DUO") << QStringLiteral("xxi u") << none << HealthLevel::Error
            << QStringLiteral("broker 1 offline, 2 offline partition(s), broker 2 unreachable, 1 under-replicated")
            << QList<int>{1, 4, 1, 2};
        QTest::newRow("errors before warnings, offline before fenced")
            << true << QString() << QStringLiteral("SFD") << QStringLiteral("u") << none << HealthLevel::Error
            << QStringLiteral("broker 3 offline, broker 2 fenced, broker 1 stopping, 1 under-replicated")
            << QList<int>{0, 1, 1, 0};
        QTest::newRow("quorum caught up")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("ii") << QStringLiteral("cLc")
            << HealthLevel::Ok << QStringLiteral("OK") << QList<int>{3, 2, 0, 0};
        QTest::newRow("quorum without a leader is an error")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("ii") << QStringLiteral("cxx")
            << HealthLevel::Error << QStringLiteral("controller quorum has no leader") << QList<int>{3, 2, 0, 0};
        QTest::newRow("voter lost is a warning")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("ii") << QStringLiteral("Lcx")
            << HealthLevel::Warning << QStringLiteral("controller voter 3 lost") << QList<int>{3, 2, 0, 0};
        QTest::newRow("voter lagging is a warning")
            << true << QString() << QStringLiteral("OOO") << QStringLiteral("ii") << QStringLiteral("Lgc")
            << HealthLevel::Warning << QStringLiteral("controller voter 2 lagging") << QList<int>{3, 2, 0, 0};
        QTest::newRow("fenced broker outranks a lost voter")
            << true << QString() << QStringLiteral("OOF") << QStringLiteral("ii") << QStringLiteral("Lcx")
            << HealthLevel::Error << QStringLiteral("broker 3 fenced, controller voter 3 lost")
            << QList<int>{2, 2, 0, 0};
        QTest::newRow("long reason is cut")
            << true << QString() << QStringLiteral("DDDDDDDDDDFFFFFFFFFF") << QString() << none << HealthLevel::Error
            << QStringLiteral("brokers 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 offline, brokers 11, 12, 13, 14, 15, 16, 17, "
                              "18, 19,…")
            << QList<int>{0, 0, 0, 0};
        QTest::newRow("unreachable, stale data counted")
            << false << QStringLiteral("all brokers down") << QStringLiteral("OOO") << QStringLiteral("uux")
            << QStringLiteral("cxx") << HealthLevel::Error << QStringLiteral("Unreachable since %1").arg(since())
            << QList<int>{3, 3, 2, 1};
        QTest::newRow("unreachable by authentication")
            << false << auth << QStringLiteral("O") << QStringLiteral("i") << none << HealthLevel::Error
            << QStringLiteral("Authentication failed: SASL invalid credentials") << QList<int>{1, 1, 0, 0};
        QTest::newRow("long authentication failure is cut")
            << false << longAuth << QString() << QString() << none << HealthLevel::Error
            << QString(longAuth.left(90) + QStringLiteral("…")) << QList<int>{0, 0, 0, 0};
        QTest::newRow("authentication text while reachable is no failure")
            << true << auth << QStringLiteral("OO") << QStringLiteral("u") << none << HealthLevel::Warning
            << QStringLiteral("1 under-replicated") << QList<int>{2, 1, 1, 0};
    }

    void rules()
    {
        QFETCH(bool, reachable);
        QFETCH(QString, error);
        QFETCH(QString, brokerSpec);
        QFETCH(QString, topicSpec);
        QFETCH(QString, quorumSpec);
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
        s.quorum = quorum(quorumSpec);

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
