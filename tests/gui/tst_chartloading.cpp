// The history is read off the GUI thread: the lag chart says it is loading until the reader
// answers, then shows the points; an answer for a group or range the user has left is dropped;
// the reader itself runs one request at a time and never delivers a cancelled one. Saves the
// loading and the loaded chart as PNG.
#include "GuiTestUtil.h"
#include "charts/LagChart.h"
#include "history/HistoryReader.h"
#include "store/HistoryStore.h"

#include <QSemaphore>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "charts/QCustomPlotInclude.h"

#include <cmath>

using namespace lagscope;
using lagscope::test::screenshotPath;

namespace {

const QString kCluster = QStringLiteral("dc1");
const QString kBusy = QStringLiteral("billing"); // lags thousands of records
const QString kQuiet = QStringLiteral("audit");  // lags 5

GroupState groupState(const QString &id, qint64 lag)
{
    GroupState g;
    g.groupId = id;
    g.state = QStringLiteral("Stable");
    PartitionLag p;
    p.partition = TopicPartition{id + QStringLiteral("-events"), 0};
    p.logEnd = 1'000'000;
    p.committed = 1'000'000 - lag;
    p.lag = lag;
    g.partitions = {p};
    g.totalLag = lag;
    g.maxLag = lag;
    return g;
}

// The largest value of the chart's total line.
double totalPeak(LagChart &chart)
{
    auto *plot = chart.findChild<QCustomPlot *>(QStringLiteral("lagPlot"));
    if (!plot || plot->graphCount() == 0)
        return -1;
    bool found = false;
    return plot->graph(0)->getValueRange(found).upper;
}

} // namespace

class TestChartLoading final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<HistoryStore> m_store;
    std::unique_ptr<HistoryReader> m_reader;

    void showChart(LagChart &chart)
    {
        chart.resize(960, 420);
        chart.setSource(m_reader.get());
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
    }

    // Holds the reader's thread until the returned semaphore is released: requests asked for
    // meanwhile wait behind it.
    std::shared_ptr<QSemaphore> blockReader()
    {
        auto gate = std::make_shared<QSemaphore>();
        auto started = std::make_shared<QSemaphore>();
        m_reader->read<int>(
            this,
            [gate, started](const HistoryStore &) -> Result<int> {
                started->release();
                gate->acquire();
                return 0;
            },
            [](Result<int>) {});
        started->acquire(); // a blocking wait on another thread's progress, not on time
        return gate;
    }

    // Returns once every request asked for so far has run on the reader thread (their answers
    // are posted, not yet delivered: nothing here runs the event loop).
    void drainReader()
    {
        auto done = std::make_shared<QSemaphore>();
        m_reader->read<int>(
            this,
            [done](const HistoryStore &) -> Result<int> {
                done->release();
                return 0;
            },
            [](Result<int>) {});
        QVERIFY(done->tryAcquire(1, 10000));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        auto store = HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(store, store ? "" : qPrintable(store.errorMessage()));
        m_store = std::move(*store);
        // Two hours of 30 s polls of both groups.
        const QDateTime now = QDateTime::currentDateTimeUtc();
        for (int i = 240; i >= 0; --i) {
            ClusterSnapshot s;
            s.cluster = kCluster;
            s.reachable = true;
            s.takenAt = now.addSecs(-30 * i);
            s.groups = {groupState(kQuiet, 5), groupState(kBusy, 2000 + qint64(1500 * std::sin(i / 20.0)))};
            QVERIFY(m_store->appendSnapshot(s).ok());
        }
        m_reader = std::make_unique<HistoryReader>(m_store->path());
    }

    void cleanupTestCase()
    {
        m_reader.reset();
        m_store.reset();
    }

    void loadingThenLoaded()
    {
        LagChart chart;
        showChart(chart);
        chart.setRange(ChartRange::Hour6);
        chart.setGroup(kCluster, kBusy);
        // Until the reader answers: loading, not "no history", and no lines.
        QVERIFY(chart.isLoading());
        QCOMPARE(chart.emptyText(), QStringLiteral("Loading history…"));
        QCOMPARE(chart.pointCount(), 0);
        chart.replot();
        QVERIFY(chart.grab().save(screenshotPath(QStringLiteral("chartload-loading"))));

        QTRY_VERIFY(!chart.isLoading());
        QVERIFY(chart.emptyText().isEmpty());
        QCOMPARE(chart.seriesCount(), 2); // total + the group's one topic
        QCOMPARE(chart.pointCount(), 2 * 241);
        QTRY_VERIFY(!chart.replotPending());
        chart.replot();
        QVERIFY(chart.grab().save(screenshotPath(QStringLiteral("chartload-loaded"))));
    }

    void liveHistoryOfNoGroupSaysSoAfterLoading()
    {
        LagChart chart;
        showChart(chart);
        chart.setGroup(kCluster, QStringLiteral("no-such-group"));
        QCOMPARE(chart.emptyText(), QStringLiteral("Loading history…"));
        QTRY_VERIFY(!chart.isLoading());
        QVERIFY(chart.emptyText().contains(QStringLiteral("No history of no-such-group")));
    }

    // The answer for the first group is read before the user picks another one; it arrives
    // after, and is dropped: the chart shows the second group only.
    void staleGroupAnswerIsDropped()
    {
        LagChart chart;
        showChart(chart);
        chart.setGroup(kCluster, kBusy);
        drainReader(); // the busy group's answer is now on its way
        chart.setGroup(kCluster, kQuiet);
        QVERIFY(chart.isLoading());
        QTRY_VERIFY(!chart.isLoading());
        QCOMPARE(m_reader->pendingCount(), 0);
        QCOMPARE(totalPeak(chart), 5.0); // the quiet group's hour, none of the busy one's
        QVERIFY(chart.pointCount() >= 2 * 119);
    }

    // Another range while the reader is busy: the first request never runs, the last one wins.
    void staleRangeRequestIsDropped()
    {
        LagChart chart;
        showChart(chart);
        chart.setGroup(kCluster, kBusy);
        QTRY_VERIFY(!chart.isLoading());
        const auto gate = blockReader();
        chart.setRange(ChartRange::Hour6);
        chart.setRange(ChartRange::Min15);
        QVERIFY(chart.isLoading());
        QCOMPARE(m_reader->pendingCount(), 2); // the gate and the 15 minutes; 6 hours was cancelled
        gate->release();
        QTRY_VERIFY(!chart.isLoading());
        QCOMPARE(chart.range(), ChartRange::Min15);
        QVERIFY2(chart.pointCount() <= 2 * 31, qPrintable(QString::number(chart.pointCount())));
    }

    // Live polls during a load stay when the history arrives.
    void livePollDuringLoadIsKept()
    {
        LagChart chart;
        showChart(chart);
        chart.setGroup(kCluster, kBusy);
        QVERIFY(chart.isLoading());
        auto live = std::make_shared<ClusterSnapshot>();
        live->cluster = kCluster;
        live->reachable = true;
        live->takenAt = QDateTime::currentDateTimeUtc().addSecs(20);
        live->groups = {groupState(kBusy, 9999)};
        chart.appendSnapshot(live);
        QCOMPARE(chart.emptyText(), QStringLiteral("Loading history…"));
        QTRY_VERIFY(!chart.isLoading());
        QVERIFY(chart.pointCount() >= 2 * 119 + 2); // the stored hour and the live poll
        QCOMPARE(totalPeak(chart), 9999.0);
    }

    // The reader on its own: a cancelled request is not delivered, the next one is.
    void cancelledRequestIsNotDelivered()
    {
        int first = 0;
        int second = 0;
        const auto gate = blockReader();
        const auto id = m_reader->read<int>(
            this, [](const HistoryStore &) -> Result<int> { return 1; }, [&](Result<int> r) { first = *r; });
        m_reader->read<int>(
            this, [](const HistoryStore &) -> Result<int> { return 2; }, [&](Result<int> r) { second = *r; });
        m_reader->cancel(id);
        gate->release();
        QTRY_COMPARE(second, 2);
        QCOMPARE(first, 0);
        QCOMPARE(m_reader->pendingCount(), 0);
    }

    void unreadableHistoryIsAnError()
    {
        HistoryReader reader(m_dir.filePath(QStringLiteral("missing/history.sqlite")));
        QString error;
        reader.read<int>(
            this, [](const HistoryStore &) -> Result<int> { return 1; },
            [&](Result<int> r) { error = r ? QStringLiteral("no error") : r.errorMessage(); });
        QTRY_VERIFY(!error.isEmpty());
        QVERIFY(error != QStringLiteral("no error"));
    }
};

QTEST_MAIN(TestChartLoading)
#include "tst_chartloading.moc"
