// Orphaned offsets against the real lab: a group that committed on one topic and now has a
// member on another shows the old commits orphaned ("unassigned"), and delete-offsets (the
// group page's cleanup: plan, backup, delete, read back, audit) removes them while the member
// stays. A deleted topic: whatever commits of it Kafka still reports are marked orphaned
// ("deleted") in every poll after the topic left the metadata. The monitor polls every second.
#include "ToolOutput.h"
#include "DrillUtil.h"
#include "LabTest.h"
#include "actions/DeleteExecutor.h"
#include "monitor/MonitorService.h"
#include "monitor/OrphanedOffsets.h"

#include <QProcess>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestOrphanLab final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<MonitorService> m_monitor;
    std::vector<SnapshotPtr> m_polls; // reachable polls of primary, in order
    QList<QProcess *> m_processes;
    const QString m_group = named("orph-group");

    const GroupState *group() const { return m_polls.empty() ? nullptr : m_polls.back()->group(m_group); }

    const PartitionLag *partition(const QString &topic) const
    {
        const GroupState *g = group();
        if (!g)
            return nullptr;
        for (const PartitionLag &p : g->partitions)
            if (p.partition.topic == topic)
                return &p;
        return nullptr;
    }

    void startPolling()
    {
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 4000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        m_monitor = std::make_unique<MonitorService>(config);
        connect(m_monitor.get(), &MonitorService::updated, this, [this](const PollUpdate &u) {
            if (u.snapshot->reachable)
                m_polls.push_back(u.snapshot);
        });
        m_monitor->start();
    }

private Q_SLOTS:
    void initTestCase() { startPolling(); }

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

    void deletedTopic()
    {
        const QString gone = named("orph-gone");
        const QString group = named("orph-deleted");
        traffic(kPrimary, createTopicArgs(gone, 2, 3));
        traffic(kPrimary, produceArgs(gone, 10));
        traffic(kPrimary, commitArgs(group, gone, QStringLiteral("0=3,1=4")));
        QVERIFY(waitUntil(
            [&] {
                const GroupState *g = m_polls.empty() ? nullptr : m_polls.back()->group(group);
                return g && g->partitions.size() == 2;
            },
            30000));
        QCOMPARE(orphanedCount(*m_polls.back()->group(group)), 0);
        const std::size_t before = m_polls.size();
        lab({QStringLiteral("tool"), QStringLiteral("topics"), QStringLiteral("--cluster"), kPrimary,
             QStringLiteral("--"), QStringLiteral("--delete"), QStringLiteral("--topic"), gone});
        // Kafka deletes a deleted topic's offsets from every group itself (since 2.1), and in the
        // lab MirrorMaker's consumer soon re-creates the topic (broker auto-creation, one
        // partition). So: until the old commits are gone, every commit Kafka still reports for
        // a partition the metadata does not list is marked orphaned "deleted", in every poll.
        const auto missing = [&](const ClusterSnapshot &s, const TopicPartition &tp) {
            const TopicState *t = s.topic(tp.topic);
            return !t || std::none_of(t->partitions.begin(), t->partitions.end(), [&](const PartitionState &p) {
                return p.partition == tp.partition;
            });
        };
        const auto state = [&] {
            const SnapshotPtr &s = m_polls.back();
            QStringList parts{s->topic(gone) ? QStringLiteral("topic listed") : QStringLiteral("topic gone")};
            if (const GroupState *g = s->group(group))
                for (const PartitionLag &p : g->partitions)
                    parts << p.partition.toString() + QLatin1Char(':') + orphanReasonName(p.orphan);
            return parts.join(QStringLiteral(", "));
        };
        QVERIFY2(waitUntil(
                     [&] {
                         const GroupState *g = m_polls.back()->group(group);
                         return !g || g->partitions.size() < 2 || orphanedCount(*g) > 0;
                     },
                     30000),
                 qPrintable(state()));
        int marked = 0;
        for (std::size_t i = before; i < m_polls.size(); ++i) {
            const SnapshotPtr &s = m_polls[i];
            const GroupState *g = s->group(group);
            for (const PartitionLag &p : g ? g->partitions : std::vector<PartitionLag>()) {
                if (!p.committed || !missing(*s, p.partition))
                    continue;
                QCOMPARE(orphanReasonName(p.orphan), QStringLiteral("deleted"));
                ++marked;
            }
        }
        qInfo("after the delete: %s; commits marked deleted along the way: %d", qPrintable(state()), marked);
    }

    void movedOnToAnotherTopic()
    {
        const QString old = named("orph-old");
        const QString now = named("orph-new");
        traffic(kPrimary, createTopicArgs(old, 2, 3));
        traffic(kPrimary, createTopicArgs(now, 1, 3));
        traffic(kPrimary, produceArgs(old, 20));
        traffic(kPrimary, produceArgs(now, 10));
        traffic(kPrimary, commitArgs(m_group, old, QStringLiteral("0=5,1=5")));
        auto *member = new QProcess(this);
        member->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        member->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                      {QStringLiteral("member"), QStringLiteral("--group"), m_group, QStringLiteral("--topic"), now,
                       QStringLiteral("--commit-interval"), QStringLiteral("500"), QStringLiteral("--bootstrap"),
                       m_lab.bootstrap(kPrimary)});
        QVERIFY(member->waitForStarted());
        m_processes << member;

        QVERIFY2(waitUntil(
                     [&] {
                         const PartitionLag *o = partition(old);
                         const PartitionLag *n = partition(now);
                         return group() && group()->state == QLatin1String("Stable") && o && n && n->committed;
                     },
                     45000),
                 "the member never joined and committed");
        QCOMPARE(orphanedTopics(*group()), QStringList{old});
        for (const PartitionLag &p : group()->partitions)
            QCOMPARE(orphanReasonName(p.orphan), p.partition.topic == old ? QStringLiteral("unassigned") : QString());

        // The cleanup the group page offers: delete-offsets of the orphaned topic, with the
        // member still there (Kafka refuses only the topics the group is subscribed to).
        const ClusterConfig cluster{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        auto client = KafkaClient::create(cluster, ClientOptions{10000, 0, {}});
        QVERIFY2(client.ok(), client.ok() ? "" : qPrintable(client.errorMessage()));
        const DeleteRequest request{m_group, false, {{old, {}}}};
        const Result<DeletePlan> plan = planDelete(**client, request, Deadline::inMs(15000));
        QVERIFY2(plan.ok(), plan.ok() ? "" : qPrintable(plan.errorMessage()));
        QVERIFY(!deleteRefusal(*plan));
        QCOMPARE(plan->committed.size(), size_t(2));
        QVERIFY2(plan->expectedErrors.empty(), "Kafka would refuse an orphaned topic");
        const Result<ResetOutcome> outcome =
            applyDelete(**client, *plan, writeOptionsFor(cluster, m_dir.path(), Deadline::inMs(15000)));
        QVERIFY2(outcome.ok(), outcome.ok() ? "" : qPrintable(outcome.errorMessage()));
        QVERIFY(!outcome->refusal);
        QCOMPARE(outcome->result, WriteResult::Applied);
        QVERIFY(QFile::exists(outcome->backupPath));
        QVERIFY(!auditRecords(m_dir.filePath(QStringLiteral("audit.jsonl")), m_group).isEmpty());

        QVERIFY2(waitUntil([&] { return group() && !partition(old) && orphanedCount(*group()) == 0; }, 30000),
                 "the orphaned offsets are still shown after the cleanup");
        QVERIFY(partition(now));
        QVERIFY(!group()->members.empty());
    }
};

QTEST_GUILESS_MAIN(TestOrphanLab)
#include "tst_orphanlab.moc"
