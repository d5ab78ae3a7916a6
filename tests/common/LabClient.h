#pragma once
// Test-side view of the shared real Kafka lab started by tests/lab (CTest fixture "lab"):
// its clusters' addresses from lab.json, and ways to run Kafka's own tools, the traffic
// tool and lagscopectl against it. Used from the test's main thread only.

#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "util/Result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace lagscope::test {

struct ProcessResult {
    int exitCode = -1;
    QString out;
    QString err;
    qint64 elapsedMs = 0;
    bool timedOut = false;
    QString describe() const; // for failure messages
};

// For a process the test needs: unless it exited 0, fails the calling helper or test
// function (QVERIFY2 returns from it) with the process's output.
void requireSuccess(const ProcessResult &r);
// For helpers that answer with a bool: true when it exited 0, else false after printing the
// process's output.
bool succeeded(const ProcessResult &r);

class LabClient {
public:
    static Result<LabClient> load(); // reads $LAGSCOPE_LAB_DIR/lab.json

    QString bootstrap(const QString &cluster) const;
    // Node ids of the cluster's brokers, as lab.json lists them.
    QList<int> brokerNodes(const QString &cluster) const;
    QString labDir() const { return m_dir; }
    QString kafkaVersion() const { return m_json.value(QStringLiteral("kafka_version")).toString(); }

    // tests/lab/lab with these arguments.
    ProcessResult lab(const QStringList &args, int timeoutMs = 180000) const;
    // Kafka's own tool (e.g. "consumer-groups") against a lab cluster.
    ProcessResult kafkaTool(const QString &tool, const QString &cluster, const QStringList &args) const;
    // The traffic tool with --bootstrap of the cluster appended.
    ProcessResult traffic(const QString &cluster, const QStringList &args, int timeoutMs = 120000) const;
    ProcessResult lagscopectl(const QStringList &args, int timeoutMs = 120000) const;

    // A fresh client of a lab cluster (5 s request timeout), or null. A client made before a
    // broker was killed waits out its reconnect backoff after the restart: make another.
    std::unique_ptr<KafkaClient> client(const QString &cluster) const;
    // The group's committed offsets on the cluster; nullopt when it does not answer in 5 s.
    std::optional<CommittedOffsets> committed(const QString &cluster, const QString &group) const;
    // Sum of the log end offsets of the topic's partitions 0..partitions-1; -1 when they
    // cannot all be read within 5 s.
    qint64 logEndSum(const QString &cluster, const QString &topic, int partitions) const;

    // Every record of the partition from its log start to its end as it was when asked
    // (offsets show compaction's gaps); nullopt when it cannot be read within 10 s.
    std::optional<std::vector<RawRecord>> records(const QString &cluster, const TopicPartition &partition) const;
    // The topic exists on the cluster with `partitions` partitions, every one with a leader.
    bool topicReady(const QString &cluster, const QString &topic, int partitions) const;

    // Kafka's own translation of the group's offsets through MirrorMaker's checkpoints on dr
    // (RemoteClusterUtils, `lab translate-offsets`): the sorted "topic partition offset" lines
    // of `remoteTopic`.
    QStringList kafkaTranslation(const QString &group, const QString &remoteTopic) const;

    // Writes a Lagscope config naming every lab cluster; returns its path.
    QString writeConfig(const QString &dir) const;
    // Saves the tail of every lab log under LAGSCOPE_TEST_OUTPUT and prints its warnings and
    // errors: called when a test fails.
    void dumpLogs() const;

    // A suffix that keeps names unique across tests and repeated runs on one lab.
    static QString uniqueSuffix();

private:
    QString m_dir;
    QJsonObject m_json;
};

ProcessResult runProcess(const QString &program, const QStringList &args, int timeoutMs);

// Arguments of the traffic tool's common commands, for LabClient::traffic(). A replication
// of 0 leaves the topic's replication factor to the broker's default.
QStringList createTopicArgs(const QString &topic, int partitions, int replication = 0);
// `count` records, round-robin over the topic's partitions.
QStringList produceArgs(const QString &topic, qint64 count);
// The group reads up to `max` records of the topic, commits and leaves.
QStringList consumeArgs(const QString &group, const QString &topic, qint64 max);
// The group commits "partition=offset,..." on the topic without consuming.
QStringList commitArgs(const QString &group, const QString &topic, const QString &offsets);

} // namespace lagscope::test
