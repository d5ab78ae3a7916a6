#pragma once
// The offset-reset planner: pure functions from gathered cluster state to a ResetPlan that
// holds the same new offsets `kafka-consumer-groups.sh --reset-offsets` would compute
// (docs/RESET-SEMANTICS.md, Specs), and the warnings it would print, in its wording.
//
// Gathering happens in two rounds around these functions:
//   1. metadata of resetTopicsToDescribe() and the group's committed offsets;
//   2. resetFetchList(): log start and log end offsets of its partitions and, for time
//      specs, ListOffsets by its timestamp;
// then planReset(). No I/O and no clock here; usable from any thread.
//
// Decisions beyond the tool (see the notes at each function):
// - ByDuration is planned exactly like ToDatetime; the caller turns now - D into the
//   timestamp with resetTimestampForDuration() and passes it in ResetSpec::value.
// - All topics together with a list of topics is an error (the tool lets --all-topics win).
// - FromFile resets the partitions of the file, as the tool does: a scope, if given, is
//   only checked (its partitions must exist), not used to filter the file.
// - CopyFromGroup: the scope selects the partitions; "all topics" means every partition the
//   SOURCE group has a commit for. Partitions the source has no commit for are skipped
//   with a plan warning. Offsets are clamped.
// - Manual: the edited partitions are the plan; the scope is ignored. Offsets are clamped.
// - Any missing gathered value the computation needs (a log offset, a timestamp answer) is
//   an error rather than a guess.

#include "actions/ResetPlan.h"
#include "model/ClusterMetadata.h"
#include "util/Result.h"

#include <QString>

#include <optional>
#include <vector>

namespace lagscope {

// The tool's warning and error texts, exposed for tests and for the CLI.
QString resetHigherThanLatestWarning(const TopicPartition &tp, qint64 requested, qint64 logEnd);
QString resetLowerThanEarliestWarning(const TopicPartition &tp, qint64 requested, qint64 logStart);
QString resetEmptyPartitionWarning(const TopicPartition &tp);

// Fills inputs.topicPartitions and inputs.withoutLeader from a metadata answer. Topics
// reported with an error (e.g. unknown) are left out, so the planner calls them missing.
void addResetTopology(ResetInputs &inputs, const ClusterMetadata &metadata);

// now - duration, saturating at the qint64 range: the lookup timestamp of --by-duration.
qint64 resetTimestampForDuration(qint64 nowMs, qint64 durationMs);

// Topics whose metadata (partitions, leaders) the planner needs: the scope's topics, the
// topics of the committed offsets for all-topics, and the topics of file/copy/manual
// offsets. Sorted, without duplicates.
std::vector<QString> resetTopicsToDescribe(const ResetSpec &spec, const ResetScope &scope,
                                           const CommittedOffsets &committed);

// The partitions the reset will write, sorted. Needs inputs.committed,
// inputs.topicPartitions and inputs.withoutLeader; fails like the tool on an unknown topic,
// a partition that does not exist or has no leader, a missing scope.
Result<std::vector<TopicPartition>> selectResetPartitions(const ResetSpec &spec, const ResetScope &scope,
                                                          const ResetInputs &inputs);

// What the second gathering round must fetch.
struct ResetFetchList {
    std::vector<TopicPartition> partitions; // log start and log end offsets of these
    std::optional<qint64> timestamp;        // and ListOffsets(timestamp) of these, if set
};
Result<ResetFetchList> resetFetchList(const ResetSpec &spec, const ResetScope &scope, const ResetInputs &inputs);

// The plan: one PlannedPartition per selected partition, sorted, with the new offset, the
// committed offset it replaces and the tool's warnings.
Result<ResetPlan> planReset(const ResetSpec &spec, const ResetScope &scope, const ResetInputs &inputs);

} // namespace lagscope
