#pragma once
// A connection to one Kafka cluster: metadata, consumer groups, committed and log offsets.
//
// Thread: a KafkaClient is used by one thread at a time (the cluster's poller thread, or
// the CLI's main thread); it may be created on one thread and moved to another.
// Ownership: owned by value through std::unique_ptr by whoever polls the cluster.
// Every call takes a Deadline and returns an error value when it passes — never hangs.

#include "config/Config.h"
#include "model/ClusterMetadata.h"
#include "model/ConsumerGroup.h"
#include "model/QuorumInfo.h"
#include "util/Deadline.h"
#include "util/Result.h"

#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <memory>

namespace lagscope {

struct ClientOptions {
    int requestTimeoutMs = 10000;
    // >0 makes librdkafka emit statistics (request counts per broker) at this interval.
    int statisticsIntervalMs = 0;
    // Set from any thread to make calls in progress give up early (e.g. at shutdown).
    std::shared_ptr<std::atomic_bool> cancel;
};

inline constexpr QStringView kAuthenticationFailed = u"Authentication failed: ";

enum class OffsetSpec {
    Earliest,
    Latest
};

struct LogOffsetsResult {
    LogOffsets offsets;
    std::map<TopicPartition, QString> errors; // partitions whose offset could not be read
};

// Committed offsets of many groups, and the groups whose offsets could not be read.
struct GroupOffsetsResult {
    std::map<QString, CommittedOffsets> offsets;
    // The leader epochs of the same commits, when asked for (LeaderEpochs::Read).
    std::map<QString, CommittedLeaderEpochs> leaderEpochs;
    std::map<QString, QString> errors; // group id → why (e.g. its coordinator is down)
};

// Whether a committed-offsets read also keeps the leader epoch of each commit: describe
// --verbose prints it; polls do not need it and skip the extra map.
enum class LeaderEpochs {
    Skip,
    Read
};

// Reads started together and awaited together, so that each costs one round trip, not one
// after the other. Each part succeeds or fails on its own.
struct ClusterOverview {
    Result<ClusterMetadata> metadata;
    Result<std::vector<GroupListing>> groups;
    // Why groups may be missing from `groups` (a broker that did not answer its ListGroups
    // by the listing deadline: the groups it coordinates); empty when the list is complete.
    QString groupsIncomplete;
    // The controller quorum (see describeQuorum()); its failure does not fail the rest.
    Result<QuorumInfo> quorum = Result<QuorumInfo>::failure({});
};
struct GroupsRead {
    Result<std::vector<GroupDescription>> described;
    Result<GroupOffsetsResult> committed;
};
struct LogBounds {
    Result<LogOffsetsResult> earliest;
    Result<LogOffsetsResult> latest;
};

// Requests sent so far, per broker id and request name ("ListOffsets", "Metadata"…).
using RequestCounts = std::map<int, std::map<QString, qint64>>;

class KafkaClient final {
public:
    static Result<std::unique_ptr<KafkaClient>> create(const ClusterConfig &cluster, const ClientOptions &options);
    ~KafkaClient();
    KafkaClient(const KafkaClient &) = delete;
    KafkaClient &operator=(const KafkaClient &) = delete;

    const QString &clusterName() const;

    // Metadata, with DescribeCluster (racks, controller, cluster id) asked at the same time.
    Result<ClusterMetadata> metadata(Deadline deadline);
    // The KRaft controller quorum (DescribeQuorum through a broker, which forwards it to the
    // active controller). Fails on ZooKeeper clusters, Kafka < 3.3, and without patch 0012.
    Result<QuorumInfo> describeQuorum(Deadline deadline);
    Result<std::vector<GroupListing>> listGroups(Deadline deadline);
    // Metadata, the group list and the quorum at once. The group list is what the brokers answered by
    // listDeadline (at most `deadline`): a broker that is down costs only its own groups.
    ClusterOverview metadataAndGroups(Deadline deadline, Deadline listDeadline);
    Result<std::vector<GroupDescription>> describeGroups(const QStringList &groups, Deadline deadline);
    // Committed offsets of each group: one OffsetFetch per coordinator with the patched
    // librdkafka, else one per group, concurrently. Fails as a whole when any group's
    // offsets could not be read (for writers, which need them all).
    Result<std::map<QString, CommittedOffsets>> committedOffsets(const QStringList &groups, Deadline deadline);
    // The same, but one group's error is that group's (GroupOffsetsResult::errors): a
    // coordinator that is down costs only its own groups. Fails as a whole only when no
    // answer came at all.
    Result<GroupOffsetsResult> groupOffsets(const QStringList &groups, Deadline deadline);
    // describeGroups() and groupOffsets() of the same groups at once.
    GroupsRead readGroups(const QStringList &groups, Deadline deadline, LeaderEpochs epochs = LeaderEpochs::Skip);
    // Commits these offsets for the group (AlterConsumerGroupOffsets). The group must have
    // no active members. Returns the partitions the broker refused, with why; a failure of
    // the whole request is an error value.
    Result<std::map<TopicPartition, QString>> alterCommittedOffsets(const QString &group,
                                                                    const CommittedOffsets &offsets, Deadline deadline);
    // Deletes these groups (DeleteGroups): group → the broker's error name for each group it
    // refused (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND…), empty for each deleted. Only the delete
    // pipeline calls this (actions/DeleteExecutor.h).
    Result<std::map<QString, QString>> deleteGroups(const QStringList &groups, Deadline deadline);
    // Deletes the group's committed offsets of these partitions (OffsetDelete): the partitions
    // the broker refused, with its error name (GROUP_SUBSCRIBED_TO_TOPIC…); a group-level
    // error fails the whole call.
    Result<std::map<TopicPartition, QString>>
    deleteCommittedOffsets(const QString &group, const std::vector<TopicPartition> &partitions, Deadline deadline);
    // One batched ListOffsets call: librdkafka sends one request per partition leader.
    Result<LogOffsetsResult> logOffsets(const std::vector<TopicPartition> &partitions, OffsetSpec spec,
                                        Deadline deadline);

    // Earliest and latest at once.
    LogBounds logBounds(const std::vector<TopicPartition> &partitions, Deadline deadline);

    // ListOffsets by timestamp (one batched call): per partition the first offset whose
    // record timestamp is >= timestampMs, or -1 when the partition has no such record.
    Result<LogOffsetsResult> offsetsForTimes(const std::vector<TopicPartition> &partitions, qint64 timestampMs,
                                             Deadline deadline);

    // Group requests (describe, fetch or commit offsets) whose call gave up at its deadline
    // while their coordinator was unreachable are still carried out by librdkafka once a
    // coordinator answers: a commit may land late. Waits until every such request has ended,
    // up to the deadline; returns whether none is left. The destructor does not wait long
    // for them (see there).
    bool awaitUnansweredRequests(Deadline deadline);

    // Waits for statistics emitted after this call and returns the request counters.
    // Needs ClientOptions::statisticsIntervalMs > 0.
    Result<RequestCounts> requestCounts(Deadline deadline);

    // Connection state per broker id from the latest statistics ("UP", "DOWN", "CONNECT"…);
    // empty until statistics have been emitted. Does not wait.
    std::map<int, QString> brokerConnectionStates();

    static QString librdkafkaVersion();
    // Lagscope's patches in the librdkafka built in (packaging/librdkafka), by name; empty for
    // a system librdkafka, which then takes one request per group where they batch.
    static QStringList librdkafkaPatches();
    // Whether committed offsets of many groups go in one call (one OffsetFetch v8+ request
    // per coordinator: the patched librdkafka) rather than one call a group.
    static bool batchedGroupOffsets();
    // Whether descriptions of many groups go per coordinator (one ConsumerGroupDescribe and,
    // for classic groups, one DescribeGroups request each) rather than per group.
    static bool batchedGroupDescribe();
    // Whether descriptions carry KIP-848 group, target assignment and member epochs and the
    // members' protocol (librdkafka patch 0009); without it they are always absent.
    static bool groupEpochs();
    // Whether describeQuorum() can ask (librdkafka patch 0012); without it, it always fails.
    static bool metadataQuorum();
    // Whether metadata() asks for the fenced brokers too (librdkafka patch 0011; the brokers
    // must be Kafka 4.0 or later, else ClusterMetadata::fencingKnown stays false).
    static bool fencedBrokers();

    // "Authentication failed: <reason>" when `error` (a failure of this class) says that
    // SASL or TLS refused the connection; empty otherwise. The reason names what failed
    // (invalid credentials, certificate verify failed, hostname mismatch…), never a secret.
    static QString authenticationFailure(const QString &error);

    struct Impl; // defined in KafkaClientImpl.h; public so librdkafka callbacks can reach it

private:
    explicit KafkaClient(std::unique_ptr<Impl> impl);
    // metadata(), calling `answered` as soon as a broker has answered the Metadata request
    // (Impl::answeringBroker is then a broker that answers), before its DescribeCluster.
    Result<ClusterMetadata> metadata(Deadline deadline, const std::function<void()> &answered);
    std::unique_ptr<Impl> d;
};

} // namespace lagscope
