// Alerts on lag verdicts: which verdicts each condition observes (status by severity, lag in
// seconds with "at least" ages), a status alert firing and clearing with the group's verdict,
// and the alert JSON a command reads. The configuration and hysteresis: tst_alerts.
#include "AlertTestUtil.h"
#include "TableRows.h"
#include "alerts/AlertEvaluator.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestAlertVerdicts final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void observesLagVerdicts()
    {
        GroupState g;
        g.groupId = QStringLiteral("billing");
        AlertRule status = lagRule(1, 1);
        status.condition = AlertCondition::Status;
        status.statusThreshold = QStringLiteral("STALL");
        AlertRule seconds = lagRule(1, 1, 60);
        seconds.condition = AlertCondition::LagSeconds;

        g.verdict = {LagStatus::Warn, QStringLiteral("lag grew")};
        QCOMPARE(observeGroup(status, g)->breach, false);
        g.verdict = {LagStatus::Stop, QStringLiteral("no member consumes")};
        const auto stop = observeGroup(status, g);
        QVERIFY(stop && stop->breach);
        QVERIFY2(stop->text.contains(QStringLiteral("STOP: no member consumes")), qPrintable(stop->text));

        QVERIFY(!observeGroup(seconds, g)); // lag time unknown: no observation
        g.maxLagTime = LagTime{30, true};   // at least 30 s: below 60, the true age is unknown
        QVERIFY(!observeGroup(seconds, g));
        g.maxLagTime = LagTime{75, true}; // at least 75 s: surely above 60
        QVERIFY(observeGroup(seconds, g)->breach);
        g.maxLagTime = LagTime{12.5, false};
        QCOMPARE(observeGroup(seconds, g)->breach, false);
    }

    // Status and lag-seconds conditions on the poller's lag verdicts (docs/LAG-STATUS.md).
    // lagSeconds < 0: no lag time known for the group.
    void verdictConditions_data()
    {
        // expected: "breach <value>", "clean <value>" or "unknown"
        addColumns<QString, QString, QString, double, bool, QString>("condition", "threshold", "status", "lagSeconds",
                                                                     "atLeast", "expected");
        QTest::newRow("status STOP at threshold STOP") << "status"
                                                       << "STOP"
                                                       << "STOP" << 0.0 << false << "breach 4";
        QTest::newRow("status ERR is worse than STOP") << "status"
                                                       << "STOP"
                                                       << "ERR" << 0.0 << false << "breach 6";
        QTest::newRow("status RISK: records about to be lost, worse than STOP") << "status"
                                                                                << "STOP"
                                                                                << "RISK" << 0.0 << false << "breach 5";
        QTest::newRow("status RISK at threshold RISK") << "status"
                                                       << "RISK"
                                                       << "RISK" << 0.0 << false << "breach 5";
        QTest::newRow("status ERR over RISK: the alert stays once records are lost")
            << "status"
            << "RISK"
            << "ERR" << 0.0 << false << "breach 6";
        QTest::newRow("status STOP is not RISK") << "status"
                                                 << "RISK"
                                                 << "STOP" << 0.0 << false << "clean 4";
        QTest::newRow("status STALL is not as bad as STOP") << "status"
                                                            << "STOP"
                                                            << "STALL" << 0.0 << false << "clean 3";
        QTest::newRow("status OK under WARN") << "status"
                                              << "WARN"
                                              << "OK" << 0.0 << false << "clean 0";
        QTest::newRow("status REWIND over WARN") << "status"
                                                 << "WARN"
                                                 << "REWIND" << 0.0 << false << "breach 2";
        QTest::newRow("lag seconds above") << "lag_seconds"
                                           << "60"
                                           << "OK" << 120.0 << false << "breach 120";
        QTest::newRow("lag seconds at threshold") << "lag_seconds"
                                                  << "60"
                                                  << "OK" << 60.0 << false << "breach 60";
        QTest::newRow("lag seconds below") << "lag_seconds"
                                           << "60"
                                           << "OK" << 30.0 << false << "clean 30";
        QTest::newRow("caught up") << "lag_seconds"
                                   << "60"
                                   << "OK" << 0.0 << false << "clean 0";
        QTest::newRow("at least 90 s: surely above 60") << "lag_seconds"
                                                        << "60"
                                                        << "OK" << 90.0 << true << "breach 90";
        QTest::newRow("at least 30 s: could be either") << "lag_seconds"
                                                        << "60"
                                                        << "OK" << 30.0 << true << "unknown";
        QTest::newRow("no lag time yet") << "lag_seconds"
                                         << "60"
                                         << "OK" << -1.0 << false << "unknown";
    }

    void verdictConditions()
    {
        QFETCH(QString, condition);
        QFETCH(QString, threshold);
        QFETCH(QString, status);
        QFETCH(double, lagSeconds);
        QFETCH(bool, atLeast);
        QFETCH(QString, expected);
        AlertRule rule = lagRule(1, 1);
        if (condition == QLatin1String("status")) {
            rule.condition = AlertCondition::Status;
            rule.statusThreshold = threshold;
        } else {
            rule.condition = AlertCondition::LagSeconds;
            rule.threshold = threshold.toDouble();
        }
        GroupState g = poll(0, 10).groups.front();
        g.verdict = {*lagStatusFromName(status), QStringLiteral("because")};
        if (lagSeconds >= 0)
            g.maxLagTime = LagTime{lagSeconds, atLeast};
        const std::optional<AlertObservation> seen = observeGroup(rule, g);
        const QString got = !seen ? QStringLiteral("unknown")
                                  : (seen->breach ? QStringLiteral("breach ") : QStringLiteral("clean "))
                                        + QString::number(seen->value);
        QCOMPARE(got, expected);
        if (seen && rule.condition == AlertCondition::Status)
            QCOMPARE(seen->text, QStringLiteral("status %1: because").arg(status));
    }

    // A status rule through the evaluator: fires on the 2nd STOP poll, clears on the 1st poll
    // that is better than STOP; the alert JSON names the status.
    void statusAlertFiresAndClears()
    {
        AlertRule rule = lagRule(2, 1);
        rule.condition = AlertCondition::Status;
        rule.statusThreshold = QStringLiteral("STOP");
        AlertEvaluator e({rule});
        const char *statuses[] = {"OK", "STOP", "STOP", "STOP", "STALL"};
        QStringList out;
        for (int i = 0; i < 5; ++i) {
            ClusterSnapshot s = poll(i, 10);
            s.groups.front().verdict = {*lagStatusFromName(QString::fromLatin1(statuses[i])),
                                        QStringLiteral("no commit for 5 min")};
            for (const AlertTransition &t : e.evaluate(s, kT0.addSecs(i))) {
                out << (t.kind == AlertTransition::Fired ? QStringLiteral("F@") : QStringLiteral("C@"))
                           + QString::number(i);
                const QJsonObject json = alertJson(rule, t, kT0.addSecs(i));
                QCOMPARE(json.value(QStringLiteral("condition")).toString(), QStringLiteral("status"));
                QCOMPARE(json.value(QStringLiteral("threshold")).toString(), QStringLiteral("STOP"));
            }
        }
        QCOMPARE(out.join(QLatin1Char(' ')), QStringLiteral("F@2 C@4"));
    }
};

QTEST_GUILESS_MAIN(TestAlertVerdicts)
#include "tst_alertverdicts.moc"
