// The history store keeps each group's lag status and max lag seconds per poll: written,
// read back, folded into buckets (worst status, largest seconds), and a version-1 file is
// upgraded in place.
#include "HistoryTestUtil.h"
#include "store/HistoryStore.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;
using namespace std::chrono_literals;

namespace {

ClusterSnapshot judged(qint64 seconds, LagStatus status, std::optional<LagTime> lagTime, qint64 index)
{
    ClusterSnapshot s = singleLag(rel(seconds), 10, index);
    s.groups.front().verdict = {status, QStringLiteral("why")};
    s.groups.front().maxLagTime = lagTime;
    return s;
}

QStringList compact(const std::vector<HistoryStore::GroupStatusSample> &samples)
{
    QStringList out;
    for (const auto &s : samples)
        out << QStringLiteral("%1|%2|%3%4")
                   .arg((s.timeMs - kNow.toMSecsSinceEpoch()) / 1000)
                   .arg(s.status)
                   .arg(s.lagSecondsAtLeast ? QStringLiteral(">=") : QString())
                   .arg(s.maxLagSeconds);
    return out;
}

} // namespace

class TestHistoryStatus final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void writeReadAndBuckets()
    {
        RetentionPolicy policy;
        policy.rawFor = 10min;
        auto opened = HistoryStore::open(m_dir.filePath(QStringLiteral("a.sqlite")), policy);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.errorMessage()));
        auto &store = **opened;
        // Three polls in the minute starting at -30 min, one recent.
        QVERIFY(store.appendSnapshot(judged(-1800, LagStatus::Ok, LagTime{1.5, false}, 0)).ok());
        QVERIFY(store.appendSnapshot(judged(-1790, LagStatus::Stop, LagTime{40, true}, 1)).ok());
        QVERIFY(store.appendSnapshot(judged(-1780, LagStatus::Warn, std::nullopt, 2)).ok());
        QVERIFY(store.appendSnapshot(judged(-60, LagStatus::Stall, LagTime{12.25, false}, 3)).ok());

        auto raw = store.groupStatusHistory(kCluster, kGroup, {}, {});
        QVERIFY(raw.ok());
        QCOMPARE(compact(*raw), (QStringList{QStringLiteral("-1800|OK|1.5"), QStringLiteral("-1790|STOP|>=40"),
                                             QStringLiteral("-1780|WARN|-1"), QStringLiteral("-60|STALL|12.25")}));

        QVERIFY(store.compact(kNow).ok());
        auto bucketed = store.groupStatusHistory(kCluster, kGroup, {}, {});
        QVERIFY(bucketed.ok());
        // The minute bucket keeps the worst status (STOP) and the largest seconds (40, a lower bound).
        QCOMPARE(compact(*bucketed),
                 (QStringList{QStringLiteral("-1800|STOP|>=40"), QStringLiteral("-60|STALL|12.25")}));
        QCOMPARE(store.groupHistory(kCluster, kGroup, {}, {})->size(), std::size_t(2));
        QVERIFY(store.groupStatusHistory(kCluster, QStringLiteral("nobody"), {}, {})->empty());
    }

    void versionOneFileIsUpgraded()
    {
        const QString path = m_dir.filePath(QStringLiteral("v1.sqlite"));
        {
            // The version-1 schema of group_sample, as Lagscope wrote it before verdicts.
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("v1"));
            db.setDatabaseName(path);
            QVERIFY(db.open());
            auto exec = [&db](const char *sql) { return QSqlQuery(db).exec(QString::fromLatin1(sql)); };
            QVERIFY(exec("CREATE TABLE cluster(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"));
            QVERIFY(exec("CREATE TABLE consumer_group(id INTEGER PRIMARY KEY, cluster_id INTEGER NOT NULL,"
                         " name TEXT NOT NULL, UNIQUE(cluster_id, name))"));
            QVERIFY(exec("CREATE TABLE topic(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"));
            QVERIFY(exec("CREATE TABLE group_state(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"));
            QVERIFY(
                exec("CREATE TABLE partition_series(id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL,"
                     " topic_id INTEGER NOT NULL, partition INTEGER NOT NULL, UNIQUE(group_id, topic_id, partition))"));
            QVERIFY(exec("CREATE TABLE poll(cluster_id INTEGER NOT NULL, tier INTEGER NOT NULL, t INTEGER NOT NULL,"
                         " PRIMARY KEY(cluster_id, tier, t)) WITHOUT ROWID"));
            QVERIFY(exec("CREATE TABLE partition_sample(tier INTEGER NOT NULL, t INTEGER NOT NULL,"
                         " group_id INTEGER NOT NULL, series_id INTEGER NOT NULL, committed INTEGER, log_end INTEGER,"
                         " lag INTEGER, PRIMARY KEY(tier, t, group_id, series_id)) WITHOUT ROWID"));
            QVERIFY(
                exec("CREATE TABLE group_sample(tier INTEGER NOT NULL, t INTEGER NOT NULL, group_id INTEGER NOT NULL,"
                     " total_lag INTEGER NOT NULL, max_lag INTEGER NOT NULL, members INTEGER NOT NULL,"
                     " state_id INTEGER, PRIMARY KEY(tier, t, group_id)) WITHOUT ROWID"));
            QVERIFY(exec("CREATE TABLE event(id INTEGER PRIMARY KEY, cluster_id INTEGER NOT NULL, t INTEGER NOT NULL,"
                         " kind TEXT NOT NULL, severity TEXT NOT NULL, subject TEXT NOT NULL, group_name TEXT NOT NULL,"
                         " message TEXT NOT NULL)"));
            QVERIFY(exec("INSERT INTO cluster(id, name) VALUES(1, 'dc1')"));
            QVERIFY(exec("INSERT INTO consumer_group(id, cluster_id, name) VALUES(1, 1, 'billing')"));
            const QString t = QString::number(relMs(-120));
            QVERIFY(QSqlQuery(db).exec(QStringLiteral("INSERT INTO poll VALUES(1, 0, %1)").arg(t)));
            QVERIFY(
                QSqlQuery(db).exec(QStringLiteral("INSERT INTO group_sample VALUES(0, %1, 1, 5, 5, 1, NULL)").arg(t)));
            QVERIFY(exec("PRAGMA user_version = 1"));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("v1"));

        auto opened = HistoryStore::open(path);
        QVERIFY2(opened.ok(), qPrintable(opened.ok() ? QString() : opened.errorMessage()));
        auto &store = **opened;
        QVERIFY(store.warnings().isEmpty()); // upgraded, not moved aside
        QVERIFY(store.appendSnapshot(judged(-60, LagStatus::Warn, LagTime{3, false}, 1)).ok());
        auto samples = store.groupStatusHistory(kCluster, kGroup, {}, {});
        QVERIFY(samples.ok());
        QCOMPARE(compact(*samples), (QStringList{QStringLiteral("-120||-1"), QStringLiteral("-60|WARN|3")}));
        QCOMPARE(store.groupHistory(kCluster, kGroup, {}, {})->front().totalLag, 5);
    }
};

QTEST_GUILESS_MAIN(TestHistoryStatus)
#include "tst_historystatus.moc"
