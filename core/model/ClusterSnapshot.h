#pragma once
// Everything one poll learned about one cluster, as an immutable value. A poller thread
// builds it and hands it to the GUI thread as std::shared_ptr<const ClusterSnapshot>;
// nobody modifies a snapshot after it is published.

#include "model/ClusterMetadata.h"
#include "model/ConsumerGroup.h"
#include "model/LagStatus.h"
#include "model/QuorumInfo.h"
#include "model/RetentionForecast.h"

#include <QDateTime>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

namespace lagscope {

// What each state is derived from, and what cannot be seen on which Kafka: docs/BROKER-STATES.md
// (monitor/BrokerLifecycle decides). New states go at the end: views sort by the value.
enum class BrokerStatus {
    Online,      // registered, unfenced, connected
    Unreachable, // registered and unfenced, but Lagscope cannot connect to it
    Offline,     // not running (fenced and its listener refuses), or gone from the cluster
    Fenced,      // registered but fenced by the controller; its listener still accepts
    Stopping,    // controlled shutdown: the controller moved it out of every ISR
};

struct BrokerState {
    BrokerInfo info;
    BrokerStatus status = BrokerStatus::Online;
    bool controller = false;
    int partitionsLed = 0;
    QString reason; // the facts the status was derived from, for a person
    // Partitions with more than one replica and a leader that this broker replicates, and
    // how many of their ISRs it is in: a controlled shutdown takes it out of all of them.
    int sharedReplicas = 0;
    int inSyncReplicas = 0;
};

struct PartitionState {
    int partition = -1;
    int leader = -1;
    std::vector<int> replicas;
    std::vector<int> isr;
    std::int64_t logStart = -1; // -1: unknown (e.g. no leader)
    std::int64_t logEnd = -1;

    bool offline() const { return leader < 0; }
    bool underReplicated() const { return isr.size() < replicas.size(); }
};

struct TopicState {
    QString name;
    bool internal = false;
    std::vector<PartitionState> partitions;

    int replicationFactor() const;
    int underReplicatedCount() const;
    int offlineCount() const;
};

// Why a committed offset is orphaned: kept by Kafka but read by nobody (docs/LAG-STATUS.md,
// "Orphaned offsets"; monitor/OrphanedOffsets decides).
enum class OrphanReason : std::uint8_t {
    None,
    TopicDeleted, // the topic, or this partition of it, no longer exists
    Unassigned,   // the group has members, and none is assigned this topic
};

struct PartitionLag {
    TopicPartition partition;
    std::optional<std::int64_t> committed;
    std::optional<std::int64_t> logEnd;
    // What is left to consume: logEnd − committed − invisibleRecords. The difference that
    // kafka-consumer-groups.sh prints is rawLag().
    std::optional<std::int64_t> lag;
    // Offsets between the committed offset and the log end that a read_committed consumer
    // never receives (transaction markers, aborted records), verified by reading them on an
    // idle partition (monitor/ExactLag, docs/LAG-STATUS.md "Transactions"); 0 when not verified.
    std::int64_t invisibleRecords = 0;
    std::optional<std::int64_t> rawLag() const
    {
        return lag ? std::optional<std::int64_t>(*lag + invisibleRecords) : std::nullopt;
    }
    QString memberId; // owner, empty when unassigned
    QString clientId;
    QString host;
    // Judged on the poller thread by monitor/LagEvaluator (docs/LAG-STATUS.md).
    LagVerdict verdict;
    std::optional<LagTime> lagTime;    // nullopt: unknown (no commit, or first poll)
    std::optional<double> consumeRate; // records/s the committed offset advanced over the window
    std::optional<DrainTime> drain;
    // When retention will delete records this group has not read (docs/LAG-STATUS.md,
    // "Retention-breach forecast"); nullopt: not judged (no commit, caught up, ERR, or the
    // consume rate not known yet).
    std::optional<RetentionForecast> retention;
    OrphanReason orphan = OrphanReason::None; // set by buildSnapshot() on committed partitions

    bool orphaned() const { return orphan != OrphanReason::None; }
};

struct GroupState {
    QString groupId;
    QString state; // Kafka's group state name
    QString type;  // Classic / Consumer
    std::vector<GroupMember> members;
    std::vector<PartitionLag> partitions; // sorted by topic, partition
    std::int64_t totalLag = 0;            // sum over partitions with a known lag
    std::int64_t maxLag = 0;
    // Rebalances that completed in the hour before this poll (set by the poller's
    // RebalanceDetector; those from before a restart too, from its saved state).
    int rebalancesLastHour = 0;
    LagVerdict verdict;                // the worst partition's, with its reason
    std::optional<LagTime> maxLagTime; // the oldest unconsumed record over all partitions
    std::optional<DrainTime> drain;    // the slowest partition's time to drain (skew)
    // The partition whose records retention is forecast to delete soonest (the central
    // estimate), and its forecast; only breach forecasts.
    std::optional<RetentionForecast> retention;
    TopicPartition retentionPartition;
    // Non-empty when this poll could not read the group (its coordinator is down, …): the
    // values above are then those of the last poll that did, read at lastReadAt (invalid
    // when no poll has read it yet), and nothing above was judged anew.
    QString error;
    QDateTime lastReadAt;

    bool unread() const { return !error.isEmpty(); }
    QStringList topics() const;
};

struct ClusterSnapshot {
    QString cluster;   // configured name
    QDateTime takenAt; // when the poll finished (UTC)
    qint64 pollDurationMs = 0;
    bool reachable = false;
    QString error;              // why the poll failed or is incomplete; empty when all is well
    QDateTime unreachableSince; // valid while the cluster cannot be reached

    QString clusterId;
    int controllerId = -1;
    std::vector<BrokerState> brokers;
    std::vector<TopicState> topics; // sorted by name
    std::vector<GroupState> groups; // sorted by id
    // The controller quorum (DescribeQuorum); nullopt when it could not be read, and then
    // quorumError says why (no patch 0012, ZooKeeper or Kafka < 3.3, or the request failed).
    std::optional<QuorumInfo> quorum;
    QString quorumError;

    const GroupState *group(const QString &id) const;
    const TopicState *topic(const QString &name) const;
    int onlineBrokerCount() const;
    std::int64_t totalLag() const;
};

using SnapshotPtr = std::shared_ptr<const ClusterSnapshot>;

} // namespace lagscope

Q_DECLARE_METATYPE(lagscope::SnapshotPtr)
