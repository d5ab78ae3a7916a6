#pragma once
// Consumer groups as Kafka reports them: listings, descriptions and committed offsets.

#include "model/TopicPartition.h"

#include <QString>

#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace lagscope {

struct GroupListing {
    QString groupId;
    QString state;       // Stable, Empty, PreparingRebalance, CompletingRebalance, Dead, Unknown…
    QString type;        // Classic, Consumer (KIP-848) or Unknown
    bool simple = false; // a "simple" group: offsets only, never had a protocol
};

struct GroupMember {
    QString memberId;
    QString clientId;
    QString host;
    std::vector<TopicPartition> assignment;
    QString groupInstanceId; // static membership (group.instance.id); empty when dynamic
    // KIP-848 (consumer-protocol groups) only; absent for classic groups, and always absent
    // when the librdkafka build lacks Lagscope's epochs patch (KafkaClient::groupEpochs()).
    std::optional<int> memberEpoch;
    std::vector<TopicPartition> targetAssignment; // what the coordinator wants it to own
    // Whether the member speaks the consumer protocol (true) or is a classic member of a
    // consumer group (false); absent before ConsumerGroupDescribe v1 (Kafka 4.0).
    std::optional<bool> upgraded;
};

// A member with only what every protocol reports (the rebalance state file keeps no more).
inline GroupMember groupMember(QString memberId, QString clientId, QString host,
                               std::vector<TopicPartition> assignment = {})
{
    GroupMember m;
    m.memberId = std::move(memberId);
    m.clientId = std::move(clientId);
    m.host = std::move(host);
    m.assignment = std::move(assignment);
    return m;
}

struct GroupDescription {
    QString groupId;
    QString state;
    QString type;
    QString partitionAssignor;
    int coordinatorId = -1;
    std::vector<GroupMember> members;
    QString error;           // non-empty when the group could not be described
    QString coordinatorHost; // with coordinatorPort, where the coordinator listens; empty when unknown
    int coordinatorPort = 0;
    std::optional<int> groupEpoch; // KIP-848 groups only, as GroupMember::memberEpoch
    std::optional<int> targetAssignmentEpoch;
};

// Committed offsets of one group; partitions without a commit are absent.
using CommittedOffsets = std::map<TopicPartition, std::int64_t>;

// The leader epoch stored with each committed offset; partitions committed without one
// (as librdkafka's explicit commits and old clients do) are absent.
using CommittedLeaderEpochs = std::map<TopicPartition, std::int32_t>;

// Earliest or latest offsets per partition.
using LogOffsets = std::map<TopicPartition, std::int64_t>;

} // namespace lagscope
