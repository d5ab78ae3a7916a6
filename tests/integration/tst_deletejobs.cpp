// The delete jobs (core/jobs/DeleteJobs.h) against the real lab, as the Delete dialog runs
// them: the plan, the apply (what is left afterwards is read back), and the undo of a delete
// from its backup with the reset undo job (the offsets before are back). Refusals come from
// the plan (a group with a member) and from the apply (a read-only cluster), and nothing is
// deleted then.
#include "DrillUtil.h"
#include "LabTest.h"
#include "ToolOutput.h"
#include "jobs/DeleteJobs.h"
#include "jobs/ResetJobs.h"
#include "kafka/KafkaClient.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kTimeoutMs = 30000;

// Starts the job and waits for it; its result, or null when it did not finish in time.
template <typename JobType> const auto *run(JobType *job)
{
    QSignalSpy finished(job, &Job::finished);
    job->start();
    return finished.wait(kTimeoutMs + 10000) ? &*job->result() : nullptr;
}

} // namespace

class TestDeleteJobs final : public LabTest {
    Q_OBJECT

private:
    const QString m_a = named("delete-jobs-a");
    const QString m_b = named("delete-jobs-b");
    ClusterConfig m_config;
    std::unique_ptr<KafkaClient> m_client;
    QTemporaryDir m_data;
    QList<QProcess *> m_members;

    CommittedOffsets committed(const QString &group) { return committedBy(*m_client, group); }

    QString newGroup()
    {
        const QString group = QStringLiteral("delete-jobs-%1-%2").arg(m_id, LabClient::uniqueSuffix());
        traffic(kPrimary, commitArgs(group, m_a, QStringLiteral("0=7,1=5")));
        traffic(kPrimary, commitArgs(group, m_b, QStringLiteral("0=3")));
        return group;
    }

    std::optional<DeletePlan> plan(const DeleteRequest &request)
    {
        std::unique_ptr<DeletePlanJob> job(makeDeletePlanJob(m_config, request, kTimeoutMs, nullptr));
        const Result<DeletePlan> *planned = run(job.get());
        if (!planned || !*planned) {
            qWarning("plan: %s", planned ? qPrintable(planned->errorMessage()) : "no answer in time");
            return std::nullopt;
        }
        return **planned;
    }

    std::optional<ResetOutcome> apply(const DeletePlan &plan, const ClusterConfig &cluster)
    {
        ResetApplyOptions options = writeOptionsFor(cluster, m_data.path(), Deadline::inMs(kTimeoutMs));
        std::unique_ptr<DeleteApplyJob> job(makeDeleteApplyJob(cluster, plan, options, kTimeoutMs, nullptr));
        const Result<ResetOutcome> *outcome = run(job.get());
        if (!outcome || !*outcome) {
            qWarning("apply: %s", outcome ? qPrintable(outcome->errorMessage()) : "no answer in time");
            return std::nullopt;
        }
        return **outcome;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_data.isValid());
        traffic(kPrimary, createTopicArgs(m_a, 2, 3));
        traffic(kPrimary, createTopicArgs(m_b, 1, 3));
        traffic(kPrimary, produceArgs(m_a, 20));
        traffic(kPrimary, produceArgs(m_b, 10));
        m_config = ClusterConfig{kPrimary, m_lab.bootstrap(kPrimary), false, {}};
        auto client = KafkaClient::create(m_config, ClientOptions{10000, 0, {}});
        QVERIFY2(client.ok(), client.ok() ? "" : qPrintable(client.errorMessage()));
        m_client = std::move(*client);
    }

    void cleanupTestCase() { stopMembers(m_members); }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void deleteGroupThenUndo()
    {
        const QString group = newGroup();
        const CommittedOffsets before = committed(group);
        QCOMPARE(before.size(), size_t(3));
        const auto planned = plan(DeleteRequest{group, true, {}});
        QVERIFY(planned);
        QVERIFY(planned->exists);
        QVERIFY(!deleteRefusal(*planned));
        QCOMPARE(planned->committed, before);

        const auto outcome = apply(*planned, m_config);
        QVERIFY(outcome);
        QVERIFY(!outcome->refusal);
        QCOMPARE(outcome->result, WriteResult::Applied);
        QVERIFY(committed(group).empty());
        QVERIFY(QFile::exists(outcome->backupPath));

        ResetApplyOptions options = writeOptionsFor(m_config, m_data.path(), Deadline::inMs(kTimeoutMs));
        std::unique_ptr<ResetUndoJob> undo(
            makeResetUndoJob(m_config, outcome->backupPath, options, kTimeoutMs, nullptr));
        const Result<UndoOutcome> *restored = run(undo.get());
        QVERIFY(restored);
        QVERIFY2(*restored, why(*restored).constData());
        QCOMPARE((*restored)->reset.result, WriteResult::Applied);
        QCOMPARE(committed(group), before);
    }

    // delete-offsets of one topic: the other topic's offsets stay.
    void deleteOffsetsOfOneTopic()
    {
        const QString group = newGroup();
        const auto planned = plan(DeleteRequest{group, false, {{m_a, {}}}});
        QVERIFY(planned);
        QCOMPARE(planned->partitions.size(), size_t(2));
        const auto outcome = apply(*planned, m_config);
        QVERIFY(outcome);
        QCOMPARE(outcome->result, WriteResult::Applied);
        QCOMPARE(committed(group), (CommittedOffsets{{TopicPartition{m_b, 0}, 3}}));
    }

    // A group with a member: the plan says Kafka would refuse, and the apply sends nothing.
    void activeGroupRefused()
    {
        const QString group = newGroup();
        QProcess *member = startMember(this, group, m_a, m_lab.bootstrap(kPrimary));
        QVERIFY(member);
        m_members << member;
        QTRY_VERIFY_WITH_TIMEOUT(
            plan(DeleteRequest{group, true, {}}).value_or(DeletePlan{}).description.members.size() == 1, 30000);
        const auto planned = plan(DeleteRequest{group, true, {}});
        QVERIFY(planned);
        QCOMPARE(deleteRefusal(*planned).value_or(QString()), QStringLiteral("NON_EMPTY_GROUP"));
        const auto outcome = apply(*planned, m_config);
        QVERIFY(outcome);
        QVERIFY(outcome->refusal);
        QCOMPARE(outcome->result, WriteResult::Refused);
        QVERIFY(!committed(group).empty());
    }

    void readOnlyClusterRefused()
    {
        const QString group = newGroup();
        const CommittedOffsets before = committed(group);
        const auto planned = plan(DeleteRequest{group, true, {}});
        QVERIFY(planned);
        ClusterConfig readOnly = m_config;
        readOnly.readOnly = true;
        const auto outcome = apply(*planned, readOnly);
        QVERIFY(outcome);
        QVERIFY(outcome->refusal);
        QCOMPARE(outcome->result, WriteResult::Refused);
        QCOMPARE(committed(group), before);
    }
};

QTEST_GUILESS_MAIN(TestDeleteJobs)
#include "tst_deletejobs.moc"
