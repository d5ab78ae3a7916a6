// Failover readiness history against the lab's real MirrorMaker 2 (primary -> dr): every
// poll of the flow writes the group's readiness into the history store; with MirrorMaker
// stopped while the group keeps committing on primary, the records to re-read grow by exactly
// the commits beyond the last checkpoint and the failover_reread alert fires; once MirrorMaker
// runs again its checkpoints catch up and the alert clears. Runs serially (CTest RUN_SERIAL):
// it stops the shared lab's MirrorMaker, and always starts it again.
#include "LabTest.h"

#include "alerts/AlertEvaluator.h"
#include "mirror/FlowHistory.h"
#include "mirror/FlowPoller.h"
#include "store/HistoryRecorder.h"

#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace lagscope;
using namespace lagscope::mirror;
using namespace lagscope::test;

namespace {

constexpr int kPartitions = 3;
constexpr int kPerPhase = 150;
constexpr qint64 kThreshold = 100;

} // namespace

class TestReadinessLab final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("ready-%1").arg(m_id);
    QString m_group = QStringLiteral("ready-group-%1").arg(m_id);
    QTemporaryDir m_dir;
    QThread m_thread;
    FlowPoller *m_poller = nullptr;
    std::unique_ptr<HistoryRecorder> m_recorder;
    std::unique_ptr<HistoryStore> m_reader; // a second connection, as the GUI's charts have
    AlertEvaluator m_alerts;
    FlowSnapshotPtr m_latest;
    QStringList m_transitions; // "fired 150" / "cleared 0"
    bool m_mm2Stopped = false;

    const GroupFlow *group() const { return m_latest ? m_latest->group(m_group) : nullptr; }

    // Every partition of the group committed `perPartition` on primary (as the flow saw it).
    bool committed(qint64 perPartition) const
    {
        const GroupFlow *g = group();
        if (!g || g->partitions.size() != size_t(kPartitions))
            return false;
        return std::all_of(g->partitions.begin(), g->partitions.end(),
                           [&](const GroupPartitionFlow &p) { return p.sourceCommitted == perPartition; });
    }

    // The checkpoints caught up with the commits: nothing to re-read.
    bool caughtUp() const
    {
        const GroupFlow *g = group();
        return g && g->withoutCheckpoint.empty() && g->partitions.size() == size_t(kPartitions)
               && g->rereadOnFailover == 0
               && std::all_of(g->partitions.begin(), g->partitions.end(),
                              [](const GroupPartitionFlow &p) { return p.hasCheckpoint && p.sourceCommitted >= 0; });
    }

    QString describe() const
    {
        const GroupFlow *g = group();
        if (!g)
            return QStringLiteral("group %1 not in the flow's snapshot yet").arg(m_group);
        QStringList parts;
        for (const auto &p : g->partitions)
            parts << QStringLiteral("%1: commit %2, checkpoint %3")
                         .arg(p.upstream.toString())
                         .arg(p.sourceCommitted)
                         .arg(p.checkpointUpstream);
        return QStringLiteral("re-read %1; %2").arg(g->rereadOnFailover).arg(parts.join(QStringLiteral("; ")));
    }

    // The newest readiness sample the store holds of the group.
    std::optional<HistoryStore::ReadinessSample> newestStored() const
    {
        const auto samples =
            m_reader->readinessHistory(QStringLiteral("primary->dr"), m_group, QDateTime(), QDateTime());
        if (!samples || samples->empty())
            return std::nullopt;
        return samples->back();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString path = m_dir.filePath(QStringLiteral("history.sqlite"));
        m_recorder = std::make_unique<HistoryRecorder>(path);
        m_recorder->open(); // on this thread: the recorder's slots run here too
        auto reader = HistoryStore::open(path, {}, HistoryStore::OpenMode::Reader);
        QVERIFY(reader);
        m_reader = std::move(*reader);

        AlertRule rule;
        rule.name = QStringLiteral("readiness");
        rule.clusterPattern = kDr; // the flow's target cluster
        rule.groupPattern = m_group;
        rule.condition = AlertCondition::FailoverReread;
        rule.threshold = kThreshold;
        m_alerts = AlertEvaluator({rule});

        ReplicationFlowConfig flow;
        flow.sourceCluster = kPrimary;
        flow.targetCluster = kDr;
        FlowPollerSettings settings;
        settings.pollIntervalMs = 1000;
        settings.requestTimeoutMs = 5000;
        m_poller = new FlowPoller(flow, {kPrimary, m_lab.bootstrap(kPrimary), false, {}},
                                  {kDr, m_lab.bootstrap(kDr), false, {}}, settings);
        m_poller->moveToThread(&m_thread);
        connect(&m_thread, &QThread::started, m_poller, &FlowPoller::start);
        connect(&m_thread, &QThread::finished, m_poller, &QObject::deleteLater);
        // The recorder first, as in the app: when the test sees a snapshot, it is stored.
        connect(m_poller, &FlowPoller::updated, m_recorder.get(), &HistoryRecorder::recordFlow);
        connect(m_poller, &FlowPoller::updated, this,
                [this](std::shared_ptr<const FlowSnapshot> snapshot, std::vector<FlowEvent>) {
                    m_latest = std::move(snapshot);
                    for (const AlertTransition &t : m_alerts.evaluateFlow(*m_latest, m_latest->takenAt))
                        if (t.instance.group == m_group)
                            m_transitions << QStringLiteral("%1 %2")
                                                 .arg(t.kind == AlertTransition::Fired ? QStringLiteral("fired")
                                                                                       : QStringLiteral("cleared"))
                                                 .arg(qint64(t.instance.value));
                });
        m_thread.start();
        traffic(kPrimary, createTopicArgs(m_topic, kPartitions, 3));
        traffic(kPrimary, produceArgs(m_topic, kPerPhase));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed()) {
            qWarning("latest readiness: %s", qPrintable(describe()));
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

    // The group consumes everything on primary; MirrorMaker checkpoints it; each poll stores it.
    void pollsStoreReadiness()
    {
        traffic(kPrimary, consumeArgs(m_group, m_topic, 100000));
        QTRY_VERIFY2_WITH_TIMEOUT(committed(kPerPhase / kPartitions) && caughtUp(), qPrintable(describe()), 60000);
        const FlowSnapshotPtr s = m_latest;
        const auto stored = newestStored();
        QVERIFY(stored);
        QCOMPARE(stored->timeMs, s->takenAt.toMSecsSinceEpoch());
        QCOMPARE(stored->reread, qint64(0));
        QCOMPARE(stored->untranslatable, qint64(0));
        QVERIFY(m_transitions.isEmpty());
    }

    // MirrorMaker stops; the group keeps consuming and committing on primary. What a failover
    // now would re-read is exactly the commits beyond the last checkpoint, and it is stored.
    void stoppedMirrorMakerDegradesReadiness()
    {
        m_mm2Stopped = true;
        lab({QStringLiteral("mm2"), QStringLiteral("stop")});
        traffic(kPrimary, produceArgs(m_topic, kPerPhase));
        traffic(kPrimary, consumeArgs(m_group, m_topic, 100000));
        QTRY_VERIFY2_WITH_TIMEOUT(committed(2 * kPerPhase / kPartitions), qPrintable(describe()), 30000);
        const FlowSnapshotPtr s = m_latest;
        const GroupFlow *g = s->group(m_group);
        qint64 expected = 0;
        for (const auto &p : g->partitions) {
            QVERIFY(p.hasCheckpoint);
            QCOMPARE(p.checkpointUpstream, qint64(kPerPhase / kPartitions)); // frozen where it was
            expected += p.sourceCommitted - p.checkpointUpstream;
        }
        QCOMPARE(expected, qint64(kPerPhase));
        QCOMPARE(g->rereadOnFailover, expected);
        const auto stored = newestStored();
        QVERIFY(stored);
        QCOMPARE(stored->timeMs, s->takenAt.toMSecsSinceEpoch());
        QCOMPARE(stored->reread, expected);
        // One transition; its value is what the first poll above the threshold saw (the
        // consumer may commit in steps).
        QCOMPARE(m_transitions.size(), qsizetype(1));
        QVERIFY2(m_transitions[0].startsWith(QStringLiteral("fired ")),
                 qPrintable(m_transitions.join(QLatin1Char(','))));
    }

    // MirrorMaker runs again: its checkpoints catch up with the commits, the alert clears, and
    // the stored history shows the degraded stretch between two ready ones.
    void restartedMirrorMakerRestoresReadiness()
    {
        lab({QStringLiteral("mm2"), QStringLiteral("start")});
        m_mm2Stopped = false;
        QTRY_VERIFY2_WITH_TIMEOUT(committed(2 * kPerPhase / kPartitions) && caughtUp(), qPrintable(describe()), 90000);
        QCOMPARE(m_transitions.size(), qsizetype(2));
        QVERIFY2(m_transitions[1].startsWith(QStringLiteral("cleared ")),
                 qPrintable(m_transitions.join(QLatin1Char(','))));
        const auto samples =
            m_reader->readinessHistory(QStringLiteral("primary->dr"), m_group, QDateTime(), QDateTime());
        QVERIFY(samples);
        QCOMPARE(samples->back().reread, qint64(0));
        const auto degraded =
            std::find_if(samples->begin(), samples->end(), [](const auto &r) { return r.reread == kPerPhase; });
        QVERIFY(degraded != samples->end());
        QVERIFY(std::any_of(samples->begin(), degraded, [](const auto &r) { return r.reread == 0; }));
        qInfo("%zu readiness samples stored for %s", samples->size(), qPrintable(m_group));
    }
};

QTEST_GUILESS_MAIN(TestReadinessLab)
#include "tst_readinesslab.moc"
