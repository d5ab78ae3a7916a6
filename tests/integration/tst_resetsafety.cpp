// Safety drill of the offset-reset executor (core/actions/ResetExecutor) against the real lab:
// a group that becomes active between preview and apply is refused with Kafka's wording,
// nothing is written and the refusal is audited.
#include "DrillUtil.h"
#include "LabTest.h"
#include "actions/ResetExecutor.h"
#include "actions/ResetPlanner.h"
#include "kafka/KafkaClient.h"

#include <QDir>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <memory>
#include <optional>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// Node 1 is the only controller of primary: killing it would stop the quorum.
constexpr int kController = 1;

} // namespace

class TestResetSafety final : public LabTest {
    Q_OBJECT

private:
    std::unique_ptr<KafkaClient> m_client;
    QString m_dataDir;
    QList<QProcess *> m_members;

    bool traffic(const QStringList &args) { return succeeded(m_lab.traffic(kPrimary, args)); }

    std::optional<GroupDescription> describe(const QString &group)
    {
        auto described = m_client->describeGroups({group}, Deadline::inMs(5000));
        if (!described)
            return std::nullopt;
        for (const auto &d : *described)
            if (d.groupId == group && d.error.isEmpty())
                return d;
        return std::nullopt;
    }

    bool stableWithMember(const QString &group)
    {
        const auto d = describe(group);
        return d && d->state == QStringLiteral("Stable") && !d->members.empty();
    }

    std::optional<CommittedOffsets> committed(const QString &group, int timeoutMs = 10000)
    {
        auto offsets = m_client->committedOffsets({group}, Deadline::inMs(timeoutMs));
        if (!offsets)
            return std::nullopt;
        return (*offsets)[group];
    }

    Result<ResetPlan> plan(const QString &group, const ResetSpec &spec, const ResetScope &scope)
    {
        return planOnCluster(*m_client, group, spec, scope);
    }

    QList<QJsonObject> auditRecords(const QString &group) const
    {
        return lagscope::test::auditRecords(QDir(m_dataDir).filePath(QStringLiteral("audit.jsonl")), group);
    }

    QStringList backupsOf(const QString &group) const
    {
        const QDir dir(QDir(m_dataDir).filePath(QStringLiteral("backups")));
        QStringList out;
        for (const QString &name : dir.entryList(QDir::Files, QDir::Name))
            if (name.startsWith(kPrimary + QLatin1Char('-') + group + QLatin1Char('-')))
                out << dir.filePath(name);
        return out;
    }

    // Every broker is in metadata and every partition of the offsets topic has its full ISR.
    bool clusterWhole()
    {
        auto md = m_client->metadata(Deadline::inMs(5000));
        if (!md || md->brokers.size() != 3)
            return false;
        const TopicInfo *offsets = md->topic(QStringLiteral("__consumer_offsets"));
        if (!offsets || offsets->partitions.empty())
            return false;
        for (const auto &p : offsets->partitions)
            if (p.offline() || p.underReplicated())
                return false;
        return true;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_dataDir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
        QVERIFY(!m_dataDir.isEmpty());
        auto client = KafkaClient::create({kPrimary, m_lab.bootstrap(kPrimary), false, {}}, {5000, 0, nullptr});
        QVERIFY2(client, why(client).constData());
        m_client = std::move(*client);
        QTRY_VERIFY_WITH_TIMEOUT(clusterWhole(), 60000);
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
        for (QProcess *p : m_members) {
            p->terminate();
            if (!p->waitForFinished(15000))
                p->kill();
            p->waitForFinished(5000);
            delete p;
        }
        m_members.clear();
    }

    void cleanupTestCase() { m_client.reset(); }

    void becomesActiveBetweenPreviewAndApply()
    {
        const QString topic = QStringLiteral("safety-active-%1").arg(m_id);
        const QString group = QStringLiteral("safety-active-g-%1").arg(m_id);
        QVERIFY(traffic(createTopicArgs(topic, 2)));
        for (int partition : {0, 1})
            QVERIFY(traffic({QStringLiteral("produce"), QStringLiteral("--topic"), topic, QStringLiteral("--partition"),
                             QString::number(partition), QStringLiteral("--count"), QStringLiteral("5")}));
        // At the log end: the member that joins later has nothing to consume, so its own
        // commit on joining leaves the offsets as they are.
        QVERIFY(traffic(commitArgs(group, topic, QStringLiteral("0=5,1=5"))));
        const auto original = committed(group);
        QVERIFY(original);
        QCOMPARE(original->size(), size_t(2));

        // Preview while the group is inactive.
        ResetSpec spec;
        spec.kind = ResetSpec::ToEarliest;
        ResetScope scope;
        scope.topics = {{topic, {}}};
        auto planned = plan(group, spec, scope);
        QVERIFY2(planned, why(planned).constData());
        QCOMPARE(planned->partitions.size(), size_t(2));
        for (const auto &p : planned->partitions)
            QCOMPARE(p.newOffset, qint64(0));

        // A live member joins before the plan is applied.
        auto *member = new QProcess;
        m_members << member;
        member->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        member->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                      {QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
                       QStringLiteral("--max"), QStringLiteral("1"), QStringLiteral("--stay"),
                       QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(member->waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(stableWithMember(group), 60000);
        const auto beforeApply = committed(group);
        QVERIFY(beforeApply);
        QCOMPARE(show(*beforeApply), show(*original));

        ResetApplyOptions options;
        options.cluster = kPrimary;
        options.dataDir = m_dataDir;
        options.specText = QStringLiteral("--to-earliest");
        options.scopeText = QStringLiteral("--topic ") + topic;
        options.deadline = Deadline::inMs(30000);
        auto applied = applyReset(*m_client, *planned, options);
        QVERIFY2(applied, why(applied).constData());
        QVERIFY2(applied->refusal, "applying to an active group must be refused");
        const QString expected = QStringLiteral("Error: Assignments can only be reset if the group '%1' is inactive, "
                                                "but the current state is Stable.")
                                     .arg(group);
        qInfo("refusal: %s", qPrintable(*applied->refusal));
        QCOMPARE(*applied->refusal, expected);
        QVERIFY(applied->backupPath.isEmpty());
        QVERIFY(backupsOf(group).isEmpty());

        const auto after = committed(group);
        QVERIFY(after);
        qInfo("committed before: %s | after the refused apply: %s", qPrintable(show(*original)),
              qPrintable(show(*after)));
        QCOMPARE(show(*after), show(*original));

        const auto records = auditRecords(group);
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first()[QStringLiteral("result")].toString(), QStringLiteral("refused"));
        QCOMPARE(records.first()[QStringLiteral("reason")].toString(), expected);
        QCOMPARE(records.first()[QStringLiteral("cluster")].toString(), kPrimary);
    }
};

QTEST_GUILESS_MAIN(TestResetSafety)
#include "tst_resetsafety.moc"
