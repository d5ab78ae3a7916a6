// The MirrorMaker 2 flow evaluator, snapshot builder and flow diff: tables of cases.
#include "FlowTestUtil.h"
#include "TableRows.h"
#include "mirror/FlowHealth.h"
#include "mirror/FlowSnapshotBuilder.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::mirror;

Q_DECLARE_METATYPE(lagscope::mirror::FlowHealth)

namespace {

const QDateTime kNow = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC);

FlowSnapshot healthy()
{
    FlowSnapshot s;
    s.flow =
        FlowIdentity{QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr")};
    s.takenAt = kNow;
    s.sourceReachable = s.targetReachable = true;
    s.heartbeatsTopicExists = true;
    s.newestHeartbeatMs = kNow.toMSecsSinceEpoch() - 800;
    s.heartbeatAgeMs = 800;
    ReplicatedTopic t{QStringLiteral("orders"), QStringLiteral("primary.orders"), {}};
    t.partitions.push_back(ReplicatedPartition{0, 100, 100, 0});
    s.topics.push_back(t);
    return s;
}

// Group g1's checkpoint of orders-0, replicated as primary.orders-0.
GroupFlow groupWith(qint64 committed, qint64 checkpointUpstream, qint64 checkpointAgeMs)
{
    GroupFlow g = test::groupFlow(QStringLiteral("g1"), committed, checkpointUpstream, checkpointAgeMs);
    GroupPartitionFlow &p = g.partitions.front();
    p.upstream = {QStringLiteral("orders"), 0};
    p.downstream = {QStringLiteral("primary.orders"), 0};
    p.checkpointDownstream = checkpointUpstream;
    p.checkpointAgeMs = checkpointAgeMs;
    return g;
}

// What the gatherer brings for the healthy flow at kNow, before the test says which
// clusters answered.
FlowGathered gatheredNow()
{
    FlowGathered g;
    g.flow = healthy().flow;
    g.takenAt = kNow;
    return g;
}

RawRecord raw(const EncodedRecord &e, qint64 offset, qint64 timestampMs)
{
    return RawRecord{offset, timestampMs, e.key, e.value};
}

} // namespace

class TestFlowHealth final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void verdict_data()
    {
        test::addColumns<QString, FlowHealth, QString>("change", "expected", "reasonContains");

        QTest::newRow("healthy") << QString() << FlowHealth::Ok << QStringLiteral("latency 0.8 s");
        QTest::newRow("target down") << QStringLiteral("target-down") << FlowHealth::Broken
                                     << QStringLiteral("target dr unreachable");
        QTest::newRow("source down") << QStringLiteral("source-down") << FlowHealth::Broken
                                     << QStringLiteral("source primary unreachable");
        QTest::newRow("both down: target first")
            << QStringLiteral("both-down") << FlowHealth::Broken << QStringLiteral("target dr");
        QTest::newRow("no heartbeats topic")
            << QStringLiteral("no-topic") << FlowHealth::Broken << QStringLiteral("no heartbeats topic on dr");
        QTest::newRow("topic without our heartbeat")
            << QStringLiteral("no-heartbeat") << FlowHealth::Broken << QStringLiteral("no heartbeat for primary->dr");
        QTest::newRow("heartbeat at threshold")
            << QStringLiteral("age-15000") << FlowHealth::Ok << QStringLiteral("latency 15.0 s");
        QTest::newRow("heartbeat past threshold")
            << QStringLiteral("age-15001") << FlowHealth::Stalled << QStringLiteral("no heartbeat for 15.0 s");
        QTest::newRow("stalled beats lagging")
            << QStringLiteral("age-60000+behind") << FlowHealth::Stalled << QStringLiteral("60.0 s");
        QTest::newRow("missing remote topic") << QStringLiteral("missing") << FlowHealth::Lagging
                                              << QStringLiteral("1 replicated topic(s) missing on dr: payments");
        QTest::newRow("records behind") << QStringLiteral("behind") << FlowHealth::Lagging
                                        << QStringLiteral("20000 records behind on orders-0");
        QTest::newRow("just under lagging")
            << QStringLiteral("behind-9999") << FlowHealth::Ok << QStringLiteral("latency");
        QTest::newRow("stale checkpoint, no group fresh")
            << QStringLiteral("stale") << FlowHealth::Lagging << QStringLiteral("stale (older than 180.0 s) for every");
        QTest::newRow("one slow group stale, another fresh")
            << QStringLiteral("stale+fresh") << FlowHealth::Ok << QStringLiteral("; checkpoints stale for group(s) g1");
        QTest::newRow("old checkpoint of an idle group")
            << QStringLiteral("old-idle") << FlowHealth::Ok << QStringLiteral("latency");
    }

    void verdict()
    {
        QFETCH(QString, change);
        QFETCH(FlowHealth, expected);
        QFETCH(QString, reasonContains);

        FlowSnapshot s = healthy();
        if (change == QStringLiteral("target-down") || change == QStringLiteral("both-down")) {
            s.targetReachable = false;
            s.targetError = QStringLiteral("timed out");
        }
        if (change == QStringLiteral("source-down") || change == QStringLiteral("both-down")) {
            s.sourceReachable = false;
            s.sourceError = QStringLiteral("timed out");
        }
        if (change == QStringLiteral("no-topic")) {
            s.heartbeatsTopicExists = false;
            s.newestHeartbeatMs = s.heartbeatAgeMs = -1;
        }
        if (change == QStringLiteral("no-heartbeat"))
            s.newestHeartbeatMs = s.heartbeatAgeMs = -1;
        if (change.startsWith(QStringLiteral("age-")))
            s.heartbeatAgeMs = change.mid(4).section(QLatin1Char('+'), 0, 0).toLongLong();
        if (change.endsWith(QStringLiteral("behind")))
            s.topics[0].partitions[0].recordsBehind = 20000;
        if (change == QStringLiteral("behind-9999"))
            s.topics[0].partitions[0].recordsBehind = 9999;
        if (change == QStringLiteral("missing"))
            s.topicsMissingOnTarget << QStringLiteral("payments");
        if (change.startsWith(QStringLiteral("stale")))
            s.groups.push_back(groupWith(50, 40, 200000));
        if (change == QStringLiteral("stale+fresh")) {
            GroupFlow fresh = groupWith(60, 60, 3000);
            fresh.group = QStringLiteral("g2");
            s.groups.push_back(fresh);
        }
        if (change == QStringLiteral("old-idle"))
            s.groups.push_back(groupWith(40, 40, 200000));

        const FlowVerdict v = evaluateFlow(s, FlowThresholds{});
        QCOMPARE(v.health, expected);
        QVERIFY2(v.reason.contains(reasonContains), qPrintable(v.reason));
        QCOMPARE(v.staleCheckpointGroups.contains(QStringLiteral("g1")), change.startsWith(QStringLiteral("stale")));
    }

    void diff_data()
    {
        // before: -1: no previous snapshot
        test::addColumns<int, FlowHealth, QStringList>("before", "after", "kinds");

        auto h = [](FlowHealth f) { return static_cast<int>(f); };
        QTest::newRow("first, ok") << -1 << FlowHealth::Ok << QStringList{};
        QTest::newRow("first, broken") << -1 << FlowHealth::Broken << QStringList{QStringLiteral("flow-broken")};
        QTest::newRow("ok -> ok") << h(FlowHealth::Ok) << FlowHealth::Ok << QStringList{};
        QTest::newRow("ok -> stalled") << h(FlowHealth::Ok) << FlowHealth::Stalled
                                       << QStringList{QStringLiteral("flow-stalled")};
        QTest::newRow("stalled -> stalled") << h(FlowHealth::Stalled) << FlowHealth::Stalled << QStringList{};
        QTest::newRow("stalled -> ok") << h(FlowHealth::Stalled) << FlowHealth::Ok
                                       << QStringList{QStringLiteral("flow-recovered")};
        QTest::newRow("ok -> lagging") << h(FlowHealth::Ok) << FlowHealth::Lagging
                                       << QStringList{QStringLiteral("flow-lagging")};
        QTest::newRow("broken -> stalled")
            << h(FlowHealth::Broken) << FlowHealth::Stalled << QStringList{QStringLiteral("flow-stalled")};
    }

    void diff()
    {
        QFETCH(int, before);
        QFETCH(FlowHealth, after);
        QFETCH(QStringList, kinds);
        FlowSnapshot previous = healthy();
        previous.health = static_cast<FlowHealth>(std::max(before, 0));
        FlowSnapshot current = healthy();
        current.health = after;
        current.reason = QStringLiteral("why");
        const auto events = diffFlows(before < 0 ? nullptr : &previous, current);
        QStringList got;
        for (const auto &e : events)
            got << flowEventKindName(e.kind);
        QCOMPARE(got, kinds);
        for (const auto &e : events) {
            QCOMPARE(e.flow, QStringLiteral("primary->dr"));
            QCOMPARE(e.time, kNow);
            QVERIFY(e.message.endsWith(QStringLiteral(": why")));
        }
    }

    void diffTopicsAndCheckpoints()
    {
        FlowSnapshot a = healthy();
        a.health = FlowHealth::Ok;
        FlowSnapshot b = a;
        b.topicsMissingOnTarget << QStringLiteral("payments");
        b.staleCheckpointGroups << QStringLiteral("g1");
        QStringList got;
        for (const auto &e : diffFlows(&a, b))
            got << flowEventKindName(e.kind) + QLatin1Char(' ') + e.subject;
        QCOMPARE(got, (QStringList{QStringLiteral("checkpoint-stale g1"),
                                   QStringLiteral("replicated-topic-missing payments")}));
        got.clear();
        for (const auto &e : diffFlows(&b, a))
            got << flowEventKindName(e.kind) + QLatin1Char(' ') + e.subject;
        QCOMPARE(got, (QStringList{QStringLiteral("checkpoint-fresh g1"),
                                   QStringLiteral("replicated-topic-restored payments")}));

        // While a side is unreachable, topics and checkpoints are unknown: no events either
        // way, only the verdict's.
        FlowSnapshot down = a;
        down.targetReachable = false;
        down.health = FlowHealth::Broken;
        got.clear();
        for (const auto &e : diffFlows(&b, down))
            got << flowEventKindName(e.kind);
        QCOMPARE(got, QStringList{QStringLiteral("flow-broken")});
        got.clear();
        for (const auto &e : diffFlows(&down, b))
            got << flowEventKindName(e.kind);
        QCOMPARE(got, QStringList{QStringLiteral("flow-recovered")});
        // A first snapshot reports what is already wrong.
        got.clear();
        for (const auto &e : diffFlows(nullptr, b))
            got << flowEventKindName(e.kind);
        QCOMPARE(got, (QStringList{QStringLiteral("checkpoint-stale"), QStringLiteral("replicated-topic-missing")}));
    }

    // The builder on values: records behind aligned by the newest sync, failover readiness,
    // partitions without checkpoints, topics replicated before and now missing.
    void build()
    {
        FlowGathered g = gatheredNow();
        g.sourceReachable = g.targetReachable = true;
        const qint64 now = kNow.toMSecsSinceEpoch();
        auto topic = [](const QString &name, int partitions) {
            TopicInfo t{name, false, {}, {}};
            for (int p = 0; p < partitions; ++p)
                t.partitions.push_back(PartitionInfo{p, 1, {1}, {1}, {}});
            return t;
        };
        g.sourceMetadata.topics = {topic(QStringLiteral("orders"), 2), topic(QStringLiteral("payments"), 1),
                                   topic(QStringLiteral("fresh"), 1), topic(QStringLiteral("heartbeats"), 1),
                                   topic(QStringLiteral("mm2-offset-syncs.dr.internal"), 1)};
        g.targetMetadata.topics = {topic(QStringLiteral("primary.orders"), 2), topic(QStringLiteral("heartbeats"), 1)};

        MirrorReader reader(FlowTopics::forFlow(QStringLiteral("primary"), QStringLiteral("dr")));
        reader.applyHeartbeats(
            {raw(*encodeHeartbeat({QStringLiteral("primary"), QStringLiteral("dr"), now - 1500}), 0, now - 1500),
             raw(*encodeHeartbeat({QStringLiteral("other"), QStringLiteral("dr"), now - 100}), 1, now - 100)},
            false);
        // orders-0: retention removed 1000 records before replication began.
        reader.applyOffsetSyncs({raw(*encodeOffsetSync({QStringLiteral("orders"), 0, 1200, 200}), 0, now - 5000),
                                 raw(*encodeOffsetSync({QStringLiteral("payments"), 0, 10, 10}), 1, now - 9000)});
        reader.applyCheckpoints(
            {raw(*encodeCheckpoint({QStringLiteral("g1"), QStringLiteral("primary.orders"), 0, 1150, 151, {}}), 0,
                 now - 3000),
             raw(*encodeCheckpoint({QStringLiteral("g1"), QStringLiteral("primary.orders"), 0, 1190, 191, {}}), 1,
                 now - 2000)});
        g.heartbeats = reader.heartbeats();
        g.heartbeatsTopicExists = true;
        g.offsetSyncs = reader.offsetSyncs();
        g.checkpoints = reader.checkpoints();
        g.sourceLogEnds = {{{QStringLiteral("orders"), 0}, 1300}, {{QStringLiteral("orders"), 1}, 80}};
        g.targetLogEnds = {{{QStringLiteral("primary.orders"), 0}, 250}, {{QStringLiteral("primary.orders"), 1}, 75}};
        g.committed[QStringLiteral("g1")] = {{{QStringLiteral("orders"), 0}, 1240},
                                             {{QStringLiteral("orders"), 1}, 60},
                                             {{QStringLiteral("fresh"), 0}, 5}}; // not replicated: ignored

        const auto pairs =
            replicatedTopics(g.flow, g.policy, g.sourceMetadata, g.targetMetadata, g.offsetSyncs, g.checkpoints);
        QCOMPARE(pairs.size(), size_t(2));
        QCOMPARE(sourcePartitionsToQuery(pairs, g.sourceMetadata).size(), size_t(3)); // payments' too
        QCOMPARE(targetPartitionsToQuery(pairs, g.targetMetadata).size(), size_t(2));

        const FlowSnapshot s = buildFlowSnapshot(g);
        QCOMPARE(s.newestHeartbeatMs, now - 1500); // the other flow's heartbeat does not count
        QCOMPARE(s.heartbeatAgeMs, qint64(1500));
        QCOMPARE(s.topicsMissingOnTarget, QStringList{QStringLiteral("payments")});
        QCOMPARE(s.health, FlowHealth::Lagging);
        QVERIFY2(s.reason.contains(QStringLiteral("payments")), qPrintable(s.reason));
        const ReplicatedTopic *orders = s.topic(QStringLiteral("orders"));
        QVERIFY(orders);
        QCOMPARE(orders->partitions.size(), size_t(2));
        // 1300 on the source; 250 on the target = 1200 + (250 - 200) upstream: 50 behind.
        QCOMPARE(orders->partitions[0].recordsBehind, qint64(50));
        QCOMPARE(orders->partitions[1].recordsBehind, qint64(5)); // no sync: plain difference
        QCOMPARE(orders->recordsBehind(), qint64(55));
        QCOMPARE(s.offsetSyncs.size(), size_t(2));
        QCOMPARE(s.offsetSyncs[0].ageMs, qint64(5000));

        const GroupFlow *g1 = s.group(QStringLiteral("g1"));
        QVERIFY(g1);
        QCOMPARE(g1->partitions.size(), size_t(2));
        QCOMPARE(g1->partitions[0].checkpointUpstream, qint64(1190)); // the last one wins
        QCOMPARE(g1->partitions[0].checkpointAgeMs, qint64(2000));
        QCOMPARE(g1->partitions[0].sourceCommitted, qint64(1240));
        QCOMPARE(g1->partitions[0].checkpointBehindCommit(), qint64(50));
        QCOMPARE(g1->partitions[0].remoteLogEnd, qint64(250));
        QVERIFY(!g1->partitions[1].hasCheckpoint);
        QCOMPARE(g1->partitions[1].checkpointBehindCommit(), qint64(-1));
        QCOMPARE(g1->rereadOnFailover, qint64(50));
        QCOMPARE(g1->withoutCheckpoint, (std::vector<TopicPartition>{{QStringLiteral("orders"), 1}}));
        QCOMPARE(g1->newestCheckpointAgeMs, qint64(2000));
    }

    // The latency is the newest heartbeat's age when the heartbeats were read, not when the
    // rest of a slow poll finished.
    void latencyCountsFromTheHeartbeatRead()
    {
        FlowGathered g = gatheredNow();
        g.sourceReachable = g.targetReachable = true;
        const qint64 now = kNow.toMSecsSinceEpoch();
        MirrorReader reader(FlowTopics::forFlow(QStringLiteral("primary"), QStringLiteral("dr")));
        reader.applyHeartbeats(
            {raw(*encodeHeartbeat({QStringLiteral("primary"), QStringLiteral("dr"), now - 8500}), 0, now - 8500)},
            false);
        g.heartbeats = reader.heartbeats();
        QCOMPARE(buildFlowSnapshot(g).heartbeatAgeMs, qint64(8500)); // without a read time: the poll's
        g.heartbeatsReadAt = kNow.addMSecs(-8000);
        const FlowSnapshot s = buildFlowSnapshot(g);
        QCOMPARE(s.heartbeatAgeMs, qint64(500));
        QCOMPARE(s.newestHeartbeatMs, now - 8500);
    }

    void unreachableSideBuildsBroken()
    {
        FlowGathered g = gatheredNow();
        g.sourceReachable = true;
        g.targetError = QStringLiteral("Local: Broker transport failure");
        const FlowSnapshot s = buildFlowSnapshot(g);
        QCOMPARE(s.health, FlowHealth::Broken);
        QVERIFY2(s.reason.contains(QStringLiteral("transport failure")), qPrintable(s.reason));
        QVERIFY(s.topics.empty());
        // Replicated topics are unknown, not missing, without the target's topic list.
        g.offsetSyncs[{QStringLiteral("orders"), 0}] = OffsetSyncEntry{};
        g.sourceMetadata.topics = {TopicInfo{QStringLiteral("orders"), false, {}, {}}};
        QVERIFY(buildFlowSnapshot(g).topicsMissingOnTarget.isEmpty());
        g.targetReachable = true;
        QCOMPARE(buildFlowSnapshot(g).topicsMissingOnTarget, QStringList{QStringLiteral("orders")});
    }

    // Flow events reach the event log and the history store as ClusterEvents: same kind
    // name (stored, so it must read back), the flow's label as the cluster.
    void clusterEventsKeepKindAndFlow()
    {
        for (int k = int(FlowEventKind::FlowLagging); k <= int(FlowEventKind::ReplicatedTopicRestored); ++k) {
            const FlowEvent e{kNow,
                              QStringLiteral("primary->dr"),
                              FlowEventKind(k),
                              EventSeverity::Warning,
                              QStringLiteral("g1"),
                              QStringLiteral("g1"),
                              QStringLiteral("message")};
            const ClusterEvent c = toClusterEvent(e);
            QCOMPARE(eventKindName(c.kind), flowEventKindName(e.kind));
            EventKind parsed = EventKind::BrokerOffline;
            QVERIFY(eventKindFromName(flowEventKindName(e.kind), &parsed));
            QCOMPARE(parsed, c.kind);
            QCOMPARE(c.cluster, QStringLiteral("primary->dr"));
            QCOMPARE(c.time, kNow);
            QCOMPARE(c.severity, EventSeverity::Warning);
            QCOMPARE(c.subject, QStringLiteral("g1"));
            QCOMPARE(c.group, QStringLiteral("g1"));
            QCOMPARE(c.message, QStringLiteral("message"));
        }
        QCOMPARE(toClusterEvents({}).size(), size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestFlowHealth)
#include "tst_flowhealth.moc"
