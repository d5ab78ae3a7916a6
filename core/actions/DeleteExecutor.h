#pragma once
// Deleting a group, or some of a group's committed offsets (`lagscopectl delete` and
// `delete-offsets`, the Delete actions of the groups table and the group page): the write
// pipeline of offset resets (ResetExecutor.h) with the same guarantees —
//   planDelete():    the group's state, the partitions whose offsets would go, and what
//                    the coordinator is expected to answer for each;
//   deleteRefusal(): the group-level refusal Kafka would answer, before anything is sent
//                    (a group with members cannot be deleted; a group that does not exist
//                    has nothing to delete);
//   applyDelete():   refuses on a read-only cluster or a group that became active, writes a
//                    backup of the offsets that go (the file a reset writes, so `undo`
//                    commits them back), sends DeleteGroups or OffsetDelete, reads the offsets
//                    back and appends an audit record ("action": "delete" / "delete-offsets").
//
// As in kafka-consumer-groups.sh, `delete-offsets` is per partition: the coordinator refuses
// the partitions of a topic the group is subscribed to and deletes the others. Unlike the
// tool, which deletes at once (even with --dry-run), callers preview first: the CLI deletes
// only with --execute, the GUI after a typed confirmation.
//
// Thread: blocking calls on the KafkaClient's thread (the CLI's main thread, or a worker).

#include "actions/ResetExecutor.h"

namespace lagscope {

struct DeleteRequest {
    QString group;
    // `delete`: the group and every committed offset it has. Otherwise `delete-offsets`
    // of `topics` (a topic alone means all its partitions, as in the tool).
    bool wholeGroup = false;
    std::vector<std::pair<QString, std::vector<int>>> topics;
};

struct DeletePlan {
    DeleteRequest request;
    GroupDescription description; // state "Dead" when the group does not exist
    bool exists = false;          // described as not Dead, or holding commits
    // The partitions sent: for `delete` every committed one; for `delete-offsets` each
    // requested partition, committed or not, and every partition of a topic given alone.
    std::vector<TopicPartition> partitions;
    CommittedOffsets committed; // the committed offsets among `partitions` (the backup)
    // Topics given alone that do not exist: the tool shows them with partition "-" and an
    // UnknownTopicOrPartitionException, and sends nothing for them.
    QStringList missingTopics;
    // The error the coordinator is expected to answer per partition (librdkafka's error
    // names: UNKNOWN_TOPIC_OR_PART, GROUP_SUBSCRIBED_TO_TOPIC); absent where it deletes.
    std::map<TopicPartition, QString> expectedErrors;
};

Result<DeletePlan> planDelete(KafkaClient &client, const DeleteRequest &request, Deadline deadline);

// The group-level error Kafka would answer (NON_EMPTY_GROUP, GROUP_ID_NOT_FOUND), empty
// when it would go on.
std::optional<QString> deleteRefusal(const DeletePlan &plan);

// The group's state as the previews show it: "Dead" for a group that does not exist.
QString deletePlanState(const DeletePlan &plan);

// An outcome's partitions by partition (pointers into `outcome`), for the views that show
// the plan's rows with what happened to each.
std::map<TopicPartition, const PartitionOutcome *> outcomesByPartition(const ResetOutcome &outcome);

// The Java exception kafka-consumer-groups.sh prints for a broker error, e.g.
// "org.apache.kafka.common.errors.GroupNotEmptyException: The group is not empty." for
// NON_EMPTY_GROUP; other errors as librdkafka names them.
QString kafkaExceptionText(const QString &errorName);

// The audit's action and spec of a request: "delete" / "--delete", or "delete-offsets" /
// "--delete-offsets --topic t:0,1".
QString deleteAction(const DeleteRequest &request);
QString deleteSpecText(const DeleteRequest &request);

// As applyReset(): a failure value means nothing was deleted. A refusal (read-only cluster,
// deleteRefusal()) is in `refusal` in Kafka's words; otherwise the outcome says per partition
// what happened (Applied: no committed offset is left; Refused: the coordinator's error, in
// kafkaExceptionText() words). options.specText / scopeText are ignored (deleteSpecText() is
// recorded).
Result<ResetOutcome> applyDelete(KafkaClient &client, const DeletePlan &plan, const ResetApplyOptions &options);

} // namespace lagscope
