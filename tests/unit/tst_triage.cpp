// The triage list (core/triage): which facts become rows, at which severity, in which
// order (docs/TRIAGE.md), what a cluster's tree status takes from them, and how long each
// row has been so (TriageSince). One table row per rule.
#include "triage/Triage.h"

#include <QJsonObject>
#include <QTest>
#include <QTimeZone>

using namespace lagscope;

Q_DECLARE_METATYPE(lagscope::TriageInputs)

namespace {

const QDateTime kNow = QDateTime(QDate(2026, 12, 4), QTime(10, 0), QTimeZone::utc());

GroupState group(const char *id, LagStatus status, std::int64_t lag = 100)
{
    GroupState g;
    g.groupId = QString::fromLatin1(id);
    g.verdict = {status, QStringLiteral("reason of ") + g.groupId};
    g.totalLag = lag;
    return g;
}

// A reachable cluster: brokers as letters (O online, D offline, F fenced, U unreachable,
// S stopping), partitions of topic "t" as letters (o ok, u under-replicated, x offline).
SnapshotPtr cluster(const char *name, const char *brokers, const char *partitions, std::vector<GroupState> groups = {})
{
    const QString brokerSpec = QString::fromLatin1(brokers);
    const QString partitionSpec = QString::fromLatin1(partitions);
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = QString::fromLatin1(name);
    s->takenAt = kNow;
    s->reachable = true;
    for (qsizetype i = 0; i < brokerSpec.size(); ++i) {
        BrokerState b;
        b.info.id = int(i) + 1;
        const char c = brokerSpec[i].toLatin1();
        b.status = c == 'D'   ? BrokerStatus::Offline
                   : c == 'F' ? BrokerStatus::Fenced
                   : c == 'U' ? BrokerStatus::Unreachable
                   : c == 'S' ? BrokerStatus::Stopping
                              : BrokerStatus::Online;
        s->brokers.push_back(b);
    }
    TopicState t;
    t.name = QStringLiteral("t");
    for (qsizetype i = 0; i < partitionSpec.size(); ++i) {
        PartitionState p;
        p.partition = int(i);
        p.leader = partitionSpec[i] == QLatin1Char('x') ? -1 : 1;
        p.replicas = {1, 2};
        p.isr = partitionSpec[i] == QLatin1Char('u') ? std::vector<int>{1} : std::vector<int>{1, 2};
        t.partitions.push_back(p);
    }
    s->topics.push_back(t);
    s->groups = std::move(groups);
    return s;
}

QStringList names(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *n : list)
        out << QString::fromLatin1(n);
    return out;
}

QStringList describe(const std::vector<TriageItem> &items)
{
    QStringList out;
    for (const TriageItem &i : items)
        out << QStringLiteral("%1 %2 %3 %4")
                   .arg(triageSeverityName(i.severity), triageKindName(i.kind), i.cluster, i.subject);
    return out;
}

} // namespace

class TestTriage final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rows_data()
    {
        QTest::addColumn<TriageInputs>("inputs");
        QTest::addColumn<QStringList>("expected");

        QTest::newRow("all well") << TriageInputs{{cluster("a", "OOO", "oo", {group("g", LagStatus::Ok)})}, {}, {}, {}}
                                  << QStringList{};
        // STALL and worse are errors, REWIND and WARN warnings; OK groups are not listed.
        QTest::newRow("groups by status")
            << TriageInputs{{cluster("a", "OOO", "oo",
                                     {group("ok", LagStatus::Ok), group("warn", LagStatus::Warn),
                                      group("stop", LagStatus::Stop), group("err", LagStatus::Err),
                                      group("stall", LagStatus::Stall), group("rewind", LagStatus::Rewind)})},
                            {},
                            {},
                            {}}
            << names({"error group a err", "error group a stop", "error group a stall", "warning group a rewind",
                      "warning group a warn"});
        // Among groups of one status, the one furthest behind first.
        QTest::newRow("equal status by lag") << TriageInputs{
            {cluster("a", "O", "o", {group("small", LagStatus::Warn, 10), group("big", LagStatus::Warn, 5000)})},
            {},
            {},
            {}} << names({"warning group a big", "warning group a small"});
        // Brokers: offline and fenced are errors, unreachable and stopping warnings; partitions
        // offline an error, under-replicated a warning; a cluster's rows before its groups.
        QTest::newRow("brokers and partitions")
            << TriageInputs{{cluster("a", "DFUSO", "oxuu", {group("g", LagStatus::Warn)})}, {}, {}, {}}
            << names({"error broker a broker 1", "error broker a broker 2", "error offline-partitions a 1 partition(s)",
                      "warning broker a broker 3", "warning broker a broker 4",
                      "warning under-replicated a 2 partition(s)", "warning group a g"});
        // An unreachable cluster is one row: its brokers and groups are stale.
        QTest::newRow("unreachable") << [] {
            auto s = std::const_pointer_cast<ClusterSnapshot>(cluster("b", "DDD", "x", {group("g", LagStatus::Err)}));
            s->reachable = false;
            s->error = QStringLiteral("Connection refused");
            s->unreachableSince = kNow.addSecs(-60);
            return TriageInputs{{cluster("a", "O", "o", {group("w", LagStatus::Warn)}), s}, {}, {}, {}};
        }() << names({"error cluster b cluster", "warning group a w"});
        // Firing alerts and split brains are errors, listed before any broker; a lagging flow
        // is a warning, a broken one an error; a flow that is OK is not listed.
        QTest::newRow("alerts, split brains, flows")
            <<
            [] {
                AlertInstance firing{QStringLiteral("lag"),
                                     QStringLiteral("a"),
                                     QStringLiteral("g"),
                                     3,
                                     0,
                                     true,
                                     kNow.addSecs(-30),
                                     kNow,
                                     5000,
                                     QStringLiteral("5,000 records")};
                AlertInstance breaching = firing;
                breaching.rule = QStringLiteral("pending");
                breaching.firing = false;
                const auto flow = [](const QString &target, mirror::FlowHealth health) {
                    auto f = std::make_shared<mirror::FlowSnapshot>();
                    f->flow = {QStringLiteral("a"), target, QStringLiteral("a"), target};
                    f->health = health;
                    f->reason = QStringLiteral("why");
                    return mirror::FlowSnapshotPtr(f);
                };
                SplitBrainFinding b{QStringLiteral("a->b"),
                                    QStringLiteral("a"),
                                    QStringLiteral("b"),
                                    QStringLiteral("g"),
                                    QStringLiteral("members on both"),
                                    kNow};
                return TriageInputs{{cluster("a", "OD", "o")},
                                    {flow(QStringLiteral("b"), mirror::FlowHealth::Lagging),
                                     flow(QStringLiteral("c"), mirror::FlowHealth::Broken),
                                     flow(QStringLiteral("d"), mirror::FlowHealth::Ok)},
                                    {firing, breaching},
                                    {b}};
            }()
            << names({"error alert a lag / g", "error split-brain a->b g", "error broker a broker 2",
                      "error flow a->c flow", "warning flow a->b flow"});
    }

    void rows()
    {
        QFETCH(TriageInputs, inputs);
        QFETCH(QStringList, expected);
        QCOMPARE(describe(buildTriage(inputs)), expected);
    }

    void rowsLeadToTheirPage()
    {
        const auto items = buildTriage({{cluster("a", "DO", "x", {group("g", LagStatus::Stop)})}, {}, {}, {}});
        QCOMPARE(items.size(), std::size_t(3));
        QCOMPARE(items[0].target, TriageTarget::Brokers);
        QCOMPARE(items[1].target, TriageTarget::Topics);
        QCOMPARE(items[2].target, TriageTarget::Group);
        QCOMPARE(items[2].group, QStringLiteral("g"));
        QVERIFY(items[2].message.startsWith(QStringLiteral("STOP — reason of g")));
    }

    // The tree status of a cluster: its worst row, flow rows counting for both ends.
    void clusterStatus()
    {
        auto f = std::make_shared<mirror::FlowSnapshot>();
        f->flow = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("b")};
        f->health = mirror::FlowHealth::Broken;
        const std::vector<mirror::FlowSnapshotPtr> flows{f};
        const auto items = buildTriage(
            {{cluster("a", "O", "o", {group("w", LagStatus::Warn)}), cluster("b", "O", "o"), cluster("c", "O", "o")},
             flows,
             {},
             {}});
        const ClusterTriage a = clusterTriage(items, QStringLiteral("a"), flows);
        QVERIFY(a.any);
        QCOMPARE(a.worst, TriageSeverity::Error);
        QCOMPARE(a.count, 2);
        QVERIFY(a.lines.first().startsWith(QStringLiteral("a->b flow: Broken")));
        const ClusterTriage b = clusterTriage(items, QStringLiteral("b"), flows);
        QCOMPARE(b.count, 1);
        QCOMPARE(b.worst, TriageSeverity::Error);
        QVERIFY(!clusterTriage(items, QStringLiteral("c"), flows).any);
    }

    // Rows there at the first look at their cluster are "at least" that old; rows that appear
    // later are timed from their first sight; a row that goes and comes back starts again.
    void since()
    {
        TriageSince since;
        const auto at = [&](std::vector<GroupState> groups, const QDateTime &now, const QStringList &first = {}) {
            auto items = buildTriage({{cluster("a", "O", "o", std::move(groups))}, {}, {}, {}});
            since.update(items, now, first);
            return items;
        };
        auto first = at({group("old", LagStatus::Stop)}, kNow, {QStringLiteral("a")});
        QCOMPARE(first[0].since, kNow);
        QVERIFY(first[0].sinceAtLeast);
        auto second = at({group("old", LagStatus::Stop), group("new", LagStatus::Warn)}, kNow.addSecs(10));
        QCOMPARE(second[0].since, kNow);
        QVERIFY(second[0].sinceAtLeast);
        QCOMPARE(second[1].since, kNow.addSecs(10));
        QVERIFY(!second[1].sinceAtLeast);
        auto third = at({group("new", LagStatus::Warn)}, kNow.addSecs(20));
        QCOMPARE(third[0].since, kNow.addSecs(10));
        auto fourth = at({group("old", LagStatus::Stop), group("new", LagStatus::Warn)}, kNow.addSecs(30));
        QCOMPARE(fourth[0].since, kNow.addSecs(30));
        QVERIFY(!fourth[0].sinceAtLeast);
        // A row that knows its start keeps it (an unreachable cluster, a firing alert).
        auto s = std::const_pointer_cast<ClusterSnapshot>(cluster("b", "O", "o"));
        s->reachable = false;
        s->unreachableSince = kNow.addSecs(-600);
        auto items = buildTriage({{s}, {}, {}, {}});
        since.update(items, kNow.addSecs(40), {QStringLiteral("b")});
        QCOMPARE(items[0].since, kNow.addSecs(-600));
        QVERIFY(!items[0].sinceAtLeast);
    }

    void json()
    {
        auto items = buildTriage({{cluster("a", "D", "o", {group("g", LagStatus::Err)})}, {}, {}, {}});
        TriageSince().update(items, kNow, {QStringLiteral("a")});
        const QJsonArray a = triageJson(items);
        QCOMPARE(a.size(), 2);
        const QJsonObject g = a[1].toObject();
        QCOMPARE(g[QStringLiteral("severity")].toString(), QStringLiteral("error"));
        QCOMPARE(g[QStringLiteral("kind")].toString(), QStringLiteral("group"));
        QCOMPARE(g[QStringLiteral("cluster")].toString(), QStringLiteral("a"));
        QCOMPARE(g[QStringLiteral("group")].toString(), QStringLiteral("g"));
        QCOMPARE(g[QStringLiteral("target")].toString(), QStringLiteral("group"));
        QCOMPARE(g[QStringLiteral("since")].toString(), QStringLiteral("2026-12-04T10:00:00Z"));
        QCOMPARE(g[QStringLiteral("since_at_least")].toBool(), true);
        QVERIFY(a[0].toObject()[QStringLiteral("group")].isNull());
    }
};

QTEST_GUILESS_MAIN(TestTriage)
#include "tst_triage.moc"
