// The split-brain detector against the lab's real MirrorMaker 2 (primary -> dr): one group
// consuming a topic on primary and its replica primary.<topic> on dr is reported within two
// polls of each cluster after both members show, with both sides' members and topics; the
// split brain ends once the dr member has left. The monitor polls every second.
#include "ToolOutput.h"
#include "DrillUtil.h"
#include "LabTest.h"
#include "monitor/MonitorService.h"
#include "monitor/SplitBrainMonitor.h"

#include <QProcess>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kPollMs = 1000;

} // namespace

class TestSplitBrainLab final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    std::unique_ptr<SplitBrainMonitor> m_splitBrains;
    std::map<QString, SnapshotPtr> m_latest;
    std::map<QString, int> m_polls; // reachable polls per cluster
    std::vector<ClusterEvent> m_events;
    QList<QProcess *> m_processes;
    const QString m_topic = named("sb");
    const QString m_group = named("sb-group");
    const QString m_remote = QStringLiteral("primary.") + m_topic;
    // The poll counts when both sides first showed a member assigned the topic, and when the
    // split brain was first reported.
    std::optional<std::map<QString, int>> m_bothSeenAt;
    std::optional<std::map<QString, int>> m_reportedAt;

    QProcess *member(const QString &cluster, const QString &topic)
    {
        auto *p = new QProcess(this);
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 {QStringLiteral("member"), QStringLiteral("--group"), m_group, QStringLiteral("--topic"), topic,
                  QStringLiteral("--client-id"), QStringLiteral("sb-") + cluster, QStringLiteral("--commit-interval"),
                  QStringLiteral("500"), QStringLiteral("--bootstrap"), m_lab.bootstrap(cluster)});
        if (!p->waitForStarted())
            qWarning() << "traffic did not start on" << cluster;
        m_processes << p;
        return p;
    }

    bool assigned(const QString &cluster, const QString &topic) const
    {
        const auto it = m_latest.find(cluster);
        const GroupState *g = it == m_latest.end() ? nullptr : it->second->group(m_group);
        if (!g)
            return false;
        return std::any_of(g->members.begin(), g->members.end(), [&](const GroupMember &m) {
            return std::any_of(m.assignment.begin(), m.assignment.end(),
                               [&](const TopicPartition &tp) { return tp.topic == topic; });
        });
    }

    const ActiveSplitBrain *ours() const
    {
        for (const ActiveSplitBrain &a : m_splitBrains->active())
            if (a.brain.group == m_group)
                return &a;
        return nullptr;
    }

    int events(EventKind kind) const
    {
        return int(std::count_if(m_events.begin(), m_events.end(),
                                 [&](const ClusterEvent &e) { return e.kind == kind && e.group == m_group; }));
    }

private Q_SLOTS:
    void initTestCase()
    {
        traffic(kPrimary, createTopicArgs(m_topic, 2, 3));
        traffic(kPrimary, produceArgs(m_topic, 20));
        // MirrorMaker creates the replica within its topic refresh (2 s in the lab).
        QVERIFY2(waitUntil([&] { return m_lab.topicReady(kDr, m_remote, 2); }, 60000),
                 qPrintable(m_remote + QStringLiteral(" never appeared on dr")));

        AppConfig config;
        config.pollIntervalMs = kPollMs;
        config.requestTimeoutMs = 4000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}, {kDr, m_lab.bootstrap(kDr), false, {}}};
        config.flows = {ReplicationFlowConfig{kPrimary, kDr, kPrimary, kDr, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        m_splitBrains = std::make_unique<SplitBrainMonitor>(config.flows);
        // The detector first, so that this test sees its findings of the same poll.
        connect(m_monitor.get(), &MonitorService::updated, m_splitBrains.get(), &SplitBrainMonitor::apply);
        connect(m_splitBrains.get(), &SplitBrainMonitor::events, this,
                [this](const std::vector<ClusterEvent> &e) { m_events.insert(m_events.end(), e.begin(), e.end()); });
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            m_latest[u.snapshot->cluster] = u.snapshot;
            if (u.snapshot->reachable)
                ++m_polls[u.snapshot->cluster];
            if (!m_bothSeenAt && assigned(kPrimary, m_topic) && assigned(kDr, m_remote))
                m_bothSeenAt = m_polls;
            if (!m_reportedAt && ours())
                m_reportedAt = m_polls;
        });
        m_monitor->start();
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

    void reportedWithinTwoPollsAndEnds()
    {
        member(kPrimary, m_topic);
        QProcess *drMember = member(kDr, m_remote);
        QVERIFY2(waitUntil([&] { return m_bothSeenAt && m_reportedAt; }, 45000),
                 m_bothSeenAt ? "both sides consume, no split brain reported" : "the members never both showed");
        for (const QString &cluster : {kPrimary, kDr}) {
            const int late = m_reportedAt->at(cluster) - m_bothSeenAt->at(cluster);
            QVERIFY2(late <= 2, qPrintable(QStringLiteral("%1: reported %2 polls late").arg(cluster).arg(late)));
        }
        const ActiveSplitBrain *found = ours();
        QVERIFY(found);
        qInfo("%s", qPrintable(found->brain.describe()));
        QCOMPARE(found->brain.flow, QStringLiteral("primary->dr"));
        QCOMPARE(found->brain.source.cluster, kPrimary);
        QCOMPARE(found->brain.source.topics, QStringList{m_topic});
        QCOMPARE(found->brain.target.topics, QStringList{m_remote});
        QVERIFY(found->brain.source.members.join(QLatin1Char(',')).contains(QStringLiteral("sb-primary")));
        QVERIFY(found->brain.target.members.join(QLatin1Char(',')).contains(QStringLiteral("sb-dr")));
        QCOMPARE(events(EventKind::SplitBrainStarted), 2); // one per cluster
        QCOMPARE(events(EventKind::SplitBrainEnded), 0);

        // One side stops: the dr member leaves the group cleanly.
        drMember->terminate();
        QVERIFY(drMember->waitForFinished(20000));
        QVERIFY2(waitUntil([&] { return events(EventKind::SplitBrainEnded) == 2; }, 30000),
                 "the split brain did not end after the dr member left");
        QVERIFY(!ours());
        QCOMPARE(events(EventKind::SplitBrainStarted), 2);
        for (const ClusterEvent &e : m_events)
            QCOMPARE(e.severity, e.kind == EventKind::SplitBrainStarted ? EventSeverity::Error : EventSeverity::Info);
    }
};

QTEST_GUILESS_MAIN(TestSplitBrainLab)
#include "tst_splitbrainlab.moc"
