// The lag chart with real widgets on the offscreen platform, over a real history store
// filled with eight days of synthetic polls; saves what it shows as PNG.
#include "GuiTestUtil.h"
#include "TableRows.h"
#include "charts/LagChart.h"
#include "history/HistoryReader.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QToolTip>
#include <QWheelEvent>

#include "charts/QCustomPlotInclude.h"

#include <cmath>
#include <numbers>

using namespace lagscope;
using lagscope::test::screenshotPath;

namespace {

const QString kCluster = QStringLiteral("dc1");
const QString kGroup = QStringLiteral("billing");

PartitionLag partitionLag(const QString &topic, int partition, qint64 lag, qint64 logEnd)
{
    PartitionLag p;
    p.partition = TopicPartition{topic, partition};
    p.logEnd = logEnd;
    p.committed = logEnd - lag;
    p.lag = lag;
    return p;
}

GroupState groupState(const QString &id, const std::vector<PartitionLag> &partitions)
{
    GroupState g;
    g.groupId = id;
    g.state = QStringLiteral("Stable");
    g.type = QStringLiteral("Classic");
    g.members = {groupMember(QStringLiteral("m-1"), QStringLiteral("c"), QStringLiteral("/10.0.0.1")),
                 groupMember(QStringLiteral("m-2"), QStringLiteral("c"), QStringLiteral("/10.0.0.2"))};
    g.partitions = partitions;
    for (const PartitionLag &p : partitions) {
        g.totalLag += *p.lag;
        g.maxLag = std::max<std::int64_t>(g.maxLag, *p.lag);
    }
    return g;
}

// Lags of the two topics (two partitions each) at a time: a daily wave with a half-hour
// ripple on "orders", a 40-minute sawtooth on "payments".
std::vector<PartitionLag> lagsAt(qint64 secs)
{
    using std::numbers::pi;
    const double t = double(secs);
    const auto orders = qint64(40000 + 25000 * std::sin(2 * pi * t / 86400) + 6000 * std::sin(2 * pi * t / 1800));
    const auto payments = qint64(12000.0 * double(secs % 2400) / 2400.0);
    const qint64 logEnd = secs * 50;
    return {partitionLag(QStringLiteral("orders"), 0, orders * 6 / 10, logEnd),
            partitionLag(QStringLiteral("orders"), 1, orders - orders * 6 / 10, logEnd),
            partitionLag(QStringLiteral("payments"), 0, payments / 2, logEnd),
            partitionLag(QStringLiteral("payments"), 1, payments - payments / 2, logEnd)};
}

std::shared_ptr<ClusterSnapshot> snapshotAt(const QDateTime &t, const std::vector<PartitionLag> &lags,
                                            const QString &cluster = kCluster)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = cluster;
    s->takenAt = t;
    s->reachable = true;
    s->groups = {groupState(kGroup, lags),
                 groupState(QStringLiteral("other"), {partitionLag(QStringLiteral("audit"), 0, 7, 100)})};
    return s;
}

ClusterEvent groupEvent(const QDateTime &t, EventKind kind, EventSeverity severity, const QString &group,
                        const QString &message)
{
    return ClusterEvent{t, kCluster, kind, severity, group, group, message};
}

} // namespace

class TestLagChart final : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<HistoryStore> m_store;   // writes the history
    std::unique_ptr<HistoryReader> m_reader; // what the charts read it through
    QDateTime m_now;

    // Waits for the coalescing timer and the queued replot it asked for, then redraws so
    // that grab() shows the current state.
    static void settle(LagChart &chart)
    {
        QTRY_VERIFY(!chart.replotPending());
        chart.replot();
    }

    static QCustomPlot *plotOf(LagChart &chart) { return chart.findChild<QCustomPlot *>(QStringLiteral("lagPlot")); }

    static double visibleSpan(const LagChart &chart)
    {
        return double(chart.visibleFrom().msecsTo(chart.visibleTo())) / 1000.0;
    }

    void showChart(LagChart &chart)
    {
        chart.resize(960, 480);
        chart.setSource(m_reader.get());
        chart.setGroup(kCluster, kGroup);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTRY_VERIFY(!chart.isLoading());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
        QVERIFY(m_dir.isValid());
        auto store = HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(store.ok(), store.ok() ? "" : qPrintable(store.errorMessage()));
        m_store = std::move(*store);

        // Eight days of polls, as dense as each tier keeps them: every 10 minutes beyond a
        // day, every minute beyond six hours, every 15 seconds in the newest six hours.
        // compact(now) then moves them into the tiers a running Lagscope would have.
        m_now = QDateTime::currentDateTimeUtc();
        const qint64 nowSecs = m_now.toSecsSinceEpoch();
        int polls = 0;
        for (qint64 t = nowSecs - 8 * 86400; t <= nowSecs;) {
            const qint64 age = nowSecs - t;
            const auto s = snapshotAt(QDateTime::fromSecsSinceEpoch(t, Qt::UTC), lagsAt(t));
            const Status ok = m_store->appendSnapshot(*s);
            QVERIFY2(ok.ok(), ok.ok() ? "" : qPrintable(ok.errorMessage()));
            ++polls;
            t += age > 86400 ? 600 : age > 6 * 3600 ? 60 : 15;
        }
        const Status compacted = m_store->compact(m_now);
        QVERIFY2(compacted.ok(), compacted.ok() ? "" : qPrintable(compacted.errorMessage()));

        const Status events = m_store->appendEvents({
            groupEvent(m_now.addDays(-3), EventKind::GroupStateChanged, EventSeverity::Error, kGroup,
                       QStringLiteral("Stable → Empty")),
            groupEvent(m_now.addSecs(-20 * 3600), EventKind::GroupStateChanged, EventSeverity::Warning, kGroup,
                       QStringLiteral("Stable → PreparingRebalance")),
            groupEvent(m_now.addSecs(-5 * 3600), EventKind::AssignmentChanged, EventSeverity::Info, kGroup,
                       QStringLiteral("orders-1 moved from m-1 to m-2")),
            groupEvent(m_now.addSecs(-2 * 3600), EventKind::BrokerOffline, EventSeverity::Error, QString(),
                       QStringLiteral("broker 2 offline")),
            groupEvent(m_now.addSecs(-40 * 60), EventKind::MemberJoined, EventSeverity::Info, QStringLiteral("other"),
                       QStringLiteral("member x joined")),
            groupEvent(m_now.addSecs(-30 * 60), EventKind::MemberJoined, EventSeverity::Info, kGroup,
                       QStringLiteral("member m-2 joined (client c, host /10.0.0.2)")),
            groupEvent(m_now.addSecs(-10 * 60), EventKind::MemberLeft, EventSeverity::Warning, kGroup,
                       QStringLiteral("member m-3 left (client c, host /10.0.0.3)")),
        });
        QVERIFY2(events.ok(), events.ok() ? "" : qPrintable(events.errorMessage()));
        qInfo("history: %d polls over 8 days, %lld bytes", polls, m_store->fileSizeBytes());
        m_reader = std::make_unique<HistoryReader>(m_store->path());
    }

    void cleanupTestCase()
    {
        m_reader.reset();
        m_store.reset();
    }

    void rangeButtonsShowHistory_data()
    {
        test::addColumns<QString, int, int, int, QString>("button", "range", "minTotalPoints", "markers", "screenshot");
        // Points: 15 s raw polls in the newest 6 h, 1-minute buckets to 24 h, 10-minute ones beyond.
        QTest::newRow("15m") << "range15m" << int(ChartRange::Min15) << 55 << 1 << QString();
        QTest::newRow("1h") << "range1h" << int(ChartRange::Hour1) << 230 << 2 << "lagchart-1h";
        QTest::newRow("6h") << "range6h" << int(ChartRange::Hour6) << 1400 << 3 << "lagchart-6h";
        QTest::newRow("24h") << "range24h" << int(ChartRange::Hour24) << 2400 << 4 << "lagchart-24h";
        QTest::newRow("7d") << "range7d" << int(ChartRange::Day7) << 1800 << 5 << "lagchart-7d";
    }

    void rangeButtonsShowHistory()
    {
        QFETCH(QString, button);
        QFETCH(int, range);
        QFETCH(int, minTotalPoints);
        QFETCH(int, markers);
        QFETCH(QString, screenshot);

        LagChart chart;
        showChart(chart);
        // Start from another range so that every button really changes it.
        chart.setRange(range == int(ChartRange::Day7) ? ChartRange::Min15 : ChartRange::Day7);
        QSignalSpy changed(&chart, &LagChart::rangeChanged);

        auto *b = chart.findChild<QToolButton *>(button);
        QVERIFY(b);
        QTest::mouseClick(b, Qt::LeftButton);
        QVERIFY(b->isChecked());
        QCOMPARE(int(chart.range()), range);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().first().value<ChartRange>(), ChartRange(range));
        QTRY_VERIFY(!chart.isLoading());

        const double span = double(chartRangeSpan(ChartRange(range)).count());
        QVERIFY2(std::abs(visibleSpan(chart) - span) < 1.0, qPrintable(QString::number(visibleSpan(chart))));
        QVERIFY(std::abs(chart.visibleTo().secsTo(QDateTime::currentDateTimeUtc())) < 30);
        QCOMPARE(chart.seriesCount(), 3); // total + orders + payments
        QVERIFY(chart.emptyText().isEmpty());

        QCustomPlot *plot = plotOf(chart);
        QVERIFY(plot);
        QCOMPARE(plot->graph(0)->name(), QStringLiteral("total"));
        QCOMPARE(plot->graph(1)->name(), QStringLiteral("orders"));
        QCOMPARE(plot->graph(2)->name(), QStringLiteral("payments"));
        for (int i = 0; i < 3; ++i) {
            const int n = plot->graph(i)->data()->size();
            QVERIFY2(n >= minTotalPoints,
                     qPrintable(QStringLiteral("%1: %2 points").arg(plot->graph(i)->name()).arg(n)));
        }
        QCOMPARE(chart.markerCount(), markers);
        QCOMPARE(plot->xAxis->label(), QStringLiteral("time (local)"));
        QCOMPARE(plot->yAxis->label(), QStringLiteral("lag (records)"));
        QCOMPARE(plot->yAxis->range().lower, 0.0);

        settle(chart);
        if (!screenshot.isEmpty())
            QVERIFY(chart.grab().save(screenshotPath(screenshot)));
    }

    void darkPalette()
    {
        LagChart chart;
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
        dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
        dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::WindowText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::ButtonText, QColor(0xe8, 0xe8, 0xe8));
        dark.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        dark.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
        dark.setColor(QPalette::Link, QColor(0x6c, 0xb6, 0xff));
        chart.setPalette(dark);
        showChart(chart);
        chart.setRange(ChartRange::Hour24);
        QTRY_VERIFY(!chart.isLoading());
        QCustomPlot *plot = plotOf(chart);
        QCOMPARE(plot->xAxis->tickLabelColor(), dark.color(QPalette::Text));
        QCOMPARE(plot->graph(0)->pen().color(), dark.color(QPalette::Text));
        settle(chart);
        QVERIFY(chart.grab().save(screenshotPath(QStringLiteral("lagchart-24h-dark"))));
    }

    void liveAppendAddsPointsAndReplotsOnce()
    {
        LagChart chart;
        showChart(chart);
        QVERIFY(chart.isLive());
        settle(chart);
        QCoreApplication::processEvents(); // the queued replot settle() may have left behind
        QCustomPlot *plot = plotOf(chart);
        QSignalSpy replots(plot, &QCustomPlot::afterReplot);

        const int before = chart.pointCount();
        const QDateTime t0 = QDateTime::currentDateTimeUtc().addSecs(5);
        const std::vector<PartitionLag> lags{partitionLag(QStringLiteral("orders"), 0, 100000, 1000000),
                                             partitionLag(QStringLiteral("orders"), 1, 23456, 1000000),
                                             partitionLag(QStringLiteral("payments"), 0, 500, 1000000),
                                             partitionLag(QStringLiteral("payments"), 1, 250, 1000000)};
        for (int i = 0; i < 3; ++i)
            chart.appendSnapshot(snapshotAt(t0.addSecs(i), lags));
        QCOMPARE(chart.pointCount(), before + 3 * 3);
        // A burst: nothing replotted yet, then exactly one replot.
        QCOMPARE(replots.count(), 0);
        QVERIFY(chart.replotPending());
        QVERIFY(replots.wait(1000));
        QVERIFY(!replots.wait(200));
        QCOMPARE(replots.count(), 1);

        // Live: the newest poll is at the right edge, the span is the selected range.
        QVERIFY(std::abs(chart.visibleTo().msecsTo(t0.addSecs(2))) < 1000);
        QVERIFY(std::abs(visibleSpan(chart) - 3600) < 1.0);

        // The same poll twice, another cluster, an unreachable poll: nothing new.
        chart.appendSnapshot(snapshotAt(t0.addSecs(2), lags));
        chart.appendSnapshot(snapshotAt(t0.addSecs(3), lags, QStringLiteral("dc2")));
        auto down = snapshotAt(t0.addSecs(4), lags);
        down->reachable = false;
        chart.appendSnapshot(down);
        QCOMPARE(chart.pointCount(), before + 9);

        // Hover text: the nearest point of every line, with thousands separators.
        const QString text = chart.toolTipText(t0.addSecs(2));
        QVERIFY2(text.contains(QStringLiteral("total: 124,206")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("orders: 123,456")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("payments: 750")), qPrintable(text));

        // And the real thing: moving the mouse over the newest point shows that text.
        settle(chart);
        const QPoint at(int(plot->xAxis->coordToPixel(double(t0.addSecs(2).toMSecsSinceEpoch()) / 1000.0)) - 1,
                        plot->axisRect()->center().y());
        QTest::mouseMove(plot, at);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(QStringLiteral("total: 124,206")), qPrintable(QToolTip::text()));
        QToolTip::hideText();

        // Markers for live events of this group only.
        const int markers = chart.markerCount();
        chart.appendEvents(
            {groupEvent(t0, EventKind::MemberLeft, EventSeverity::Info, kGroup, QStringLiteral("m-2 left")),
             groupEvent(t0, EventKind::MemberLeft, EventSeverity::Info, QStringLiteral("other"),
                        QStringLiteral("x left"))});
        QCOMPARE(chart.markerCount(), markers + 1);
        QVERIFY(chart.toolTipText(t0).contains(QStringLiteral("m-2 left")));
    }

    void wheelZoomsAndDoubleClickResets()
    {
        LagChart chart;
        showChart(chart);
        chart.setRange(ChartRange::Hour6);
        QTRY_VERIFY(!chart.isLoading());
        settle(chart);
        QCustomPlot *plot = plotOf(chart);
        const double span = visibleSpan(chart);
        const QDateTime to = chart.visibleTo();

        const QPointF center = plot->axisRect()->center();
        QWheelEvent wheel(center, plot->mapToGlobal(center), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(plot, &wheel);
        QVERIFY2(visibleSpan(chart) < span * 0.95, qPrintable(QString::number(visibleSpan(chart))));
        QVERIFY(!chart.isLive());                  // looking at a spot by hand stops following
        QCOMPARE(plot->yAxis->range().lower, 0.0); // zoom is horizontal only

        // Dragging pans the time axis.
        const double zoomedLower = plot->xAxis->range().lower;
        QTest::mousePress(plot, Qt::LeftButton, {}, center.toPoint());
        QMouseEvent move(QEvent::MouseMove, center + QPointF(120, 0), plot->mapToGlobal(center + QPointF(120, 0)),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(plot, &move);
        QTest::mouseRelease(plot, Qt::LeftButton, {}, (center + QPointF(120, 0)).toPoint());
        QVERIFY(plot->xAxis->range().lower < zoomedLower);

        QTest::mouseDClick(plot, Qt::LeftButton, {}, center.toPoint());
        QVERIFY(std::abs(visibleSpan(chart) - span) < 1.0);
        QVERIFY(chart.visibleTo() >= to);
        QVERIFY(chart.isLive());
        QCOMPARE(chart.range(), ChartRange::Hour6);

        // The Live button: off, then on again slides back to the present.
        auto *live = chart.findChild<QToolButton *>(QStringLiteral("live"));
        QVERIFY(live);
        QTest::mouseClick(live, Qt::LeftButton);
        QVERIFY(!chart.isLive());
        plot->xAxis->moveRange(-3600);
        QTest::mouseClick(live, Qt::LeftButton);
        QVERIFY(chart.isLive());
        QVERIFY(std::abs(chart.visibleTo().secsTo(QDateTime::currentDateTimeUtc())) < 30);
    }

    void withoutStoreSaysSo()
    {
        LagChart chart;
        chart.resize(600, 300);
        chart.setGroup(kCluster, kGroup);
        QCOMPARE(chart.seriesCount(), 0);
        QVERIFY(!chart.emptyText().isEmpty());
        chart.setSource(m_reader.get());
        chart.setGroup(kCluster, QStringLiteral("no-such-group"));
        QTRY_VERIFY(!chart.isLoading());
        QCOMPARE(chart.pointCount(), 0);
        QVERIFY(chart.emptyText().contains(QStringLiteral("no-such-group")));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        settle(chart);
        QVERIFY(chart.grab().save(screenshotPath(QStringLiteral("lagchart-empty"))));
        chart.setSource(nullptr);
        QVERIFY(!chart.emptyText().isEmpty());
    }

    // Not a test of speed (tests assert behaviour): prints how long a replot of a million
    // points takes, for tests/bench to track.
    void replotMillionPoints()
    {
        LagChart chart;
        chart.resize(1200, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        constexpr int n = 1'000'000;
        QVector<double> t(n);
        QVector<double> lag(n);
        const double start = double(m_now.toSecsSinceEpoch()) - n * 0.6;
        for (int i = 0; i < n; ++i) {
            t[i] = start + i * 0.6;
            lag[i] = 50000 + 40000 * std::sin(i / 5000.0) + (i % 997) * 13;
        }
        QElapsedTimer load;
        load.start();
        chart.setSeriesForBenchmark(t, lag);
        const qint64 loadMs = load.elapsed();
        QCOMPARE(chart.pointCount(), n);

        QElapsedTimer timer;
        timer.start();
        chart.replot();
        const qint64 firstMs = timer.restart();
        chart.replot();
        const qint64 secondMs = timer.restart();
        QCustomPlot *plot = plotOf(chart);
        plot->xAxis->setRange(t[n / 2], t[n / 2 + 100000]); // a tenth of it: less sampling
        chart.replot();
        const qint64 zoomedMs = timer.elapsed();
        qInfo("replot of %d points: load %lld ms, first %lld ms, again %lld ms, 100k visible %lld ms", n, loadMs,
              firstMs, secondMs, zoomedMs);
        QVERIFY(chart.grab().save(screenshotPath(QStringLiteral("lagchart-1m-points"))));
    }
};

QTEST_MAIN(TestLagChart)
#include "tst_lagchart.moc"
