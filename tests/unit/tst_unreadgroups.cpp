// A group a poll could not read (its coordinator is down: PollResult::groupErrors) keeps
// what the last good poll knew, marked with why (GroupState::error), and is not judged
// again: the evaluator must not take its carried offsets for offsets that stand still.
#include "TableRows.h"
#include "monitor/LagEvaluator.h"
#include "monitor/SnapshotBuilder.h"

#include <QTest>

using namespace lagscope;

namespace {

const QDateTime kStart = QDateTime::fromMSecsSinceEpoch(1'750'000'000'000, Qt::UTC);
const TopicPartition kTp{QStringLiteral("orders"), 0};

// Poll i of one group "g" on orders-0: 100 records produced per poll, the group's only member
// consuming all but 30 while `consuming`, else gone (no member, offset where it was).
PollResult pollResult(int i, std::int64_t committed, bool member, bool unread)
{
    PollResult r;
    r.metadata.brokers.push_back({1, QStringLiteral("b1"), 9092, {}});
    TopicInfo t;
    t.name = kTp.topic;
    t.partitions.push_back(PartitionInfo{0, 1, {1}, {1}, {}});
    r.metadata.topics.push_back(t);
    GroupDescription d;
    d.groupId = QStringLiteral("g");
    d.state = member ? QStringLiteral("Stable") : QStringLiteral("Empty");
    if (member)
        d.members.push_back(
            groupMember(QStringLiteral("m-1"), QStringLiteral("c-1"), QStringLiteral("/10.0.0.1"), {kTp}));
    r.groups.push_back(d);
    if (unread)
        r.groupErrors[d.groupId] =
            QStringLiteral("committed offsets of group 'g': Failed to look up group coordinator");
    else
        r.committed[d.groupId][kTp] = committed;
    r.logEnd[kTp] = 100 * (i + 1);
    r.logStart[kTp] = 0;
    return r;
}

} // namespace

Q_DECLARE_METATYPE(lagscope::LagStatus)

class TestUnreadGroups final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void carriesTheLastGoodState_data()
    {
        test::addColumns<bool, bool>("lastGoodKnowsIt", "lastGoodUnreadToo");
        QTest::newRow("read last poll") << true << false;
        QTest::newRow("unread last poll too") << true << true;
        QTest::newRow("never read") << false << false;
    }
    void carriesTheLastGoodState()
    {
        QFETCH(bool, lastGoodKnowsIt);
        QFETCH(bool, lastGoodUnreadToo);
        const QDateTime firstRead = kStart;
        ClusterSnapshot last = buildSnapshot(QStringLiteral("c"), pollResult(0, 70, true, false), {}, firstRead, 10);
        if (lastGoodUnreadToo)
            last = buildSnapshot(QStringLiteral("c"), pollResult(1, 0, true, true), {}, kStart.addSecs(5), 10, &last);
        if (!lastGoodKnowsIt)
            last.groups.clear();

        const ClusterSnapshot s =
            buildSnapshot(QStringLiteral("c"), pollResult(2, 0, true, true), {}, kStart.addSecs(10), 10, &last);
        QCOMPARE(s.groups.size(), size_t(1));
        const GroupState &g = s.groups.front();
        QCOMPARE(g.groupId, QStringLiteral("g"));
        QVERIFY(g.unread());
        QVERIFY(g.error.contains(QStringLiteral("Failed to look up group coordinator")));
        // The topic itself was read: its log end is this poll's.
        QCOMPARE(s.topic(kTp.topic)->partitions.front().logEnd, 300);
        if (!lastGoodKnowsIt) {
            QVERIFY(g.partitions.empty()); // no offsets "absent": nothing is known
            QVERIFY(!g.lastReadAt.isValid());
            return;
        }
        // What the poll of firstRead saw: committed 70 of 100.
        QCOMPARE(g.lastReadAt, firstRead);
        QCOMPARE(g.partitions.size(), size_t(1));
        QCOMPARE(g.partitions.front().committed, 70);
        QCOMPARE(g.partitions.front().logEnd, 100);
        QCOMPARE(g.totalLag, 30);
        QCOMPARE(g.members.size(), size_t(1));
    }

    // Six polls keeping up, then the member leaves and the offset stands still: STOP, unless
    // those polls could not read the group, when the verdict stays what was last judged.
    void unreadPollsAreNotJudged_data()
    {
        test::addColumns<bool, LagStatus>("unread", "expected");
        QTest::newRow("read: the offset stands still") << false << LagStatus::Stop;
        QTest::newRow("unread: nothing new is known") << true << LagStatus::Ok;
    }
    void unreadPollsAreNotJudged()
    {
        QFETCH(bool, unread);
        QFETCH(LagStatus, expected);
        LagEvaluator evaluator;
        std::shared_ptr<const ClusterSnapshot> last;
        auto poll = [&](int i, std::int64_t committed, bool member, bool notRead) {
            ClusterSnapshot s = buildSnapshot(QStringLiteral("c"), pollResult(i, committed, member, notRead), {},
                                              kStart.addSecs(5 * i), 10, last.get());
            evaluator.evaluate(s);
            last = std::make_shared<const ClusterSnapshot>(std::move(s));
            return last->groups.front();
        };
        for (int i = 0; i < 6; ++i)
            QCOMPARE(lagStatusName(poll(i, 100 * (i + 1) - 30, true, false).verdict.status), QStringLiteral("OK"));
        GroupState g;
        for (int i = 6; i < 16; ++i)
            g = poll(i, 570, false, unread);
        QCOMPARE(lagStatusName(g.verdict.status), lagStatusName(expected));
        QCOMPARE(g.unread(), unread);
        // Read again and consuming: judged from the polls that were read, OK.
        for (int i = 16; i < 19; ++i)
            g = poll(i, 100 * (i + 1) - 30, true, false);
        QVERIFY(!g.unread());
        if (unread)
            QCOMPARE(lagStatusName(g.verdict.status), QStringLiteral("OK"));
    }
};

QTEST_GUILESS_MAIN(TestUnreadGroups)
#include "tst_unreadgroups.moc"
