// LagEvaluator's memory across polls, kept compact (one time axis per group, flat rows of
// offsets and owner indexes, the current log start only): the rules must see the windows a
// plain list of every poll would give them, when partitions join, leave and come back,
// owners change, many owners come and go, and the log start moves.
#include "TableRows.h"
#include "monitor/LagEvaluator.h"

#include <QTest>

using namespace lagscope;

namespace {

// One partition of group "g" in one poll; absent partitions are left out of the poll.
struct Part {
    int partition = 0;
    std::int64_t committed = 0;
    std::int64_t logEnd = 0;
    QString owner; // client id; empty: no member
};
using Poll = std::vector<Part>;

// Polls 5 s apart; topic "t" reports `logStart` for every partition.
ClusterSnapshot snapshot(int i, const Poll &parts, std::int64_t logStart)
{
    ClusterSnapshot s;
    s.takenAt = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC).addSecs(5 * i);
    s.reachable = true;
    TopicState t{QStringLiteral("t"), false, {}};
    for (int p = 0; p < 4; ++p)
        t.partitions.push_back({p, 1, {1}, {1}, logStart, 1000});
    s.topics.push_back(t);
    GroupState g;
    g.groupId = QStringLiteral("g");
    for (const Part &part : parts) {
        PartitionLag p;
        p.partition = {QStringLiteral("t"), part.partition};
        p.committed = part.committed;
        p.logEnd = part.logEnd;
        p.lag = part.logEnd - part.committed;
        if (!part.owner.isEmpty()) {
            p.memberId = QStringLiteral("m-") + part.owner;
            p.clientId = part.owner;
        }
        g.partitions.push_back(p);
    }
    s.groups.push_back(g);
    return s;
}

// Per partition, "|"-separated: the status, then what its reason must contain.
QStringList expect(const char *perPartition) { return QString::fromUtf8(perPartition).split(QLatin1Char('|')); }

// Stuck at offset 50 of 100 (lag 50): STOP or STALL once the whole window stood still.
Part stuck(int partition, const QString &owner = {}) { return {partition, 50, 100, owner}; }

} // namespace

Q_DECLARE_METATYPE(std::vector<Poll>)

class TestLagMemory final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void windows_data()
    {
        test::addColumns<std::vector<Poll>, std::int64_t, QStringList>("polls", "logStartAtLast", "expected");
        std::vector<Poll> joins, rejoins, reordered, newOwner, sameOwner, manyOwners, logStart;
        for (int i = 0; i < 10; ++i) {
            joins.push_back(i < 5 ? Poll{stuck(0)} : Poll{stuck(0), stuck(1)});
            rejoins.push_back(i == 4 ? Poll{stuck(0)} : Poll{stuck(0), stuck(1)});
            reordered.push_back(i % 2 ? Poll{stuck(1), stuck(0)} : Poll{stuck(0), stuck(1)});
            newOwner.push_back({stuck(0, i < 8 ? QStringLiteral("c-1") : QStringLiteral("c-2"))});
            sameOwner.push_back({stuck(0, QStringLiteral("c-1"))});
            logStart.push_back({{0, 60, 100, {}}});
        }
        for (int i = 0; i < 50; ++i) // an owner per poll, then one owner for a whole window
            manyOwners.push_back({stuck(0, i < 40 ? QStringLiteral("c-%1").arg(i) : QStringLiteral("c-last"))});
        QTest::newRow("a partition that joins late has a window of its own")
            << joins << std::int64_t(0) << expect("STOP|OK");
        QTest::newRow("a partition that leaves and comes back starts again")
            << rejoins << std::int64_t(0) << expect("STOP|OK");
        QTest::newRow("the partitions' order changes between polls")
            << reordered << std::int64_t(0) << expect("STOP|STOP");
        QTest::newRow("a new owner is not blamed for the time before it")
            << newOwner << std::int64_t(0) << expect("OK");
        QTest::newRow("the same owner for the whole window: STALL")
            << sameOwner << std::int64_t(0) << expect("STALL member c-1");
        QTest::newRow("owners come and go: the last one is named")
            << manyOwners << std::int64_t(0) << expect("STALL member c-last");
        QTest::newRow("the current log start is judged")
            << logStart << std::int64_t(70) << expect("ERR below the log start 70");
    }
    void windows()
    {
        QFETCH(std::vector<Poll>, polls);
        QFETCH(std::int64_t, logStartAtLast);
        QFETCH(QStringList, expected);
        LagEvaluator evaluator;
        ClusterSnapshot s;
        for (std::size_t i = 0; i < polls.size(); ++i) {
            s = snapshot(int(i), polls[i], i + 1 == polls.size() ? logStartAtLast : 0);
            evaluator.evaluate(s);
        }
        const GroupState &g = s.groups.front();
        QCOMPARE(qsizetype(g.partitions.size()), expected.size());
        for (const PartitionLag &p : g.partitions) {
            // Expected in partition order, whatever order the poll listed them in.
            const QString want = expected.at(p.partition.partition);
            const QString status = want.section(QLatin1Char(' '), 0, 0);
            const QString reason = want.section(QLatin1Char(' '), 1);
            QCOMPARE(lagStatusName(p.verdict.status), status);
            QVERIFY2(p.verdict.reason.contains(reason), qPrintable(p.verdict.reason));
        }
    }
};

QTEST_GUILESS_MAIN(TestLagMemory)
#include "tst_lagmemory.moc"
