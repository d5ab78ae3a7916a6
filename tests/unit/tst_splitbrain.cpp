// The split-brain detector (monitor/SplitBrain): which groups count as consumed on both sides
// of a flow, table-driven over members, moving commits, policies and stale data; and the
// tracker's started/ended events.
#include "TableRows.h"
#include "monitor/SplitBrain.h"

#include <QTest>

using namespace lagscope;

namespace {

const QDateTime kT0 = QDateTime::fromMSecsSinceEpoch(1'750'000'000'000, Qt::UTC);

// One group on one cluster at one poll. members: "client@host=topic-p,topic-p" (no "=…": a
// member without an assignment); commits: "topic-p=offset".
struct G {
    QStringList members;
    QStringList commits;
    QString state = QStringLiteral("Stable");
    bool unread = false;
};

TopicPartition tp(const QString &text)
{
    const qsizetype dash = text.lastIndexOf(QLatin1Char('-'));
    return {text.left(dash), text.mid(dash + 1).toInt()};
}

SnapshotPtr snapshot(const QString &cluster, const std::optional<G> &group, bool reachable = true)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = cluster;
    s->reachable = reachable;
    s->takenAt = kT0;
    if (!group)
        return s;
    GroupState g;
    g.groupId = QStringLiteral("billing");
    g.state = group->state;
    for (const QString &m : group->members) {
        const QString who = m.section(QLatin1Char('='), 0, 0);
        std::vector<TopicPartition> assignment;
        for (const QString &p : m.section(QLatin1Char('='), 1).split(QLatin1Char(','), Qt::SkipEmptyParts))
            assignment.push_back(tp(p));
        g.members.push_back(groupMember(who + QStringLiteral("-id"), who.section(QLatin1Char('@'), 0, 0),
                                        who.section(QLatin1Char('@'), 1), assignment));
    }
    for (const QString &c : group->commits) {
        PartitionLag p;
        p.partition = tp(c.section(QLatin1Char('='), 0, 0));
        p.committed = c.section(QLatin1Char('='), 1).toLongLong();
        g.partitions.push_back(p);
    }
    std::sort(g.partitions.begin(), g.partitions.end(),
              [](const PartitionLag &a, const PartitionLag &b) { return a.partition < b.partition; });
    if (group->unread)
        g.error = QStringLiteral("coordinator down");
    s->groups.push_back(g);
    return s;
}

ReplicationFlowConfig flow(const QString &from, const QString &to, bool identity = false, const QString &fromAlias = {},
                           const QString &toAlias = {})
{
    ReplicationFlowConfig f;
    f.sourceCluster = from;
    f.targetCluster = to;
    f.sourceAlias = fromAlias.isEmpty() ? from : fromAlias;
    f.targetAlias = toAlias.isEmpty() ? to : toAlias;
    if (identity)
        f.policy.kind = mirror::ReplicationPolicyConfig::Identity;
    return f;
}

const QString P = QStringLiteral("primary");
const QString D = QStringLiteral("dr");

struct Case {
    const char *name;
    std::vector<ReplicationFlowConfig> flows;
    std::optional<G> primaryBefore, primaryNow, drBefore, drNow;
    bool drReachable = true;
    // Expected: empty = no split brain; else "source topics | target topics | source members |
    // target members | source moving | target moving".
    QString expected;
};

const std::vector<Case> &cases()
{
    static const std::vector<Case> rows{
        {"members on both sides, default policy",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=orders-0,orders-1")}, {QStringLiteral("orders-0=5")}},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}},
         true,
         QStringLiteral("orders|primary.orders|app (h1)|app (h2)|0|0")},
        {"members on both sides, identity policy",
         {flow(P, D, true)},
         {},
         G{{QStringLiteral("app@h1=orders-0")}, {}},
         {},
         G{{QStringLiteral("app@h2=orders-0")}, {}},
         true,
         QStringLiteral("orders|orders|app (h1)|app (h2)|0|0")},
        {"dr consumes its own orders, not the replica",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=orders-0")}, {}},
         {},
         G{{QStringLiteral("app@h2=orders-0")}, {}},
         true,
         {}},
        {"aliases name the replica",
         {flow(P, D, false, QStringLiteral("us"), QStringLiteral("eu"))},
         {},
         G{{QStringLiteral("app@h1=orders-0")}, {}},
         {},
         G{{QStringLiteral("app@h2=us.orders-0")}, {}},
         true,
         QStringLiteral("orders|us.orders|app (h1)|app (h2)|0|0")},
        {"memberless moving commits on the target are MirrorMaker's sync",
         {flow(P, D)},
         G{{QStringLiteral("app@h1=orders-0")}, {QStringLiteral("orders-0=5")}},
         G{{QStringLiteral("app@h1=orders-0")}, {QStringLiteral("orders-0=9")}},
         G{{}, {QStringLiteral("primary.orders-0=3")}, QStringLiteral("Empty")},
         G{{}, {QStringLiteral("primary.orders-0=8")}, QStringLiteral("Empty")},
         true,
         {}},
        {"memberless moving commits on the source count",
         {flow(P, D)},
         G{{}, {QStringLiteral("orders-0=5"), QStringLiteral("orders-1=5")}, QStringLiteral("Empty")},
         G{{}, {QStringLiteral("orders-0=9"), QStringLiteral("orders-1=5")}, QStringLiteral("Empty")},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}},
         true,
         QStringLiteral("orders|primary.orders||app (h2)|1|0")},
        {"standing commits are not activity",
         {flow(P, D)},
         G{{}, {QStringLiteral("orders-0=5")}, QStringLiteral("Empty")},
         G{{}, {QStringLiteral("orders-0=5")}, QStringLiteral("Empty")},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}},
         true,
         {}},
        {"a flow back into the source may sync its commits too",
         {flow(P, D), flow(D, P)},
         G{{}, {QStringLiteral("orders-0=5")}, QStringLiteral("Empty")},
         G{{}, {QStringLiteral("orders-0=9")}, QStringLiteral("Empty")},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}},
         true,
         {}},
        {"members mid-rebalance count on the topics they committed",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1")}, {QStringLiteral("orders-0=5")}, QStringLiteral("PreparingRebalance")},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}},
         true,
         QStringLiteral("orders|primary.orders|app (h1)|app (h2)|0|0")},
        {"target unreachable: stale members are not judged",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=orders-0")}, {}},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}},
         false,
         {}},
        {"group unread on the target",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=orders-0")}, {}},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0")}, {}, QStringLiteral("Stable"), true},
         true,
         {}},
        {"group only on the source",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=orders-0")}, {}},
         {},
         std::nullopt,
         true,
         {}},
        {"MirrorMaker's own topics never count",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=heartbeats-0")}, {}},
         {},
         G{{QStringLiteral("app@h2=primary.heartbeats-0")}, {}},
         true,
         {}},
        {"only the shared topics are reported",
         {flow(P, D)},
         {},
         G{{QStringLiteral("app@h1=orders-0,payments-0"), QStringLiteral("other@h3=payments-1")}, {}},
         {},
         G{{QStringLiteral("app@h2=primary.orders-0,audit-0")}, {}},
         true,
         QStringLiteral("orders|primary.orders|app (h1)|app (h2)|0|0")},
    };
    return rows;
}

QString summary(const SplitBrain &b)
{
    return QStringList{b.source.topics.join(QLatin1Char(',')),  b.target.topics.join(QLatin1Char(',')),
                       b.source.members.join(QLatin1Char(',')), b.target.members.join(QLatin1Char(',')),
                       QString::number(b.source.moving.size()), QString::number(b.target.moving.size())}
        .join(QLatin1Char('|'));
}

} // namespace

class TestSplitBrain final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void findSplitBrains_data() { test::addRowNumbers(cases()); }
    void findSplitBrains()
    {
        QFETCH(int, row);
        const Case &c = cases()[size_t(row)];
        std::map<QString, SnapshotPtr> latest{{P, snapshot(P, c.primaryNow)}, {D, snapshot(D, c.drNow, c.drReachable)}};
        std::map<QString, SnapshotPtr> previous;
        if (c.primaryBefore)
            previous[P] = snapshot(P, c.primaryBefore);
        if (c.drBefore)
            previous[D] = snapshot(D, c.drBefore);
        const std::vector<SplitBrain> found = lagscope::findSplitBrains(c.flows, latest, previous);
        if (c.expected.isEmpty()) {
            QVERIFY2(found.empty(), found.empty() ? "" : qPrintable(found.front().describe()));
            return;
        }
        QCOMPARE(found.size(), size_t(1));
        QCOMPARE(found.front().group, QStringLiteral("billing"));
        QCOMPARE(found.front().flow, flowLabel(c.flows.front()));
        QCOMPARE(found.front().source.cluster, P);
        QCOMPARE(found.front().target.cluster, D);
        QCOMPARE(summary(found.front()), c.expected);
        QVERIFY(found.front().describe().contains(flowLabel(c.flows.front())));
    }

    void trackerStartsAndEnds()
    {
        const std::vector<ReplicationFlowConfig> flows{flow(P, D)};
        const std::map<QString, SnapshotPtr> both{{P, snapshot(P, G{{QStringLiteral("app@h1=orders-0")}, {}})},
                                                  {D, snapshot(D, G{{QStringLiteral("app@h2=primary.orders-0")}, {}})}};
        const std::vector<SplitBrain> found = lagscope::findSplitBrains(flows, both, {});
        QCOMPARE(found.size(), size_t(1));
        const QSet<QString> judged{QStringLiteral("primary->dr")};

        SplitBrainTracker tracker;
        std::vector<ClusterEvent> events = tracker.update(found, P, kT0, judged);
        QCOMPARE(events.size(), size_t(2)); // one per cluster of the flow
        QCOMPARE(events[0].cluster, P);
        QCOMPARE(events[1].cluster, D);
        for (const ClusterEvent &e : events) {
            QCOMPARE(e.kind, EventKind::SplitBrainStarted);
            QCOMPARE(e.severity, EventSeverity::Error);
            QCOMPARE(e.subject, QStringLiteral("billing"));
            QCOMPARE(e.group, QStringLiteral("billing"));
        }
        QVERIFY(tracker.update(found, D, kT0.addSecs(5), judged).empty());
        QCOMPARE(tracker.active().size(), size_t(1));
        QCOMPARE(tracker.active().front().since, kT0);
        QCOMPARE(tracker.of(D, QStringLiteral("billing")).size(), size_t(1));
        QVERIFY(tracker.of(D, QStringLiteral("other")).empty());

        // Not judged (a cluster unreachable): nothing ends.
        for (int i = 0; i < 4; ++i)
            QVERIFY(tracker.update({}, i % 2 ? P : D, kT0.addSecs(10 + i), {}).empty());
        QCOMPARE(tracker.active().size(), size_t(1));
        // Judged without it: ends once each cluster polled twice.
        QVERIFY(tracker.update({}, P, kT0.addSecs(20), judged).empty());
        QVERIFY(tracker.update({}, P, kT0.addSecs(21), judged).empty());
        QVERIFY(tracker.update({}, D, kT0.addSecs(22), judged).empty());
        // Found again in between: the count starts over.
        QVERIFY(tracker.update(found, D, kT0.addSecs(23), judged).empty());
        QVERIFY(tracker.update({}, P, kT0.addSecs(24), judged).empty());
        QVERIFY(tracker.update({}, D, kT0.addSecs(25), judged).empty());
        QVERIFY(tracker.update({}, P, kT0.addSecs(26), judged).empty());
        events = tracker.update({}, D, kT0.addSecs(27), judged);
        QCOMPARE(events.size(), size_t(2));
        QCOMPARE(events[0].kind, EventKind::SplitBrainEnded);
        QCOMPARE(events[0].severity, EventSeverity::Info);
        QCOMPARE(events[0].time, kT0.addSecs(27));
        QVERIFY(tracker.active().empty());
    }
};

QTEST_GUILESS_MAIN(TestSplitBrain)
#include "tst_splitbrain.moc"
