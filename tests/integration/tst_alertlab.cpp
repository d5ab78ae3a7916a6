// Alerts against the real lab: a group with real lag makes a lag_messages rule fire after
// `for` polls; the rule's command (a shell script writing its stdin to a file) receives the
// alert as JSON, which is parsed and checked; when a real consumer consumes the lag the
// alert clears after `clear_after` polls and the command runs again with "cleared".
#include "LabTest.h"
#include "alerts/AlertService.h"
#include "monitor/MonitorService.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

QList<QJsonObject> readLines(const QString &path)
{
    QList<QJsonObject> out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line, &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            qFatal("not JSON: %s (%s)", line.constData(), qPrintable(error.errorString()));
        out << doc.object();
    }
    return out;
}

} // namespace

class TestAlertLab final : public LabTest {
    Q_OBJECT

private:
    void run(const QStringList &args) { requireSuccess(m_lab.traffic(kPrimary, args)); }

private Q_SLOTS:
    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void firesRunsCommandAndClears()
    {
        QVERIFY(m_dir.isValid());
        const QString id = LabClient::uniqueSuffix();
        const QString topic = QStringLiteral("alert-%1").arg(id);
        const QString groupId = QStringLiteral("alert-group-%1").arg(id);
        run(createTopicArgs(topic, 2, 3));
        run(produceArgs(topic, 500));
        // The group exists with offsets at the start: 500 records of real lag, nobody consuming.
        run(commitArgs(groupId, topic, QStringLiteral("0=0,1=0")));

        const QString out = m_dir.filePath(QStringLiteral("alerts.jsonl"));
        const QString script = m_dir.filePath(QStringLiteral("on-alert.sh"));
        {
            QFile f(script);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("#!/bin/sh\n# Appends the alert JSON it reads on stdin to the file named by $1.\ncat >> \"$1\"\n");
        }
        QVERIFY(QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));

        AlertRule rule;
        rule.name = QStringLiteral("lab-lag");
        rule.clusterPattern = kPrimary;
        rule.groupPattern = QRegularExpression::escape(groupId);
        rule.condition = AlertCondition::LagMessages;
        rule.threshold = 100;
        rule.forPolls = 2;
        rule.clearAfter = 2;
        rule.command = {script, out};
        rule.commandTimeoutMs = 10000;
        AlertService alerts({rule}, m_dir.filePath(QStringLiteral("state.json")));
        std::vector<ClusterEvent> events;
        connect(&alerts, &AlertService::events, this,
                [&](const std::vector<ClusterEvent> &e) { events.insert(events.end(), e.begin(), e.end()); });
        QSignalSpy notify(&alerts, &AlertService::notify);

        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        MonitorService monitor(config);
        int pollsWithLag = 0;
        SnapshotPtr latest;
        connect(&monitor, &MonitorService::updated, &alerts, &AlertService::apply);
        connect(&monitor, &MonitorService::updated, this, [&](const PollUpdate &u) {
            latest = u.snapshot;
            const GroupState *g = u.snapshot->group(groupId);
            if (g && g->totalLag >= 100 && alerts.firing().empty())
                ++pollsWithLag;
        });
        monitor.start();

        QTRY_COMPARE_WITH_TIMEOUT(alerts.firing().size(), size_t(1), 60000);
        // Hysteresis: it fired at the second breaching poll, not the first.
        QCOMPARE(pollsWithLag, 1);
        QCOMPARE(notify.size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(readLines(out).size(), 1, 20000);
        const QJsonObject fired = readLines(out).at(0);
        qInfo("fired JSON: %s", QJsonDocument(fired).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(fired[QStringLiteral("alert")].toString(), rule.name);
        QCOMPARE(fired[QStringLiteral("state")].toString(), QStringLiteral("firing"));
        QCOMPARE(fired[QStringLiteral("cluster")].toString(), kPrimary);
        QCOMPARE(fired[QStringLiteral("group")].toString(), groupId);
        QCOMPARE(fired[QStringLiteral("condition")].toString(), QStringLiteral("lag_messages"));
        QCOMPARE(fired[QStringLiteral("value")].toDouble(), 500.0);
        QCOMPARE(fired[QStringLiteral("threshold")].toDouble(), 100.0);
        QVERIFY(QDateTime::fromString(fired[QStringLiteral("fired_at")].toString(), Qt::ISODateWithMs).isValid());

        // A real consumer consumes the lag and commits: the alert clears two polls later.
        run(consumeArgs(groupId, topic, 500));
        QTRY_VERIFY_WITH_TIMEOUT(alerts.firing().empty(), 60000);
        QCOMPARE(latest->group(groupId)->totalLag, 0);
        QTRY_COMPARE_WITH_TIMEOUT(readLines(out).size(), 2, 20000);
        const QJsonObject cleared = readLines(out).at(1);
        QCOMPARE(cleared[QStringLiteral("state")].toString(), QStringLiteral("cleared"));
        QCOMPARE(cleared[QStringLiteral("value")].toDouble(), 0.0);

        const auto kinds = [&](EventKind k) {
            return std::count_if(events.begin(), events.end(), [&](const ClusterEvent &e) { return e.kind == k; });
        };
        QCOMPARE(kinds(EventKind::AlertFired), 1);
        QCOMPARE(kinds(EventKind::AlertCleared), 1);
        QCOMPARE(kinds(EventKind::AlertCommandFailed), 0);
    }
};

QTEST_GUILESS_MAIN(TestAlertLab)
#include "tst_alertlab.moc"
