// The report model over a synthetic history (a real HistoryStore in a temporary file, on a
// simulated clock): selection, range checks against retention, per-group and per-topic
// numbers with known answers, breaches, group-state time, buckets after compaction,
// per-partition detail, cancellation, and the sections that are not recorded.
#include "HistoryTestUtil.h"
#include "TableRows.h"
#include "report/ReportBuilder.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;
using namespace std::chrono_literals;

namespace {

constexpr qint64 kPollSecs = 5;

// Two partitions of "orders" and one of "refunds"; lags split 50/30/20 % of `total`.
GroupState twoTopics(const QString &group, qint64 total, qint64 index, const QString &state = QStringLiteral("Stable"))
{
    const qint64 c = 1000 + index * 10;
    return groupState(group,
                      {partitionLag(QStringLiteral("orders"), 0, c, c + total / 2),
                       partitionLag(QStringLiteral("orders"), 1, c, c + total * 3 / 10),
                       partitionLag(QStringLiteral("refunds"), 0, c, c + total / 5)},
                      state);
}

} // namespace

class TestReportBuilder final : public QObject {
    Q_OBJECT

private:
    StoreFiles m_files{QStringLiteral("h%1.sqlite")};

    std::unique_ptr<HistoryStore> newStore(RetentionPolicy policy = {})
    {
        return openOrFail(m_files.newPath(), policy);
    }

    // 100 polls 5 s apart, the last one 5 s before kNow (so that it stands for 5 s of the
    // range): billing's total lag is 1..100 (p95 = 95), Stable except polls 40..49
    // (PreparingRebalance); payments has lag 7 throughout.
    std::unique_ptr<HistoryStore> knownHistory()
    {
        auto store = newStore();
        if (!store)
            return nullptr;
        for (qint64 i = 0; i < 100; ++i) {
            const QString state = i >= 40 && i < 50 ? QStringLiteral("PreparingRebalance") : QStringLiteral("Stable");
            const ClusterSnapshot s =
                snapshot(rel((i - 100) * kPollSecs),
                         {groupState(kGroup, {partitionLag(QStringLiteral("orders"), 0, 1000, 1000 + i + 1)}, state),
                          groupState(QStringLiteral("payments"), {partitionLag(QStringLiteral("pay"), 0, 10, 17)})});
            if (!store->appendSnapshot(s))
                return nullptr;
        }
        return store;
    }

    static ReportRequest lastMinutes(int minutes)
    {
        ReportRequest r;
        r.from = kNow.addSecs(-60 * minutes);
        r.to = kNow;
        return r;
    }

    static const GroupReport *find(const Report &report, const QString &group)
    {
        for (const GroupReport &g : report.groups)
            if (g.group == group)
                return &g;
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void rangeChecks_data()
    {
        addColumns<qint64, qint64, QString>("fromSecs", "toSecs", "message");
        QTest::newRow("within retention") << qint64(-7 * 86400) << qint64(0) << QString();
        QTest::newRow("beyond retention") << qint64(-8 * 86400) << qint64(0)
                                          << QStringLiteral("The history keeps 7 d (back to 2024-03-03 12:00:00 UTC); "
                                                            "the requested range starts at 2024-03-02 12:00:00 UTC, "
                                                            "1 d earlier. Choose a range within the last 7 d.");
        QTest::newRow("reversed") << qint64(0) << qint64(-60) << QStringLiteral("The report range is empty");
        QTest::newRow("future") << qint64(60) << qint64(120) << QStringLiteral("starts in the future");
    }
    void rangeChecks()
    {
        QFETCH(qint64, fromSecs);
        QFETCH(qint64, toSecs);
        QFETCH(QString, message);
        ReportRequest r;
        r.from = rel(fromSecs);
        r.to = rel(toSecs);
        const Status s = checkReportRange(r, RetentionPolicy{}, kNow);
        QCOMPARE(s.ok(), message.isEmpty());
        if (!message.isEmpty())
            QVERIFY2(s.errorMessage().contains(message), qPrintable(s.errorMessage()));
    }

    void beyondRetentionIsRefusedByTheBuilder()
    {
        const auto store = knownHistory();
        QVERIFY(store);
        ReportRequest r = lastMinutes(60);
        r.from = kNow.addDays(-30);
        const auto report = buildReport(*store, r, kNow);
        QVERIFY(!report);
        QVERIFY(report.errorMessage().contains(QStringLiteral("keeps 7 d")));
    }

    void selection()
    {
        const auto store = knownHistory();
        QVERIFY(store);
        ReportRequest r = lastMinutes(60);
        QCOMPARE(buildReport(*store, r, kNow)->groups.size(), size_t(2));

        r.groupPattern = QStringLiteral("bill.*");
        auto report = buildReport(*store, r, kNow);
        QVERIFY(report);
        QCOMPARE(report->groups.size(), size_t(1));
        QCOMPARE(report->groups[0].group, kGroup);

        r.groupPattern = QStringLiteral("bill"); // the whole name must match
        report = buildReport(*store, r, kNow);
        QVERIFY(!report);
        QVERIFY(report.errorMessage().contains(QStringLiteral("No consumer group")));

        r.groupPattern = QStringLiteral("billing|payments");
        QCOMPARE(buildReport(*store, r, kNow)->groups.size(), size_t(2));

        r.groupPattern = QStringLiteral("(");
        report = buildReport(*store, r, kNow);
        QVERIFY(!report);
        QVERIFY(report.errorMessage().contains(QStringLiteral("not a valid regular expression")));

        r.groupPattern.clear();
        r.clusters = {QStringLiteral("dc9")};
        report = buildReport(*store, r, kNow);
        QVERIFY(!report);
        QCOMPARE(report.errorMessage(), QStringLiteral("The history has no data of cluster 'dc9' (it has: dc1)"));
    }

    void knownNumbers()
    {
        const auto store = knownHistory();
        QVERIFY(store);
        ReportRequest r = lastMinutes(60);
        r.slaLagRecords = 80; // polls with lag 81..100: 20 polls = 100 s, one stretch
        const auto report = buildReport(*store, r, kNow);
        QVERIFY2(report, qPrintable(report.ok() ? QString() : report.errorMessage()));
        const GroupReport *g = find(*report, kGroup);
        QVERIFY(g);
        QCOMPARE(g->lag.max, qint64(100));
        QCOMPARE(g->lag.p95, qint64(95));
        QCOMPARE(g->lag.samples, 100);
        QCOMPARE(g->lag.coveredMs, qint64(100 * kPollSecs * 1000));
        QCOMPARE(g->lag.avg, 50.5);
        QCOMPARE(g->maxPartitionLag, qint64(100));
        QVERIFY(g->breach);
        QCOMPARE(g->breach->count, 1);
        QCOMPARE(g->breach->totalMs, qint64(20 * kPollSecs * 1000));
        QCOMPARE(g->breach->longestMs, qint64(20 * kPollSecs * 1000));
        QCOMPARE(g->breach->longestStartMs, relMs(-20 * kPollSecs)); // poll 80, lag 81
        QCOMPARE(g->groupStates.size(), size_t(2));
        QCOMPARE(g->groupStates[0].state, QStringLiteral("Stable"));
        QCOMPARE(g->groupStates[0].ms, qint64(90 * kPollSecs * 1000));
        QCOMPARE(g->groupStates[1].state, QStringLiteral("PreparingRebalance"));
        QCOMPARE(g->groupStates[1].ms, qint64(10 * kPollSecs * 1000));
        QCOMPARE(g->stateTimeline.size(), size_t(3));
        QCOMPARE(g->current.timeMs, relMs(-kPollSecs));
        QCOMPARE(g->current.totalLag, qint64(100));
        QCOMPARE(g->current.state, QStringLiteral("Stable"));
        QCOMPARE(g->current.members, 2);
        QCOMPARE(g->topics.size(), size_t(1));
        QCOMPARE(g->topics[0].lag.p95, qint64(95));
        QCOMPARE(g->totalSeries.size(), size_t(100));
        QVERIFY(g->partitions.empty());

        const GroupReport *p = find(*report, QStringLiteral("payments"));
        QVERIFY(p);
        QCOMPARE(p->lag.max, qint64(7));
        QCOMPARE(p->lag.avg, 7.0);
        QCOMPARE(p->breach->count, 0);

        // Every poll carries a status (these snapshots: the default verdict, OK) but no lag in
        // seconds: the statuses are reported, the seconds are not invented.
        QVERIFY(g->lagStatuses);
        QCOMPARE(g->lagStatuses->size(), size_t(1));
        QCOMPARE(g->lagStatuses->front().state, QStringLiteral("OK"));
        QCOMPARE(g->lagStatuses->front().ms, qint64(100 * kPollSecs * 1000));
        QCOMPARE(g->lagStatusNoDataMs, qint64(60 * 60 * 1000 - 100 * kPollSecs * 1000)); // before the first poll
        QVERIFY(report->lagStatusNote.isEmpty());
        QVERIFY(!g->lagSeconds);
        QVERIFY(!g->breachSeconds);
        QVERIFY(!g->current.lagSeconds);
        QVERIFY(report->lagSecondsNote.contains(QStringLiteral("not available")));
        QVERIFY(g->rebalances && g->rebalances->count == 0); // recorded: none
        QVERIFY(report->rebalanceNote.isEmpty());
    }

    // The lag verdicts (docs/LAG-STATUS.md) from the history: billing is OK for polls 0..59, WARN for 60..79,
    // STOP for 80..99, and its oldest unconsumed record is i+1 s old at poll i (a lower bound
    // at poll 99); payments has statuses but no lag seconds.
    void statusesAndLagSeconds()
    {
        auto store = newStore();
        QVERIFY(store);
        for (qint64 i = 0; i < 100; ++i) {
            ClusterSnapshot s =
                snapshot(rel((i - 100) * kPollSecs),
                         {groupState(kGroup, {partitionLag(QStringLiteral("orders"), 0, 1000, 1000 + i + 1)}),
                          groupState(QStringLiteral("payments"), {partitionLag(QStringLiteral("pay"), 0, 10, 17)})});
            const LagStatus status = i < 60 ? LagStatus::Ok : i < 80 ? LagStatus::Warn : LagStatus::Stop;
            s.groups.front().verdict = {status, QStringLiteral("synthetic")};
            s.groups.front().maxLagTime = LagTime{double(i + 1), i == 99};
            QVERIFY(store->appendSnapshot(s));
        }
        ReportRequest r = lastMinutes(60);
        r.slaLagSeconds = 90; // polls 90..99 (10 polls, 50 s): one stretch
        const auto report = buildReport(*store, r, kNow);
        QVERIFY2(report, qPrintable(report.ok() ? QString() : report.errorMessage()));
        QVERIFY(report->lagStatusNote.isEmpty());
        QVERIFY(report->lagSecondsNote.isEmpty());
        QVERIFY2(report->notes.contains(QStringLiteral("1 group(s) have no lag in seconds in the range.")),
                 qPrintable(report->notes.join(QLatin1Char('|'))));
        const GroupReport *g = find(*report, kGroup);
        QVERIFY(g && g->lagStatuses);
        const std::vector<std::pair<QString, qint64>> expected{
            {QStringLiteral("OK"), 300'000}, {QStringLiteral("STOP"), 100'000}, {QStringLiteral("WARN"), 100'000}};
        QCOMPARE(g->lagStatuses->size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE((*g->lagStatuses)[i].state, expected[i].first);
            QCOMPARE((*g->lagStatuses)[i].ms, expected[i].second);
        }
        QCOMPARE(g->statusTimeline.size(), size_t(3));
        QCOMPARE(g->statusTimeline[1].state, QStringLiteral("WARN"));
        QCOMPARE(g->statusTimeline[1].startMs, relMs(-40 * kPollSecs));
        QCOMPARE(g->statusTimeline[1].endMs, relMs(-20 * kPollSecs));

        QVERIFY(g->lagSeconds);
        QCOMPARE(g->lagSeconds->max, qint64(100'000)); // in ms
        QCOMPARE(g->lagSeconds->p95, qint64(95'000));
        QCOMPARE(g->lagSeconds->avg, 50'500.0);
        QVERIFY(g->lagSecondsAtLeast);
        QCOMPARE(g->lagSecondsBounds.lowerBoundSamples, 1);
        QCOMPARE(g->lagSecondsBounds.lowerBoundMs, qint64(5'000));
        QVERIFY(g->breachSeconds);
        QCOMPARE(g->breachSeconds->count, 1);
        QCOMPARE(g->breachSeconds->totalMs, qint64(50'000));
        QCOMPARE(g->breachSeconds->longestStartMs, relMs(-10 * kPollSecs));
        QCOMPARE(g->current.lagStatus, QStringLiteral("STOP"));
        QCOMPARE(g->current.lagSeconds.value_or(-1), 100.0);
        QVERIFY(g->current.lagSecondsAtLeast);

        const GroupReport *p = find(*report, QStringLiteral("payments"));
        QVERIFY(p && p->lagStatuses);
        QVERIFY(!p->lagSeconds);
        QVERIFY(!p->breachSeconds);
    }

    // Rebalances as the rebalance detector records them: two end in the range, one before it (left out);
    // durations are summed bound by bound.
    void rebalancesInTheRange()
    {
        auto store = knownHistory();
        QVERIFY(store);
        auto rebalance = [](qint64 startAfter, qint64 startBy, qint64 endAfter, qint64 endBy, int moves) {
            Rebalance r;
            r.cluster = kCluster;
            r.group = kGroup;
            r.startAfter = rel(startAfter);
            r.startBy = rel(startBy);
            r.endAfter = rel(endAfter);
            r.endBy = rel(endBy);
            r.trigger = TriggerMemberJoined;
            r.membersBefore = {{QStringLiteral("m1"), QStringLiteral("c1"), QStringLiteral("/10.0.0.1")}};
            r.membersAfter = {{QStringLiteral("m1"), QStringLiteral("c1"), QStringLiteral("/10.0.0.1")},
                              {QStringLiteral("m2"), QStringLiteral("c2"), QStringLiteral("/10.0.0.2")}};
            for (int p = 0; p < moves; ++p)
                r.moves.push_back(
                    {TopicPartition{QStringLiteral("orders"), p}, QStringLiteral("m1"), QStringLiteral("m2")});
            return r;
        };
        // 10..20 s and 0..5 s (seen between two polls) in the range; the first ends 2 h ago.
        QVERIFY(store->appendRebalances({rebalance(-7300, -7295, -7205, -7200, 1), rebalance(-300, -295, -285, -280, 2),
                                         rebalance(-100, -95, -100, -95, 1)}));
        const auto report = buildReport(*store, lastMinutes(60), kNow);
        QVERIFY2(report, qPrintable(report.ok() ? QString() : report.errorMessage()));
        QVERIFY(report->rebalanceNote.isEmpty());
        const GroupReport *g = find(*report, kGroup);
        QVERIFY(g && g->rebalances);
        QCOMPARE(g->rebalances->count, 2);
        QCOMPARE(g->rebalances->minTotalMs, qint64(10'000 + 0));
        QCOMPARE(g->rebalances->maxTotalMs, qint64(20'000 + 5'000));
        const ReportRebalance &first = g->rebalances->list[0];
        QCOMPARE(first.startAfterMs, relMs(-300));
        QCOMPARE(first.startByMs, relMs(-295));
        QCOMPARE(first.endByMs, relMs(-280));
        QCOMPARE(first.minDurationMs, qint64(10'000));
        QCOMPARE(first.maxDurationMs, qint64(20'000));
        QCOMPARE(first.partitionsMoved, 2);
        QCOMPARE(first.membersBefore, 1);
        QCOMPARE(first.membersAfter, 2);
        QCOMPARE(first.trigger, triggerText(TriggerMemberJoined));
        // A group without any: an empty list (recorded: none), not "not available".
        const GroupReport *p = find(*report, QStringLiteral("payments"));
        QVERIFY(p && p->rebalances);
        QCOMPARE(p->rebalances->count, 0);
    }

    void rangeCutsTheSeries()
    {
        const auto store = knownHistory();
        QVERIFY(store);
        ReportRequest r;
        r.from = rel(-10 * kPollSecs); // the last 10 polls: lag 91..100
        r.to = kNow;
        r.groupPattern = kGroup;
        const auto report = buildReport(*store, r, kNow);
        QVERIFY(report);
        QCOMPARE(report->groups[0].lag.samples, 10);
        QCOMPARE(report->groups[0].lag.max, qint64(100));
        QCOMPARE(report->groups[0].lag.avg, 95.5);
    }

    void topicsAndPartitions()
    {
        const auto store = newStore();
        QVERIFY(store);
        for (qint64 i = 0; i < 20; ++i)
            QVERIFY(store->appendSnapshot(snapshot(rel((i - 20) * kPollSecs), {twoTopics(kGroup, (i + 1) * 100, i)})));
        ReportRequest r = lastMinutes(10);
        r.partitionDetail = true;
        const auto report = buildReport(*store, r, kNow);
        QVERIFY(report);
        const GroupReport &g = report->groups[0];
        QCOMPARE(g.lag.max, qint64(2000));
        QCOMPARE(g.topics.size(), size_t(2));
        QCOMPARE(g.topics[0].topic, QStringLiteral("orders"));
        QCOMPARE(g.topics[0].lag.max, qint64(1600)); // 1000 + 600
        QCOMPARE(g.topics[1].topic, QStringLiteral("refunds"));
        QCOMPARE(g.topics[1].lag.max, qint64(400));
        QCOMPARE(g.topicSeries.size(), size_t(2));
        QCOMPARE(g.partitions.size(), size_t(3));
        QCOMPARE(g.partitions[1].partition, (TopicPartition{QStringLiteral("orders"), 1}));
        QCOMPARE(g.partitions[1].lag.max, qint64(600));
        QCOMPARE(g.partitions[1].committed, qint64(1190));
        QCOMPARE(g.partitions[1].logEnd, qint64(1790));
    }

    void bucketsWeighByTheirSpan()
    {
        // 2 hours of polls every 5 s at lag 10, except the first hour's first minute at 1000.
        // After compaction with a short raw tier, that hour is in 1-minute buckets: the
        // spike is one bucket of 60 s, one 120th of the time.
        RetentionPolicy policy;
        policy.rawFor = 1h;
        policy.fineFor = 24h;
        const auto store = newStore(policy);
        QVERIFY(store);
        const qint64 polls = 2 * 3600 / kPollSecs;
        for (qint64 i = 0; i < polls; ++i) {
            const qint64 lag = i < 60 / kPollSecs ? 1000 : 10;
            QVERIFY(store->appendSnapshot(singleLag(rel(-2 * 3600 + i * kPollSecs), lag, i)));
        }
        QVERIFY(store->compact(kNow));
        ReportRequest r = lastMinutes(120);
        const auto report = buildReport(*store, r, kNow);
        QVERIFY(report);
        const GroupReport &g = report->groups[0];
        QCOMPARE(g.lag.max, qint64(1000));
        QCOMPARE(g.lag.samples, 60 + 3600 / int(kPollSecs)); // 60 buckets + an hour of polls
        QCOMPARE(g.lag.p95, qint64(10));
        QVERIFY2(qAbs(g.lag.avg - (1000.0 + 119 * 10.0) / 120) < 0.5, qPrintable(QString::number(g.lag.avg)));
    }

    void progressAndCancel()
    {
        const auto store = knownHistory();
        QVERIFY(store);
        QList<QPair<int, int>> calls;
        ReportProgress progress;
        progress.onProgress = [&](int done, int total) { calls.append({done, total}); };
        QVERIFY(buildReport(*store, lastMinutes(60), kNow, progress));
        QCOMPARE(calls, (QList<QPair<int, int>>{{0, 2}, {1, 2}, {2, 2}}));

        std::atomic<bool> cancel{false};
        progress.cancel = &cancel;
        progress.onProgress = [&](int done, int) {
            if (done == 1)
                cancel = true;
        };
        const auto cancelled = buildReport(*store, lastMinutes(60), kNow, progress);
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.errorMessage(), QStringLiteral("The report was cancelled"));
    }

    void groupsWithoutDataInTheRangeAreNoted()
    {
        const auto store = knownHistory();
        QVERIFY(store);
        QVERIFY(store->appendSnapshot(snapshot(rel(-3 * 3600), {groupState(QStringLiteral("old"), {})})));
        const auto report = buildReport(*store, lastMinutes(60), kNow);
        QVERIFY(report);
        QCOMPARE(report->groups.size(), size_t(2));
        QCOMPARE(report->notes,
                 QStringList{QStringLiteral("1 selected group(s) had no data in the range and are left out.")});
    }
};

QTEST_GUILESS_MAIN(TestReportBuilder)
#include "tst_reportbuilder.moc"
