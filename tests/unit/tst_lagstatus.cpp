// Lag status rules (docs/LAG-STATUS.md), one table row per rule and per Burrow flaw of
// docs/LAG-RULES.md (Background), plus the evaluator's memory across polls (commit cadence, STOP after a leave).
#include "TableRows.h"
#include "monitor/LagEvaluator.h"
#include "monitor/LagRules.h"

#include <QTest>

using namespace lagscope;

namespace {

struct P {
    std::int64_t committed; // -1: no commit
    std::int64_t logEnd;
};

// Polls every 5 s, starting at t = 0, of a partition that member client-1 owns.
std::vector<LagPoint> window(std::initializer_list<P> polls, std::int64_t logStart = 0)
{
    std::vector<LagPoint> w;
    qint64 t = 0;
    for (const P &p : polls) {
        w.push_back({t, p.committed < 0 ? std::nullopt : std::optional<std::int64_t>(p.committed), p.logEnd, logStart,
                     QStringLiteral("client-1")});
        t += 5000;
    }
    return w;
}

// The same with no member owning the partition (an empty group, or an unassigned partition).
std::vector<LagPoint> nobody(std::initializer_list<P> polls)
{
    std::vector<LagPoint> w = window(polls);
    for (auto &p : w)
        p.owner.clear();
    return w;
}

// Poll i, every 5 s from a fixed start, of the evaluator tests' group: `groupId` reading
// partition t-0 at `committed` of `logEnd`, owned by member m-1 (client c-1) when `member`.
ClusterSnapshot onePartitionPoll(const QString &groupId, int i, std::int64_t committed, std::int64_t logEnd,
                                 bool member = false)
{
    ClusterSnapshot s;
    s.takenAt = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC).addSecs(5 * i);
    s.reachable = true;
    GroupState g;
    g.groupId = groupId;
    PartitionLag p;
    p.partition = {QStringLiteral("t"), 0};
    p.committed = committed;
    p.logEnd = logEnd;
    p.lag = logEnd - committed;
    if (member) {
        p.memberId = QStringLiteral("m-1");
        p.clientId = QStringLiteral("c-1");
    }
    g.partitions.push_back(p);
    s.groups.push_back(g);
    return s;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<lagscope::LagPoint>)
Q_DECLARE_METATYPE(lagscope::CommitCadence)
Q_DECLARE_METATYPE(lagscope::LagStatus)

class TestLagStatus final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rules_data()
    {
        test::addColumns<std::vector<LagPoint>, CommitCadence, LagStatus, QString>("window", "cadence", "expected",
                                                                                   "reasonContains");
        const CommitCadence none;
        const CommitCadence every5s = 5.0;

        // Rule 0: nothing to judge.
        QTest::newRow("no commit: OK, not judged")
            << window({{-1, 100}}) << none << LagStatus::Ok << QStringLiteral("no committed offset");
        // Rule 1: ERR, offsets outside the log.
        QTest::newRow("ERR: committed below log start (records lost)")
            << window({{10, 900}, {10, 950}}, 500) << every5s << LagStatus::Err
            << QStringLiteral("490 records were deleted");
        QTest::newRow("ERR: committed beyond log end (truncated)")
            << window({{120, 100}}) << none << LagStatus::Err << QStringLiteral("beyond the log end 100");
        // Rule 2: caught up with the CURRENT log end.
        QTest::newRow("OK: caught up") << window({{100, 100}}) << none << LagStatus::Ok << QStringLiteral("caught up");
        QTest::newRow("Burrow#287: stopped but caught up is OK, not stale ERR")
            << nobody({{90, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100},
                       {100, 100}})
            << every5s << LagStatus::Ok << QStringLiteral("caught up");
        QTest::newRow("Burrow#123: no STOP with an end lag of 0 (lag earlier in the window)")
            << nobody({{50, 100}, {50, 100}, {50, 100}, {50, 100}, {100, 100}}) << every5s << LagStatus::Ok
            << QStringLiteral("caught up");
        // Rule 3: STOP / STALL against the cadence.
        QTest::newRow("STOP: no member, offset still for 4 polls, usual cadence 5 s")
            << nobody({{100, 150}, {100, 160}, {100, 170}, {100, 180}, {100, 190}}) << every5s << LagStatus::Stop
            << QStringLiteral("no member consumes");
        QTest::newRow("STALL: member owns it, offset still, lag > 0")
            << window({{100, 150}, {100, 160}, {100, 170}, {100, 180}}) << every5s << LagStatus::Stall
            << QStringLiteral("member client-1 owns");
        QTest::newRow("STALL on an idle topic: lag 50 that nobody works off")
            << window({{100, 150}, {100, 150}, {100, 150}, {100, 150}}) << every5s << LagStatus::Stall
            << QStringLiteral("lag is 50");
        QTest::newRow("only 2 polls still: not yet stuck") << nobody({{90, 150}, {100, 160}, {100, 170}, {100, 180}})
                                                           << every5s << LagStatus::Ok << QStringLiteral("lag 80");
        // Its lag rises between two commits, but 150 records is less than two commit
        // intervals' worth (2 × 60 s × 2 records/s): its normal sawtooth, not growth.
        QTest::newRow("Burrow#726/rare committer: every 60 s is neither stopped nor WARN after 50 s")
            << window({{100, 150},
                       {100, 160},
                       {100, 170},
                       {100, 180},
                       {100, 190},
                       {100, 200},
                       {100, 210},
                       {100, 220},
                       {100, 230},
                       {100, 240},
                       {100, 250}})
            << CommitCadence(60.0) << LagStatus::Ok << QStringLiteral("lag 150");
        QTest::newRow("rare committer flat lag: not stuck within 2x cadence")
            << window({{100, 150}, {100, 150}, {100, 150}, {100, 150}}) << CommitCadence(60.0) << LagStatus::Ok
            << QStringLiteral("lag 50");
        QTest::newRow("no cadence known: window not full is not enough")
            << nobody({{100, 150}, {100, 160}, {100, 170}, {100, 180}}) << none << LagStatus::Ok
            << QStringLiteral("lag 80 (no growth trend over 4 polls)");
        QTest::newRow("Burrow inactive groups / exporter#290: empty group, whole window still → STOP")
            << nobody({{100, 110},
                       {100, 120},
                       {100, 130},
                       {100, 140},
                       {100, 150},
                       {100, 160},
                       {100, 170},
                       {100, 180},
                       {100, 190},
                       {100, 200}})
            << none << LagStatus::Stop << QStringLiteral("at least 45s");
        // Rule 4: REWIND.
        QTest::newRow("REWIND: offset went back and has not come back")
            << window({{100, 300}, {110, 300}, {120, 300}, {50, 300}, {60, 300}}) << every5s << LagStatus::Rewind
            << QStringLiteral("went back from 120 to 50");
        QTest::newRow("rewind recovered: OK") << window({{100, 300}, {120, 300}, {50, 300}, {130, 300}}) << every5s
                                              << LagStatus::Ok << QStringLiteral("lag 170");
        // Rule 5: WARN by trend.
        QTest::newRow("WARN: steady growth")
            << window({{0, 100}, {40, 160}, {80, 220}, {120, 280}, {160, 340}, {200, 400}}) << every5s
            << LagStatus::Warn << QStringLiteral("lag grew from 100 to 200");
        QTest::newRow("PR#533: growth with one dip is still WARN")
            << window({{0, 100}, {40, 160}, {80, 220}, {170, 230}, {180, 340}, {200, 400}, {240, 460}, {280, 520}})
            << every5s << LagStatus::Warn << QStringLiteral("lag grew");
        // Seen on the demo lab: a healthy group committing every ~2.5 s on a partition that
        // gets 3 records/s drifted from lag 1 to 5, which fits a rising line (R² 0.53).
        QTest::newRow("small drift within two commit intervals' worth is OK, not WARN")
            << window({{10, 11}, {16, 18}, {23, 25}, {29, 31}, {36, 39}, {42, 46}, {49, 53}, {55, 60}}, 0) << every5s
            << LagStatus::Ok << QStringLiteral("consuming");
        QTest::newRow("healthy sawtooth: jitter around a level is OK")
            << window({{100, 150},
                       {160, 170},
                       {190, 230},
                       {260, 270},
                       {290, 330},
                       {360, 370},
                       {390, 430},
                       {460, 470},
                       {490, 530},
                       {560, 570}})
            << every5s << LagStatus::Ok << QStringLiteral("consuming");
        QTest::newRow("too few points for a trend")
            << window({{0, 100}, {40, 200}}) << every5s << LagStatus::Ok << QStringLiteral("lag 160");
        QTest::newRow("shrinking lag is OK") << window({{0, 1000}, {200, 1000}, {400, 1000}, {600, 1000}, {800, 1000}})
                                             << every5s << LagStatus::Ok << QStringLiteral("consuming 40.0 records/s");
    }

    void rules()
    {
        QFETCH(std::vector<LagPoint>, window);
        QFETCH(CommitCadence, cadence);
        QFETCH(LagStatus, expected);
        QFETCH(QString, reasonContains);
        const LagVerdict v = partitionVerdict(window, cadence, StatusSettings{});
        QVERIFY2(v.reason.contains(reasonContains), qPrintable(v.reason));
        QCOMPARE(lagStatusName(v.status), lagStatusName(expected));
    }

    // allowed_lag (default 1): a transaction's commit marker at the log end leaves an idle
    // read_committed consumer at lag 1 for good; that is caught up, not STOP/STALL.
    void allowedLag_data()
    {
        test::addColumns<std::vector<LagPoint>, int, LagStatus, QString>("window", "allowed", "expected",
                                                                         "reasonContains");
        const auto idleMarker = nobody({{100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101},
                                        {100, 101}});
        QTest::newRow("transaction marker at idle, default 1: OK")
            << idleMarker << 1 << LagStatus::Ok << QStringLiteral("within allowed_lag 1");
        QTest::newRow("transaction marker at idle, allowed_lag 0: STOP (Burrow's default)")
            << idleMarker << 0 << LagStatus::Stop << QStringLiteral("lag is 1");
        QTest::newRow("lag 2 standing still is beyond allowed_lag 1: STALL")
            << window({{100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102},
                       {100, 102}})
            << 1 << LagStatus::Stall << QStringLiteral("lag is 2");
        QTest::newRow("stuck run starts when lag leaves the allowance: growth, not STOP yet")
            << nobody({{100, 101}, {100, 101}, {100, 101}, {100, 150}, {100, 160}}) << 1 << LagStatus::Warn
            << QStringLiteral("lag grew from 1 to 60");
        QTest::newRow("a larger allowance for a bursty pipeline")
            << window({{100, 140}}) << 50 << LagStatus::Ok << QStringLiteral("lag 40 is within allowed_lag 50");
    }
    void allowedLag()
    {
        QFETCH(std::vector<LagPoint>, window);
        QFETCH(int, allowed);
        QFETCH(LagStatus, expected);
        QFETCH(QString, reasonContains);
        StatusSettings settings;
        settings.allowedLag = allowed;
        const LagVerdict v = partitionVerdict(window, 5.0, settings);
        QVERIFY2(v.reason.contains(reasonContains), qPrintable(v.reason));
        QCOMPARE(lagStatusName(v.status), lagStatusName(expected));
    }

    // Within allowed_lag the lag time and drain are 0 too: a marker's age is not a wait.
    void evaluatorAllowedLagIsCaughtUp()
    {
        LagEvaluator evaluator;
        GroupState last;
        for (int i = 0; i < 30; ++i) {
            const std::int64_t logEnd = i < 3 ? 50 * i + 1 : 101; // a transaction of 50 records per poll, then idle
            ClusterSnapshot s =
                onePartitionPoll(QStringLiteral("eos"), i, std::max<std::int64_t>(0, logEnd - 1), logEnd);
            evaluator.evaluate(s);
            last = s.groups.front();
            QCOMPARE(lagStatusName(last.verdict.status), QStringLiteral("OK"));
        }
        QVERIFY(last.maxLagTime && last.drain);
        QCOMPARE(last.maxLagTime->seconds, 0.0);
        QCOMPARE(last.drain->seconds, 0.0);
        QVERIFY(!last.drain->never);
    }

    // A member that consumes its other partitions is busy, not stalled: one of its
    // partitions standing still is left to the growth rule (seen on the demo lab when a
    // throttled consumer starved one partition for 7 s after it started).
    void starvedPartitionOfABusyMember()
    {
        const auto w = window({{100, 150}, {100, 200}, {100, 250}, {100, 300}});
        QCOMPARE(lagStatusName(partitionVerdict(w, 5.0, StatusSettings{}, false).status), QStringLiteral("STALL"));
        const LagVerdict busy = partitionVerdict(w, 5.0, StatusSettings{}, true);
        QVERIFY2(busy.status != LagStatus::Stall && busy.status != LagStatus::Stop, qPrintable(busy.reason));
        // A member that just joined a stopped group is not blamed for the time before it.
        auto joined = nobody({{100, 150}, {100, 200}, {100, 250}, {100, 300}, {100, 350}});
        joined.back().owner = QStringLiteral("client-2");
        const LagVerdict fresh = partitionVerdict(joined, 5.0, StatusSettings{});
        QVERIFY2(fresh.status != LagStatus::Stall && fresh.status != LagStatus::Stop, qPrintable(fresh.reason));
        // Nobody owns it: STOP whatever other members do.
        const auto n = nobody({{100, 150}, {100, 200}, {100, 250}, {100, 300}});
        QCOMPARE(lagStatusName(partitionVerdict(n, 5.0, StatusSettings{}, true).status), QStringLiteral("STOP"));
    }

    void group()
    {
        const TopicPartition a{QStringLiteral("t"), 0}, b{QStringLiteral("t"), 1}, c{QStringLiteral("u"), 0};
        QCOMPARE(groupVerdict({}).status, LagStatus::Ok);
        const LagVerdict v = groupVerdict({{a, {LagStatus::Warn, QStringLiteral("w")}, 10},
                                           {b, {LagStatus::Stop, QStringLiteral("stopped")}, 5},
                                           {c, {LagStatus::Warn, QStringLiteral("w2")}, 20}});
        QCOMPARE(v.status, LagStatus::Stop);
        QCOMPARE(v.reason, QStringLiteral("t-1: stopped (also 2 WARN)"));
        const LagVerdict ok = groupVerdict(
            {{a, {LagStatus::Ok, QStringLiteral("lag 3")}, 3}, {b, {LagStatus::Ok, QStringLiteral("lag 9")}, 9}});
        QCOMPARE(ok.status, LagStatus::Ok);
        QCOMPARE(ok.reason, QStringLiteral("all 2 partitions OK (total lag 12); largest: t-1: lag 9"));
        QVERIFY(lagStatusSeverity(LagStatus::Err) > lagStatusSeverity(LagStatus::Stop));
        QVERIFY(lagStatusSeverity(LagStatus::Stop) > lagStatusSeverity(LagStatus::Stall));
        for (const auto s :
             {LagStatus::Ok, LagStatus::Warn, LagStatus::Err, LagStatus::Stop, LagStatus::Stall, LagStatus::Rewind})
            QCOMPARE(lagStatusFromName(lagStatusName(s)), std::optional<LagStatus>(s));
    }

    // Rule 5 on the group's total: one consumer works off 3 partitions in turn (each gets 50
    // records per 5 s poll; every 3rd poll its turn comes and `drained` records of it are
    // consumed). Each partition's lag is a sawtooth that fits no line; the total drifts by
    // 150 − drained per poll, which is what decides.
    void groupTotalTrend_data()
    {
        test::addColumns<int, LagStatus, QString>("drained", "expected", "reasonContains");
        QTest::newRow("worked off in turn, total +20 per poll → WARN (demo analytics-slow)")
            << 130 << LagStatus::Warn << QStringLiteral("the total of 3 partitions' lag grew from 1050 to 1230");
        QTest::newRow("worked off in turn, keeps up → OK")
            << 150 << LagStatus::Ok << QStringLiteral("all 3 partitions OK");
        QTest::newRow("worked off in turn, catching up → OK")
            << 170 << LagStatus::Ok << QStringLiteral("all 3 partitions OK");
    }
    void groupTotalTrend()
    {
        QFETCH(int, drained);
        QFETCH(LagStatus, expected);
        QFETCH(QString, reasonContains);
        std::vector<std::vector<LagPoint>> windows(3);
        std::vector<PartitionVerdict> verdicts;
        for (int i = 0; i < 3; ++i) {
            std::int64_t committed = 700 - 50 * i; // lags 300, 350, 400 at the first poll
            for (int k = 0; k < 10; ++k) {
                if (k > 0 && k % 3 == i)
                    committed += drained;
                windows[i].push_back({qint64(k) * 5000, committed, 1000 + 50 * k, 0, QStringLiteral("client-1")});
            }
            const TopicPartition tp{QStringLiteral("clicks"), i};
            const LagVerdict v = partitionVerdict(windows[i], 15.0, StatusSettings{});
            QVERIFY2(v.status == LagStatus::Ok, qPrintable(tp.toString() + QStringLiteral(": ") + v.reason));
            verdicts.push_back({tp, v, *windows[i].back().lag()});
        }
        const std::vector<LagPoint> total = totalWindow(windows);
        QCOMPARE(int(total.size()), 10);
        // The group cadence is its slowest partition's; a partition that the consumer starves
        // makes it long (60 s here, 20 s and more on the demo). The total's healthy bound uses
        // the total's own moves (every poll: 5 s): 2 × 30 records/s × 5 s = 300 records, not 3,600.
        const LagVerdict v = groupVerdict(verdicts, total, 60.0, StatusSettings{});
        QCOMPARE(lagStatusName(v.status), lagStatusName(expected));
        QVERIFY2(v.reason.contains(reasonContains), qPrintable(v.reason));
        // A partition worse than OK keeps the group's verdict its own.
        verdicts[1].verdict = {LagStatus::Stop, QStringLiteral("stopped")};
        QCOMPARE(lagStatusName(groupVerdict(verdicts, total, 15.0, StatusSettings{}).status), QStringLiteral("STOP"));
    }

    // The total only sums polls every judged partition has: a partition whose first commit
    // came at the 3rd poll does not make the total jump; one with no commit now is not judged.
    void totalWindowAlignment()
    {
        const auto a = window({{10, 20}, {20, 30}, {30, 40}, {40, 50}});
        auto b = window({{-1, 100}, {-1, 110}, {50, 120}, {60, 130}});
        const auto c = window({{-1, 5}, {-1, 5}, {-1, 5}, {-1, 5}});
        const std::vector<LagPoint> total = totalWindow({a, b, c});
        QCOMPARE(int(total.size()), 2);
        QCOMPARE(total.front().timeMs, qint64(10000));
        QCOMPARE(*total.front().committed, std::int64_t(80));
        QCOMPARE(*total.front().logEnd, std::int64_t(160));
        QVERIFY(total.front().owner.isEmpty());
        QVERIFY(totalWindow({c}).empty());
        QVERIFY(totalWindow({}).empty());
    }

    // A group that commits every poll, then its member leaves: STOP once the offset stood
    // still minStuckPolls polls (15 s) and more than twice the 5 s cadence; member still there: STALL.
    void evaluatorStopAndStall_data()
    {
        test::addColumns<bool, LagStatus>("memberStays", "expected");
        QTest::newRow("member leaves → STOP") << false << LagStatus::Stop;
        QTest::newRow("member stays → STALL") << true << LagStatus::Stall;
    }
    void evaluatorStopAndStall()
    {
        QFETCH(bool, memberStays);
        QFETCH(LagStatus, expected);
        LagEvaluator evaluator;
        std::int64_t committed = 0;
        auto poll = [&](int i, bool member) {
            ClusterSnapshot s =
                onePartitionPoll(QStringLiteral("g"), i, committed, 100 * (i + 1), member); // 20 records/s
            evaluator.evaluate(s);
            return s.groups.front();
        };
        for (int i = 0; i < 6; ++i) {
            committed = 100 * (i + 1) - 30; // keeps up, lag 30
            const GroupState g = poll(i, true);
            QCOMPARE(lagStatusName(g.verdict.status), QStringLiteral("OK"));
        }
        int stuckAt = -1;
        for (int i = 6; i < 16 && stuckAt < 0; ++i) {
            const GroupState g = poll(i, memberStays);
            // WARN on the way is fair: the lag does grow from the first poll on.
            if (g.verdict.status != LagStatus::Ok && g.verdict.status != LagStatus::Warn) {
                QCOMPARE(lagStatusName(g.verdict.status), lagStatusName(expected));
                stuckAt = i;
                // 570 was appended when the log end passed 571, between t=25 s (600) and t=20 s
                // (500): t = 20 + 71/100 * 5 = 23.55 s.
                QVERIFY(g.maxLagTime);
                QCOMPARE(g.maxLagTime->atLeast, false);
                QVERIFY(qAbs(g.maxLagTime->seconds - (5.0 * i - 23.55)) < 1e-6);
                QCOMPARE(g.drain->never, true);
            }
        }
        QCOMPARE(stuckAt, 8); // last move at poll 5; at poll 8 it stood still 3 polls, 15 s > 2 x 5 s
    }

    // The cadence ignores gaps that were an outage: after a 60 s STOP and a restart, the next
    // stop is caught as quickly as the first.
    void evaluatorCadenceIgnoresOutages()
    {
        LagEvaluator evaluator;
        std::int64_t committed = 0;
        auto poll = [&](int i) {
            ClusterSnapshot s = onePartitionPoll(QStringLiteral("g"), i, committed, 100 * (i + 1));
            evaluator.evaluate(s);
            return s.groups.front().verdict.status;
        };
        auto firstStop = [&](int from) {
            for (int i = from; i < from + 20; ++i)
                if (poll(i) == LagStatus::Stop)
                    return i - from;
            return -1;
        };
        for (int i = 0; i < 5; ++i) {
            committed = 100 * (i + 1) - 10;
            poll(i);
        }
        const int first = firstStop(5);
        committed = 100 * 25; // restarted: caught up most of the way at poll 24
        for (int i = 24; i < 30; ++i) {
            committed = 100 * (i + 1) - 10;
            QCOMPARE(lagStatusName(poll(i)), QStringLiteral("OK"));
        }
        QCOMPARE(firstStop(30), first);
    }
};

QTEST_GUILESS_MAIN(TestLagStatus)
#include "tst_lagstatus.moc"
