// The lag-status part of a report (report/ReportStatus.h), table-driven with known answers:
// time in each status, the status timeline and the time without data, lag in seconds
// max/avg/p95 weighted by time, lower-bound samples ("≥ N s") and breaches of a threshold
// on lag seconds, over polls, gaps in polling and stored buckets.
#include "report/ReportStatus.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::reportstats;

using Samples = std::vector<StatusSample>;
Q_DECLARE_METATYPE(Samples)

namespace {

constexpr qint64 S = 1000;

// n polls `gap` seconds apart from `start`; status and lag seconds by poll index.
Samples polls(int n, qint64 gap, qint64 start, const std::function<QString(int)> &status,
              const std::function<double(int)> &seconds, const std::function<bool(int)> &atLeast = {})
{
    Samples out;
    for (int i = 0; i < n; ++i)
        out.push_back({(start + i * gap) * S, 0, status(i), seconds(i), atLeast ? atLeast(i) : false});
    return out;
}

Samples operator+(Samples a, const Samples &b)
{
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

QString ok(int) { return QStringLiteral("OK"); }

// "OK=300 WARN=100": the time in each status, longest first, in seconds.
QString timesText(const StatusSummary &s)
{
    if (!s.statuses)
        return QStringLiteral("unset");
    QStringList out;
    for (const StateTime &t : *s.statuses)
        out << QStringLiteral("%1=%2").arg(t.state).arg(double(t.ms) / S);
    return out.join(QLatin1Char(' '));
}

// "OK[0,300) WARN[300,400)"
QString timelineText(const StatusSummary &s)
{
    QStringList out;
    for (const StateSpan &t : s.timeline)
        out << QStringLiteral("%1[%2,%3)").arg(t.state).arg(double(t.startMs) / S).arg(double(t.endMs) / S);
    return out.join(QLatin1Char(' '));
}

// "max=100 avg=50.5 p95=95" in seconds; "unset" without lag seconds.
QString secondsText(const StatusSummary &s)
{
    if (!s.lagSeconds)
        return QStringLiteral("unset");
    return QStringLiteral("max=%1 avg=%2 p95=%3")
        .arg(double(s.lagSeconds->max) / S)
        .arg(s.lagSeconds->avg / S)
        .arg(double(s.lagSeconds->p95) / S);
}

// "2 total=200 longest=100@0"; "unset" without a threshold (or lag seconds).
QString breachText(const StatusSummary &s)
{
    if (!s.breach)
        return QStringLiteral("unset");
    return QStringLiteral("%1 total=%2 longest=%3@%4")
        .arg(s.breach->count)
        .arg(double(s.breach->totalMs) / S)
        .arg(double(s.breach->longestMs) / S)
        .arg(s.breach->longestStartMs < 0 ? QStringLiteral("-") : QString::number(s.breach->longestStartMs / S));
}

} // namespace

class TestReportStatus final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void summary_data()
    {
        QTest::addColumn<Samples>("samples");
        QTest::addColumn<qint64>("from"); // seconds
        QTest::addColumn<qint64>("to");
        QTest::addColumn<double>("sla"); // < 0: none
        QTest::addColumn<QString>("times");
        QTest::addColumn<QString>("timeline");
        QTest::addColumn<qint64>("noData"); // seconds
        QTest::addColumn<QString>("seconds");
        QTest::addColumn<int>("lowerBounds");
        QTest::addColumn<qint64>("lowerBoundSeconds");
        QTest::addColumn<QString>("breach");
        QTest::addColumn<QString>("last");

        // 100 polls 5 s apart over [0, 500): OK for polls 0..59, WARN 60..79, STOP 80..99;
        // the oldest unconsumed record is i+1 s old at poll i. Each poll stands for 5 s
        // (the last one for one usual interval), so p95 is the value at 475 s of 500: 95.
        const auto status = [](int i) {
            return i < 60 ? QStringLiteral("OK") : i < 80 ? QStringLiteral("WARN") : QStringLiteral("STOP");
        };
        const auto rising = [](int i) { return double(i + 1); };
        QTest::newRow("OK 300 s, WARN 100 s, STOP 100 s; lag seconds 1..100")
            << polls(100, 5, 0, status, rising) << qint64(0) << qint64(500) << -1.0
            << QStringLiteral("OK=300 STOP=100 WARN=100") << QStringLiteral("OK[0,300) WARN[300,400) STOP[400,500)")
            << qint64(0) << QStringLiteral("max=100 avg=50.5 p95=95") << 0 << qint64(0) << QStringLiteral("unset")
            << QStringLiteral("STOP 100");

        // The same with the last poll a lower bound: the numbers stay as recorded (never
        // raised by a guess) and the sample is counted, with the 5 s it stands for.
        QTest::newRow("a lower-bound sample is counted, not invented")
            << polls(100, 5, 0, status, rising, [](int i) { return i == 99; }) << qint64(0) << qint64(500) << 90.0
            << QStringLiteral("OK=300 STOP=100 WARN=100") << QStringLiteral("OK[0,300) WARN[300,400) STOP[400,500)")
            << qint64(0) << QStringLiteral("max=100 avg=50.5 p95=95") << 1 << qint64(5)
            << QStringLiteral("1 total=50 longest=50@450") << QStringLiteral("STOP 100 at least");

        // Polls 10 s apart at 0..90, nothing until 300 (Lagscope was not running), polls at
        // 300..390. The poll at 90 stands for one usual interval (the gap is over 3 × 10 s),
        // so 200 s of the 400 have no data; the gap also ends a breach stretch.
        QTest::newRow("a gap in polling: no data, and two breaches")
            << polls(10, 10, 0, ok, [](int) { return 60.0; })
                   + polls(
                       10, 10, 300, [](int) { return QStringLiteral("STOP"); }, [](int) { return 60.0; })
            << qint64(0) << qint64(400) << 50.0 << QStringLiteral("OK=100 STOP=100")
            << QStringLiteral("OK[0,100) STOP[300,400)") << qint64(200) << QStringLiteral("max=60 avg=60 p95=60") << 0
            << qint64(0) << QStringLiteral("2 total=200 longest=100@0") << QStringLiteral("STOP 60");

        // A poll 25 s after the previous one (under 3 × 10 s) still holds until the next.
        QTest::newRow("a late poll within the cap holds until the next")
            << Samples{{0, 0, QStringLiteral("OK"), 1, false},
                       {10 * S, 0, QStringLiteral("WARN"), 2, false},
                       {35 * S, 0, QStringLiteral("OK"), 3, false},
                       {45 * S, 0, QStringLiteral("OK"), 4, false}}
            << qint64(0) << qint64(55) << -1.0 << QStringLiteral("OK=30 WARN=25")
            << QStringLiteral("OK[0,10) WARN[10,35) OK[35,55)") << qint64(0)
            << QStringLiteral("max=4 avg=2.36364 p95=4") << 0 << qint64(0) << QStringLiteral("unset")
            << QStringLiteral("OK 4");

        // Three 1-minute buckets (history older than 6 hours): each stands for its span with
        // its worst status and its largest lag seconds.
        QTest::newRow("buckets: worst status and largest seconds for the span")
            << Samples{{0, 60 * S, QStringLiteral("OK"), 5, false},
                       {60 * S, 60 * S, QStringLiteral("ERR"), 70, false},
                       {120 * S, 60 * S, QStringLiteral("OK"), 10, false}}
            << qint64(0) << qint64(180) << 30.0 << QStringLiteral("OK=120 ERR=60")
            << QStringLiteral("OK[0,60) ERR[60,120) OK[120,180)") << qint64(0)
            << QStringLiteral("max=70 avg=28.3333 p95=70") << 0 << qint64(0)
            << QStringLiteral("1 total=60 longest=60@60") << QStringLiteral("OK 10");

        // Polls written before verdicts were recorded carry neither: the first 100 s have
        // no status (no data), the next 100 s are OK; unknown lag seconds are skipped.
        QTest::newRow("samples from before statuses were recorded")
            << polls(
                   10, 10, 0, [](int) { return QString(); }, [](int) { return -1.0; })
                   + polls(10, 10, 100, ok, [](int) { return 2.0; })
            << qint64(0) << qint64(200) << 5.0 << QStringLiteral("OK=100") << QStringLiteral("OK[100,200)")
            << qint64(100) << QStringLiteral("max=2 avg=2 p95=2") << 0 << qint64(0)
            << QStringLiteral("0 total=0 longest=0@-") << QStringLiteral("OK 2");

        QTest::newRow("no status and no lag seconds at all: unset, not zero")
            << polls(
                   5, 10, 0, [](int) { return QString(); }, [](int) { return -1.0; })
            << qint64(0) << qint64(50) << 5.0 << QStringLiteral("unset") << QString() << qint64(0)
            << QStringLiteral("unset") << 0 << qint64(0) << QStringLiteral("unset") << QStringLiteral(" -");

        // The range starts in the middle of the polls' history and ends before the last
        // poll's hold: intervals are cut to [15, 40).
        QTest::newRow("cut to the range") << Samples{{10 * S, 0, QStringLiteral("WARN"), 8, false},
                                                     {20 * S, 0, QStringLiteral("OK"), 1, false},
                                                     {30 * S, 0, QStringLiteral("STALL"), 9, true}}
                                          << qint64(15) << qint64(40) << -1.0 << QStringLiteral("OK=10 STALL=10 WARN=5")
                                          << QStringLiteral("WARN[15,20) OK[20,30) STALL[30,40)") << qint64(0)
                                          << QStringLiteral("max=9 avg=5.6 p95=9") << 1 << qint64(10)
                                          << QStringLiteral("unset") << QStringLiteral("STALL 9 at least");
    }

    void summary()
    {
        QFETCH(Samples, samples);
        QFETCH(qint64, from);
        QFETCH(qint64, to);
        QFETCH(double, sla);
        const StatusSummary s =
            summarizeStatuses(samples, from * S, to * S, sla >= 0 ? std::optional<double>(sla) : std::nullopt);
        QTEST(timesText(s), "times");
        QTEST(timelineText(s), "timeline");
        QTEST(s.statusNoDataMs / S, "noData");
        QTEST(secondsText(s), "seconds");
        QTEST(s.bounds.lowerBoundSamples, "lowerBounds");
        QTEST(s.bounds.lowerBoundMs / S, "lowerBoundSeconds");
        QTEST(breachText(s), "breach");
        const QString last = s.lastStatus + QLatin1Char(' ')
                             + (s.lastLagSeconds ? QString::number(*s.lastLagSeconds) : QStringLiteral("-"))
                             + (s.lastLagSecondsAtLeast ? QStringLiteral(" at least") : QString());
        QTEST(last, "last");
    }
};

QTEST_GUILESS_MAIN(TestReportStatus)
#include "tst_reportstatus.moc"
