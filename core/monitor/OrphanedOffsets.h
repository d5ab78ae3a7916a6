#pragma once
// Orphaned offsets: committed offsets of a group that nobody will read (docs/LAG-STATUS.md,
// "Orphaned offsets"). A committed partition is orphaned when
//   - TopicDeleted: its topic is not in the cluster's metadata, or the topic has partitions
//     and this is not one of them (deleted, or recreated with fewer partitions); or
//   - Unassigned: the group is Stable with at least one member that has an assignment, and
//     no member is assigned any partition of the topic (the group moved on to other topics).
// A rebalancing group, or one whose members' assignments Lagscope cannot decode (none has
// any), is not judged by the second rule: an empty assignment there says nothing.
//
// Thread: any. Pure: no I/O, no clock. Ownership: free functions.

#include "model/ClusterSnapshot.h"

#include <QStringList>

#include <vector>

namespace lagscope {

// Sets PartitionLag::orphan on every partition of `group`. topics: the snapshot's, sorted by name.
void classifyOrphans(GroupState &group, const std::vector<TopicState> &topics);

// "the topic no longer exists", … for a person.
QString orphanReasonText(OrphanReason reason);
// "deleted", "unassigned": protocol names (JSON, tests).
QString orphanReasonName(OrphanReason reason);

int orphanedCount(const GroupState &group);
// The topics with an orphaned partition, sorted, without repeats.
QStringList orphanedTopics(const GroupState &group);

// `ignore_orphaned_offsets: true`: the group's totals, lag time, time to drain and status as
// if its orphaned partitions were not there, so that neither the views nor the lag alerts
// count an old subscription's standing offsets against a group that consumes well. The
// partitions keep their own verdicts. The status is the worst remaining partition's; a WARN
// that came from the growth of the group's total lag (no partition is as bad) is kept, since
// the total's window cannot be judged again here. Groups without orphaned partitions are
// left exactly as they are.
void excludeOrphans(GroupState &group);

} // namespace lagscope
