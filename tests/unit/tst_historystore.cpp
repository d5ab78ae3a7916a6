// The history store: inserts and range queries, downsampling tiers on a simulated clock,
// retention, events, and timings. Its file (restart, recovery) is tst_historyfiles.
#include "HistoryTestUtil.h"
#include "TableRows.h"
#include "store/HistoryStore.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>

using namespace lagscope;
using namespace std::chrono_literals;

using namespace lagscope::test;

class TestHistoryStore final : public QObject {
    Q_OBJECT

private:
    StoreFiles m_files{QStringLiteral("store%1/history.sqlite")};

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_files.isValid()); }

    void insertAndRangeQuery()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        QVERIFY(store->warnings().isEmpty());
        const QString orders = QStringLiteral("orders");
        const QString refunds = QStringLiteral("refunds");
        for (int i = 0; i < 3; ++i) {
            const qint64 c = 100 + i;
            QVERIFY(
                store
                    ->appendSnapshot(snapshot(
                        rel(-60 + i * 5),
                        {groupState(kGroup,
                                    {partitionLag(orders, 0, c, c + 10 * (i + 1)),
                                     partitionLag(orders, 1, std::nullopt, 500 + i),
                                     partitionLag(orders, 2, std::nullopt, std::nullopt),
                                     partitionLag(refunds, 0, c, c + 1)},
                                    i == 2 ? QStringLiteral("PreparingRebalance") : QStringLiteral("Stable"), 3 - i),
                         groupState(QStringLiteral("audit"), {partitionLag(orders, 0, 7, 7)})}))
                    .ok());
        }

        // Group aggregates, exactly as written, within an inclusive range.
        const auto history = store->groupHistory(kCluster, kGroup, rel(-60), rel(-55));
        QVERIFY(history);
        const std::vector<HistoryStore::GroupSample> expected{{relMs(-60), 11, 10, 3, QStringLiteral("Stable")},
                                                              {relMs(-55), 21, 20, 2, QStringLiteral("Stable")}};
        QCOMPARE(*history, expected);
        const auto all = store->groupHistory(kCluster, kGroup, rel(-3600), kNow);
        QVERIFY(all);
        QCOMPARE(all->size(), size_t(3));
        QCOMPARE(all->back().state, QStringLiteral("PreparingRebalance"));

        // Partition samples: unknown values come back as -1, partitions with nothing known are absent.
        const auto partitions = store->partitionHistory(kCluster, kGroup, rel(-3600), kNow);
        QVERIFY(partitions);
        QCOMPARE(partitions->size(), size_t(3));
        QVERIFY(!partitions->contains(TopicPartition{orders, 2}));
        const std::vector<HistoryStore::PartitionSample> orders0{
            {relMs(-60), 100, 110, 10}, {relMs(-55), 101, 121, 20}, {relMs(-50), 102, 132, 30}};
        QCOMPARE(partitions->at(TopicPartition{orders, 0}), orders0);
        const std::vector<HistoryStore::PartitionSample> orders1{
            {relMs(-60), -1, 500, -1}, {relMs(-55), -1, 501, -1}, {relMs(-50), -1, 502, -1}};
        QCOMPARE(partitions->at(TopicPartition{orders, 1}), orders1);

        // Per-topic lines sum the known lags.
        const auto topics = store->topicHistory(kCluster, kGroup, rel(-3600), kNow);
        QVERIFY(topics);
        const std::vector<HistoryStore::TopicSample> ordersLine{{relMs(-60), 10}, {relMs(-55), 20}, {relMs(-50), 30}};
        const std::vector<HistoryStore::TopicSample> refundsLine{{relMs(-60), 1}, {relMs(-55), 1}, {relMs(-50), 1}};
        QCOMPARE(topics->size(), size_t(2));
        QCOMPARE(topics->at(orders), ordersLine);
        QCOMPARE(topics->at(refunds), refundsLine);

        // Ranges outside the data, unknown groups and clusters: empty, not errors.
        const auto before = store->groupHistory(kCluster, kGroup, rel(-7200), rel(-61));
        QVERIFY(before && before->empty());
        const auto unknownGroup = store->groupHistory(kCluster, QStringLiteral("nobody"), rel(-3600), kNow);
        QVERIFY(unknownGroup && unknownGroup->empty());
        const auto unknownCluster = store->partitionHistory(QStringLiteral("dc9"), kGroup, rel(-3600), kNow);
        QVERIFY(unknownCluster && unknownCluster->empty());
        const auto other = store->groupHistory(kCluster, QStringLiteral("audit"), rel(-3600), kNow);
        QVERIFY(other);
        QCOMPARE(other->size(), size_t(3));
    }

    void unreachableSnapshotIgnored()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        ClusterSnapshot s = singleLag(rel(-10), 5, 0);
        s.reachable = false;
        s.error = QStringLiteral("all brokers down");
        QVERIFY(store->appendSnapshot(s).ok());
        QVERIFY(store->appendSnapshots({std::make_shared<const ClusterSnapshot>(s), nullptr}).ok());
        const auto history = store->groupHistory(kCluster, kGroup, rel(-3600), kNow);
        QVERIFY(history);
        QVERIFY(history->empty());
    }

    // A poll that arrives after its 10-minute span was packed into a block (a clock set
    // back) is merged into that block, in time order; the same poll written again replaces.
    void latePollJoinsItsBlock()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        for (const int s : {-1200, -1190, -1170})
            QVERIFY(store->appendSnapshot(singleLag(rel(s), -s, 0)).ok());
        QVERIFY(store->compact(kNow).ok()); // packs the span of kNow − 20 min
        QVERIFY(store->appendSnapshot(singleLag(rel(-1180), 1180, 0)).ok());
        QVERIFY(store->appendSnapshot(singleLag(rel(-1170), 7, 0)).ok()); // written again
        const Status compacted = store->compact(kNow);
        QVERIFY2(compacted.ok(), compacted ? "" : qPrintable(compacted.errorMessage()));
        const auto history = store->groupHistory(kCluster, kGroup, rel(-3600), kNow);
        QVERIFY(history);
        QCOMPARE(groupPoints(*history), (Points{{-1200, 1200}, {-1190, 1190}, {-1180, 1180}, {-1170, 7}}));
    }

    // Several polls of several clusters in one call; unreachable ones are skipped.
    void batchAppend()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        ClusterSnapshot other = singleLag(rel(-20), 9, 0);
        other.cluster = QStringLiteral("dc2");
        ClusterSnapshot down = singleLag(rel(-15), 99, 1);
        down.reachable = false;
        QVERIFY(store
                    ->appendSnapshots({std::make_shared<const ClusterSnapshot>(singleLag(rel(-20), 1, 0)),
                                       std::make_shared<const ClusterSnapshot>(other),
                                       std::make_shared<const ClusterSnapshot>(down),
                                       std::make_shared<const ClusterSnapshot>(singleLag(rel(-10), 2, 2))})
                    .ok());
        const auto dc1 = store->groupHistory(kCluster, kGroup, rel(-60), kNow);
        QVERIFY(dc1);
        QCOMPARE(groupPoints(*dc1), (Points{{-20, 1}, {-10, 2}}));
        const auto dc2 = store->groupHistory(QStringLiteral("dc2"), kGroup, rel(-60), kNow);
        QVERIFY(dc2);
        QCOMPARE(groupPoints(*dc2), (Points{{-20, 9}}));
    }

    void tiers_data()
    {
        addColumns<Points, Points>("samples", "expected");
        const qint64 h = 3600;
        QTest::newRow("raw kept for 6 h")
            << Points{{-h, 10}, {-h + 5, 30}, {-h + 10, 20}} << Points{{-h, 10}, {-h + 5, 30}, {-h + 10, 20}};
        QTest::newRow("one-minute bucket keeps the max")
            << Points{{-10 * h, 5}, {-10 * h + 5, 50}, {-10 * h + 20, 7}, {-10 * h + 55, 9}} << Points{{-10 * h, 50}};
        QTest::newRow("adjacent minutes stay apart")
            << Points{{-10 * h, 5}, {-10 * h + 30, 8}, {-10 * h + 60, 3}, {-10 * h + 90, 2}}
            << Points{{-10 * h, 8}, {-10 * h + 60, 3}};
        QTest::newRow("ten-minute bucket keeps the max")
            << Points{{-30 * h, 100}, {-30 * h + 180, 300}, {-30 * h + 599, 200}, {-30 * h + 600, 1}}
            << Points{{-30 * h, 300}, {-30 * h + 600, 1}};
        QTest::newRow("raw cutoff on a minute boundary") << Points{{-6 * h - 30, 4}, {-6 * h, 6}, {-6 * h + 10, 8}}
                                                         << Points{{-6 * h - 60, 4}, {-6 * h, 6}, {-6 * h + 10, 8}};
        QTest::newRow("older than 7 days dropped")
            << Points{{-8 * 24 * h, 7}, {-7 * 24 * h - 1, 9}, {-h, 1}} << Points{{-h, 1}};
        QTest::newRow("three tiers in order")
            << Points{{-50 * h + 1, 11}, {-50 * h + 2, 12}, {-12 * h, 21}, {-12 * h + 1, 22}, {-60, 31}}
            << Points{{-50 * h, 12}, {-12 * h, 22}, {-60, 31}};
    }

    // Raw → 1-minute → 10-minute buckets; the same for group aggregates and partitions.
    void tiers()
    {
        QFETCH(Points, samples);
        QFETCH(Points, expected);
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        for (qsizetype i = 0; i < samples.size(); ++i)
            QVERIFY(store->appendSnapshot(singleLag(rel(samples[i].first), samples[i].second, i)).ok());

        for (int pass = 0; pass < 2; ++pass) { // the second pass must change nothing
            const Status compacted = store->compact(kNow);
            QVERIFY2(compacted.ok(), compacted ? "" : qPrintable(compacted.errorMessage()));
            const auto history = store->groupHistory(kCluster, kGroup, rel(-8 * 24 * 3600), kNow);
            QVERIFY2(history, history ? "" : qPrintable(history.errorMessage()));
            QCOMPARE(groupPoints(*history), expected);
            for (const auto &s : *history)
                QCOMPARE(s.maxLag, s.totalLag);

            const auto partitions = store->partitionHistory(kCluster, kGroup, rel(-8 * 24 * 3600), kNow);
            QVERIFY(partitions);
            Points partitionPoints;
            for (const auto &s : partitions->at(TopicPartition{QStringLiteral("orders"), 0}))
                partitionPoints << qMakePair((s.timeMs - kNow.toMSecsSinceEpoch()) / 1000, s.lag);
            QCOMPARE(partitionPoints, expected);

            const auto topics = store->topicHistory(kCluster, kGroup, rel(-8 * 24 * 3600), kNow);
            QVERIFY(topics);
            Points topicPoints;
            for (const auto &s : topics->at(QStringLiteral("orders")))
                topicPoints << qMakePair((s.timeMs - kNow.toMSecsSinceEpoch()) / 1000, s.totalLag);
            QCOMPARE(topicPoints, expected);
        }
    }

    // A bucket keeps the last offsets, member count and state it saw.
    void bucketKeepsLastLevels()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const qint64 t0 = -10 * 3600;
        QVERIFY(store->appendSnapshot(singleLag(rel(t0), 100, 0, QStringLiteral("Stable"), 3)).ok());
        QVERIFY(store->appendSnapshot(singleLag(rel(t0 + 20), 95, 1, QStringLiteral("Stable"), 3)).ok());
        QVERIFY(store->appendSnapshot(singleLag(rel(t0 + 40), 90, 2, QStringLiteral("PreparingRebalance"), 2)).ok());
        QVERIFY(store->compact(kNow).ok());

        const auto groups = store->groupHistory(kCluster, kGroup, rel(t0 - 3600), kNow);
        QVERIFY(groups);
        const std::vector<HistoryStore::GroupSample> expected{
            {relMs(t0), 100, 100, 2, QStringLiteral("PreparingRebalance")}};
        QCOMPARE(*groups, expected);
        const auto partitions = store->partitionHistory(kCluster, kGroup, rel(t0 - 3600), kNow);
        QVERIFY(partitions);
        const std::vector<HistoryStore::PartitionSample> bucket{{relMs(t0), 1020, 1110, 100}};
        QCOMPARE(partitions->at(TopicPartition{QStringLiteral("orders"), 0}), bucket);

        // A range starting inside the bucket still shows it.
        const auto inside = store->groupHistory(kCluster, kGroup, rel(t0 + 30), rel(t0 + 50));
        QVERIFY(inside);
        QCOMPARE(inside->size(), size_t(1));
    }

    // 26 simulated hours of 5 s polls, compacted every 10 minutes as the application would:
    // the chart shows 10-minute buckets, then 1-minute buckets, then raw polls, each
    // bucket holding the maximum lag of the polls it replaced.
    void simulatedClock()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const qint64 start = -26 * 3600;
        auto lagAt = [](qint64 s) { return (s * 7919) % 1009; };
        qint64 index = 0;
        for (qint64 s = start; s <= 0; s += 5, ++index) {
            QVERIFY(store->appendSnapshot(singleLag(rel(s), lagAt(s - start), index)).ok());
            if (s % 600 == 0)
                QVERIFY(store->compact(rel(s)).ok());
        }
        QVERIFY(store->compact(kNow).ok());

        const auto history = store->groupHistory(kCluster, kGroup, rel(start), kNow);
        QVERIFY(history);
        QVERIFY(!history->empty());
        const qint64 nowMs = kNow.toMSecsSinceEpoch();
        qint64 previous = 0;
        int counts[3] = {0, 0, 0};
        for (const auto &sample : *history) {
            const qint64 age = nowMs - sample.timeMs;
            const qint64 span = age > 24 * 3600 * 1000 ? 600 : age > 6 * 3600 * 1000 ? 60 : 5;
            ++counts[span == 600 ? 2 : span == 60 ? 1 : 0];
            if (previous != 0)
                QVERIFY2(sample.timeMs > previous, qPrintable(QString::number(sample.timeMs)));
            previous = sample.timeMs;
            qint64 expected = -1;
            for (qint64 s = (sample.timeMs - nowMs) / 1000; s < (sample.timeMs - nowMs) / 1000 + span; s += 5)
                if (s >= start && s <= 0)
                    expected = std::max(expected, lagAt(s - start));
            QCOMPARE(sample.totalLag, expected);
        }
        QCOMPARE(counts[2], 2 * 6);       // 24–26 h ago
        QCOMPARE(counts[1], 18 * 60);     // 6–24 h ago
        QCOMPARE(counts[0], 6 * 720 + 1); // the last 6 h, both ends included
    }

    void retention()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const qint64 day = 24 * 3600;
        QVERIFY(store->appendSnapshot(singleLag(rel(-8 * day), 1, 0)).ok());
        QVERIFY(store->appendSnapshot(singleLag(rel(-6 * day), 2, 1)).ok());
        QVERIFY(store->appendSnapshot(singleLag(rel(-60), 3, 2)).ok());
        // A group seen only 8 days ago disappears entirely.
        QVERIFY(store
                    ->appendSnapshot(
                        snapshot(rel(-8 * day),
                                 {groupState(QStringLiteral("gone"), {partitionLag(QStringLiteral("old"), 0, 1, 2)})}))
                    .ok());
        QVERIFY(store
                    ->appendEvents(
                        {makeEvent(-8 * day, QStringLiteral("ancient")), makeEvent(-60, QStringLiteral("recent"))})
                    .ok());
        QVERIFY(store->compact(kNow).ok());

        const auto history = store->groupHistory(kCluster, kGroup, rel(-30 * day), kNow);
        QVERIFY(history);
        QCOMPARE(groupPoints(*history), (Points{{-6 * day, 2}, {-60, 3}}));
        const auto gone = store->partitionHistory(kCluster, QStringLiteral("gone"), rel(-30 * day), kNow);
        QVERIFY(gone && gone->empty());
        const auto events = store->events(kCluster, rel(-30 * day), kNow);
        QVERIFY(events);
        QCOMPARE(subjects(*events), QStringList{QStringLiteral("recent")});

        // Writing after a cleanup that removed dictionary rows still works.
        QVERIFY(store
                    ->appendSnapshot(snapshot(
                        kNow, {groupState(QStringLiteral("gone"), {partitionLag(QStringLiteral("old"), 0, 5, 9)})}))
                    .ok());
        const auto back = store->partitionHistory(kCluster, QStringLiteral("gone"), rel(-60), kNow);
        QVERIFY(back);
        QCOMPARE(back->size(), size_t(1));
    }

    void events_data()
    {
        addColumns<qint64, qint64, QString, QStringList>("from", "to", "group", "expected");
        QTest::newRow("all") << qint64(-3600) << qint64(0) << QString()
                             << QStringList{QStringLiteral("broker 2"), QStringLiteral("billing joined"),
                                            QStringLiteral("audit left"), QStringLiteral("billing rebalanced")};
        QTest::newRow("one group") << qint64(-3600) << qint64(0) << kGroup
                                   << QStringList{QStringLiteral("billing joined"),
                                                  QStringLiteral("billing rebalanced")};
        QTest::newRow("inclusive bounds")
            << qint64(-300) << qint64(-120) << QString()
            << QStringList{QStringLiteral("billing joined"), QStringLiteral("audit left")};
        QTest::newRow("group and time") << qint64(-200) << qint64(0) << kGroup
                                        << QStringList{QStringLiteral("billing rebalanced")};
        QTest::newRow("nothing") << qint64(-3600) << qint64(-601) << QString() << QStringList{};
        QTest::newRow("unknown group") << qint64(-3600) << qint64(0) << QStringLiteral("nobody") << QStringList{};
    }

    void events()
    {
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(QString, group);
        QFETCH(QStringList, expected);
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const std::vector<ClusterEvent> written{
            makeEvent(-600, QStringLiteral("broker 2"), {}, EventKind::BrokerOffline, EventSeverity::Error),
            makeEvent(-300, QStringLiteral("billing joined"), kGroup, EventKind::MemberJoined),
            makeEvent(-120, QStringLiteral("audit left"), QStringLiteral("audit"), EventKind::MemberLeft,
                      EventSeverity::Warning),
            makeEvent(-60, QStringLiteral("billing rebalanced"), kGroup),
        };
        QVERIFY(store->appendEvents(written).ok());
        ClusterEvent elsewhere = makeEvent(-60, QStringLiteral("other cluster"));
        elsewhere.cluster = QStringLiteral("dc2");
        QVERIFY(store->appendEvents({elsewhere}).ok());

        const auto read = store->events(kCluster, rel(from), rel(to), group);
        QVERIFY(read);
        QCOMPARE(subjects(*read), expected);
        for (const auto &e : *read) // every field round-trips
            QVERIFY(std::find(written.begin(), written.end(), e) != written.end());
    }

    // Numbers for the record; behaviour is asserted elsewhere, timings are benchmarked in tests/bench.
    void timingLargePoll()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        std::vector<GroupState> groups;
        for (int g = 0; g < 500; ++g) {
            std::vector<PartitionLag> partitions;
            for (int p = 0; p < 20; ++p)
                partitions.push_back(partitionLag(QStringLiteral("topic-%1").arg(g % 50), p + (g / 50) * 20,
                                                  1000000 + p, 1000000 + p + g));
            groups.push_back(
                groupState(QStringLiteral("group-%1").arg(g, 3, 10, QLatin1Char('0')), std::move(partitions)));
        }
        ClusterSnapshot s = snapshot(rel(-10), std::move(groups));
        QElapsedTimer timer;
        timer.start();
        QVERIFY(store->appendSnapshot(s).ok());
        const qint64 first = timer.nsecsElapsed();
        s.takenAt = rel(-5);
        timer.restart();
        QVERIFY(store->appendSnapshot(s).ok());
        const qint64 second = timer.nsecsElapsed();
        qInfo("insert one poll of 500 groups x 20 partitions: first %.1f ms (new names), next %.1f ms",
              double(first) / 1e6, double(second) / 1e6);
        const auto history = store->partitionHistory(kCluster, QStringLiteral("group-499"), rel(-60), kNow);
        QVERIFY(history);
        QCOMPARE(history->size(), size_t(20));
    }

    void timingWeekOfOneGroup()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        std::vector<PartitionLag> partitions;
        for (int p = 0; p < 20; ++p)
            partitions.push_back(partitionLag(QStringLiteral("orders"), p, 0, 0));
        ClusterSnapshot s = snapshot(kNow, {groupState(kGroup, partitions)});
        const qint64 week = 7 * 24 * 3600;
        QElapsedTimer timer;
        timer.start();
        qint64 polls = 0;
        // Ten simulated minutes per transaction, then a compaction, as a writer thread
        // that batches would do; one transaction per poll costs about as much again.
        std::vector<SnapshotPtr> batch;
        for (qint64 t = -week; t <= 0; t += 5, ++polls) {
            GroupState &g = s.groups.front();
            g.totalLag = g.maxLag = 0;
            for (auto &p : g.partitions) {
                p.committed = *p.committed + 50;
                p.logEnd = *p.committed + (t + week + p.partition.partition * 13) % 700;
                p.lag = *p.logEnd - *p.committed;
                g.totalLag += *p.lag;
                g.maxLag = std::max(g.maxLag, *p.lag);
            }
            s.takenAt = rel(t);
            batch.push_back(std::make_shared<const ClusterSnapshot>(s));
            if (t % 600 == 0) {
                QVERIFY(store->appendSnapshots(batch).ok());
                batch.clear();
                QVERIFY(store->compact(rel(t)).ok());
            }
        }
        const qint64 fillMs = timer.elapsed();

        timer.restart();
        const auto history = store->groupHistory(kCluster, kGroup, rel(-week), kNow);
        const qint64 groupNs = timer.nsecsElapsed();
        QVERIFY(history);
        timer.restart();
        const auto partitionLines = store->partitionHistory(kCluster, kGroup, rel(-week), kNow);
        const qint64 partitionNs = timer.nsecsElapsed();
        QVERIFY(partitionLines);
        timer.restart();
        const auto topicLines = store->topicHistory(kCluster, kGroup, rel(-week), kNow);
        const qint64 topicNs = timer.nsecsElapsed();
        QVERIFY(topicLines);
        qsizetype partitionPoints = 0;
        for (const auto &[tp, samples] : *partitionLines)
            partitionPoints += qsizetype(samples.size());
        qInfo("simulated week, 1 group x 20 partitions, 5 s polls: %lld polls filled in %lld ms, file %.1f MiB", polls,
              fillMs, double(store->fileSizeBytes()) / (1024.0 * 1024.0));
        qInfo(
            "7-day query: groupHistory %zu points %.1f ms; partitionHistory %lld points %.1f ms; topicHistory %.1f ms",
            history->size(), double(groupNs) / 1e6, qint64(partitionPoints), double(partitionNs) / 1e6,
            double(topicNs) / 1e6);
    }
};

QTEST_GUILESS_MAIN(TestHistoryStore)
#include "tst_historystore.moc"
