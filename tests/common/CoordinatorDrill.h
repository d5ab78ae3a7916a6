#pragma once
// What the drills that kill a group coordinator of the lab's "primary" cluster share: put a
// group's __consumer_offsets partition on its coordinator alone (so that nothing takes over
// while it is down), kill and start brokers, and give the lab back as the next test expects
// it (every broker up, full ISRs, preferred leaders), polling with deadlines.
// Used by tst_resetbrokerkill and tst_pollcoordinatordown, which run serially.

#include "LabClient.h"
#include "kafka/KafkaClient.h"

#include <QTemporaryDir>

#include <map>
#include <memory>
#include <optional>

namespace lagscope::test {

// The __consumer_offsets partition of a group: Utils.abs(groupId.hashCode()) % partitions,
// as Kafka's group coordinator computes it (String.hashCode over UTF-16 code units).
int offsetsPartitionFor(const QString &group, int partitions);

class CoordinatorDrill {
public:
    static inline const QString kCluster = QStringLiteral("primary");
    static inline const QString kOffsetsTopic = QStringLiteral("__consumer_offsets");
    // Node 1 is the only controller of primary: killing it would stop the quorum.
    static constexpr int kController = 1;

    explicit CoordinatorDrill(LabClient &lab);
    ~CoordinatorDrill();

    // The observing client: never used while a coordinator is down.
    KafkaClient *client() { return m_client.get(); }
    bool ready() const { return m_client && m_tmp.isValid(); }

    // The offsets topic exists once a group has used it (a fresh lab has none yet): a topic
    // `name` and a commit of group `name` on it make sure it does.
    bool ensureOffsetsTopic(const QString &name);
    std::optional<PartitionInfo> offsetsPartition(int partition);
    QString partitionReplicas(int partition); // for failure messages
    bool hasReplicas(int partition, const std::vector<int> &replicas);
    // A group name (base-<suffix>-i) whose offsets partition is led by a broker other than
    // the controller; its partition and that leader.
    QString groupAwayFromController(const QString &base, const QString &suffix, int *partition, int *coordinator);
    int coordinatorOf(const QString &group);

    // Reassigns the offsets partition to `coordinator` alone and waits until that holds
    // (remembering its replicas for restoreLab()). Returns whether it did.
    bool holdOnly(int partition, int coordinator);
    bool killBroker(int node);
    bool startBroker(int node);
    bool labTool(const QStringList &args);

    // Restarts every broker, gives shrunk offsets partitions their replicas back, waits for
    // full ISRs and elects the preferred leaders. Fails the current test (QVERIFY) if the
    // lab does not come back.
    void restoreLab();

private:
    bool reassign(int partition, const std::vector<int> &replicas);
    std::optional<std::map<int, std::vector<int>>> shrunkPartitions();
    bool labBalanced();
    void electPreferredLeaders();

    LabClient &m_lab;
    QTemporaryDir m_tmp;
    std::unique_ptr<KafkaClient> m_client;
    // Set while an offsets partition is reassigned away from its original replicas.
    std::optional<std::pair<int, std::vector<int>>> m_shrunk;
};

} // namespace lagscope::test
