#pragma once
// The I/O steps of an offset reset around the pure planner (ResetPlanner.h):
// gather → plan → preview → confirm → apply → verify → audit.
//   gatherResetInputs(): group state and everything planReset() needs, from the cluster;
//   checkInactive():     the tool's precondition (the group has no active members);
//   applyReset():        refuses on a read-only cluster or a group that became active,
//                        writes a backup of the committed offsets, commits the plan one
//                        topic at a time, reads the offsets back and appends an audit record.
//
// Why one AlterConsumerGroupOffsets per topic: each request is all-or-nothing at the group
// coordinator, so a topic is never left with some partitions moved and others not (the
// unit an operator reasons about, and what the lag view shows), and a failure part-way
// (the coordinator dies) leaves whole topics done, unknown (the one in flight) or untouched,
// which the outcome reports partition by partition. The group is inactive (checked just
// before), and the coordinator refuses a commit for a group that has become active meanwhile,
// so no consumer sees the topics in between.
//
// Thread: blocking calls on the KafkaClient's thread (the CLI's main thread, or a worker).

#include "actions/ResetPlan.h"
#include "actions/ResetRecords.h"
#include "kafka/KafkaClient.h"
#include "util/Deadline.h"
#include "util/Result.h"

#include <QString>

#include <functional>
#include <optional>

namespace lagscope {

struct ResetGathered {
    GroupDescription description; // state "Dead" (no members) when the group does not exist
    ResetInputs inputs;
};

Result<ResetGathered> gatherResetInputs(KafkaClient &client, const QString &group, const ResetSpec &spec,
                                        const ResetScope &scope, Deadline deadline);

// Empty when the group may be reset (Empty, Dead or not found, and no members); otherwise
// the tool's refusal: "Error: Assignments can only be reset if the group 'g' is inactive,
// but the current state is Stable."
std::optional<QString> checkInactive(const GroupDescription &description);

struct ResetApplyOptions {
    QString cluster;
    bool readOnly = false;
    QString readOnlyReason; // ClusterConfig::readOnlyReason, for the refusal message
    QString dataDir;        // backups/ and audit.jsonl go here (appDataDir(), util/AppPaths.h)
    QString specText;       // for the audit record, e.g. "--to-offset 5"
    QString scopeText;      // e.g. "--all-topics"
    // The result recorded when every partition was applied and verified, and why: a failover
    // that left committed topics untranslated records AppliedWithUntranslated, not Applied.
    WriteResult appliedResult = WriteResult::Applied;
    QString appliedReason;
    Deadline deadline = Deadline::inMs(30000);
    // Called on the executor's thread after each topic's commit was answered without a
    // request error, before the next is sent: the topic, how many topics are committed so
    // far and how many there are. The reset dialog shows progress with it; the safety drill
    // (tests/integration/tst_resetbrokerkill) kills the group coordinator from it.
    std::function<void(const QString &topic, int committed, int total)> afterBatch;
};

// The options of a write to `cluster` that every caller sets alike: its name and read-only
// switch, backups and the audit log under `dataDir`, the deadline.
ResetApplyOptions writeOptionsFor(const ClusterConfig &cluster, const QString &dataDir, Deadline deadline);

struct ResetOutcome {
    // Set when nothing was written because the reset was refused (read-only cluster, active
    // group); the CLI exits with 3.
    std::optional<QString> refusal;
    QString backupPath;
    QString auditPath;
    std::vector<PartitionOutcome> partitions;
    WriteResult result = WriteResult::Failed; // as in the audit record
    // Set when the write happened but its audit record could not be appended (the disk is
    // full…): the outcome still says what was written; callers warn and exit 1.
    QString auditError;
};

// A failure value means nothing was committed: the reset could not start (the group could
// not be described, no backup could be written…); it is audited when possible, like
// refusals. Once a commit was sent the outcome says per partition what is known: a commit
// without an answer or a failed read-back gives Unknown, never a guess (and a failed audit
// append is ResetOutcome::auditError, not a failure value).
Result<ResetOutcome> applyReset(KafkaClient &client, const ResetPlan &plan, const ResetApplyOptions &options);

// The steps every offset write shares (the delete pipeline, DeleteExecutor.h, too):
// the group's description, with a group that does not exist described as "Dead";
Result<GroupDescription> describeGroupForWrite(KafkaClient &client, const QString &group, Deadline deadline);
// the backup file, fsync'd before it is renamed into place (no backup, no change);
Status writeResetBackup(const QString &path, const ResetBackup &backup);
// where it goes: <dataDir>/backups/resetBackupFileName(), with "-2", "-3"… before ".json"
// when a backup of the same second exists. Reserves the name (creates the file empty).
QString resetBackupPath(const QString &dataDir, const QString &cluster, const QString &group, const QDateTime &time);

// The audit entry every write attempt starts from (shared with the failover executor): the
// time now (UTC), the user and host of auditRecordBase(), and what is written where.
ResetAuditEntry startResetAudit(const QString &cluster, const QString &group, const QString &spec,
                                const QString &scope);

// One write's outcome and its audit record, kept together (the reset and delete executors):
// every way out of a write appends exactly one record that says what the outcome says.
struct AuditedWrite {
    ResetOutcome outcome;
    ResetAuditEntry audit;

    AuditedWrite(const ResetApplyOptions &options, const QString &group, const QString &spec, const QString &scope);
    // Sets the result and appends the record with the outcome's partitions and backup.
    Status finish(WriteResult result, const QString &reason);
    // Nothing was written: the refusal, in `outcome.refusal` and audited as refused.
    Result<ResetOutcome> refuse(const QString &why);
    // Nothing was written: the error, audited as failed (a failed audit write is not
    // reported over the error itself).
    Result<ResetOutcome> failBefore(const Error &error);
    // Nothing was written yet: refused unless the audit log has room for this change's record
    // (and its backup, about as large: `partitions` entries each). A change that could not
    // be audited is not made; the refusal says why and is audited if it still fits.
    std::optional<Result<ResetOutcome>> refuseUnlessRecordable(size_t partitions);
};

} // namespace lagscope
