// diffSnapshots against the rules in SnapshotDiff.h: one table row per rule, whole event
// vectors compared so order and wording are pinned down too.
#include "TableRows.h"
#include "monitor/SnapshotDiff.h"

#include <QTest>

#include <algorithm>

using namespace lagscope;

namespace {

const QDateTime kT0(QDate(2024, 5, 1), QTime(10, 0), Qt::UTC);
const QDateTime kT1 = kT0.addSecs(30);

QString u8(const char *text) { return QString::fromUtf8(text); }

TopicPartition tp(const char *topic, int partition) { return {u8(topic), partition}; }

GroupMember member(const char *id, std::vector<TopicPartition> assignment)
{
    const QString memberId = u8(id);
    return groupMember(memberId, memberId + QStringLiteral("-client"), QStringLiteral("/10.0.0.1"),
                       std::move(assignment));
}

std::vector<TopicPartition> orders(std::initializer_list<int> partitions)
{
    std::vector<TopicPartition> out;
    for (const int p : partitions)
        out.push_back(tp("orders", p));
    return out;
}

// Builds snapshots in a line: healthy().broker(2, BrokerStatus::Offline).ptr().
// broker(), partition() and group() replace an existing entry with the same key.
class Snap {
public:
    Snap()
    {
        m_s.cluster = QStringLiteral("dc1");
        m_s.clusterId = QStringLiteral("cluster-id");
        m_s.takenAt = kT1;
        m_s.reachable = true;
    }

    Snap &at(const QDateTime &time)
    {
        m_s.takenAt = time;
        return *this;
    }
    Snap &controller(int id)
    {
        m_s.controllerId = id;
        return *this;
    }
    Snap &broker(int id, BrokerStatus status = BrokerStatus::Online)
    {
        withoutBroker(id);
        m_s.brokers.push_back(
            {BrokerInfo{id, QStringLiteral("127.0.0.1"), 9091 + id, QString()}, status, false, 0, QString(), 0, 0});
        return *this;
    }
    Snap &withoutBroker(int id)
    {
        std::erase_if(m_s.brokers, [&](const BrokerState &b) { return b.info.id == id; });
        return *this;
    }
    Snap &partition(const char *topic, int partition, int leader, std::vector<int> replicas, std::vector<int> isr)
    {
        auto t = std::find_if(m_s.topics.begin(), m_s.topics.end(), [&](const auto &x) { return x.name == u8(topic); });
        if (t == m_s.topics.end())
            t = m_s.topics.insert(m_s.topics.end(), TopicState{u8(topic), false, {}});
        std::erase_if(t->partitions, [&](const PartitionState &p) { return p.partition == partition; });
        t->partitions.push_back({partition, leader, std::move(replicas), std::move(isr), 0, 100});
        return *this;
    }
    Snap &withoutTopic(const char *topic)
    {
        std::erase_if(m_s.topics, [&](const TopicState &t) { return t.name == u8(topic); });
        return *this;
    }
    Snap &group(const char *id, const char *state, std::vector<GroupMember> members)
    {
        withoutGroup(id);
        GroupState g;
        g.groupId = u8(id);
        g.state = u8(state);
        g.type = QStringLiteral("Classic");
        g.members = std::move(members);
        m_s.groups.push_back(std::move(g));
        return *this;
    }
    // The lag verdict the poller judged for an existing group.
    Snap &verdict(const char *id, LagStatus status, const char *reason)
    {
        for (GroupState &g : m_s.groups)
            if (g.groupId == u8(id))
                g.verdict = {status, u8(reason)};
        return *this;
    }
    Snap &withoutGroup(const char *id)
    {
        std::erase_if(m_s.groups, [&](const GroupState &g) { return g.groupId == u8(id); });
        return *this;
    }
    // A failed poll: no data, only the error.
    Snap &unreachable(const char *error, const QDateTime &since = QDateTime())
    {
        m_s.reachable = false;
        m_s.error = u8(error);
        m_s.unreachableSince = since;
        m_s.controllerId = -1;
        m_s.brokers.clear();
        m_s.topics.clear();
        m_s.groups.clear();
        return *this;
    }

    // Sorted like a poller publishes it, unless the test wants to see unsorted input handled.
    SnapshotPtr ptr(bool sorted = true) const
    {
        auto s = std::make_shared<ClusterSnapshot>(m_s);
        if (sorted) {
            std::sort(s->topics.begin(), s->topics.end(), [](const auto &a, const auto &b) { return a.name < b.name; });
            std::sort(s->groups.begin(), s->groups.end(),
                      [](const auto &a, const auto &b) { return a.groupId < b.groupId; });
        }
        return s;
    }

private:
    ClusterSnapshot m_s;
};

// Three brokers, controller 1, orders-0..2 fully in sync, group billing Stable with one
// member owning all of orders.
Snap healthy()
{
    Snap s;
    s.broker(1).broker(2).broker(3).controller(1);
    for (int p = 0; p < 3; ++p)
        s.partition("orders", p, p % 3 + 1, {1, 2, 3}, {1, 2, 3});
    s.group("billing", "Stable", {member("m1", orders({0, 1, 2}))});
    return s;
}

SnapshotPtr before() { return healthy().at(kT0).ptr(); }

// kind|severity|subject|message
QString compact(const ClusterEvent &e)
{
    return eventKindName(e.kind) + QLatin1Char('|') + severityName(e.severity) + QLatin1Char('|') + e.subject
           + QLatin1Char('|') + e.message;
}

QStringList expect(std::initializer_list<const char *> lines)
{
    QStringList out;
    for (const char *line : lines)
        out << u8(line);
    return out;
}

bool isGroupEvent(EventKind kind)
{
    switch (kind) {
    case EventKind::GroupStateChanged:
    case EventKind::MemberJoined:
    case EventKind::MemberLeft:
    case EventKind::AssignmentChanged:
    case EventKind::GroupAppeared:
    case EventKind::GroupDisappeared:
    case EventKind::LagStatusChanged: return true;
    default: return false;
    }
}

} // namespace

class TestSnapshotDiff final : public QObject {
    Q_OBJECT

    // A row where the previous poll is also the last reachable one (when it was reachable).
    static void row(const char *name, const SnapshotPtr &previous, const SnapshotPtr &current,
                    const QStringList &expected)
    {
        row(name, previous, previous && previous->reachable ? previous : SnapshotPtr(), current, expected);
    }
    static void row(const char *name, const SnapshotPtr &previous, const SnapshotPtr &lastReachable,
                    const SnapshotPtr &current, const QStringList &expected)
    {
        QTest::newRow(name) << previous << lastReachable << current << expected;
    }

private Q_SLOTS:
    void diff_data();
    void diff();
    void largeClusterOneEventPerChange();
};

void TestSnapshotDiff::diff_data()
{
    test::addColumns<SnapshotPtr, SnapshotPtr, SnapshotPtr, QStringList>("previous", "lastReachable", "current",
                                                                         "expected");

    const auto down = [](const QDateTime &since = QDateTime()) {
        return Snap().at(kT0).unreachable("Local: Broker transport failure", since).ptr();
    };

    // --- cluster reachability
    row("no change: no events", before(), healthy().ptr(), {});
    row("first poll: no events, even with offline partitions", nullptr,
        healthy().partition("orders", 1, -1, {1, 2, 3}, {}).broker(2, BrokerStatus::Offline).ptr(), {});
    row("first poll unreachable: ClusterUnreachable", nullptr,
        Snap().unreachable("Local: Broker transport failure").ptr(),
        expect({"cluster-unreachable|error|dc1|cannot reach the cluster: Local: Broker transport failure"}));
    row("reachable → unreachable: only ClusterUnreachable, no broker or group events", before(),
        Snap().unreachable("Local: All broker connections are down", kT1).ptr(),
        expect({"cluster-unreachable|error|dc1|cannot reach the cluster: Local: All broker connections are down"}));
    row("unreachable without an error text", before(), Snap().unreachable("").ptr(),
        expect({"cluster-unreachable|error|dc1|cannot reach the cluster"}));
    row("still unreachable: reported once", down(kT0), before(), Snap().unreachable("again", kT0).ptr(), {});
    row("recovery, nothing changed meanwhile: ClusterReachable only", down(kT0), before(), healthy().ptr(),
        expect({"cluster-reachable|info|dc1|cluster is reachable again (unreachable since 2024-05-01T10:00:00Z)"}));
    row("recovery compares data with the last reachable poll", down(kT0), before(),
        healthy().group("billing", "Empty", {}).ptr(),
        expect({"cluster-reachable|info|dc1|cluster is reachable again (unreachable since 2024-05-01T10:00:00Z)",
                "group-state-changed|info|billing|Stable → Empty",
                "member-left|info|billing|member m1 left (client m1-client, host /10.0.0.1)"}));
    row("recovery without any earlier reachable poll: ClusterReachable only", down(), nullptr, healthy().ptr(),
        expect({"cluster-reachable|info|dc1|cluster is reachable again"}));

    // --- brokers
    row("broker → offline", before(), healthy().broker(2, BrokerStatus::Offline).ptr(),
        expect({"broker-offline|error|broker 2|broker 2 (127.0.0.1:9093) is offline: missing from metadata"}));
    row("broker → unreachable", before(), healthy().broker(2, BrokerStatus::Unreachable).ptr(),
        expect({"broker-unreachable|warning|broker 2|broker 2 (127.0.0.1:9093) is unreachable: in metadata, but "
                "the connection failed"}));
    row("broker offline → online", healthy().broker(3, BrokerStatus::Offline).ptr(), healthy().ptr(),
        expect({"broker-online|info|broker 3|broker 3 (127.0.0.1:9094) is online"}));
    row("broker unreachable → online", healthy().broker(3, BrokerStatus::Unreachable).ptr(), healthy().ptr(),
        expect({"broker-online|info|broker 3|broker 3 (127.0.0.1:9094) is online"}));
    row("broker offline → unreachable", healthy().broker(3, BrokerStatus::Offline).ptr(),
        healthy().broker(3, BrokerStatus::Unreachable).ptr(),
        expect({"broker-unreachable|warning|broker 3|broker 3 (127.0.0.1:9094) is unreachable: in metadata, but "
                "the connection failed"}));
    row("new broker online", before(), healthy().broker(4).ptr(),
        expect({"broker-online|info|broker 4|broker 4 (127.0.0.1:9095) is online"}));
    row("new broker offline: nothing to report", before(), healthy().broker(4, BrokerStatus::Offline).ptr(), {});
    row("broker dropped from the list while online counts as offline", before(), healthy().withoutBroker(2).ptr(),
        expect({"broker-offline|error|broker 2|broker 2 (127.0.0.1:9093) is offline: missing from metadata"}));
    row("offline broker dropped from the list: nothing new", healthy().broker(2, BrokerStatus::Offline).ptr(),
        healthy().withoutBroker(2).ptr(), {});

    // --- controller
    row("controller failed over: old controller gone", before(),
        healthy().broker(1, BrokerStatus::Offline).controller(3).ptr(),
        expect({"broker-offline|error|broker 1|broker 1 (127.0.0.1:9092) is offline: missing from metadata",
                "controller-changed|warning|controller|controller 1 → 3"}));
    // KRaft brokers name a random live broker as controller in each metadata answer.
    row("controller id moved, old controller still online (KRaft): no event", before(), healthy().controller(3).ptr(),
        {});
    row("controller unknown (-1): no event", before(), healthy().controller(-1).ptr(), {});

    // --- partitions
    row("partition → offline", before(), healthy().partition("orders", 1, -1, {1, 2, 3}, {}).ptr(),
        expect({"partition-offline|error|orders-1|orders-1 is offline: no leader (replicas 1,2,3)"}));
    row("partition → under-replicated", before(), healthy().partition("orders", 1, 2, {1, 2, 3}, {2, 3}).ptr(),
        expect({"partition-under-replicated|warning|orders-1|orders-1 is under-replicated: ISR 2,3 of replicas "
                "1,2,3"}));
    row("under-replicated → in sync", healthy().partition("orders", 1, 2, {1, 2, 3}, {2, 3}).ptr(), healthy().ptr(),
        expect({"partition-in-sync|info|orders-1|orders-1 is in sync: leader 2, ISR 1,2,3"}));
    row("offline → in sync", healthy().partition("orders", 1, -1, {1, 2, 3}, {}).ptr(), healthy().ptr(),
        expect({"partition-in-sync|info|orders-1|orders-1 is in sync: leader 2, ISR 1,2,3"}));
    row("offline → leader back but under-replicated", healthy().partition("orders", 1, -1, {1, 2, 3}, {}).ptr(),
        healthy().partition("orders", 1, 2, {1, 2, 3}, {2}).ptr(),
        expect({"partition-under-replicated|warning|orders-1|orders-1 is under-replicated: ISR 2 of replicas 1,2,3"}));
    row("ISR shrinking further while under-replicated: no new event",
        healthy().partition("orders", 1, 2, {1, 2, 3}, {2, 3}).ptr(),
        healthy().partition("orders", 1, 2, {1, 2, 3}, {2}).ptr(), {});
    row("created and deleted topics are not health changes", healthy().partition("gone", 0, -1, {1}, {}).ptr(),
        healthy().partition("fresh", 0, -1, {1}, {}).ptr(), {});

    // --- a broker dies: the broker and every partition it replicated, in one diff
    {
        Snap killed = healthy();
        killed.broker(3, BrokerStatus::Offline)
            .partition("orders", 0, 1, {1, 2, 3}, {1, 2})
            .partition("orders", 1, 2, {1, 2, 3}, {1, 2})
            .partition("orders", 2, 1, {1, 2, 3}, {1, 2}); // leadership moved off broker 3
        row("broker killed: offline broker and its partitions under-replicated", before(), killed.ptr(),
            expect({"broker-offline|error|broker 3|broker 3 (127.0.0.1:9094) is offline: missing from metadata",
                    "partition-under-replicated|warning|orders-0|orders-0 is under-replicated: ISR 1,2 of replicas "
                    "1,2,3",
                    "partition-under-replicated|warning|orders-1|orders-1 is under-replicated: ISR 1,2 of replicas "
                    "1,2,3",
                    "partition-under-replicated|warning|orders-2|orders-2 is under-replicated: ISR 1,2 of replicas "
                    "1,2,3"}));
    }

    // --- groups
    row("group appeared", before(), healthy().group("audit", "Stable", {member("a1", {}), member("a2", {})}).ptr(),
        expect({"group-appeared|info|audit|group appeared (Stable, 2 members)"}));
    row("group disappeared", healthy().group("audit", "Empty", {}).ptr(), healthy().ptr(),
        expect({"group-disappeared|info|audit|group disappeared (was Empty)"}));
    row("Stable → PreparingRebalance is a warning", before(),
        healthy().group("billing", "PreparingRebalance", {member("m1", orders({0, 1, 2}))}).ptr(),
        expect({"group-state-changed|warning|billing|Stable → PreparingRebalance"}));
    row("PreparingRebalance → CompletingRebalance is a warning",
        healthy().group("billing", "PreparingRebalance", {member("m1", orders({0, 1, 2}))}).ptr(),
        healthy().group("billing", "CompletingRebalance", {member("m1", orders({0, 1, 2}))}).ptr(),
        expect({"group-state-changed|warning|billing|PreparingRebalance → CompletingRebalance"}));
    row("CompletingRebalance → Stable is info",
        healthy().group("billing", "CompletingRebalance", {member("m1", orders({0, 1, 2}))}).ptr(), healthy().ptr(),
        expect({"group-state-changed|info|billing|CompletingRebalance → Stable"}));
    row("Stable → Reconciling (KIP-848) is a warning", before(),
        healthy().group("billing", "Reconciling", {member("m1", orders({0, 1, 2}))}).ptr(),
        expect({"group-state-changed|warning|billing|Stable → Reconciling"}));
    row("Empty → Dead is a warning", healthy().group("billing", "Empty", {}).ptr(),
        healthy().group("billing", "Dead", {}).ptr(), expect({"group-state-changed|warning|billing|Empty → Dead"}));
    row("member joined without taking partitions", before(),
        healthy().group("billing", "Stable", {member("m1", orders({0, 1, 2})), member("m2", {})}).ptr(),
        expect({"member-joined|info|billing|member m2 joined (client m2-client, host /10.0.0.1)"}));
    row("member left, the survivor keeps its partitions",
        healthy().group("billing", "Stable", {member("m1", orders({0, 1})), member("m2", orders({2}))}).ptr(),
        healthy().group("billing", "Stable", {member("m1", orders({0, 1}))}).ptr(),
        expect({"member-left|info|billing|member m2 left (client m2-client, host /10.0.0.1)"}));
    row("members swap partitions: one AssignmentChanged",
        healthy().group("billing", "Stable", {member("m1", orders({0, 1})), member("m2", orders({2}))}).ptr(),
        healthy().group("billing", "Stable", {member("m1", orders({2})), member("m2", orders({0, 1}))}).ptr(),
        expect({"assignment-changed|info|billing|3 partitions moved"}));
    row("fast rebalance: Stable → Stable with a member added", before(),
        healthy().group("billing", "Stable", {member("m1", orders({0})), member("m2", orders({1, 2}))}).ptr(),
        expect({"member-joined|info|billing|member m2 joined (client m2-client, host /10.0.0.1)",
                "assignment-changed|info|billing|2 partitions moved"}));
    row("member left, its partition moved to the survivor",
        healthy().group("billing", "Stable", {member("m1", orders({0, 1})), member("m2", orders({2}))}).ptr(), before(),
        expect({"member-left|info|billing|member m2 left (client m2-client, host /10.0.0.1)",
                "assignment-changed|info|billing|1 partition moved"}));
    row("assignment in another order is the same set: no event", before(),
        healthy().group("billing", "Stable", {member("m1", orders({2, 0, 1}))}).ptr(), {});
    row("subscription grew: newly assigned partitions", before(),
        healthy()
            .group("billing", "Stable",
                   {member("m1", {tp("orders", 0), tp("orders", 1), tp("orders", 2), tp("audit", 0)})})
            .ptr(),
        expect({"assignment-changed|info|billing|1 partition newly assigned"}));
    row("summary counts moved and released partitions",
        healthy().group("billing", "Stable", {member("m1", orders({0, 1})), member("m2", orders({2}))}).ptr(),
        healthy().group("billing", "Stable", {member("m1", orders({0})), member("m2", orders({1}))}).ptr(),
        expect({"assignment-changed|info|billing|1 partition moved, 1 partition no longer assigned"}));
    // --- lag status: one event per change of the group's verdict, with the new reason
    row("lag status OK → STOP is an error, with the reason", before(),
        healthy().verdict("billing", LagStatus::Stop, "orders-1: no member consumes this partition").ptr(),
        expect({"lag-status-changed|error|billing|lag status OK → STOP: orders-1: no member consumes this partition"}));
    row("lag status OK → WARN is a warning", before(),
        healthy().verdict("billing", LagStatus::Warn, "orders-0: lag grew").ptr(),
        expect({"lag-status-changed|warning|billing|lag status OK → WARN: orders-0: lag grew"}));
    row("lag status STALL → OK is info", healthy().verdict("billing", LagStatus::Stall, "stalled").ptr(),
        healthy().verdict("billing", LagStatus::Ok, "all 3 partitions OK").ptr(),
        expect({"lag-status-changed|info|billing|lag status STALL → OK: all 3 partitions OK"}));
    row("same status, new reason: no event", healthy().verdict("billing", LagStatus::Warn, "lag grew from 1").ptr(),
        healthy().verdict("billing", LagStatus::Warn, "lag grew from 2").ptr(), {});
    row("lag status after the member left: member event first", before(),
        healthy().group("billing", "Empty", {}).verdict("billing", LagStatus::Err, "records were deleted").ptr(),
        expect({"group-state-changed|info|billing|Stable → Empty",
                "member-left|info|billing|member m1 left (client m1-client, host /10.0.0.1)",
                "lag-status-changed|error|billing|lag status OK → ERR: records were deleted"}));

    // --- order: cluster, brokers (numeric id), controller, partitions (topic, number), groups (id)
    {
        Snap was = healthy().at(kT0);
        was.broker(10).partition("orders", 10, 10, {10, 1}, {10, 1}).partition("orders", 2, 3, {3, 1}, {3, 1});
        was.group("zeta", "Stable", {}).group("alpha", "Stable", {});
        Snap now = healthy();
        now.broker(10, BrokerStatus::Offline)
            .broker(2, BrokerStatus::Unreachable)
            .controller(2)
            .partition("orders", 10, 1, {10, 1}, {1})
            .partition("orders", 2, -1, {3, 1}, {})
            .partition("audit", 0, -1, {1}, {});
        was.partition("audit", 0, 1, {1}, {1});
        now.group("zeta", "PreparingRebalance", {}).group("alpha", "Empty", {}).withoutGroup("billing");
        row("whole diff in block order, each block sorted", down(kT0), was.ptr(), now.ptr(false),
            expect({"cluster-reachable|info|dc1|cluster is reachable again (unreachable since 2024-05-01T10:00:00Z)",
                    "broker-unreachable|warning|broker 2|broker 2 (127.0.0.1:9093) is unreachable: in metadata, but "
                    "the connection failed",
                    "broker-offline|error|broker 10|broker 10 (127.0.0.1:9101) is offline: missing from metadata",
                    "partition-offline|error|audit-0|audit-0 is offline: no leader (replicas 1)",
                    "partition-offline|error|orders-2|orders-2 is offline: no leader (replicas 3,1)",
                    "partition-under-replicated|warning|orders-10|orders-10 is under-replicated: ISR 1 of replicas "
                    "10,1",
                    "group-state-changed|info|alpha|Stable → Empty",
                    "group-disappeared|info|billing|group disappeared (was Stable)",
                    "group-state-changed|warning|zeta|Stable → PreparingRebalance"}));
    }
}

void TestSnapshotDiff::diff()
{
    QFETCH(SnapshotPtr, previous);
    QFETCH(SnapshotPtr, lastReachable);
    QFETCH(SnapshotPtr, current);
    QFETCH(QStringList, expected);

    const std::vector<ClusterEvent> events = diffSnapshots(previous.get(), lastReachable.get(), *current);
    QStringList actual;
    for (const auto &e : events)
        actual << compact(e);
    QCOMPARE(actual, expected);

    for (const auto &e : events) {
        QCOMPARE(e.time, current->takenAt);
        QCOMPARE(e.cluster, current->cluster);
        QCOMPARE(e.group, isGroupEvent(e.kind) ? e.subject : QString());
    }
}

// A broker of a large cluster dies and every group rebalances: one event per partition and
// per group, nothing merged or lost. (Sized like the largest cluster we plan for; the merge-
// based diff keeps this well under a millisecond per thousand items.)
void TestSnapshotDiff::largeClusterOneEventPerChange()
{
    constexpr int kTopics = 100, kPartitions = 20, kGroups = 500;
    Snap was, now;
    for (Snap *s : {&was, &now})
        s->broker(1).broker(2).broker(3).controller(1);
    now.broker(3, BrokerStatus::Offline);
    for (int t = 0; t < kTopics; ++t) {
        const QByteArray name = "topic-" + QByteArray::number(t).rightJustified(3, '0');
        for (int p = 0; p < kPartitions; ++p) {
            const int leader = p % 3 + 1;
            was.partition(name.constData(), p, leader, {1, 2, 3}, {1, 2, 3});
            now.partition(name.constData(), p, leader == 3 ? 1 : leader, {1, 2, 3}, {1, 2});
        }
    }
    for (int g = 0; g < kGroups; ++g) {
        const QByteArray id = "group-" + QByteArray::number(g).rightJustified(3, '0');
        was.group(id.constData(), "Stable", {member("a", {tp("topic-000", 0)}), member("b", {tp("topic-000", 1)})});
        now.group(id.constData(), "PreparingRebalance",
                  {member("a", {tp("topic-000", 0), tp("topic-000", 1)}), member("c", {})});
    }
    const SnapshotPtr previous = was.at(kT0).ptr();
    const SnapshotPtr current = now.ptr();

    const auto events = diffSnapshots(previous.get(), previous.get(), *current);

    const auto count = [&](EventKind kind) {
        return std::count_if(events.begin(), events.end(), [&](const ClusterEvent &e) { return e.kind == kind; });
    };
    QCOMPARE(count(EventKind::BrokerOffline), 1);
    QCOMPARE(count(EventKind::PartitionUnderReplicated), kTopics * kPartitions);
    QCOMPARE(count(EventKind::GroupStateChanged), kGroups);
    QCOMPARE(count(EventKind::MemberJoined), kGroups);
    QCOMPARE(count(EventKind::MemberLeft), kGroups);
    QCOMPARE(count(EventKind::AssignmentChanged), kGroups);
    QCOMPARE(int(events.size()), 1 + kTopics * kPartitions + 4 * kGroups);

    QCOMPARE(events.front().subject, QStringLiteral("broker 3"));
    QCOMPARE(events[1].subject, QStringLiteral("topic-000-0"));
    QCOMPARE(events[kTopics * kPartitions].subject, QStringLiteral("topic-099-19"));
    QCOMPARE(events.back().subject, QStringLiteral("group-499"));
    QCOMPARE(events.back().message, QStringLiteral("1 partition moved"));
}

QTEST_GUILESS_MAIN(TestSnapshotDiff)
#include "tst_snapshotdiff.moc"
