// The arithmetic of lag reports (report/ReportStats.h), table-driven: which interval each
// sample stands for, weighted averages and 95th percentiles with known answers, breach
// stretches and time in each state.
#include "TableRows.h"
#include "report/ReportStats.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::reportstats;

using Times = std::vector<SampleTime>;
using Intervals = std::vector<Interval>;
using Values = std::vector<qint64>;

Q_DECLARE_METATYPE(Times)
Q_DECLARE_METATYPE(Intervals)
Q_DECLARE_METATYPE(Values)

namespace {

constexpr qint64 S = 1000;

Times polls(std::initializer_list<qint64> seconds)
{
    Times out;
    for (const qint64 s : seconds)
        out.push_back({s * S, 0});
    return out;
}

// n polls `gap` seconds apart from `start`.
Times evenPolls(int n, qint64 gap, qint64 start = 0)
{
    Times out;
    for (int i = 0; i < n; ++i)
        out.push_back({(start + i * gap) * S, 0});
    return out;
}

Intervals secs(std::initializer_list<std::pair<qint64, qint64>> list)
{
    Intervals out;
    for (const auto &[a, b] : list)
        out.push_back({a * S, b * S});
    return out;
}

} // namespace

namespace lagscope::reportstats {
bool operator==(const Interval &a, const Interval &b) { return a.startMs == b.startMs && a.endMs == b.endMs; }
} // namespace lagscope::reportstats

namespace QTest {
template <> char *toString(const Intervals &list)
{
    QByteArray out;
    for (const auto &i : list)
        out += "[" + QByteArray::number(i.startMs / 1000.0) + "," + QByteArray::number(i.endMs / 1000.0) + ") ";
    return qstrdup(out.constData());
}
} // namespace QTest

class TestReportStats final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void holdsOfSamples_data()
    {
        test::addColumns<Times, qint64, qint64, Intervals>("times", "from", "to", "expected");

        QTest::newRow("polls: each until the next, the last one usual gap")
            << polls({0, 5, 10}) << qint64(0) << qint64(100) << secs({{0, 5}, {5, 10}, {10, 15}});
        QTest::newRow("a long gap is missing data, not the last value")
            << polls({0, 5, 10, 100}) << qint64(0) << qint64(200) << secs({{0, 5}, {5, 10}, {10, 15}, {100, 105}});
        QTest::newRow("a gap of 3 usual intervals still counts")
            << polls({0, 5, 10, 25}) << qint64(0) << qint64(200) << secs({{0, 5}, {5, 10}, {10, 25}, {25, 30}});
        QTest::newRow("the last poll is cut at the range end")
            << polls({0, 5, 10}) << qint64(0) << qint64(12) << secs({{0, 5}, {5, 10}, {10, 12}});
        QTest::newRow("a single poll stands for no time") << polls({7}) << qint64(0) << qint64(100) << secs({{7, 7}});
        QTest::newRow("buckets stand for their span, the first cut at the range start")
            << Times{{0, 60 * S}, {60 * S, 60 * S}, {120 * S, 60 * S}} << qint64(30) << qint64(1000)
            << secs({{30, 60}, {60, 120}, {120, 180}});
        QTest::newRow("a bucket before polls ends where the polls begin")
            << Times{{0, 60 * S}, {50 * S, 0}, {55 * S, 0}, {60 * S, 0}} << qint64(0) << qint64(1000)
            << secs({{0, 50}, {50, 55}, {55, 60}, {60, 65}});
    }
    void holdsOfSamples()
    {
        QFETCH(Times, times);
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(Intervals, expected);
        QCOMPARE(holds(times, from * S, to * S), expected);
    }

    void percentile_data()
    {
        test::addColumns<Values, Values, qint64>("values", "weights", "p95");

        Values oneToHundred;
        for (qint64 v = 100; v >= 1; --v) // order must not matter
            oneToHundred.push_back(v);
        QTest::newRow("1..100, equal weights") << oneToHundred << Values(100, 5) << qint64(95);
        QTest::newRow("1..100, no weights: nearest rank") << oneToHundred << Values(100, 0) << qint64(95);
        QTest::newRow("1..20, no weights: 19th")
            << Values{5, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20} << Values(20, 0)
            << qint64(19);
        QTest::newRow("spike for 10 % of the time is the p95") << Values{10, 1000} << Values{90, 10} << qint64(1000);
        QTest::newRow("spike for 4 % of the time is not") << Values{10, 1000} << Values{96, 4} << qint64(10);
        QTest::newRow("exactly 95 % below") << Values{10, 1000} << Values{95, 5} << qint64(10);
        QTest::newRow("one value") << Values{42} << Values{0} << qint64(42);
        QTest::newRow("none") << Values{} << Values{} << qint64(-1);
    }
    void percentile()
    {
        QFETCH(Values, values);
        QFETCH(Values, weights);
        QFETCH(qint64, p95);
        std::vector<std::pair<qint64, qint64>> vw;
        for (size_t i = 0; i < values.size(); ++i)
            vw.emplace_back(values[i], weights[i]);
        QCOMPARE(weightedQuantile(vw, 0.95), p95);
    }

    void statsAreTimeWeighted()
    {
        // A 10-minute bucket at lag 600, then 120 polls 5 s apart at lag 0: half the time each.
        Times times{{0, 600 * S}};
        Values values{600};
        for (const SampleTime &t : evenPolls(120, 5, 600)) {
            times.push_back(t);
            values.push_back(0);
        }
        const LagStats s = lagStats(values, holds(times, 0, 1200 * S));
        QCOMPARE(s.max, qint64(600));
        QCOMPARE(s.samples, 121);
        QCOMPARE(s.coveredMs, 1200 * S);
        QCOMPARE(s.avg, 300.0);
        QCOMPARE(s.p95, qint64(600));
    }

    void unknownValuesAreSkipped()
    {
        const Times times = evenPolls(4, 5);
        const LagStats s = lagStats({-1, 10, -1, 30}, holds(times, 0, 100 * S));
        QCOMPARE(s.samples, 2);
        QCOMPARE(s.max, qint64(30));
        QCOMPARE(s.avg, 20.0);
        QCOMPARE(s.coveredMs, 10 * S);
        const LagStats none = lagStats({-1, -1}, holds(evenPolls(2, 5), 0, 100 * S));
        QVERIFY(!none.known());
        QCOMPARE(none.p95, qint64(-1));
    }

    void breachStretches_data()
    {
        test::addColumns<Times, Values, int, qint64, qint64, qint64>("times", "values", "count", "totalSecs",
                                                                     "longestSecs", "longestStartSecs");

        // Threshold 50 in every row.
        QTest::newRow("two stretches") << evenPolls(6, 5) << Values{10, 60, 70, 10, 80, 10} << 2 << qint64(15)
                                       << qint64(10) << qint64(5);
        QTest::newRow("equal to the threshold is no breach")
            << evenPolls(3, 5) << Values{50, 50, 50} << 0 << qint64(0) << qint64(0) << qint64(-1);
        QTest::newRow("breach until the end")
            << evenPolls(4, 5) << Values{10, 60, 60, 60} << 1 << qint64(15) << qint64(15) << qint64(5);
        QTest::newRow("a hole in the data splits a stretch")
            << polls({0, 5, 10, 100, 105}) << Values{60, 60, 60, 60, 60} << 2 << qint64(25) << qint64(15) << qint64(0);
        QTest::newRow("an unknown value splits a stretch")
            << evenPolls(5, 5) << Values{60, 60, -1, 60, 10} << 2 << qint64(15) << qint64(10) << qint64(0);
        QTest::newRow("the longest is the later one")
            << evenPolls(7, 5) << Values{60, 10, 60, 60, 60, 10, 10} << 2 << qint64(20) << qint64(15) << qint64(10);
    }
    void breachStretches()
    {
        QFETCH(Times, times);
        QFETCH(Values, values);
        QFETCH(int, count);
        QFETCH(qint64, totalSecs);
        QFETCH(qint64, longestSecs);
        QFETCH(qint64, longestStartSecs);
        const BreachStats b = breaches(values, holds(times, 0, 1000 * S), 50.0);
        QCOMPARE(b.count, count);
        QCOMPARE(b.totalMs, totalSecs * S);
        QCOMPARE(b.longestMs, longestSecs * S);
        QCOMPARE(b.longestStartMs, longestStartSecs < 0 ? qint64(-1) : longestStartSecs * S);
    }

    void statesAndTimeline()
    {
        const Times times = evenPolls(6, 10);
        const std::vector<QString> states{
            QStringLiteral("Stable"), QStringLiteral("Stable"), QStringLiteral("PreparingRebalance"),
            QStringLiteral("Stable"), QStringLiteral("Stable"), QStringLiteral("Stable")};
        const Intervals iv = holds(times, 0, 1000 * S);
        const auto time = timeInStates(states, iv);
        QCOMPARE(time.size(), size_t(2));
        QCOMPARE(time[0].state, QStringLiteral("Stable"));
        QCOMPARE(time[0].ms, 50 * S);
        QCOMPARE(time[1].state, QStringLiteral("PreparingRebalance"));
        QCOMPARE(time[1].ms, 10 * S);

        const auto spans = stateTimeline(states, iv);
        QCOMPARE(spans.size(), size_t(3));
        QCOMPARE(spans[0].startMs, qint64(0));
        QCOMPARE(spans[0].endMs, 20 * S);
        QCOMPARE(spans[1].state, QStringLiteral("PreparingRebalance"));
        QCOMPARE(spans[2].startMs, 30 * S);
        QCOMPARE(spans[2].endMs, 60 * S);
    }

    void usualGap()
    {
        QCOMPARE(usualPollGapMs(polls({0, 5, 10, 100, 105})), 5 * S);
        QCOMPARE(usualPollGapMs(polls({3})), qint64(0));
        QCOMPARE(usualPollGapMs(Times{{0, 60 * S}, {60 * S, 60 * S}}), qint64(0)); // buckets are not polls
    }
};

QTEST_GUILESS_MAIN(TestReportStats)
#include "tst_reportstats.moc"
