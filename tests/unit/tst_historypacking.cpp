// Compaction packs recent polls 500 groups at a time: with more groups than one chunk, in
// more than one cluster, every group's polls still end up in its blocks, none lost and none
// given to another group, and the recent table is empty for what was packed. Aging folds
// its buckets and writes them in batches: a group cut by a batch keeps every bucket.
#include "HistoryTestUtil.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestHistoryPacking : public QObject {
    Q_OBJECT

    StoreFiles m_files{QStringLiteral("packing-%1.sqlite")};

private Q_SLOTS:
    void everyGroupOfManyChunks()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        constexpr int kGroups = 1234; // three chunks of 500
        const QStringList clusters{QStringLiteral("dc1"), QStringLiteral("dc2")};
        for (int poll = 0; poll < 3; ++poll) {
            for (const QString &cluster : clusters) {
                std::vector<GroupState> groups;
                for (int g = 0; g < kGroups; ++g)
                    groups.push_back(groupState(QStringLiteral("g%1").arg(g),
                                                {partitionLag(QStringLiteral("t"), g % 3, 100, 100 + g + poll)}));
                ClusterSnapshot s = snapshot(rel(-1800 + poll * 5), std::move(groups));
                s.cluster = cluster;
                QVERIFY(store->appendSnapshot(s).ok());
            }
        }
        const Status compacted = store->compact(kNow);
        QVERIFY2(compacted.ok(), compacted ? "" : qPrintable(compacted.errorMessage()));
        for (const QString &cluster : clusters) {
            for (const int g : {0, 499, 500, 999, 1000, kGroups - 1}) {
                const auto history = store->groupHistory(cluster, QStringLiteral("g%1").arg(g), rel(-3600), kNow);
                QVERIFY(history);
                QCOMPARE(groupPoints(*history), (Points{{-1800, g}, {-1795, g + 1}, {-1790, g + 2}}));
            }
        }
        // Nothing is left unpacked: the polls are older than the packing cutoff.
        bool recentEmpty = false;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("packing-check"));
            db.setDatabaseName(store->path());
            QVERIFY(db.open());
            QSqlQuery q(db);
            QVERIFY(q.exec(QStringLiteral("SELECT count(*) FROM recent_sample")) && q.next());
            recentEmpty = q.value(0).toInt() == 0;
        }
        QSqlDatabase::removeDatabase(QStringLiteral("packing-check"));
        QVERIFY(recentEmpty);
    }

    // An hour of 60 groups' polls every 20 s, older than the raw tier keeps: one compaction
    // ages 3,600 one-minute buckets, more than one batch of the aging's writes (2,048), so
    // some group's hour is written in two batches and merged.
    void agingInBatchesKeepsEveryBucket()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        constexpr int kGroups = 60;
        constexpr int kPolls = 180; // 3 a minute for an hour, from 7 h ago
        for (int poll = 0; poll < kPolls; ++poll) {
            std::vector<GroupState> groups;
            for (int g = 0; g < kGroups; ++g)
                groups.push_back(groupState(QStringLiteral("g%1").arg(g),
                                            {partitionLag(QStringLiteral("t"), 0, 100, 100 + g + poll)}));
            QVERIFY(store->appendSnapshot(snapshot(rel(-7 * 3600 + poll * 20), std::move(groups))).ok());
        }
        const Status compacted = store->compact(kNow);
        QVERIFY2(compacted.ok(), compacted ? "" : qPrintable(compacted.errorMessage()));
        for (int g = 0; g < kGroups; ++g) {
            const auto history = store->groupHistory(kCluster, QStringLiteral("g%1").arg(g), rel(-8 * 3600), kNow);
            QVERIFY(history);
            // Each minute's bucket holds its largest lag: that of its third poll.
            Points expected;
            for (int minute = 0; minute < kPolls / 3; ++minute)
                expected << qMakePair(qint64(-7 * 3600 + minute * 60), qint64(g + minute * 3 + 2));
            QCOMPARE(groupPoints(*history), expected);
        }
    }
};

QTEST_GUILESS_MAIN(TestHistoryPacking)
#include "tst_historypacking.moc"
