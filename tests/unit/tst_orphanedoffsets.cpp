// Orphaned offsets (monitor/OrphanedOffsets): which committed partitions of a group nobody
// will read, through buildSnapshot as the poller builds them; and what a group's totals and
// status become when ignore_orphaned_offsets leaves them out.
#include "TableRows.h"
#include "monitor/OrphanedOffsets.h"
#include "monitor/SnapshotBuilder.h"

#include <QTest>

using namespace lagscope;

namespace {

const QDateTime kT0 = QDateTime::fromMSecsSinceEpoch(1'750'000'000'000, Qt::UTC);

TopicPartition tp(const QString &text)
{
    const qsizetype dash = text.lastIndexOf(QLatin1Char('-'));
    return {text.left(dash), text.mid(dash + 1).toInt()};
}

struct Case {
    const char *name;
    QStringList topics;  // "name:partitions" in the metadata
    QString state;       // the group's
    QStringList members; // each a comma-separated assignment ("" = none)
    QStringList commits; // "topic-p"
    QString expected;    // "topic-p:reason" of the orphaned ones, comma-separated, sorted
};

const std::vector<Case> &cases()
{
    static const std::vector<Case> rows{
        {"deleted topic, empty group",
         {QStringLiteral("orders:2")},
         QStringLiteral("Empty"),
         {},
         {QStringLiteral("gone-0"), QStringLiteral("orders-0")},
         QStringLiteral("gone-0:deleted")},
        {"partition beyond the topic's partitions",
         {QStringLiteral("orders:2")},
         QStringLiteral("Empty"),
         {},
         {QStringLiteral("orders-0"), QStringLiteral("orders-5")},
         QStringLiteral("orders-5:deleted")},
        {"stable group moved on to another topic",
         {QStringLiteral("old:1"), QStringLiteral("orders:2")},
         QStringLiteral("Stable"),
         {QStringLiteral("orders-0,orders-1")},
         {QStringLiteral("old-0"), QStringLiteral("orders-0")},
         QStringLiteral("old-0:unassigned")},
        {"one member assigned the topic is enough",
         {QStringLiteral("a:1"), QStringLiteral("b:1")},
         QStringLiteral("Stable"),
         {QStringLiteral("a-0"), QStringLiteral("b-0"), QString()},
         {QStringLiteral("a-0"), QStringLiteral("b-0")},
         QString()},
        {"deleted wins over unassigned",
         {QStringLiteral("orders:1")},
         QStringLiteral("Stable"),
         {QStringLiteral("orders-0")},
         {QStringLiteral("gone-0"), QStringLiteral("orders-0")},
         QStringLiteral("gone-0:deleted")},
        {"rebalancing: empty assignments say nothing",
         {QStringLiteral("old:1"), QStringLiteral("orders:1")},
         QStringLiteral("PreparingRebalance"),
         {QString()},
         {QStringLiteral("old-0"), QStringLiteral("orders-0")},
         QString()},
        {"stable members without a decodable assignment",
         {QStringLiteral("old:1")},
         QStringLiteral("Stable"),
         {QString(), QString()},
         {QStringLiteral("old-0")},
         QString()},
        {"empty group on an existing topic is STOP's business, not orphaned",
         {QStringLiteral("orders:1")},
         QStringLiteral("Empty"),
         {},
         {QStringLiteral("orders-0")},
         QString()},
        {"assigned partition without a commit",
         {QStringLiteral("orders:2")},
         QStringLiteral("Stable"),
         {QStringLiteral("orders-0,orders-1")},
         {QStringLiteral("orders-0")},
         QString()},
    };
    return rows;
}

PollResult pollOf(const Case &c)
{
    PollResult r;
    r.metadata.brokers.push_back({1, QStringLiteral("b1"), 9092, {}});
    for (const QString &t : c.topics) {
        TopicInfo info;
        info.name = t.section(QLatin1Char(':'), 0, 0);
        for (int p = 0; p < t.section(QLatin1Char(':'), 1).toInt(); ++p) {
            info.partitions.push_back(PartitionInfo{p, 1, {1}, {1}, {}});
            r.logEnd[{info.name, p}] = 100;
        }
        r.metadata.topics.push_back(info);
    }
    GroupDescription d;
    d.groupId = QStringLiteral("g");
    d.state = c.state;
    int i = 0;
    for (const QString &m : c.members) {
        std::vector<TopicPartition> assignment;
        for (const QString &p : m.split(QLatin1Char(','), Qt::SkipEmptyParts))
            assignment.push_back(tp(p));
        d.members.push_back(groupMember(QStringLiteral("m-%1").arg(i), QStringLiteral("c-%1").arg(i),
                                        QStringLiteral("/10.0.0.1"), assignment));
        ++i;
    }
    r.groups.push_back(d);
    for (const QString &p : c.commits)
        r.committed[d.groupId][tp(p)] = 10;
    return r;
}

PartitionLag partition(const char *name, LagStatus status, std::int64_t lag, OrphanReason orphan,
                       std::optional<double> lagSeconds = {})
{
    PartitionLag p;
    p.partition = tp(QString::fromLatin1(name));
    p.committed = 100;
    p.lag = lag;
    p.verdict = {status, QStringLiteral("because")};
    p.orphan = orphan;
    if (lagSeconds)
        p.lagTime = LagTime{*lagSeconds, false};
    return p;
}

} // namespace

Q_DECLARE_METATYPE(lagscope::LagStatus)

class TestOrphanedOffsets final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classification_data() { test::addRowNumbers(cases()); }
    void classification()
    {
        QFETCH(int, row);
        const Case &c = cases()[size_t(row)];
        const ClusterSnapshot s = buildSnapshot(QStringLiteral("c"), pollOf(c), {}, kT0, 10);
        QCOMPARE(s.groups.size(), size_t(1));
        QStringList orphaned;
        for (const PartitionLag &p : s.groups.front().partitions)
            if (p.orphaned())
                orphaned << p.partition.toString() + QLatin1Char(':') + orphanReasonName(p.orphan);
        orphaned.sort();
        QCOMPARE(orphaned.join(QLatin1Char(',')), c.expected);
        QCOMPARE(orphanedCount(s.groups.front()), int(orphaned.size()));
    }

    void unreadGroupKeepsItsMarks()
    {
        const Case &c = cases()[0];
        const ClusterSnapshot first = buildSnapshot(QStringLiteral("c"), pollOf(c), {}, kT0, 10);
        PollResult unread = pollOf(c);
        unread.committed.clear();
        unread.groupErrors[QStringLiteral("g")] = QStringLiteral("coordinator down");
        const ClusterSnapshot second = buildSnapshot(QStringLiteral("c"), unread, {}, kT0.addSecs(5), 10, &first);
        QVERIFY(second.groups.front().unread());
        QCOMPARE(orphanedTopics(second.groups.front()), QStringList{QStringLiteral("gone")});
    }

    void exclusion_data()
    {
        test::addColumns<LagStatus, LagStatus, LagStatus, LagStatus, qint64, double>(
            "groupBefore", "kept", "orphan", "groupAfter", "totalAfter", "lagSecondsAfter");
        QTest::newRow("orphan STOP, the rest OK")
            << LagStatus::Stop << LagStatus::Ok << LagStatus::Stop << LagStatus::Ok << qint64(5) << 2.0;
        QTest::newRow("the rest STALL stays STALL")
            << LagStatus::Stop << LagStatus::Stall << LagStatus::Stop << LagStatus::Stall << qint64(5) << 2.0;
        QTest::newRow("total growth WARN is kept")
            << LagStatus::Warn << LagStatus::Ok << LagStatus::Ok << LagStatus::Warn << qint64(5) << 2.0;
    }
    void exclusion()
    {
        QFETCH(LagStatus, groupBefore);
        QFETCH(LagStatus, kept);
        QFETCH(LagStatus, orphan);
        QFETCH(LagStatus, groupAfter);
        QFETCH(qint64, totalAfter);
        QFETCH(double, lagSecondsAfter);
        GroupState g;
        g.groupId = QStringLiteral("g");
        g.partitions = {partition("new-0", kept, 5, OrphanReason::None, 2.0),
                        partition("old-0", orphan, 900, OrphanReason::Unassigned, 3600.0)};
        g.totalLag = 905;
        g.maxLag = 900;
        g.maxLagTime = LagTime{3600.0, false};
        g.verdict = {groupBefore, QStringLiteral("old-0: because")};
        excludeOrphans(g);
        QCOMPARE(g.verdict.status, groupAfter);
        QCOMPARE(g.totalLag, totalAfter);
        QCOMPARE(g.maxLag, totalAfter);
        QVERIFY(g.maxLagTime);
        QCOMPARE(g.maxLagTime->seconds, lagSecondsAfter);
        if (groupAfter != groupBefore || groupAfter != LagStatus::Warn)
            QVERIFY2(g.verdict.reason.contains(QStringLiteral("1 orphaned partition(s) not counted")),
                     qPrintable(g.verdict.reason));
    }

    void noOrphansNoChange()
    {
        GroupState g;
        g.partitions = {partition("a-0", LagStatus::Stop, 50, OrphanReason::None)};
        g.totalLag = 50;
        g.verdict = {LagStatus::Stop, QStringLiteral("a-0: because")};
        const GroupState before = g;
        excludeOrphans(g);
        QCOMPARE(g.verdict, before.verdict);
        QCOMPARE(g.totalLag, before.totalLag);
    }
};

QTEST_GUILESS_MAIN(TestOrphanedOffsets)
#include "tst_orphanedoffsets.moc"
