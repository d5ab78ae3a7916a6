// Alerts: the `alerts:` configuration (valid rules and errors located file:line:column: key),
// the evaluator's hysteresis and mutes as tables of polls, persistence of its state, and the
// service's events and notifications (commands are exercised against a real process). The
// conditions on lag verdicts (status, lag seconds): tst_alertverdicts. The state file's writer
// (StateFileWriter): off the caller's thread, newest content wins, errors kept.
#include "AlertTestUtil.h"
#include "ConfigTestUtil.h"
#include "TableRows.h"
#include "alerts/AlertCommandRunner.h"
#include "alerts/AlertService.h"
#include "config/ConfigLoader.h"
#include "monitor/ClusterPoller.h"
#include "util/StateFileWriter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QSemaphore>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace lagscope;
using namespace lagscope::test;

namespace {

QByteArray fileContent(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Holds a StateFileWriter's writes, as a disk that takes its time would: each write waits for
// release() (at most 10 s, so that a caller that waits for the write shows as 10 s, not a hang).
struct HeldDisk {
    QSemaphore entered, released;
    std::atomic<int> writes{0};
    void hold(StateFileWriter &w)
    {
        w.setBeforeWriteForTest([this] {
            ++writes;
            entered.release();
            released.tryAcquire(1, 10000);
        });
    }
};

QByteArray withAlerts(const char *alerts)
{
    return QByteArray(
               "clusters:\n  - name: primary\n    bootstrap: p:9092\n  - name: dr\n    bootstrap: d:9092\nalerts:\n")
           + QByteArray(alerts);
}

} // namespace

class TestAlerts final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesRules()
    {
        const auto config = parseConfig(withAlerts(R"(  - name: billing-lag
    cluster: "prim.*"
    group: billing|search-.*
    condition: lag_messages
    threshold: 1000
    for: 3
    clear_after: 2
    command: [/bin/sh, -c, "cat > /tmp/x"]
    command_timeout: 5s
  - name: status-bad
    condition: status
    threshold: stall
    mute: 2026-12-01T08:00:00Z
  - name: brokers
    condition: broker_offline
    mute: true
)"),
                                        fileName());
        QVERIFY2(config, config ? "" : qPrintable(config.errorMessage()));
        QCOMPARE(config->alerts.size(), size_t(3));
        const AlertRule &a = config->alerts[0];
        QCOMPARE(a.name, QStringLiteral("billing-lag"));
        QCOMPARE(a.clusterPattern, QStringLiteral("prim.*"));
        QCOMPARE(a.groupPattern, QStringLiteral("billing|search-.*"));
        QCOMPARE(a.condition, AlertCondition::LagMessages);
        QCOMPARE(a.threshold, 1000.0);
        QCOMPARE(a.forPolls, 3);
        QCOMPARE(a.clearAfter, 2);
        QCOMPARE(a.command,
                 (QStringList{QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("cat > /tmp/x")}));
        QCOMPARE(a.commandTimeoutMs, 5000);
        QCOMPARE(config->alerts[1].statusThreshold, QStringLiteral("STALL")); // written "stall"
        QCOMPARE(config->alerts[1].mutedUntil, QDateTime(QDate(2026, 12, 1), QTime(8, 0), Qt::UTC));
        QCOMPARE(config->alerts[2].threshold, 1.0);
        QVERIFY(config->alerts[2].muted);
        QVERIFY(config->warnings.isEmpty());
    }

    void errors_data()
    {
        addColumns<QByteArray, QString>("alerts", "error");
        // The alerts list starts at line 6 of the file, its first rule on line 7.
        QTest::newRow("not a list") << QByteArray("  name: x\n")
                                    << "config.yaml:7:3: alerts: expected a sequence of alert rules, got a map";
        QTest::newRow("missing condition") << QByteArray("  - name: x\n    threshold: 5\n")
                                           << "config.yaml:7:5: alerts[0]: missing required key \"condition\"";
        QTest::newRow("missing threshold") << QByteArray("  - name: x\n    condition: lag_seconds\n")
                                           << "config.yaml:7:5: alerts[0]: missing required key \"threshold\"";
        QTest::newRow("unknown condition")
            << QByteArray("  - name: x\n    condition: lag\n    threshold: 5\n")
            << "config.yaml:8:16: alerts[0].condition: expected one of lag_messages, lag_seconds, status, "
               "rebalances_per_hour, broker_offline, failover_reread, failover_untranslatable, got \"lag\"";
        QTest::newRow("bad status") << QByteArray("  - name: x\n    condition: status\n    threshold: BAD\n")
                                    << "config.yaml:9:16: alerts[0].threshold: expected a status (OK, WARN, ERR, STOP, "
                                       "STALL, REWIND, RISK), got \"BAD\"";
        QTest::newRow("negative threshold")
            << QByteArray("  - name: x\n    condition: lag_messages\n    threshold: -1\n")
            << "config.yaml:9:16: alerts[0].threshold: expected a number of at least 0, "
               "got \"-1\"";
        QTest::newRow("bad regex") << QByteArray(
            "  - name: x\n    group: \"(\"\n    condition: lag_messages\n    threshold: 1\n")
                                   << "config.yaml:8:12: alerts[0].group: invalid regular expression \"(\": missing "
                                      "closing parenthesis at offset 1";
        QTest::newRow("for zero")
            << QByteArray("  - name: x\n    condition: lag_messages\n    threshold: 1\n    for: 0\n")
            << "config.yaml:10:10: alerts[0].for: expected a number of polls from 1 to 10000, got \"0\"";
        QTest::newRow("bad mute") << QByteArray(
            "  - name: x\n    condition: lag_messages\n    threshold: 1\n    mute: soon\n")
                                  << "config.yaml:10:11: alerts[0].mute: expected true, false or a date-time such as "
                                     "2026-12-01T08:00:00Z, got \"soon\"";
        QTest::newRow("command not a list")
            << QByteArray("  - name: x\n    condition: lag_messages\n    threshold: 1\n    command: notify-send\n")
            << "config.yaml:10:14: alerts[0].command: expected a non-empty sequence [program, arguments...], got "
               "\"notify-send\"";
        QTest::newRow("typo in a key")
            << QByteArray("  - name: x\n    condition: lag_messages\n    threshold: 1\n    clear_afer: 2\n")
            << "config.yaml:10:5: alerts[0].clear_afer: unknown key (did you mean \"clear_after\"?)";
        QTest::newRow("duplicate name")
            << QByteArray("  - name: x\n    condition: broker_offline\n  - name: x\n    condition: broker_offline\n")
            << "config.yaml:9:11: alerts[1].name: duplicate alert name \"x\" (first defined at line 7)";
    }

    void errors()
    {
        QFETCH(QByteArray, alerts);
        QFETCH(QString, error);
        const auto config = parseConfig(withAlerts(alerts.constData()), fileName());
        QVERIFY(!config);
        QCOMPARE(config.errorMessage(), error);
    }

    // Status and lag-seconds rules read the poller's lag verdicts (docs/LAG-STATUS.md).
    void hysteresis_data()
    {
        addColumns<int, int, QList<int>, QString>("forPolls", "clearAfter", "lags", "expected");
        QTest::newRow("fires at once, clears at once") << 1 << 1 << QList<int>{0, 500, 500, 0} << "F@1 C@3";
        QTest::newRow("needs 3 breaches in a row") << 3 << 1 << QList<int>{500, 500, 0, 500, 500, 500, 500} << "F@5";
        QTest::newRow("needs 2 clean polls to clear") << 1 << 2 << QList<int>{500, 0, 500, 0, 0, 0} << "F@0 C@4";
        QTest::newRow("threshold is inclusive") << 1 << 1 << QList<int>{99, 100} << "F@1";
        QTest::newRow("flapping never fires with for 2") << 2 << 1 << QList<int>{500, 0, 500, 0, 500} << "";
        QTest::newRow("fires again after clearing") << 1 << 1 << QList<int>{500, 0, 500} << "F@0 C@1 F@2";
        QTest::newRow("group gone counts as clean") << 1 << 2 << QList<int>{500, -1, -1} << "F@0 C@2";
    }

    void hysteresis()
    {
        QFETCH(int, forPolls);
        QFETCH(int, clearAfter);
        QFETCH(QList<int>, lags);
        QFETCH(QString, expected);
        AlertEvaluator e({lagRule(forPolls, clearAfter)});
        QCOMPARE(run(e, lags), expected);
    }

    void patternsAndUnreachable()
    {
        AlertRule rule = lagRule(1, 1);
        rule.clusterPattern = QStringLiteral("dr");
        AlertEvaluator other({rule});
        QCOMPARE(run(other, {500, 500}), QString()); // cluster "primary" does not match "dr"
        AlertEvaluator e({lagRule(1, 1)});
        QVERIFY(e.evaluate(poll(0, 500, QStringLiteral("search")), kT0).empty()); // group pattern billing.*
        ClusterSnapshot down = poll(1, 0);
        down.reachable = false;
        QCOMPARE(run(e, {500}), QStringLiteral("F@0"));
        QVERIFY(e.evaluate(down, kT0.addSecs(1)).empty()); // an unreachable poll is no observation
        QCOMPARE(e.firing().size(), size_t(1));
    }

    void mutes()
    {
        AlertRule until = lagRule(1, 1);
        until.mutedUntil = kT0.addSecs(2);
        AlertEvaluator e({until});
        QCOMPARE(run(e, {500, 0, 0, 500}), QStringLiteral("F@0m C@1m F@3"));

        AlertEvaluator runtime({lagRule(1, 1)});
        runtime.mutes()[QStringLiteral("lag")] = QDateTime(); // until unmuted
        QCOMPARE(run(runtime, {500, 0}), QStringLiteral("F@0m C@1m"));
        runtime.mutes().erase(QStringLiteral("lag"));
        QCOMPARE(run(runtime, {500}, 2), QStringLiteral("F@2"));

        AlertRule forever = lagRule(1, 1);
        forever.muted = true;
        QVERIFY(isMuted(forever, {}, kT0.addYears(10)));
    }

    void persistence()
    {
        AlertEvaluator e({lagRule(3, 2)});
        QCOMPARE(run(e, {500, 500, 500, 0}), QStringLiteral("F@2")); // firing, one clean poll counted
        e.mutes()[QStringLiteral("lag")] = kT0.addSecs(3600);
        const QJsonObject saved = e.toJson();

        AlertEvaluator restored({lagRule(3, 2)});
        restored.fromJson(QJsonDocument::fromJson(QJsonDocument(saved).toJson()).object());
        QCOMPARE(restored.instances(), e.instances());
        QCOMPARE(restored.mutes(), e.mutes());
        QCOMPARE(run(restored, {0}, 4), QStringLiteral("C@4m")); // the second clean poll clears it, muted

        AlertEvaluator renamed(
            std::vector<AlertRule>{}); // the rule is gone from the configuration: its state is dropped
        renamed.fromJson(saved);
        QVERIFY(renamed.instances().empty());
    }

    void serviceEventsNotificationsAndState()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("alerts.json"));
        AlertRule rule = lagRule(1, 1);
        rule.command = {dir.filePath(QStringLiteral("no-such-program"))};
        {
            AlertService service({rule}, path);
            QSignalSpy events(&service, &AlertService::events);
            QSignalSpy notify(&service, &AlertService::notify);
            service.apply(PollUpdate{std::make_shared<const ClusterSnapshot>(poll(0, 500)), {}, {}});
            QCOMPARE(notify.size(), 1);
            QCOMPARE(events.size(), 1);
            const auto fired = events.at(0).at(0).value<std::vector<ClusterEvent>>();
            QCOMPARE(fired.size(), size_t(1));
            QCOMPARE(fired[0].kind, EventKind::AlertFired);
            QCOMPARE(fired[0].subject, QStringLiteral("lag"));
            QCOMPARE(fired[0].group, QStringLiteral("billing"));
            QCOMPARE(
                fired[0].message,
                QStringLiteral("alert lag firing for billing on primary: total lag 500 records (lag_messages ≥ 100 "
                               "for 1 poll(s))"));
            // The command cannot start: reported as an event, never thrown or blocking.
            QVERIFY(events.wait(5000));
            const auto failed = events.at(1).at(0).value<std::vector<ClusterEvent>>();
            QCOMPARE(failed.at(0).kind, EventKind::AlertCommandFailed);
            QVERIFY2(failed.at(0).message.contains(QLatin1String("could not start")), qPrintable(failed.at(0).message));
            service.mute(QStringLiteral("lag"), {});
        }
        // Restart: still firing and muted.
        AlertService again({rule}, path);
        QCOMPARE(again.firing().size(), size_t(1));
        QVERIFY(again.isMuted(QStringLiteral("lag")));
        QSignalSpy notify(&again, &AlertService::notify);
        again.apply(PollUpdate{std::make_shared<const ClusterSnapshot>(poll(1, 0)), {}, {}});
        QVERIFY(again.firing().empty());
        QCOMPARE(notify.size(), 0);
    }

    // Polls of one group through services that restart ("R": the service is destroyed and
    // a new one reads the state file): counters, firing and clearing carry over, and an alert
    // that is still firing after a restart is not announced (nor its command run) again.
    void survivesRestart_data()
    {
        // expected: transitions; "n" after one that notified
        addColumns<int, int, QString, QString>("forPolls", "clearAfter", "polls", "expected");
        QTest::newRow("breaches before a restart count") << 3 << 1 << "500 500 R 500"
                                                         << "F@2n";
        QTest::newRow("firing across restarts is announced once") << 1 << 1 << "500 R 500 R 500 0"
                                                                  << "F@0n C@3";
        QTest::newRow("clean polls before a restart count") << 1 << 3 << "500 0 R 0 R 0"
                                                            << "F@0n C@3";
        QTest::newRow("a breach after a restart resets the clean count") << 1 << 2 << "500 0 R 500 0 R 0"
                                                                         << "F@0n C@4";
        QTest::newRow("cleared before a restart fires again after") << 1 << 1 << "500 0 R 500"
                                                                    << "F@0n C@1 F@2n";
    }

    void survivesRestart()
    {
        QFETCH(int, forPolls);
        QFETCH(int, clearAfter);
        QFETCH(QString, polls);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("alerts.json"));
        const AlertRule rule = lagRule(forPolls, clearAfter);
        QStringList seen;
        auto service = std::make_unique<AlertService>(std::vector<AlertRule>{rule}, path);
        int i = 0;
        for (const QString &token : polls.split(QLatin1Char(' '))) {
            if (token == QLatin1String("R")) {
                service.reset(); // saves; only then may the next one read
                service = std::make_unique<AlertService>(std::vector<AlertRule>{rule}, path);
                continue;
            }
            QSignalSpy events(service.get(), &AlertService::events);
            QSignalSpy notify(service.get(), &AlertService::notify);
            service->apply(PollUpdate{std::make_shared<const ClusterSnapshot>(poll(i, token.toInt())), {}, {}});
            for (const auto &args : events)
                for (const ClusterEvent &e : args.at(0).value<std::vector<ClusterEvent>>())
                    seen << (e.kind == EventKind::AlertFired ? QStringLiteral("F@") : QStringLiteral("C@"))
                                + QString::number(i) + (notify.isEmpty() ? QString() : QStringLiteral("n"));
            ++i;
        }
        QCOMPARE(seen.join(QLatin1Char(' ')), expected);
        service->waitForSave();
        QVERIFY2(service->lastSaveError().isEmpty(), qPrintable(service->lastSaveError()));
    }

    void commandTimeoutIsReported()
    {
        AlertCommandRunner runner;
        QSignalSpy failed(&runner, &AlertCommandRunner::failed);
        QSignalSpy finished(&runner, &AlertCommandRunner::finished);
        runner.run({QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("sleep 30")}, "{}", 300,
                   {QStringLiteral("r")});
        runner.run(
            {QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("cat >/dev/null; echo oops >&2; exit 3")},
            "{}", 5000, {QStringLiteral("r")});
        runner.run({QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("cat >/dev/null")}, "{}", 5000,
                   {QStringLiteral("r")});
        QTRY_COMPARE_WITH_TIMEOUT(failed.size() + finished.size(), 3, 10000);
        QCOMPARE(finished.size(), 1);
        QStringList messages;
        for (const auto &args : failed)
            messages << args.at(1).toString();
        messages.sort();
        QCOMPARE(messages, (QStringList{QStringLiteral("the alert command /bin/sh exited with code 3: oops"),
                                        QStringLiteral("the alert command /bin/sh was killed after 300 ms")}));
        QCOMPARE(runner.running(), 0);
    }

    // The regression of the soak's 15-s GUI stall: saving the alert state fsynced on the GUI
    // thread. Now a poll that fires an alert and a mute return while the disk holds the write.
    void alertStateIsSavedOffTheCallingThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("alerts.json"));
        AlertService service({lagRule(1, 1)}, path);
        HeldDisk disk;
        disk.hold(*service.stateWriter());
        QElapsedTimer took;
        took.start();
        service.apply(PollUpdate{std::make_shared<const ClusterSnapshot>(poll(0, 500)), {}, {}});
        QVERIFY(disk.entered.tryAcquire(1, 5000)); // the write started and is held
        service.mute(QStringLiteral("lag"), {});
        QVERIFY2(took.elapsed() < 2000, qPrintable(QStringLiteral("the caller waited %1 ms").arg(took.elapsed())));
        QVERIFY(!QFile::exists(path)); // nothing on disk yet: the write really is held
        disk.released.release(2);
        service.waitForSave();
        // The destructor saves once more: not through a hook of a disk that is gone by then.
        service.stateWriter()->setBeforeWriteForTest({});
        QVERIFY2(service.lastSaveError().isEmpty(), qPrintable(service.lastSaveError()));
        AlertService again({lagRule(1, 1)}, path); // the newest state: firing and muted
        QCOMPARE(again.firing().size(), size_t(1));
        QVERIFY(again.isMuted(QStringLiteral("lag")));
    }

    void stateWriterKeepsOnlyTheNewestContent()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("sub/state.json")); // the folder is made
        StateFileWriter writer(path);
        HeldDisk disk;
        disk.hold(writer);
        writer.write("A");
        QVERIFY(disk.entered.tryAcquire(1, 5000));
        writer.write("B"); // replaced by C before the writer gets to it
        writer.write("C");
        disk.released.release(2);
        writer.waitUntilWritten();
        writer.setBeforeWriteForTest({});
        QCOMPARE(fileContent(path), QByteArray("C"));
        QCOMPARE(disk.writes.load(), 2);
        QCOMPARE(writer.lastError(), QString());
    }

    void stateWriterReportsErrorsAndWritesAtDestruction()
    {
        QTemporaryDir dir;
        const QString blocker = dir.filePath(QStringLiteral("file"));
        QFile(blocker).open(QIODevice::WriteOnly); // a file where the folder should be
        {
            StateFileWriter bad(blocker + QStringLiteral("/state.json"));
            bad.write("x");
            bad.waitUntilWritten();
            QVERIFY(!bad.lastError().isEmpty());
        }
        const QString path = dir.filePath(QStringLiteral("state.json"));
        {
            StateFileWriter writer(path);
            writer.write("last words"); // no wait: the destructor writes it
        }
        QCOMPARE(fileContent(path), QByteArray("last words"));
    }
};

QTEST_GUILESS_MAIN(TestAlerts)
#include "tst_alerts.moc"
