// The monitoring engine against the real lab: a killed broker goes Offline and comes back,
// a stopped cluster becomes Unreachable without freezing the GUI thread, and recovers by
// itself. Runs serially (CTest RUN_SERIAL): it stops brokers of the shared lab and restores them.
#include "LabTest.h"
#include "monitor/MonitorService.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace lagscope;
using namespace lagscope::test;

class TestMonitor final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    std::map<QString, SnapshotPtr> m_latest;
    std::vector<ClusterEvent> m_events;

    const BrokerState *broker(const QString &cluster, int id) const
    {
        const auto it = m_latest.find(cluster);
        if (it == m_latest.end())
            return nullptr;
        for (const auto &b : it->second->brokers)
            if (b.info.id == id)
                return &b;
        return nullptr;
    }

    bool hasEvent(EventKind kind, const QString &subject) const
    {
        return std::any_of(m_events.begin(), m_events.end(),
                           [&](const ClusterEvent &e) { return e.kind == kind && e.subject == subject; });
    }

    bool brokerIs(const QString &cluster, int id, BrokerStatus status) const
    {
        const BrokerState *b = broker(cluster, id);
        return b && b->status == status && m_latest.at(cluster)->reachable;
    }

    bool topicInSync(const QString &cluster, const QString &topic) const
    {
        const auto it = m_latest.find(cluster);
        const TopicState *t = it == m_latest.end() ? nullptr : it->second->topic(topic);
        return t && !t->partitions.empty() && t->underReplicatedCount() == 0 && t->offlineCount() == 0;
    }

    bool reachable(const QString &cluster) const
    {
        const auto it = m_latest.find(cluster);
        return it != m_latest.end() && it->second->reachable;
    }

private Q_SLOTS:
    void initTestCase()
    {
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 4000;
        config.clusters = {{QStringLiteral("primary"), m_lab.bootstrap(QStringLiteral("primary")), false, {}},
                           {QStringLiteral("dr"), m_lab.bootstrap(QStringLiteral("dr")), false, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            m_latest[u.snapshot->cluster] = u.snapshot;
            m_events.insert(m_events.end(), u.events.begin(), u.events.end());
        });
        m_monitor->start();
        QTRY_VERIFY_WITH_TIMEOUT(reachable(QStringLiteral("primary")) && reachable(QStringLiteral("dr")), 30000);
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void cleanupTestCase() { m_monitor.reset(); }

    void killedBrokerGoesOfflineAndReturns()
    {
        const QString topic = QStringLiteral("monitor-%1").arg(LabClient::uniqueSuffix());
        const ProcessResult created = m_lab.traffic(QStringLiteral("primary"), createTopicArgs(topic, 6, 3));
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        // Single-replica partitions: those on broker 3 lose their only leader with it.
        const QString single = topic + QStringLiteral("-rf1");
        const ProcessResult createdSingle = m_lab.traffic(QStringLiteral("primary"), createTopicArgs(single, 6, 1));
        QVERIFY2(createdSingle.exitCode == 0, qPrintable(createdSingle.describe()));
        QTRY_VERIFY_WITH_TIMEOUT(topicInSync(QStringLiteral("primary"), single), 30000);
        int onBroker3 = 0;
        for (const auto &p : m_latest[QStringLiteral("primary")]->topic(single)->partitions)
            onBroker3 += p.leader == 3 ? 1 : 0;
        QVERIFY2(onBroker3 > 0, "Kafka spreads single-replica partitions over all brokers");
        QTRY_VERIFY_WITH_TIMEOUT(topicInSync(QStringLiteral("primary"), topic), 30000);
        QVERIFY(brokerIs(QStringLiteral("primary"), 3, BrokerStatus::Online));

        lab({QStringLiteral("broker"), QStringLiteral("kill"), QStringLiteral("--cluster"), QStringLiteral("primary"),
             QStringLiteral("--node"), QStringLiteral("3")});
        // Offline once the controller fences the broker and metadata drops it.
        QTRY_VERIFY_WITH_TIMEOUT(brokerIs(QStringLiteral("primary"), 3, BrokerStatus::Offline), 60000);
        QVERIFY(hasEvent(EventKind::BrokerOffline, QStringLiteral("broker 3")));
        QTRY_VERIFY_WITH_TIMEOUT(m_latest[QStringLiteral("primary")]->topic(topic)->underReplicatedCount() > 0, 30000);
        // Leaderless partitions are shown offline, and the poll still succeeds (no error:
        // they are not asked for offsets, so nothing waits for them).
        // Right after the kill, requests still aimed at the dead broker (its groups'
        // coordinator, stale leaders) may time out once; the poll must settle without errors
        // while the partitions stay offline.
        QTRY_VERIFY2_WITH_TIMEOUT(
            m_latest[QStringLiteral("primary")]->topic(single)->offlineCount() == onBroker3
                && m_latest[QStringLiteral("primary")]->error.isEmpty(),
            qPrintable(QStringLiteral("offline %1 of %2 on broker 3; poll error: %3")
                           .arg(m_latest[QStringLiteral("primary")]->topic(single)->offlineCount())
                           .arg(onBroker3)
                           .arg(m_latest[QStringLiteral("primary")]->error)),
            60000);
        QVERIFY(std::any_of(m_events.begin(), m_events.end(), [&](const ClusterEvent &e) {
            return e.kind == EventKind::PartitionOffline && e.subject.startsWith(single);
        }));
        QVERIFY2(m_latest[QStringLiteral("primary")]->error.isEmpty(),
                 qPrintable(m_latest[QStringLiteral("primary")]->error));
        for (const auto &p : m_latest[QStringLiteral("primary")]->topic(single)->partitions)
            if (p.leader >= 0)
                QVERIFY(p.logEnd >= 0);
        // The cluster as a whole stays reachable and its other brokers online.
        QVERIFY(brokerIs(QStringLiteral("primary"), 1, BrokerStatus::Online));
        QVERIFY(brokerIs(QStringLiteral("primary"), 2, BrokerStatus::Online));

        lab({QStringLiteral("broker"), QStringLiteral("start"), QStringLiteral("--cluster"), QStringLiteral("primary"),
             QStringLiteral("--node"), QStringLiteral("3")});
        QTRY_VERIFY_WITH_TIMEOUT(brokerIs(QStringLiteral("primary"), 3, BrokerStatus::Online), 60000);
        // A restarted broker registers fenced and is unfenced once it has caught up: a poll
        // that saw it fenced (a slow start) brings it back with broker-unfenced, one that did
        // not with broker-online (docs/BROKER-STATES.md). CI saw the first.
        QVERIFY(hasEvent(EventKind::BrokerOnline, QStringLiteral("broker 3"))
                || hasEvent(EventKind::BrokerUnfenced, QStringLiteral("broker 3")));
        QTRY_VERIFY_WITH_TIMEOUT(topicInSync(QStringLiteral("primary"), topic), 90000);
        QVERIFY(hasEvent(EventKind::PartitionInSync, topic + QStringLiteral("-0"))
                || hasEvent(EventKind::PartitionInSync, topic + QStringLiteral("-1"))
                || hasEvent(EventKind::PartitionInSync, topic + QStringLiteral("-2")));
    }

    void unreachableClusterKeepsGuiResponsive()
    {
        // Measure how late a 10 ms GUI-thread timer fires while the cluster is down.
        qint64 worstGapMs = 0;
        QElapsedTimer clock;
        clock.start();
        qint64 last = clock.elapsed();
        QTimer tick;
        connect(&tick, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            worstGapMs = std::max(worstGapMs, now - last);
            last = now;
        });

        lab({QStringLiteral("cluster"), QStringLiteral("stop"), QStringLiteral("--cluster"), QStringLiteral("dr")});
        last = clock.elapsed();
        tick.start(10);
        QTRY_VERIFY_WITH_TIMEOUT(!reachable(QStringLiteral("dr")), 30000);
        QVERIFY(hasEvent(EventKind::ClusterUnreachable, QStringLiteral("dr")));
        const SnapshotPtr down = m_latest[QStringLiteral("dr")];
        QVERIFY(down->unreachableSince.isValid());
        QVERIFY2(!down->error.isEmpty(), "an unreachable snapshot says why");
        // Keep measuring through a few more failed polls (each waits for its deadline).
        const QDateTime firstDown = down->takenAt;
        QTRY_VERIFY_WITH_TIMEOUT(m_latest[QStringLiteral("dr")]->takenAt.msecsTo(QDateTime::currentDateTimeUtc()) >= 0
                                     && firstDown.msecsTo(m_latest[QStringLiteral("dr")]->takenAt) >= 8000,
                                 60000);
        tick.stop();
        qInfo("worst GUI-thread timer delay while dr was unreachable: %lld ms", static_cast<long long>(worstGapMs));
        QVERIFY2(worstGapMs < 100, qPrintable(QString::number(worstGapMs)));
        // primary is unaffected.
        QVERIFY(reachable(QStringLiteral("primary")));

        lab({QStringLiteral("cluster"), QStringLiteral("start"), QStringLiteral("--cluster"), QStringLiteral("dr")});
        QTRY_VERIFY_WITH_TIMEOUT(reachable(QStringLiteral("dr")), 120000);
        QVERIFY(hasEvent(EventKind::ClusterReachable, QStringLiteral("dr")));
        QVERIFY(!m_latest[QStringLiteral("dr")]->unreachableSince.isValid());
    }
};

QTEST_GUILESS_MAIN(TestMonitor)
#include "tst_monitor.moc"
