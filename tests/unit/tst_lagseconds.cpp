// Lag in seconds (docs/LAG-STATUS.md): interpolation, never extrapolation, no NaN, no 0/0;
// the bounded log-end history; time to drain.
#include "TableRows.h"
#include "monitor/LagSeconds.h"

#include <QTest>

#include <cmath>

using namespace lagscope;

namespace {

// Points as (seconds, offset) pairs, fed through LogEndHistory like the evaluator does.
std::vector<LogEndPoint> history(std::initializer_list<std::pair<double, std::int64_t>> points)
{
    LogEndHistory h;
    for (const auto &[sec, offset] : points)
        h.add({qint64(sec * 1000), offset});
    return h.points();
}

} // namespace

Q_DECLARE_METATYPE(std::vector<lagscope::LogEndPoint>)

class TestLagSeconds final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lagTime_data()
    {
        test::addColumns<std::vector<LogEndPoint>, qint64, double, bool, double, bool>("points", "committed", "nowSec",
                                                                                       "known", "seconds", "atLeast");

        const auto steady = history({{0, 0}, {10, 100}, {20, 200}, {30, 300}});
        QTest::newRow("lag 0 is 0 s") << steady << qint64(300) << 30.0 << true << 0.0 << false;
        QTest::newRow("committed past the log end is 0 s") << steady << qint64(301) << 30.0 << true << 0.0 << false;
        // Record 150 was appended when the log end passed 151: 10 + 51/100 * 10 = 15.1 s.
        QTest::newRow("steady: interpolated") << steady << qint64(150) << 30.0 << true << 14.9 << false;
        QTest::newRow("steady: on a point") << steady << qint64(199) << 30.0 << true << 10.0 << false;
        // Flat run 200 from 10 s to 40 s collapses to its ends and never brackets an offset.
        const auto flat = history({{0, 100}, {10, 200}, {20, 200}, {30, 200}, {40, 200}});
        QTest::newRow("flat: lag behind the flat run") << flat << qint64(150) << 40.0 << true << 34.9 << false;
        QTest::newRow("flat: caught up") << flat << qint64(200) << 40.0 << true << 0.0 << false;
        // Bursty: nothing, then 1000 records between 5 s and 10 s, then a trickle.
        const auto bursty = history({{0, 0}, {5, 0}, {10, 1000}, {15, 1000}, {20, 1010}});
        QTest::newRow("bursty: inside the burst") << bursty << qint64(500) << 20.0 << true << 12.495 << false;
        QTest::newRow("bursty: in the trickle") << bursty << qint64(1004) << 20.0 << true << 2.5 << false;
        // Idle topic: no record since 0 s. exporter#111 gives NaN here.
        const auto idle = history({{0, 100}, {50, 100}, {100, 100}});
        QTest::newRow("idle topic, caught up") << idle << qint64(100) << 100.0 << true << 0.0 << false;
        QTest::newRow("idle topic, behind: at least the history")
            << idle << qint64(40) << 100.0 << true << 100.0 << true;
        QTest::newRow("one point, behind: unknown")
            << history({{0, 100}}) << qint64(50) << 0.0 << false << 0.0 << false;
        QTest::newRow("one point, caught up: 0 s") << history({{0, 100}}) << qint64(100) << 0.0 << true << 0.0 << false;
        QTest::newRow("no points: unknown") << std::vector<LogEndPoint>{} << qint64(0) << 0.0 << false << 0.0 << false;
        // exporter#175/#496: extrapolation gave 270,000 s and "3+ years"; here: ≥ the span.
        QTest::newRow("older than the history: at least the span")
            << history({{100, 5000}, {110, 6000}, {120, 7000}}) << qint64(10) << 120.0 << true << 20.0 << true;
        QTest::newRow("exactly the oldest point's offset minus one")
            << history({{100, 5000}, {110, 6000}}) << qint64(4999) << 110.0 << true << 10.0 << true;
    }

    void lagTime()
    {
        QFETCH(std::vector<LogEndPoint>, points);
        QFETCH(qint64, committed);
        QFETCH(double, nowSec);
        QFETCH(bool, known);
        QFETCH(double, seconds);
        QFETCH(bool, atLeast);
        const auto t = lagscope::lagTime(points, committed, qint64(nowSec * 1000));
        QCOMPARE(bool(t), known);
        if (!t)
            return;
        QVERIFY(std::isfinite(t->seconds));
        QVERIFY2(std::abs(t->seconds - seconds) < 1e-6, qPrintable(QString::number(t->seconds)));
        QCOMPARE(t->atLeast, atLeast);
    }

    void historyIsBounded()
    {
        LogEndHistory h(16);
        for (int i = 0; i < 1000; ++i)
            h.add({qint64(i) * 1000, std::int64_t(i) * 10});
        QVERIFY(h.points().size() <= 16);
        QCOMPARE(h.points().front(), (LogEndPoint{0, 0})); // the span is kept
        QCOMPARE(h.points().back(), (LogEndPoint{999000, 9990}));
        for (std::size_t i = 1; i < h.points().size(); ++i) {
            QVERIFY(h.points()[i].timeMs > h.points()[i - 1].timeMs);
            QVERIFY(h.points()[i].offset >= h.points()[i - 1].offset);
        }
        // Still a bracket after thinning: the answer lies between the kept neighbours.
        const auto t = lagscope::lagTime(h.points(), 5000, 999000);
        QVERIFY(t && !t->atLeast);
        QVERIFY(t->seconds > 300 && t->seconds < 700);
    }

    void historyRules()
    {
        LogEndHistory h;
        h.add({1000, 10});
        h.add({1000, 20}); // same time: ignored
        h.add({500, 30});  // clock went back: ignored
        QCOMPARE(h.points().size(), std::size_t(1));
        h.add({2000, 20});
        h.add({3000, 5}); // lower offset: truncated or recreated, history restarts
        QCOMPARE(h.points(), (std::vector<LogEndPoint>{{3000, 5}}));
        for (int i = 4; i < 10; ++i)
            h.add({qint64(i) * 1000, 5}); // flat: first and latest only
        QCOMPARE(h.points(), (std::vector<LogEndPoint>{{3000, 5}, {9000, 5}}));
    }

    void drain_data()
    {
        test::addColumns<qint64, double, bool, double>("lag", "rate", "never", "seconds");
        QTest::newRow("no lag") << qint64(0) << 0.0 << false << 0.0;
        QTest::newRow("lag, consuming") << qint64(600) << 20.0 << false << 30.0;
        QTest::newRow("lag, not consuming") << qint64(600) << 0.0 << true << 0.0;
        QTest::newRow("lag, NaN rate") << qint64(600) << std::nan("") << true << 0.0;
    }
    void drain()
    {
        QFETCH(qint64, lag);
        QFETCH(double, rate);
        QFETCH(bool, never);
        QFETCH(double, seconds);
        const DrainTime d = drainTime(lag, rate);
        QCOMPARE(d.never, never);
        QCOMPARE(d.seconds, seconds);
    }

    void formatting()
    {
        QCOMPARE(formatLagTime({4.26, false}), QStringLiteral("4.3s"));
        QCOMPARE(formatLagTime({245, true}), QStringLiteral("≥ 4m 05s"));
        QCOMPARE(formatDuration(7800), QStringLiteral("2h 10m"));
        QCOMPARE(formatDuration(3 * 86400 + 4 * 3600), QStringLiteral("3d 4h"));
        QCOMPARE(formatDrainTime({0, true}), QStringLiteral("never"));
    }
};

QTEST_GUILESS_MAIN(TestLagSeconds)
#include "tst_lagseconds.moc"
