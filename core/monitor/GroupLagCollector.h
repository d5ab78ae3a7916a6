#pragma once
// Gathers everything needed to describe consumer groups' lag, in as few round trips as the
// protocol allows: list, one DescribeGroups batch, concurrent OffsetFetch, one batched
// ListOffsets. Runs on the caller's thread (a poller thread or the CLI).

#include "kafka/KafkaClient.h"
#include "monitor/DescribeRows.h"

namespace lagscope {

struct GroupLag {
    GroupDescription description;
    CommittedOffsets committed;
    CommittedLeaderEpochs leaderEpochs; // of the commits that carry one
    std::vector<DescribeRow> rows;
    bool exists = true; // false: Kafka knows no such group (the tool's "does not exist")
};

struct GroupLagResult {
    std::vector<GroupLag> groups;
    LogOffsets logEnd;
    std::map<TopicPartition, QString> offsetErrors; // partitions whose log end is unknown
};

// groups empty → every group of the cluster.
Result<GroupLagResult> collectGroupLag(KafkaClient &client, const QStringList &groups, Deadline deadline);

} // namespace lagscope
