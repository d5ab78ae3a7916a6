#pragma once
// The record reads of a failover gather (FailoverGather.cpp): the flow's offset syncs, and
// exact matching of one partition's committed record on the other cluster. Internal to
// core/actions.
//
// Thread: blocking, on the gathering thread; the readers are used by one thread at a time.
// Ownership: the caller owns the readers.

#include "actions/FailoverPlan.h"
#include "kafka/PartitionReader.h"
#include "util/Deadline.h"
#include "util/Result.h"

#include <QString>

#include <map>
#include <vector>

namespace lagscope::failover {

using OffsetSyncs = std::map<TopicPartition, std::vector<OffsetPair>>;

// Every offset sync of the flow, per upstream partition, in log order.
Result<OffsetSyncs> readSyncs(PartitionReader &reader, const QString &topic, Deadline deadline);

// Exact matching for one partition: the source window around C, then the target from just
// before the conservative estimate of its first record, in batches until the replica is
// found and every place it can be (up to the matcher's bound) was read.
ReplicaMatch matchPartition(PartitionReader &fromReader, PartitionReader &toReader, const PartitionInputs &p,
                            qint64 maxScan, Deadline deadline);

} // namespace lagscope::failover
