// Broker states from the facts of one poll (monitor/BrokerLifecycle, docs/BROKER-STATES.md):
// one table row per rule, with the previous poll where the rule needs one.
#include "monitor/BrokerLifecycle.h"

#include <QTest>

using namespace lagscope;

Q_DECLARE_METATYPE(lagscope::BrokerStatus)

namespace {

BrokerInfo broker(int id) { return {id, QStringLiteral("127.0.0.1"), 9090 + id, {}}; }

// Three brokers' metadata with one topic of three partitions, replicas {1,2,3}, each led by
// its own broker; `isr` is every partition's ISR.
ClusterMetadata metadata(const std::vector<int> &registered, const std::vector<int> &fenced, std::vector<int> isr,
                         bool fencingKnown = true)
{
    ClusterMetadata md;
    for (int id : registered)
        md.brokers.push_back(broker(id));
    for (int id : fenced)
        md.fencedBrokers.push_back(broker(id));
    md.fencingKnown = fencingKnown;
    if (!fencingKnown)
        md.fencingUnknownWhy = QStringLiteral("the brokers are older than Kafka 4.0");
    TopicInfo t{QStringLiteral("orders"), false, {}, {}};
    for (int p = 0; p < 3; ++p)
        t.partitions.push_back({p, isr.empty() ? -1 : isr.front(), {1, 2, 3}, isr, {}});
    md.topics.push_back(t);
    return md;
}

BrokerStatus statusOf(const std::vector<BrokerState> &states, int id)
{
    for (const auto &b : states)
        if (b.info.id == id)
            return b.status;
    return BrokerStatus(-1);
}

} // namespace

class TestBrokerLifecycle final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        QTest::addColumn<std::vector<int>>("registered");
        QTest::addColumn<std::vector<int>>("fenced");
        QTest::addColumn<std::vector<int>>("isr");
        QTest::addColumn<bool>("fencingKnown");
        QTest::addColumn<QString>("connection"); // broker 2's librdkafka state
        QTest::addColumn<int>("probe");          // broker 2's listener: 0 accepted, 1 refused, 2 silent, -1 none
        QTest::addColumn<std::vector<int>>("previousIsr"); // -: no previous poll
        QTest::addColumn<BrokerStatus>("expected");        // broker 2's

        using V = std::vector<int>;
        const V all{1, 2, 3};
        const V without2{1, 3};
        QTest::newRow("registered, connected")
            << all << V{} << all << true << QStringLiteral("UP") << -1 << all << BrokerStatus::Online;
        QTest::newRow("registered, connection down")
            << all << V{} << all << true << QStringLiteral("DOWN") << -1 << all << BrokerStatus::Unreachable;
        QTest::newRow("retrying a failed connection")
            << all << V{} << all << true << QStringLiteral("TRY_CONNECT") << -1 << all << BrokerStatus::Unreachable;
        QTest::newRow("handshake is no evidence")
            << all << V{} << all << true << QStringLiteral("APIVERSION_QUERY") << -1 << all << BrokerStatus::Online;
        QTest::newRow("left every ISR it was in: controlled shutdown")
            << all << V{} << without2 << true << QStringLiteral("UP") << -1 << all << BrokerStatus::Stopping;
        QTest::newRow("stopping beats a closed connection")
            << all << V{} << without2 << true << QStringLiteral("DOWN") << -1 << all << BrokerStatus::Stopping;
        QTest::newRow("back, not yet in sync: catching up, not stopping")
            << all << V{} << without2 << true << QStringLiteral("UP") << -1 << without2 << BrokerStatus::Online;
        QTest::newRow("first poll out of sync: nothing to compare")
            << all << V{} << without2 << true << QStringLiteral("UP") << -1 << V{-1} << BrokerStatus::Online;
        QTest::newRow("fenced, listener accepts: paused or cut off")
            << without2 << V{2} << without2 << true << QString() << 0 << all << BrokerStatus::Fenced;
        QTest::newRow("fenced, listener refuses: not running")
            << without2 << V{2} << without2 << true << QString() << 1 << all << BrokerStatus::Offline;
        QTest::newRow("fenced, listener silent")
            << without2 << V{2} << without2 << true << QString() << 2 << all << BrokerStatus::Fenced;
        QTest::newRow("gone from the controller")
            << without2 << V{} << without2 << true << QString() << -1 << all << BrokerStatus::Offline;
        QTest::newRow("missing, fencing unknown (Kafka < 4.0)")
            << without2 << V{} << without2 << false << QString() << -1 << all << BrokerStatus::Offline;
    }

    void rules()
    {
        QFETCH(std::vector<int>, registered);
        QFETCH(std::vector<int>, fenced);
        QFETCH(std::vector<int>, isr);
        QFETCH(bool, fencingKnown);
        QFETCH(QString, connection);
        QFETCH(int, probe);
        QFETCH(std::vector<int>, previousIsr);
        QFETCH(BrokerStatus, expected);

        const ClusterMetadata md = metadata(registered, fenced, isr, fencingKnown);
        std::map<int, QString> connections;
        if (!connection.isEmpty())
            connections[2] = connection;
        std::map<int, ListenerAnswer> probes;
        if (probe >= 0)
            probes[2] = ListenerAnswer(probe);
        const std::map<int, BrokerInfo> known{{1, broker(1)}, {2, broker(2)}, {3, broker(3)}};

        std::vector<BrokerState> previous;
        const bool hasPrevious = previousIsr != std::vector<int>{-1};
        if (hasPrevious) {
            const ClusterMetadata before = metadata({1, 2, 3}, {}, previousIsr);
            const std::map<int, QString> up;
            const std::map<int, ListenerAnswer> none;
            previous = brokerStates({before, up, none}, known, nullptr);
        }
        const auto states = brokerStates({md, connections, probes}, known, hasPrevious ? &previous : nullptr);
        QCOMPARE(statusOf(states, 2), expected);
        for (const auto &b : states)
            QVERIFY2(!b.reason.isEmpty(), qPrintable(QString::number(b.info.id)));
    }

    void offlineSaysWhyItCannotTell()
    {
        const ClusterMetadata md = metadata({1, 3}, {}, {1, 3}, false);
        const std::map<int, QString> up;
        const std::map<int, ListenerAnswer> none;
        const auto states = brokerStates({md, up, none}, {{2, broker(2)}}, nullptr);
        QCOMPARE(statusOf(states, 2), BrokerStatus::Offline);
        QVERIFY2(states[1].reason.contains(QStringLiteral("older than Kafka 4.0")), qPrintable(states[1].reason));
    }

    void stoppingStaysUntilFenced()
    {
        const std::map<int, BrokerInfo> known{{1, broker(1)}, {2, broker(2)}, {3, broker(3)}};
        const std::map<int, QString> up;
        const std::map<int, ListenerAnswer> none;
        const ClusterMetadata inSync = metadata({1, 2, 3}, {}, {1, 2, 3});
        const ClusterMetadata out = metadata({1, 2, 3}, {}, {1, 3});
        auto s1 = brokerStates({inSync, up, none}, known, nullptr);
        auto s2 = brokerStates({out, up, none}, known, &s1);
        auto s3 = brokerStates({out, up, none}, known, &s2);
        QCOMPARE(statusOf(s2, 2), BrokerStatus::Stopping);
        QCOMPARE(statusOf(s3, 2), BrokerStatus::Stopping);
        QCOMPARE(brokerStatusName(statusOf(s3, 2)), QStringLiteral("Stopping"));
    }

    // librdkafka connects only where it has requests to send, and after a failure goes back to
    // INIT: where it is not connected, the listener's answer decides.
    void notConnectedAsksTheListener_data()
    {
        QTest::addColumn<QString>("connection");
        QTest::addColumn<int>("probe"); // 0 accepted, 1 refused, 2 silent, -1 not probed
        QTest::addColumn<BrokerStatus>("expected");
        QTest::newRow("idle, listener accepts") << QStringLiteral("INIT") << 0 << BrokerStatus::Online;
        QTest::newRow("idle, listener refuses") << QStringLiteral("INIT") << 1 << BrokerStatus::Unreachable;
        QTest::newRow("retrying, listener silent") << QStringLiteral("CONNECT") << 2 << BrokerStatus::Unreachable;
        QTest::newRow("not in the statistics yet, refused") << QString() << 1 << BrokerStatus::Unreachable;
        QTest::newRow("not probed: no evidence") << QStringLiteral("INIT") << -1 << BrokerStatus::Online;
        QTest::newRow("failed, though the listener accepts (TLS, a proxy)")
            << QStringLiteral("DOWN") << 0 << BrokerStatus::Unreachable;
        QTest::newRow("up: the probe is not asked") << QStringLiteral("UP") << 1 << BrokerStatus::Online;
    }

    void notConnectedAsksTheListener()
    {
        QFETCH(QString, connection);
        QFETCH(int, probe);
        QFETCH(BrokerStatus, expected);
        const ClusterMetadata md = metadata({1, 2, 3}, {}, {1, 2, 3});
        std::map<int, QString> connections{{1, QStringLiteral("UP")}, {3, QStringLiteral("UP")}};
        if (!connection.isEmpty())
            connections[2] = connection;
        std::map<int, ListenerAnswer> probes;
        if (probe >= 0)
            probes[2] = ListenerAnswer(probe);
        const auto states = brokerStates({md, connections, probes}, {}, nullptr);
        QCOMPARE(statusOf(states, 2), expected);
        QCOMPARE(statusOf(states, 1), BrokerStatus::Online);
    }

    void probesFencedAndUnconnectedBrokers()
    {
        const ClusterMetadata md = metadata({1, 2}, {3}, {1, 2});
        std::vector<int> ids;
        for (const BrokerInfo &b : brokersToProbe(md, {{1, QStringLiteral("UP")}, {2, QStringLiteral("INIT")}}))
            ids.push_back(b.id);
        QCOMPARE(ids, (std::vector<int>{3, 2}));
    }
};

QTEST_GUILESS_MAIN(TestBrokerLifecycle)
#include "tst_brokerlifecycle.moc"
