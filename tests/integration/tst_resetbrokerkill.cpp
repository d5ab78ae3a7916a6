// Safety drill of the offset-reset executor against the real lab: the group coordinator is
// killed with SIGKILL while a reset is being applied (from ResetApplyOptions::afterBatch,
// between the commit of the first topic and the next one).
//
// heldDown: the group's __consumer_offsets partition is first reassigned to the coordinator
//   alone, so nothing can take over and the coordinator stays down until the test restarts
//   it — deterministic, whatever the machine's speed. The executor must then report exactly:
//   the first topic acknowledged (but not verifiable: the read-back fails too), the topic in
//   flight unknown, the rest not applied. After recovery the real state must match: the
//   first topic moved, the last one not, the one in flight all-or-nothing; and
//   `lagscopectl undo --backup FILE --execute` must restore the original offsets. The same
//   undo run during the outage fails and exits by itself (its client is closed with a
//   coordinator request still waiting: see KafkaClient::~KafkaClient).
//
// It restores the lab afterwards (all brokers up, the partition's replicas back, preferred
// leaders elected), polling with deadlines.
#include "DrillUtil.h"
#include "LabClient.h"
#include "actions/ResetExecutor.h"
#include "actions/ResetPlanner.h"
#include "kafka/KafkaClient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>
#include <limits>
#include <memory>
#include <optional>

using namespace lagscope;
using namespace lagscope::test;

namespace {

const QString kCluster = QStringLiteral("primary");
const QString kOffsetsTopic = QStringLiteral("__consumer_offsets");
// Node 1 is the only controller of primary: killing it would stop the quorum.
constexpr int kController = 1;

// The __consumer_offsets partition of a group: Utils.abs(groupId.hashCode()) % partitions,
// as Kafka's group coordinator computes it (String.hashCode over UTF-16 code units).
int offsetsPartitionFor(const QString &group, int partitions)
{
    qint32 h = 0;
    for (const QChar c : group)
        h = qint32(quint32(h) * 31u + c.unicode());
    const qint32 abs = h == std::numeric_limits<qint32>::min() ? 0 : (h < 0 ? -h : h);
    return abs % partitions;
}

} // namespace

class TestResetBrokerKill final : public QObject {
    Q_OBJECT

private:
    LabClient m_lab = *LabClient::load();
    std::unique_ptr<KafkaClient> m_client; // observes; never used while a coordinator is down
    QString m_id = LabClient::uniqueSuffix();
    QTemporaryDir m_tmp;
    QString m_dataDir;
    QString m_config;
    // Set while the offsets partition is reassigned away from its original replicas.
    std::optional<std::pair<int, std::vector<int>>> m_shrunk;

    QString partitionReplicas(int partition)
    {
        auto md = m_client->metadata(Deadline::inMs(5000));
        const TopicInfo *t = md ? md->topic(kOffsetsTopic) : nullptr;
        if (!t)
            return QString();
        for (const auto &p : t->partitions)
            if (p.partition == partition) {
                QStringList r, isr;
                for (int n : p.replicas)
                    r << QString::number(n);
                for (int n : p.isr)
                    isr << QString::number(n);
                return QStringLiteral("replicas %1 isr %2 leader %3").arg(r.join(QLatin1Char(',')), isr.join(QLatin1Char(',')))
                    .arg(p.leader);
            }
        return QString();
    }

    std::optional<PartitionInfo> offsetsPartition(int partition)
    {
        auto md = m_client->metadata(Deadline::inMs(5000));
        const TopicInfo *t = md ? md->topic(kOffsetsTopic) : nullptr;
        if (!t)
            return std::nullopt;
        for (const auto &p : t->partitions)
            if (p.partition == partition)
                return p;
        return std::nullopt;
    }

    // Every broker is up and every partition has its full ISR and its preferred leader.
    bool labBalanced()
    {
        auto md = m_client->metadata(Deadline::inMs(5000));
        if (!md || md->brokers.size() != 3 || !md->topic(kOffsetsTopic))
            return false;
        for (const auto &t : md->topics)
            for (const auto &p : t.partitions)
                if (p.offline() || p.underReplicated() || p.replicas.empty() || p.leader != p.replicas.front())
                    return false;
        return true;
    }

    bool labTool(const QStringList &args)
    {
        const ProcessResult r = m_lab.lab(args);
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.describe()));
        return r.exitCode == 0;
    }

    bool reassign(int partition, const std::vector<int> &replicas)
    {
        QJsonArray list;
        for (int n : replicas)
            list.append(n);
        const QJsonObject plan{{QStringLiteral("version"), 1},
                               {QStringLiteral("partitions"),
                                QJsonArray{QJsonObject{{QStringLiteral("topic"), kOffsetsTopic},
                                                       {QStringLiteral("partition"), partition},
                                                       {QStringLiteral("replicas"), list}}}}};
        const QString path = m_tmp.filePath(QStringLiteral("reassign-%1.json").arg(partition));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return false;
        f.write(QJsonDocument(plan).toJson());
        f.close();
        return labTool({QStringLiteral("tool"), QStringLiteral("java-class"),
                        QStringLiteral("org.apache.kafka.tools.reassign.ReassignPartitionsCommand"),
                        QStringLiteral("--cluster"), kCluster, QStringLiteral("--"),
                        QStringLiteral("--reassignment-json-file"), path, QStringLiteral("--execute")});
    }

    // Offsets partitions with fewer replicas than the cluster has brokers, each with the
    // full list to give it back: its current replicas first (the first one stays the
    // preferred leader), then the missing brokers.
    std::optional<std::map<int, std::vector<int>>> shrunkPartitions()
    {
        auto md = m_client->metadata(Deadline::inMs(5000));
        const TopicInfo *t = md ? md->topic(kOffsetsTopic) : nullptr;
        if (!t || md->brokers.size() != 3)
            return std::nullopt;
        std::map<int, std::vector<int>> out;
        for (const auto &p : t->partitions) {
            if (p.replicas.size() >= md->brokers.size())
                continue;
            std::vector<int> full = p.replicas;
            for (const auto &b : md->brokers)
                if (std::find(full.begin(), full.end(), b.id) == full.end())
                    full.push_back(b.id);
            out[p.partition] = full;
        }
        return out;
    }

    bool hasReplicas(int partition, const std::vector<int> &replicas)
    {
        const auto p = offsetsPartition(partition);
        return p && p->replicas == replicas && p->isr.size() == replicas.size() && p->leader == replicas.front();
    }

    bool electPreferredLeaders()
    {
        // ELECTION_NOT_NEEDED for the partitions already led by their preferred replica
        // makes the tool exit non-zero on some versions: the metadata is the judge.
        (void)labTool({QStringLiteral("tool"), QStringLiteral("java-class"),
                       QStringLiteral("org.apache.kafka.tools.LeaderElectionCommand"), QStringLiteral("--cluster"),
                       kCluster, QStringLiteral("--"), QStringLiteral("--election-type"), QStringLiteral("PREFERRED"),
                       QStringLiteral("--all-topic-partitions")});
        return true;
    }

    // Restarts every broker, gives the offsets partition its replicas back, waits for full
    // ISRs and elects the preferred leaders, until the lab is as the next test expects it.
    void restoreLab()
    {
        QElapsedTimer clock;
        clock.start();
        for (int node : {2, 3})
            QVERIFY(labTool({QStringLiteral("broker"), QStringLiteral("start"), QStringLiteral("--cluster"), kCluster,
                             QStringLiteral("--node"), QString::number(node)}));
        // Offsets partitions left with fewer replicas than brokers (by this run, or by an
        // earlier one that was interrupted) get them back; the one this run shrank gets its
        // exact original list.
        std::optional<std::map<int, std::vector<int>>> shrunk;
        QVERIFY(waitUntil([&] { return (shrunk = shrunkPartitions()).has_value(); }, 60000));
        for (auto [partition, replicas] : *shrunk) {
            if (m_shrunk && m_shrunk->first == partition)
                replicas = m_shrunk->second;
            // The reassignment needs the partition's current replica online: wait for it.
            QVERIFY(waitUntil([&] { return offsetsPartition(partition) && !offsetsPartition(partition)->offline(); },
                              120000));
            QVERIFY(reassign(partition, replicas));
            QVERIFY2(waitUntil([&] { return hasReplicas(partition, replicas); }, 120000),
                     qPrintable(partitionReplicas(partition)));
        }
        m_shrunk.reset();
        // Leaders that moved off the killed broker stay moved until an election (the
        // automatic rebalance runs only every 5 minutes).
        const Deadline deadline = Deadline::inMs(180000);
        bool balanced = waitUntil([&] { return labBalanced(); }, 2000, 3);
        while (!balanced && !deadline.expired()) {
            electPreferredLeaders();
            balanced = waitUntil([&] { return labBalanced(); }, 15000, 3);
        }
        QVERIFY2(balanced, "the lab did not get back its brokers, full ISRs and preferred leaders");
        qInfo("lab restored in %lld ms", static_cast<long long>(clock.elapsed()));
    }

    bool traffic(const QStringList &args)
    {
        const ProcessResult r = m_lab.traffic(kCluster, args);
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.describe()));
        return r.exitCode == 0;
    }

    std::optional<CommittedOffsets> committed(const QString &group)
    {
        auto offsets = m_client->committedOffsets({group}, Deadline::inMs(5000));
        if (!offsets)
            return std::nullopt;
        return (*offsets)[group];
    }

    // Three topics of two partitions with 10 records each, the group committed at 5
    // everywhere. Returns the topics, in the order the executor commits them.
    QStringList setUpGroup(const QString &name, const QString &group)
    {
        QStringList topics;
        for (const char *suffix : {"a", "b", "c"}) {
            const QString topic = QStringLiteral("%1-%2-%3").arg(name, m_id, QLatin1String(suffix));
            if (!traffic({QStringLiteral("create-topic"), QStringLiteral("--topic"), topic, QStringLiteral("--partitions"),
                          QStringLiteral("2"), QStringLiteral("--replication"), QStringLiteral("3")}))
                return {};
            for (int partition : {0, 1})
                if (!traffic({QStringLiteral("produce"), QStringLiteral("--topic"), topic, QStringLiteral("--partition"),
                              QString::number(partition), QStringLiteral("--count"), QStringLiteral("10")}))
                    return {};
            if (!traffic({QStringLiteral("commit"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
                          QStringLiteral("--offsets"), QStringLiteral("0=5,1=5")}))
                return {};
            topics << topic;
        }
        return topics;
    }

    // A group name whose coordinator partition is led by a broker other than the controller.
    QString groupAwayFromController(const QString &base, int *partition, int *coordinator)
    {
        auto md = m_client->metadata(Deadline::inMs(10000));
        const TopicInfo *offsets = md ? md->topic(kOffsetsTopic) : nullptr;
        if (!offsets)
            return QString();
        for (int i = 0; i < 100; ++i) {
            const QString group = QStringLiteral("%1-%2-%3").arg(base, m_id).arg(i);
            const int p = offsetsPartitionFor(group, int(offsets->partitions.size()));
            const int leader = offsets->partitions[size_t(p)].leader;
            if (leader > 0 && leader != kController) {
                *partition = p;
                *coordinator = leader;
                return group;
            }
        }
        return QString();
    }

    Result<ResetPlan> planToEarliest(const QString &group, const QStringList &topics)
    {
        ResetSpec spec;
        spec.kind = ResetSpec::ToEarliest;
        ResetScope scope;
        for (const QString &t : topics)
            scope.topics.push_back({t, {}});
        auto gathered = gatherResetInputs(*m_client, group, spec, scope, Deadline::inMs(30000));
        if (!gathered)
            return Result<ResetPlan>(gathered.error());
        if (auto refusal = checkInactive(gathered->description))
            return Result<ResetPlan>::failure(*refusal);
        return planReset(spec, scope, gathered->inputs);
    }

    int coordinatorOf(const QString &group)
    {
        auto described = m_client->describeGroups({group}, Deadline::inMs(5000));
        return described && !described->empty() ? described->front().coordinatorId : -1;
    }

    bool killBroker(int node)
    {
        return labTool({QStringLiteral("broker"), QStringLiteral("kill"), QStringLiteral("--cluster"), kCluster,
                        QStringLiteral("--node"), QString::number(node)});
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        QStandardPaths::setTestModeEnabled(true);
        m_dataDir = m_tmp.filePath(QStringLiteral("executor"));
        // lagscopectl keeps its own backups and audit trail here.
        qputenv("XDG_DATA_HOME", m_tmp.filePath(QStringLiteral("cli")).toUtf8());
        m_config = m_lab.writeConfig(m_tmp.path());
        m_client = m_lab.client(kCluster);
        QVERIFY(m_client);
        // The offsets topic exists once a group has used it (a fresh lab has none yet).
        const QString warmup = QStringLiteral("kill-warmup-%1").arg(m_id);
        QVERIFY(traffic({QStringLiteral("create-topic"), QStringLiteral("--topic"), warmup, QStringLiteral("--partitions"),
                         QStringLiteral("1")}));
        QVERIFY(traffic({QStringLiteral("commit"), QStringLiteral("--group"), warmup, QStringLiteral("--topic"), warmup,
                         QStringLiteral("--offsets"), QStringLiteral("0=0")}));
        // Start from a balanced lab, whatever ran before.
        restoreLab();
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
        restoreLab();
    }

    void cleanupTestCase() { m_client.reset(); }

    void heldDown()
    {
        int partition = -1;
        int coordinator = -1;
        const QString group = groupAwayFromController(QStringLiteral("kill-held-g"), &partition, &coordinator);
        QVERIFY(!group.isEmpty());
        const QStringList topics = setUpGroup(QStringLiteral("kill-held"), group);
        QCOMPARE(topics.size(), 3);
        const auto original = committed(group);
        QVERIFY(original);
        QCOMPARE(original->size(), size_t(6));

        // Only the coordinator keeps the group's offsets partition: nothing can take over.
        const auto before = offsetsPartition(partition);
        QVERIFY(before);
        m_shrunk = {partition, before->replicas};
        QVERIFY(reassign(partition, {coordinator}));
        QVERIFY2(waitUntil([&] { return hasReplicas(partition, {coordinator}); }, 60000, 3),
                 qPrintable(partitionReplicas(partition)));
        QVERIFY(waitUntil([&] { return coordinatorOf(group) == coordinator; }, 30000, 3));

        auto planned = planToEarliest(group, topics);
        QVERIFY2(planned, why(planned).constData());
        QCOMPARE(planned->partitions.size(), size_t(6));

        // A client of its own, as the CLI and the dialog have: closed when the apply ends.
        auto applier = m_lab.client(kCluster);
        QVERIFY(applier);
        ResetApplyOptions options;
        options.cluster = kCluster;
        options.dataDir = m_dataDir;
        options.specText = QStringLiteral("--to-earliest");
        options.scopeText = QStringLiteral("--topic ") + topics.join(QStringLiteral(" --topic "));
        options.deadline = Deadline::inMs(20000);
        QStringList committedTopics;
        bool killed = false;
        options.afterBatch = [&](const QString &topic, int, int) {
            committedTopics << topic;
            if (!killed)
                killed = killBroker(coordinator);
        };
        QElapsedTimer clock;
        clock.start();
        auto applied = applyReset(*applier, *planned, options);
        const qint64 applyMs = clock.elapsed();
        QVERIFY(killed);
        QVERIFY2(applied, why(applied).constData());
        QCOMPARE(committedTopics, QStringList{topics[0]});
        for (const auto &o : applied->partitions)
            qInfo("%s: %s acknowledged=%d (%s)", qPrintable(o.tp.toString()), qPrintable(outcomeName(o.result)),
                  int(o.acknowledged), qPrintable(o.reason));
        qInfo("apply returned after %lld ms with result %s", static_cast<long long>(applyMs),
              qPrintable(applied->result));

        // The report: what is known, and "unknown" where the executor could not verify.
        QCOMPARE(applied->result, QStringLiteral("unknown"));
        QCOMPARE(applied->partitions.size(), size_t(6));
        for (const auto &o : applied->partitions) {
            QCOMPARE(o.before, std::optional<qint64>(5));
            QVERIFY(!o.after);
            if (o.tp.topic == topics[0]) {
                QCOMPARE(outcomeName(o.result), QStringLiteral("unknown"));
                QVERIFY(o.acknowledged);
            } else if (o.tp.topic == topics[1]) {
                QCOMPARE(outcomeName(o.result), QStringLiteral("unknown"));
                QVERIFY(!o.acknowledged);
            } else {
                QCOMPARE(outcomeName(o.result), QStringLiteral("not-applied"));
            }
        }
        const auto records = auditRecords(QDir(m_dataDir).filePath(QStringLiteral("audit.jsonl")), group);
        QCOMPARE(records.size(), 1);
        QCOMPARE(records.first()[QStringLiteral("result")].toString(), QStringLiteral("unknown"));
        QCOMPARE(records.first()[QStringLiteral("backup")].toString(), applied->backupPath);

        // lagscopectl during the outage: it cannot reach the coordinator either, says so and
        // exits by itself — its client is closed with a coordinator request still waiting
        // (see ~KafkaClient), which used to block the exit for ever. Nothing is committed.
        const ProcessResult during = m_lab.lagscopectl({QStringLiteral("undo"), QStringLiteral("--config"), m_config,
                                                        QStringLiteral("--cluster"), kCluster, QStringLiteral("--backup"),
                                                        applied->backupPath, QStringLiteral("--execute"),
                                                        QStringLiteral("--timeout"), QStringLiteral("8")},
                                                       120000);
        qInfo("lagscopectl undo during the outage: exit code %d after %lld ms", during.exitCode,
              static_cast<long long>(during.elapsedMs));
        QVERIFY2(!during.timedOut, qPrintable(QStringLiteral("had to be killed: ") + during.describe()));
        QVERIFY2(during.exitCode > 0, qPrintable(during.describe()));
        QVERIFY2(during.err.contains(QStringLiteral("no answer before the deadline")), qPrintable(during.describe()));

        // Recovery: the coordinator restarts and answers again.
        QVERIFY(labTool({QStringLiteral("broker"), QStringLiteral("start"), QStringLiteral("--cluster"), kCluster,
                         QStringLiteral("--node"), QString::number(coordinator)}));
        std::optional<CommittedOffsets> after;
        QVERIFY(waitUntil([&] { return (after = committed(group)).has_value(); }, 120000));
        // The applier's requests left unanswered (the commit in flight, the read-back) end
        // once the coordinator is back; then its client is closed like any other, before the
        // state is judged.
        QVERIFY(applier->awaitUnansweredRequests(Deadline::inMs(60000)));
        QElapsedTimer closing;
        closing.start();
        applier.reset();
        qInfo("the applier's client closed in %lld ms", static_cast<long long>(closing.elapsed()));
        QVERIFY(waitUntil([&] { return (after = committed(group)).has_value(); }, 30000));
        qInfo("after recovery: %s", qPrintable(show(*after)));
        // Exactly the acknowledged topic changed and the last one was never sent. The one in
        // flight is what "unknown" warns about: its commit is all-or-nothing, and may have
        // been delivered late to the restarted coordinator.
        const auto offsetOf = [&](int topic, int p) { return after->count({topics[topic], p}) ? after->at({topics[topic], p}) : -1; };
        for (int p : {0, 1}) {
            QCOMPARE(offsetOf(0, p), qint64(0));
            QCOMPARE(offsetOf(2, p), qint64(5));
        }
        QVERIFY2((offsetOf(1, 0) == 0 && offsetOf(1, 1) == 0) || (offsetOf(1, 0) == 5 && offsetOf(1, 1) == 5),
                 qPrintable(show(*after)));
        qInfo("the unanswered commit of %s %s", qPrintable(topics[1]),
              offsetOf(1, 0) == 0 ? "landed once the coordinator was back" : "never landed");
        QCOMPARE(after->size(), size_t(6));

        // The backup restores the original offsets.
        const ProcessResult undo = m_lab.lagscopectl({QStringLiteral("undo"), QStringLiteral("--config"), m_config,
                                                      QStringLiteral("--cluster"), kCluster, QStringLiteral("--backup"),
                                                      applied->backupPath, QStringLiteral("--execute")});
        QVERIFY2(undo.exitCode == 0, qPrintable(undo.describe()));
        const auto restored = committed(group);
        QVERIFY(restored);
        QCOMPARE(show(*restored), show(*original));
    }
};

QTEST_GUILESS_MAIN(TestResetBrokerKill)
#include "tst_resetbrokerkill.moc"
