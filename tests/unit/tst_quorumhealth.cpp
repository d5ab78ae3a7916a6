// The controller quorum's voters (monitor/QuorumHealth): caught up, lagging, lost, by the
// leader's own clock, and the events between two polls.
#include "monitor/QuorumHealth.h"

#include <QTest>

using namespace lagscope;

Q_DECLARE_METATYPE(lagscope::VoterHealth)

namespace {

// Leader 1 at its clock 100,000 (its own last fetch); voter 2 as given.
QuorumInfo quorum(qint64 lastFetch, qint64 lastCaughtUp, int leader = 1)
{
    QuorumInfo q;
    q.leaderId = leader;
    q.leaderEpoch = 7;
    q.highWatermark = 500;
    q.voters = {{1, {}, 500, 100000, 100000}, {2, {}, 480, lastFetch, lastCaughtUp}, {3, {}, 500, 99900, 99900}};
    return q;
}

} // namespace

class TestQuorumHealth final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void health_data()
    {
        QTest::addColumn<qint64>("lastFetch");
        QTest::addColumn<qint64>("lastCaughtUp");
        QTest::addColumn<VoterHealth>("expected");
        QTest::newRow("fetching, caught up") << qint64(99800) << qint64(99800) << VoterHealth::CaughtUp;
        QTest::newRow("fetching, caught up 5 s ago") << qint64(99800) << qint64(95000) << VoterHealth::CaughtUp;
        QTest::newRow("fetching, not caught up for 6 s") << qint64(99800) << qint64(94000) << VoterHealth::Lagging;
        QTest::newRow("fetching, never caught up") << qint64(99800) << qint64(-1) << VoterHealth::Lagging;
        QTest::newRow("no fetch for 6 s") << qint64(94000) << qint64(94000) << VoterHealth::Lost;
        QTest::newRow("no fetch known") << qint64(-1) << qint64(-1) << VoterHealth::Lost;
    }

    void health()
    {
        QFETCH(qint64, lastFetch);
        QFETCH(qint64, lastCaughtUp);
        QFETCH(VoterHealth, expected);
        const QuorumInfo q = quorum(lastFetch, lastCaughtUp);
        QCOMPARE(quorumClockMs(q), qint64(100000));
        QCOMPARE(voterHealth(q, q.voters[1]), expected);
        QCOMPARE(voterHealth(q, q.voters[0]), VoterHealth::CaughtUp); // the leader
        QVERIFY(!voterHealthReason(q, q.voters[1]).isEmpty());
    }

    void events()
    {
        const QDateTime t = QDateTime::currentDateTimeUtc();
        std::vector<ClusterEvent> out;
        const QuorumInfo healthy = quorum(99800, 99800);
        const QuorumInfo lost = quorum(90000, 90000);
        appendQuorumEvents(&healthy, &healthy, t, QStringLiteral("dc1"), out);
        QVERIFY(out.empty());
        appendQuorumEvents(&healthy, &lost, t, QStringLiteral("dc1"), out);
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(out[0].kind, EventKind::QuorumVoterLost);
        QCOMPARE(out[0].subject, QStringLiteral("voter 2"));
        out.clear();
        appendQuorumEvents(&lost, &healthy, t, QStringLiteral("dc1"), out);
        QCOMPARE(out.size(), size_t(1));
        QCOMPARE(out[0].kind, EventKind::QuorumVoterCaughtUp);
        out.clear();
        // Leader 1 killed: 3 leads, and knows no fetch of 1.
        QuorumInfo moved = quorum(99800, 99800, 3);
        moved.leaderEpoch = 8;
        moved.voters[0].lastFetchMs = -1;
        appendQuorumEvents(&healthy, &moved, t, QStringLiteral("dc1"), out);
        QCOMPARE(out.size(), size_t(2));
        QCOMPARE(out[0].kind, EventKind::QuorumLeaderChanged);
        QVERIFY2(out[0].message.contains(QStringLiteral("1 → 3")), qPrintable(out[0].message));
        QCOMPARE(out[1].kind, EventKind::QuorumVoterLost);
        QCOMPARE(out[1].subject, QStringLiteral("voter 1"));
        out.clear();
        appendQuorumEvents(nullptr, &lost, t, QStringLiteral("dc1"), out);
        QVERIFY(out.empty()); // an unreadable poll says nothing of a change
    }
};

QTEST_GUILESS_MAIN(TestQuorumHealth)
#include "tst_quorumhealth.moc"
