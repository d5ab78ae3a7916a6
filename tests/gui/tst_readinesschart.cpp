// The Replication page's failover readiness chart over a week of recorded history, without a
// lab: a store filled by the test with 7 days of one flow's polls (a MirrorMaker outage three
// days ago, a partition without a checkpoint yesterday), compacted into the tiers as the app
// does; clicking a group in the groups table shows its chart ("Loading history…" until the
// reader answers), and a group without history says so. Screenshots of both.
#include "GuiTestUtil.h"
#include "history/HistoryReader.h"
#include "replication/FlowGroupModel.h"
#include "replication/FlowReadinessChart.h"
#include "replication/ReplicationPage.h"
#include "store/HistoryStore.h"

#include <QHeaderView>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace lagscope;
using namespace lagscope::test;
using namespace lagscope::mirror;

namespace {

const QString kFlow = QStringLiteral("primary->dr");

FlowSnapshot flowAt(const QDateTime &t)
{
    FlowSnapshot s;
    s.flow = {QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr")};
    s.takenAt = t;
    s.sourceReachable = s.targetReachable = true;
    s.health = FlowHealth::Ok;
    for (const QString &name : {QStringLiteral("billing"), QStringLiteral("audit")}) {
        GroupFlow g;
        g.group = name;
        GroupPartitionFlow p;
        p.upstream = p.downstream = {QStringLiteral("orders"), 0};
        p.hasCheckpoint = true;
        p.checkpointUpstream = 1000;
        p.sourceCommitted = 1240;
        p.checkpointAgeMs = 2000;
        g.partitions.push_back(p);
        g.rereadOnFailover = 240;
        g.newestCheckpointAgeMs = 2000;
        s.groups.push_back(g);
    }
    return s;
}

// billing's readiness `secondsAgo` before now: a few hundred records in a daily rhythm; a
// MirrorMaker outage 3 days ago (2 h: the re-read climbs to ~60,000, then the checkpoints catch
// up); a new partition without a checkpoint for 40 minutes yesterday.
HistoryStore::GroupReadiness billingAt(qint64 secondsAgo)
{
    const double day = 24 * 3600.0;
    qint64 reread = qint64(300 + 200 * std::sin(2 * M_PI * double(secondsAgo) / day));
    const qint64 outageStart = 3 * 24 * 3600;
    if (secondsAgo <= outageStart && secondsAgo > outageStart - 2 * 3600)
        reread += (outageStart - secondsAgo) * 8;
    const bool newPartition = secondsAgo <= 26 * 3600 && secondsAgo > 26 * 3600 - 40 * 60;
    return {QStringLiteral("billing"), reread, newPartition ? 1 : 0};
}

} // namespace

class TestReadinessChart final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void weekOfReadinessOnTheReplicationPage()
    {
        QTemporaryDir dir;
        auto opened = HistoryStore::open(dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY(opened);
        const std::unique_ptr<HistoryStore> store = std::move(*opened);
        // A week of 60 s polls, compacted every hour of it as the recorder does every 5 minutes.
        const QDateTime now = QDateTime::currentDateTimeUtc();
        for (qint64 ago = 7 * 24 * 3600; ago > 0; ago -= 60) {
            const QDateTime at = now.addSecs(-ago);
            QVERIFY(store
                        ->appendFlowReadiness(kFlow, at.toMSecsSinceEpoch(),
                                              {billingAt(ago), {QStringLiteral("payments"), 10, 0}})
                        .ok());
            if (ago % 3600 == 0)
                QVERIFY(store->compact(at).ok());
        }
        QVERIFY(store->compact(now).ok());

        HistoryReader reader(store->path());
        ReplicationPage page;
        page.resize(1280, 860);
        page.setHistory(&reader);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.apply(std::make_shared<const FlowSnapshot>(flowAt(now)), {});
        FlowReadinessChart *chart = page.readinessChart();
        QCOMPARE(chart->flow(), kFlow);
        QVERIFY(chart->group().isEmpty());
        QCOMPARE(chart->emptyText(), QStringLiteral("Select a group to see its failover readiness"));

        // Clicking billing's row in the groups table shows its chart, loading first.
        auto *table = page.findChild<QTableView *>(QStringLiteral("flowGroupTable"));
        QVERIFY(table);
        const int row = findRow(table->model(), QStringLiteral("Group"), QStringLiteral("billing"));
        QVERIFY(row >= 0);
        const QRect cellRect = table->visualRect(table->model()->index(row, FlowGroupModel::Group));
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cellRect.center());
        QCOMPARE(chart->group(), QStringLiteral("billing"));
        auto *tabs = page.findChild<QTabWidget *>(QStringLiteral("flowCharts"));
        QVERIFY(tabs);
        QCOMPARE(tabs->currentWidget(), chart);
        QVERIFY(chart->isLoading());
        QCOMPARE(chart->emptyText(), QStringLiteral("Loading history…"));
        QTRY_VERIFY(!chart->isLoading());
        QVERIFY(chart->emptyText().isEmpty());
        // Raw polls for 6 h, 1-minute buckets to 24 h, 10-minute buckets to 7 days, and the live
        // poll: far fewer points than the week's 10,080 polls, none of the outage lost.
        const int points = chart->pointCount();
        QVERIFY2(points > 6 * 60 + 18 * 60 && points < 6 * 60 + 18 * 60 + 6 * 24 * 6 + 10,
                 qPrintable(QString::number(points)));
        QCOMPARE(chart->range(), ChartRange::Day7);
        QCoreApplication::processEvents();
        saveScreenshot(&page, QStringLiteral("replication-readiness-week"));
        saveScreenshot(chart, QStringLiteral("replication-readiness-chart"));

        // A group without stored readiness says so.
        const int audit = findRow(table->model(), QStringLiteral("Group"), QStringLiteral("audit"));
        page.selectGroup(QStringLiteral("audit"));
        QVERIFY(audit >= 0);
        QCOMPARE(chart->group(), QStringLiteral("audit"));
        QTRY_VERIFY(!chart->isLoading());
        QCOMPARE(chart->pointCount(), 0);
        QCOMPARE(chart->emptyText(), QStringLiteral("No failover readiness of audit in the last 7d"));
        saveScreenshot(chart, QStringLiteral("replication-readiness-nodata"));
        page.setHistory(nullptr);
    }
};

QTEST_MAIN(TestReadinessChart)
#include "tst_readinesschart.moc"
