// FlowPoller against the lab's real MirrorMaker 2 (primary -> dr): a healthy flow is OK
// with a heartbeat latency of a few seconds and checkpoints for a group; stopping
// MirrorMaker turns it Stalled (with an event) within a bounded time, and starting it again
// brings it back to OK. Runs serially (CTest RUN_SERIAL): it stops the shared lab's
// MirrorMaker, and always starts it again.
#include "LabTest.h"

#include "mirror/FlowPoller.h"

#include <QElapsedTimer>
#include <QTest>
#include <QThread>

using namespace lagscope;
using namespace lagscope::mirror;
using namespace lagscope::test;

namespace {

constexpr int kPartitions = 3;
constexpr int kPerPhase = 150;

} // namespace

class TestFlowMonitor final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("flow-%1").arg(m_id);
    QString m_group = QStringLiteral("flow-group-%1").arg(m_id);
    QThread m_thread;
    FlowPoller *m_poller = nullptr;
    FlowSnapshotPtr m_latest;
    std::vector<FlowEvent> m_events;
    bool m_mm2Stopped = false;

    FlowHealth health() const { return m_latest ? m_latest->health : FlowHealth::Broken; }
    QString describe() const
    {
        if (!m_latest)
            return QStringLiteral("no snapshot yet");
        return flowHealthName(m_latest->health) + QStringLiteral(": ") + m_latest->reason + QStringLiteral(" | ")
               + m_latest->warnings.join(QStringLiteral("; "));
    }

    qint64 remoteRecords() const
    {
        const ReplicatedTopic *t = m_latest ? m_latest->topic(m_topic) : nullptr;
        if (!t)
            return -1;
        qint64 sum = 0;
        for (const auto &p : t->partitions)
            sum += std::max<qint64>(0, p.remoteLogEnd);
        return sum;
    }

    // Every partition of the group has a checkpoint matching its source commit.
    bool groupCheckpointed() const
    {
        const GroupFlow *g = m_latest ? m_latest->group(m_group) : nullptr;
        if (!g || g->partitions.size() != size_t(kPartitions) || !g->withoutCheckpoint.empty())
            return false;
        for (const auto &p : g->partitions)
            if (!p.hasCheckpoint || p.sourceCommitted != kPerPhase / kPartitions)
                return false;
        return true;
    }

    bool hasEvent(FlowEventKind kind) const
    {
        return std::any_of(m_events.begin(), m_events.end(), [&](const FlowEvent &e) { return e.kind == kind; });
    }

private Q_SLOTS:
    void initTestCase()
    {
        ReplicationFlowConfig flow;
        flow.sourceCluster = kPrimary;
        flow.targetCluster = kDr;
        const ClusterConfig source{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        const ClusterConfig target{kDr, m_lab.bootstrap(kDr), false, {}};
        FlowPollerSettings settings;
        settings.pollIntervalMs = 2000;
        settings.requestTimeoutMs = 5000;
        m_poller = new FlowPoller(flow, source, target, settings);
        m_poller->moveToThread(&m_thread);
        connect(&m_thread, &QThread::started, m_poller, &FlowPoller::start);
        connect(&m_thread, &QThread::finished, m_poller, &QObject::deleteLater);
        connect(m_poller, &FlowPoller::updated, this,
                [this](std::shared_ptr<const FlowSnapshot> snapshot, std::vector<FlowEvent> events) {
                    m_latest = std::move(snapshot);
                    for (auto &e : events) {
                        qInfo("event %s: %s", qPrintable(flowEventKindName(e.kind)), qPrintable(e.message));
                        m_events.push_back(std::move(e));
                    }
                });
        m_thread.start();

        traffic(kPrimary, createTopicArgs(m_topic, kPartitions, 3));
        traffic(kPrimary, produceArgs(m_topic, kPerPhase));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed()) {
            qWarning("latest flow snapshot: %s", qPrintable(describe()));
            m_lab.dumpLogs();
        }
    }

    void cleanupTestCase()
    {
        if (m_poller) {
            m_poller->cancel();
            QMetaObject::invokeMethod(m_poller, &FlowPoller::stop, Qt::QueuedConnection);
        }
        m_thread.quit();
        m_thread.wait();
        // Other tests share the lab: MirrorMaker must run again whatever happened here.
        if (m_mm2Stopped) {
            const ProcessResult r = m_lab.lab({QStringLiteral("mm2"), QStringLiteral("start")});
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        }
    }

    void healthyFlowHasLatencyAndCheckpoints()
    {
        QTRY_COMPARE_WITH_TIMEOUT(remoteRecords(), qint64(kPerPhase), 60000);
        // The group reads everything (50 per partition) and commits; a second phase makes
        // that part of the topic, so the group has something left to read on failover.
        traffic(kPrimary, consumeArgs(m_group, m_topic, 100000));
        traffic(kPrimary, produceArgs(m_topic, kPerPhase));
        QTRY_COMPARE_WITH_TIMEOUT(remoteRecords(), qint64(2 * kPerPhase), 60000);
        QTRY_VERIFY2_WITH_TIMEOUT(health() == FlowHealth::Ok, qPrintable(describe()), 60000);
        QTRY_VERIFY2_WITH_TIMEOUT(groupCheckpointed(), qPrintable(describe()), 60000);

        const FlowSnapshotPtr s = m_latest;
        QVERIFY2(s->health == FlowHealth::Ok, qPrintable(describe()));
        QVERIFY(s->sourceReachable && s->targetReachable);
        QVERIFY(s->heartbeatAgeMs >= 0);
        QVERIFY2(s->heartbeatAgeMs < 5000, qPrintable(QString::number(s->heartbeatAgeMs)));
        qInfo("replication latency while healthy: %lld ms (poll took %lld ms)",
              static_cast<long long>(s->heartbeatAgeMs), static_cast<long long>(s->pollMs));

        const ReplicatedTopic *t = s->topic(m_topic);
        QVERIFY(t);
        QCOMPARE(t->remoteTopic, QStringLiteral("primary.") + m_topic);
        QCOMPARE(t->recordsBehind(), qint64(0));
        for (const auto &p : t->partitions)
            QCOMPARE(p.sourceLogEnd, qint64(2 * kPerPhase / kPartitions));
        QVERIFY(s->topicsMissingOnTarget.isEmpty());
        // MirrorMaker wrote offset syncs for every partition (offset.lag.max = 0 in the lab).
        int syncs = 0;
        for (const auto &o : s->offsetSyncs)
            if (o.upstream.topic == m_topic) {
                ++syncs;
                QVERIFY(o.ageMs >= 0);
                QVERIFY(o.downstreamOffset >= 0 && o.downstreamOffset <= 2 * kPerPhase / kPartitions);
            }
        QCOMPARE(syncs, kPartitions);

        // Failover readiness: the checkpoints may trail the commits (translation is
        // conservative), never lead them; the group's remaining records are 50 per partition.
        const GroupFlow *g = s->group(m_group);
        QVERIFY(g);
        qint64 expectedReread = 0;
        for (const auto &p : g->partitions) {
            QVERIFY(p.checkpointUpstream <= p.sourceCommitted);
            QVERIFY(p.checkpointDownstream >= 0 && p.checkpointDownstream <= p.remoteLogEnd);
            QCOMPARE(p.remoteLogEnd, qint64(2 * kPerPhase / kPartitions));
            QVERIFY(p.checkpointAgeMs >= 0);
            QCOMPARE(p.downstream.topic, QStringLiteral("primary.") + m_topic);
            expectedReread += p.sourceCommitted - p.checkpointUpstream;
        }
        QCOMPARE(g->rereadOnFailover, expectedReread);
        QVERIFY(g->rereadOnFailover >= 0 && g->rereadOnFailover <= kPerPhase);
        qInfo("failover readiness of %s: %lld records to re-read", qPrintable(m_group),
              static_cast<long long>(g->rereadOnFailover));
    }

    // A flow whose target cannot be reached is Broken with why, and polls keep coming: no
    // call waits past its deadline. (Port 1 on loopback refuses connections.)
    void unreachableTargetIsBrokenWithoutHanging()
    {
        ReplicationFlowConfig flow;
        flow.sourceCluster = kPrimary;
        flow.targetCluster = QStringLiteral("nowhere");
        flow.targetAlias = kDr;
        const ClusterConfig source{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        const ClusterConfig target{QStringLiteral("nowhere"), QStringLiteral("127.0.0.1:1"), false, {}};
        FlowPollerSettings settings;
        settings.pollIntervalMs = 500;
        settings.requestTimeoutMs = 2000;
        QThread thread;
        auto *poller = new FlowPoller(flow, source, target, settings);
        poller->moveToThread(&thread);
        connect(&thread, &QThread::started, poller, &FlowPoller::start);
        connect(&thread, &QThread::finished, poller, &QObject::deleteLater);
        std::vector<FlowSnapshotPtr> snapshots;
        std::vector<FlowEvent> events;
        connect(poller, &FlowPoller::updated, this,
                [&](std::shared_ptr<const FlowSnapshot> snapshot, std::vector<FlowEvent> e) {
                    snapshots.push_back(std::move(snapshot));
                    events.insert(events.end(), e.begin(), e.end());
                });
        QElapsedTimer clock;
        clock.start();
        thread.start();
        QTRY_VERIFY_WITH_TIMEOUT(snapshots.size() >= 2, 30000);
        const qint64 twoPollsMs = clock.elapsed();
        poller->cancel();
        thread.quit();
        thread.wait();
        qInfo("two polls of a flow with an unreachable target took %lld ms", static_cast<long long>(twoPollsMs));
        for (const auto &s : snapshots) {
            QCOMPARE(s->health, FlowHealth::Broken);
            QVERIFY2(s->reason.startsWith(QStringLiteral("target nowhere unreachable")), qPrintable(s->reason));
            QVERIFY(!s->targetReachable);
            QVERIFY2(s->sourceReachable, qPrintable(s->sourceError)); // the other side still works
            QVERIFY(s->pollMs < 3 * settings.requestTimeoutMs + 1000);
        }
        // The first snapshot reports the verdict once; the second changes nothing.
        QCOMPARE(events.size(), size_t(1));
        QCOMPARE(events[0].kind, FlowEventKind::FlowBroken);
    }

    void stoppedMirrorMakerStallsAndRecovers()
    {
        QTRY_VERIFY2_WITH_TIMEOUT(health() == FlowHealth::Ok, qPrintable(describe()), 60000);
        m_events.clear();
        m_mm2Stopped = true;
        lab({QStringLiteral("mm2"), QStringLiteral("stop")});
        QElapsedTimer sinceStop;
        sinceStop.start();
        QTRY_VERIFY2_WITH_TIMEOUT(health() == FlowHealth::Stalled, qPrintable(describe()), 60000);
        const FlowSnapshotPtr stalled = m_latest;
        qInfo("flow Stalled %lld ms after `lab mm2 stop` returned; last heartbeat %lld ms before that snapshot: %s",
              static_cast<long long>(sinceStop.elapsed()), static_cast<long long>(stalled->heartbeatAgeMs),
              qPrintable(stalled->reason));
        QVERIFY(hasEvent(FlowEventKind::FlowStalled));
        QVERIFY(stalled->reason.contains(QStringLiteral("no heartbeat")));

        lab({QStringLiteral("mm2"), QStringLiteral("start")});
        m_mm2Stopped = false;
        QElapsedTimer sinceStart;
        sinceStart.start();
        QTRY_VERIFY2_WITH_TIMEOUT(health() == FlowHealth::Ok, qPrintable(describe()), 120000);
        qInfo("flow OK again %lld ms after `lab mm2 start` returned, latency %lld ms",
              static_cast<long long>(sinceStart.elapsed()), static_cast<long long>(m_latest->heartbeatAgeMs));
        QVERIFY(hasEvent(FlowEventKind::FlowRecovered));
    }
};

QTEST_GUILESS_MAIN(TestFlowMonitor)
#include "tst_flowmonitor.moc"
