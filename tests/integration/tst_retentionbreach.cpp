// The retention-breach forecast against the real lab (docs/LAG-STATUS.md, "Retention-breach
// forecast"): a topic whose segments roll every 2 s and are deleted 15 s after their last
// record (the lab's brokers enforce retention every 2 s), written 50 records/s; a group that
// reads 30 records/s of it from the start, so retention catches up with it after about
// 40 s; and a group that keeps up. The slow group gets a forecast and turns RISK before it
// is ERR, the forecast brackets the poll at which the records were really lost, and a
// `status: RISK` alert fires; the group that keeps up is never at risk. Polls every second.
#include "ToolOutput.h"
#include "LabTest.h"
#include "alerts/AlertEvaluator.h"
#include "monitor/MonitorService.h"

#include <QProcess>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kPollMs = 1000;

} // namespace

class TestRetentionBreach final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    std::vector<SnapshotPtr> m_polls; // every poll of the primary cluster, in order
    QList<QProcess *> m_processes;
    AlertEvaluator m_alerts;
    std::vector<AlertTransition> m_fired;

    QString topic() const { return named("rb"); }
    QString slow() const { return named("rb-slow"); }
    QString keepsUp() const { return named("rb-fast"); }

    const GroupState *group(const QString &id, const SnapshotPtr &s = {}) const
    {
        const SnapshotPtr snap = s ? s : (m_polls.empty() ? nullptr : m_polls.back());
        return snap ? snap->group(id) : nullptr;
    }
    LagStatus status(const QString &id) const
    {
        const GroupState *g = group(id);
        return g ? g->verdict.status : LagStatus::Ok;
    }

    QProcess *startTraffic(const QStringList &args)
    {
        auto *p = new QProcess(this);
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 args + QStringList{QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        if (!p->waitForStarted())
            qWarning() << "traffic did not start" << args;
        m_processes << p;
        return p;
    }

    void member(const QString &group, const QStringList &extra)
    {
        startTraffic(QStringList{QStringLiteral("member"), QStringLiteral("--group"), group, QStringLiteral("--topic"),
                                 topic(), QStringLiteral("--commit-interval"), QStringLiteral("500")}
                     + extra);
    }

private Q_SLOTS:
    void initTestCase()
    {
        traffic(kPrimary, createTopicArgs(topic(), 1, 3)
                              + QStringList{QStringLiteral("--config"), QStringLiteral("segment.ms=2000"),
                                            QStringLiteral("--config"), QStringLiteral("retention.ms=15000")});
        startTraffic({QStringLiteral("produce"), QStringLiteral("--topic"), topic(), QStringLiteral("--count"),
                      QStringLiteral("9000"), QStringLiteral("--rate"), QStringLiteral("50"),
                      QStringLiteral("--timeout"), QStringLiteral("200")});
        member(slow(), {QStringLiteral("--rate"), QStringLiteral("30")});
        member(keepsUp(), {});

        AlertRule rule;
        rule.name = QStringLiteral("retention-risk");
        rule.groupPattern = QStringLiteral("rb-.*-") + m_id;
        rule.condition = AlertCondition::Status;
        rule.statusThreshold = QStringLiteral("RISK");
        m_alerts = AlertEvaluator({rule});

        AppConfig config;
        config.pollIntervalMs = kPollMs;
        config.requestTimeoutMs = 4000;
        config.lagWindowPolls = 10;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            if (u.snapshot->cluster != kPrimary || !u.snapshot->reachable)
                return;
            m_polls.push_back(u.snapshot);
            for (const AlertTransition &t : m_alerts.evaluate(*u.snapshot, u.snapshot->takenAt))
                if (t.kind == AlertTransition::Fired)
                    m_fired.push_back(t);
        });
        m_monitor->start();
        QTRY_VERIFY_WITH_TIMEOUT(!m_polls.empty(), 30000);
    }

    void cleanupTestCase()
    {
        m_monitor.reset();
        stopMembers(m_processes); // SIGTERM, then killed if still there
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void forecastThenLoss()
    {
        // RISK comes first: retention starts deleting after 15 s, two steps give a rate.
        QTRY_VERIFY_WITH_TIMEOUT(status(slow()) == LagStatus::Risk || status(slow()) == LagStatus::Err, 60000);
        QCOMPARE(lagStatusName(status(slow())), QStringLiteral("RISK"));
        const GroupState *risky = group(slow());
        QVERIFY(risky->retention && risky->retention->breach());
        QVERIFY2(risky->verdict.reason.contains(QStringLiteral("records lost in ~")),
                 qPrintable(risky->verdict.reason));
        qInfo("RISK: %s", qPrintable(risky->verdict.reason));
        QTRY_VERIFY_WITH_TIMEOUT(!m_fired.empty(), 5000);
        QCOMPARE(m_fired.front().instance.group, slow());
        qInfo("alert fired: %s", qPrintable(m_fired.front().instance.valueText));

        // Then the records are really lost: ERR.
        QTRY_VERIFY_WITH_TIMEOUT(status(slow()) == LagStatus::Err, 60000);
        std::size_t lost = m_polls.size() - 1;
        while (lost > 0 && group(slow(), m_polls[lost - 1])->verdict.status == LagStatus::Err)
            --lost;
        QVERIFY(lost > 0);
        // The step that passed the committed offset came after the poll before `lost` and by it.
        const qint64 after = m_polls[lost - 1]->takenAt.toMSecsSinceEpoch();
        const qint64 by = m_polls[lost]->takenAt.toMSecsSinceEpoch();
        qInfo("ERR: %s", qPrintable(group(slow(), m_polls[lost])->verdict.reason));

        // Every forecast made from at least 3 steps brackets that step (give or take a poll:
        // the log start is read once a poll), and the alert held from RISK on.
        int checked = 0, held = 0;
        for (std::size_t i = 0; i < lost; ++i) {
            const GroupState *g = group(slow(), m_polls[i]);
            if (!g || g->verdict.status != LagStatus::Risk || !g->retention)
                continue;
            const RetentionForecast &f = *g->retention;
            const qint64 at = m_polls[i]->takenAt.toMSecsSinceEpoch();
            const double soonest = double(after - at) / 1000.0, latest = double(by - at) / 1000.0;
            const bool inside =
                latest + kPollMs / 1000.0 >= f.earliest && (f.latestOpen || soonest - kPollMs / 1000.0 <= f.latest);
            qInfo("poll %d: forecast %s (%.1f–%.1f s, %d steps), truth %.1f–%.1f s%s", int(i),
                  qPrintable(formatRetentionForecast(f)), f.earliest, f.latest, int(f.steps), soonest, latest,
                  inside ? "" : " OUTSIDE");
            if (f.steps >= 3) {
                ++checked;
                held += inside ? 1 : 0;
            }
        }
        QVERIFY2(checked > 0, "forecasts from 3 steps or more were made before the loss");
        QCOMPARE(held, checked);

        // The group that keeps up was never at risk.
        for (const SnapshotPtr &s : m_polls) {
            const GroupState *g = group(keepsUp(), s);
            if (!g)
                continue;
            QVERIFY2(g->verdict.status != LagStatus::Risk && g->verdict.status != LagStatus::Err,
                     qPrintable(g->verdict.reason));
            QVERIFY(!g->retention);
        }
        for (const AlertTransition &t : m_fired)
            QCOMPARE(t.instance.group, slow());
    }
};

QTEST_GUILESS_MAIN(TestRetentionBreach)
#include "tst_retentionbreach.moc"
