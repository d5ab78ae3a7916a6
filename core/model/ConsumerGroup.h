#pragma once
// Consumer groups as Kafka reports them: listings, descriptions and committed offsets.

#include "model/TopicPartition.h"

#include <QString>

#include <cstdint>
#include <map>
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
};

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
};

// Committed offsets of one group; partitions without a commit are absent.
using CommittedOffsets = std::map<TopicPartition, std::int64_t>;

// Earliest or latest offsets per partition.
using LogOffsets = std::map<TopicPartition, std::int64_t>;

} // namespace lagscope
