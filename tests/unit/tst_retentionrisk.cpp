// The retention-breach forecast (docs/LAG-STATUS.md, "Retention-breach forecast"): the pure
// rule, one row per case it distinguishes, each against a log start that steps like a real
// one (whole segments at a time, seen only at the polls), whose true breach time the row
// computes; the RISK rule on top of a partition's verdict; the text; and the evaluator
// keeping one log-start history per partition of the cluster, shared by the groups.
#include "TableRows.h"
#include "monitor/LagEvaluator.h"
#include "monitor/RetentionRisk.h"

#include <QTest>

using namespace lagscope;

namespace {

// A log start that jumps by `segment` records every `intervalSec`, the first jump at
// `phaseSec`, polled every `pollSec` from t = 0 to `nowSec`; and a committed offset at
// `committed` at nowSec moving `consume` records/s from then on.
struct Stair {
    double segment = 100;
    double intervalSec = 10;
    double phaseSec = 1;
    double pollSec = 5;
    double nowSec = 30;
    std::int64_t committed = 450;
    double consume = 0;

    std::int64_t logStartAt(double t) const
    {
        return t < phaseSec ? 0 : std::int64_t(segment * (1 + std::floor((t - phaseSec) / intervalSec)));
    }
    std::vector<LogStartStep> polled() const
    {
        LogStartHistory h;
        for (double t = 0; t <= nowSec + 1e-9; t += pollSec)
            h.add(qint64(t * 1000), logStartAt(t));
        return h.steps();
    }
    // Seconds after nowSec until a step takes the log start past the committed offset.
    std::optional<double> trueBreach() const
    {
        for (double k = std::ceil((nowSec - phaseSec) / intervalSec); k < 100000; ++k) {
            const double t = phaseSec + k * intervalSec;
            if (t <= nowSec)
                continue;
            if (double(logStartAt(t)) >= double(committed) + consume * (t - nowSec) + 1)
                return t - nowSec;
        }
        return std::nullopt;
    }
};

struct ForecastRow {
    const char *name;
    Stair stair;
    RetentionForecast::Kind kind;
    bool latestOpen = false;
};

const std::vector<ForecastRow> &forecastRows()
{
    using K = RetentionForecast::Kind;
    static const std::vector<ForecastRow> rows{
        {"no step seen yet (compacted, infinite retention, or too early) → no forecast",
         {.nowSec = 0.5},
         K::NoMovement},
        {"one step: a size but no rate → no forecast", {.nowSec = 5}, K::OneStep},
        {"stopped consumer, 100 records every 10 s, polls 5 s → breach", {}, K::Breach},
        {"stopped consumer seen over 8 steps", {.nowSec = 80, .committed = 1234}, K::Breach},
        {"slow consumer (5 of 10 records/s) → breach later", {.consume = 5}, K::Breach},
        {"consumer as fast as the log start → outpaced, no forecast", {.consume = 10}, K::Outpaced},
        {"consumer faster than retention → outpaced", {.consume = 25}, K::Outpaced},
        {"consumer near the rate: the slowest rate the polls allow never catches up → open range",
         {.consume = 9},
         K::Breach,
         true},
        {"two steps on consecutive polls: coarse, may be any moment", {.intervalSec = 5, .nowSec = 12}, K::Breach},
        {"polls slower than the steps: several segments per poll",
         {.intervalSec = 2, .pollSec = 5, .nowSec = 60, .committed = 4000},
         K::Breach},
        {"one step a day (retention check, large segments) seen every minute",
         {.segment = 1'000'000,
          .intervalSec = 86400,
          .phaseSec = 3000,
          .pollSec = 60,
          .nowSec = 3 * 86400,
          .committed = 5'500'000},
         K::Breach},
        {"log start stopped moving for 3 intervals → paused, no forecast", {.nowSec = 30}, K::Paused},
    };
    return rows;
}

// The paused row: its steps stop at 30 s and the poll is at 65 s.
std::vector<LogStartStep> stepsOf(const ForecastRow &row, qint64 &nowMs)
{
    if (QLatin1String(row.name).contains(QLatin1String("paused"))) {
        nowMs = 65'000;
        return row.stair.polled();
    }
    nowMs = qint64(row.stair.nowSec * 1000);
    return row.stair.polled();
}

} // namespace

Q_DECLARE_METATYPE(lagscope::LagStatus)
Q_DECLARE_METATYPE(std::optional<double>)
Q_DECLARE_METATYPE(lagscope::RetentionForecast)
Q_DECLARE_METATYPE(std::optional<lagscope::RetentionForecast>)

class TestRetentionRisk final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void forecast_data() { test::addRowNumbers(forecastRows()); }

    void forecast()
    {
        QFETCH(int, row);
        const ForecastRow &r = forecastRows()[std::size_t(row)];
        qint64 nowMs = 0;
        const std::vector<LogStartStep> steps = stepsOf(r, nowMs);
        const RetentionForecast f = forecastRetention(steps, r.stair.committed, r.stair.consume, nowMs);
        QCOMPARE(int(f.kind), int(r.kind));
        if (!f.breach())
            return;
        QCOMPARE(f.latestOpen, r.latestOpen);
        QCOMPARE(int(f.steps), int(std::min<std::size_t>(steps.size(), LogStartHistory::kMaxSteps)));
        QVERIFY2(f.earliest <= f.seconds && (f.latestOpen || f.seconds <= f.latest),
                 qPrintable(formatRetentionForecast(f)));
        // What the range is for: the true breach (at a step) lies inside it.
        const auto truth = r.stair.trueBreach();
        QVERIFY(truth);
        QVERIFY2(*truth >= f.earliest - 1e-3 && (f.latestOpen || *truth <= f.latest + 1e-3),
                 qPrintable(QStringLiteral("true %1 s, forecast %2").arg(*truth).arg(formatRetentionForecast(f))));
    }

    // A consumer that keeps up with the producer is never forecast, whatever a few noisy
    // steps say: on the lab, two steps a poll apart read twice the produce rate and made a
    // group that keeps up RISK.
    void keepsUp_data()
    {
        test::addColumns<LagStatus, std::optional<double>, bool>("base", "consumeRate", "keepsUp");
        QTest::newRow("OK and consuming → keeps up") << LagStatus::Ok << std::optional<double>(50) << true;
        QTest::newRow("WARN: the lag grows → falls behind") << LagStatus::Warn << std::optional<double>(30) << false;
        QTest::newRow("STALL → falls behind") << LagStatus::Stall << std::optional<double>(0) << false;
        QTest::newRow("OK but nothing consumed (not yet STOP) → not keeping up")
            << LagStatus::Ok << std::optional<double>(0) << false;
        QTest::newRow("consume rate unknown (first poll) → not known to keep up")
            << LagStatus::Ok << std::optional<double>() << false;
    }

    void keepsUp()
    {
        QFETCH(LagStatus, base);
        QFETCH(std::optional<double>, consumeRate);
        QFETCH(bool, keepsUp);
        QCOMPARE(keepsUpWithProducer(base, consumeRate), keepsUp);
        const Stair stair; // steps that forecast a breach for a stopped consumer
        QCOMPARE(forecastRetention(stair.polled(), stair.committed, 0, 30'000, keepsUp).kind,
                 keepsUp ? RetentionForecast::Kind::Outpaced : RetentionForecast::Kind::Breach);
    }

    void alreadyPast()
    {
        const Stair s;
        const RetentionForecast f = forecastRetention(s.polled(), 150, 0, 30'000);
        QVERIFY(f.breach());
        QCOMPARE(f.latest, 0.0f);
    }

    void history()
    {
        LogStartHistory h;
        QVERIFY(!h.current());
        h.add(1000, 100);
        h.add(2000, 100);
        h.add(3000, 300);
        h.add(3000, 400); // the same poll time again: ignored
        QCOMPARE(h.steps(), (std::vector<LogStartStep>{{2000, 3000, 300}}));
        h.add(4000, 50); // recreated topic: the old steps describe another log
        QVERIFY(h.steps().empty());
        QCOMPARE(*h.current(), std::int64_t(50));
        for (int i = 0; i < 20; ++i)
            h.add(5000 + i * 1000, 100 + i * 10);
        QCOMPARE(h.steps().size(), LogStartHistory::kMaxSteps);
        QCOMPARE(h.steps().back().offset, std::int64_t(290));
    }

    void risk_data()
    {
        test::addColumns<LagStatus, std::optional<RetentionForecast>, std::int64_t, LagStatus, QString>(
            "base", "forecast", "lag", "expected", "reasonContains");
        const RetentionForecast soon{RetentionForecast::Kind::Breach, 600, 420, 900, false, 5};
        const RetentionForecast coarse{RetentionForecast::Kind::Breach, 600, 0, 1900, false, 2};
        const RetentionForecast far{RetentionForecast::Kind::Breach, 8 * 3600, 7200, 9 * 3600, false, 8};
        const RetentionForecast outpaced{RetentionForecast::Kind::Outpaced};
        QTest::newRow("OK and records lost within the hour → RISK")
            << LagStatus::Ok << std::optional(soon) << std::int64_t(500) << LagStatus::Risk
            << QStringLiteral("records lost in ~10m (7m – 15m), from the last 5 log-start steps");
        QTest::newRow("two steps only: says it is coarse")
            << LagStatus::Warn << std::optional(coarse) << std::int64_t(500) << LagStatus::Risk
            << QStringLiteral("a coarse forecast from the only 2 log-start steps seen");
        QTest::newRow("STOP at risk → RISK, and says it is stopped too")
            << LagStatus::Stop << std::optional(soon) << std::int64_t(500) << LagStatus::Risk
            << QStringLiteral("without the forecast it would be STOP: base reason");
        QTest::newRow("ERR stays ERR (already lost)") << LagStatus::Err << std::optional(soon) << std::int64_t(500)
                                                      << LagStatus::Err << QStringLiteral("base reason");
        QTest::newRow("estimate beyond the horizon → the status stays")
            << LagStatus::Warn << std::optional(far) << std::int64_t(500) << LagStatus::Warn
            << QStringLiteral("base reason");
        QTest::newRow("consumer faster than retention → no RISK")
            << LagStatus::Ok << std::optional(outpaced) << std::int64_t(500) << LagStatus::Ok
            << QStringLiteral("base reason");
        QTest::newRow("caught up (lag within allowed_lag) → no RISK")
            << LagStatus::Ok << std::optional(soon) << std::int64_t(1) << LagStatus::Ok
            << QStringLiteral("base reason");
        QTest::newRow("no forecast → no RISK")
            << LagStatus::Stall << std::optional<RetentionForecast>() << std::int64_t(500) << LagStatus::Stall
            << QStringLiteral("base reason");
    }

    void risk()
    {
        QFETCH(LagStatus, base);
        QFETCH(std::optional<RetentionForecast>, forecast);
        QFETCH(std::int64_t, lag);
        QFETCH(LagStatus, expected);
        QFETCH(QString, reasonContains);
        const LagVerdict v = withRetentionRisk({base, QStringLiteral("base reason")}, forecast, lag, StatusSettings{});
        QCOMPARE(lagStatusName(v.status), lagStatusName(expected));
        QVERIFY2(v.reason.contains(reasonContains), qPrintable(v.reason));
    }

    void severity()
    {
        QVERIFY(lagStatusSeverity(LagStatus::Risk) > lagStatusSeverity(LagStatus::Stop));
        QVERIFY(lagStatusSeverity(LagStatus::Risk) < lagStatusSeverity(LagStatus::Err));
        QCOMPARE(lagStatusFromName(QStringLiteral("risk")), std::optional(LagStatus::Risk));
        QCOMPARE(lagStatusName(LagStatus::Risk), QStringLiteral("RISK"));
    }

    void format_data()
    {
        test::addColumns<RetentionForecast, QString>("forecast", "expected");
        using K = RetentionForecast::Kind;
        QTest::newRow("seconds: to 5 s, bounds outwards")
            << RetentionForecast{K::Breach, 17.6f, 6.3f, 33.9f, false, 3} << QStringLiteral("~20s (5s – 35s)");
        QTest::newRow("minutes under ten: to 30 s")
            << RetentionForecast{K::Breach, 280, 200, 410, false, 8} << QStringLiteral("~4m 30s (3m – 7m)");
        QTest::newRow("hours: to ten minutes")
            << RetentionForecast{K::Breach, 7800, 6650, 9550, false, 8} << QStringLiteral("~2h 10m (1h 50m – 2h 40m)");
        QTest::newRow("open latest bound")
            << RetentionForecast{K::Breach, 7800, 6650, 7800, true, 8} << QStringLiteral("~2h 10m (1h 50m or later)");
        QTest::newRow("days: to hours") << RetentionForecast{K::Breach, 3 * 86400 + 4 * 3600 + 100,
                                                             200000,    400000,
                                                             false,     8}
                                        << QStringLiteral("~3d 4h (2d 7h – 4d 16h)");
        QTest::newRow("no breach") << RetentionForecast{K::Outpaced} << QStringLiteral("-");
    }

    void format()
    {
        QFETCH(RetentionForecast, forecast);
        QFETCH(QString, expected);
        QCOMPARE(formatRetentionForecast(forecast), expected);
    }

    // Through the evaluator: a topic written 20 records/s whose log start steps 100 records
    // every 10 s (polls every 5 s), read by a stopped group near the log start and by a group
    // that keeps up (20 records/s, faster than the log start).
    // The stopped one turns RISK once two steps were seen, then ERR when the step passes it;
    // the other stays OK with no breach forecast.
    void evaluator()
    {
        LagEvaluator evaluator;
        const QDateTime start = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC);
        const Stair stair;
        std::vector<LagStatus> stopped;
        std::optional<RetentionForecast> fastForecast;
        for (int i = 0; i <= 12; ++i) {
            const double t = 5.0 * i;
            ClusterSnapshot s;
            s.takenAt = start.addMSecs(qint64(t * 1000));
            s.reachable = true;
            TopicState topic;
            topic.name = QStringLiteral("t");
            topic.partitions.push_back(PartitionState{0, 1, {1}, {1}, stair.logStartAt(t), 1000 + 100 * i});
            s.topics.push_back(topic);
            for (const auto &[id, committed] : {std::pair{QStringLiteral("fast"), std::int64_t(990 + 100 * i)},
                                                std::pair{QStringLiteral("stopped"), std::int64_t(450)}}) {
                GroupState g;
                g.groupId = id;
                PartitionLag p;
                p.partition = {QStringLiteral("t"), 0};
                p.committed = committed;
                p.logEnd = 1000 + 100 * i;
                p.lag = *p.logEnd - committed;
                g.partitions.push_back(p);
                s.groups.push_back(g);
            }
            evaluator.evaluate(s);
            const GroupState *g = s.group(QStringLiteral("stopped"));
            stopped.push_back(g->verdict.status);
            if (g->verdict.status == LagStatus::Risk) {
                QVERIFY(g->retention && g->retention->breach());
                QCOMPARE(g->retentionPartition, (TopicPartition{QStringLiteral("t"), 0}));
                QVERIFY2(g->verdict.reason.contains(QStringLiteral("records lost in ~")),
                         qPrintable(g->verdict.reason));
            }
            fastForecast = s.group(QStringLiteral("fast"))->partitions[0].retention;
            QCOMPARE(lagStatusName(s.group(QStringLiteral("fast"))->verdict.status), QStringLiteral("OK"));
        }
        // Steps are seen at 5 s (100), 15 s (200), 25 s (300), 35 s (400), 45 s (500 > 450).
        QCOMPARE(lagStatusName(stopped[2]), QStringLiteral("OK")); // one step: no rate yet
        QCOMPARE(lagStatusName(stopped[3]), QStringLiteral("RISK"));
        QCOMPARE(lagStatusName(stopped[8]), QStringLiteral("RISK"));
        QCOMPARE(lagStatusName(stopped[9]), QStringLiteral("ERR"));
        QVERIFY(fastForecast);
        QCOMPARE(int(fastForecast->kind), int(RetentionForecast::Kind::Outpaced));
    }
};

QTEST_GUILESS_MAIN(TestRetentionRisk)
#include "tst_retentionrisk.moc"
