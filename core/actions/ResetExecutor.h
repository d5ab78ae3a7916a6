#pragma once
// The I/O steps of an offset reset around the pure planner (ResetPlanner.h):
// gather → plan → preview → confirm → apply → verify → audit.
//   gatherResetInputs(): group state and everything planReset() needs, from the cluster;
//   checkInactive():     the tool's precondition (the group has no active members);
//   applyReset():        refuses on a read-only cluster or a group that became active,
//                        writes a backup of the committed offsets, commits the plan,
//                        reads the offsets back and appends an audit record.
//
// Thread: blocking calls on the KafkaClient's thread (the CLI's main thread, or a worker).

#include "actions/ResetPlan.h"
#include "actions/ResetRecords.h"
#include "kafka/KafkaClient.h"
#include "util/Deadline.h"
#include "util/Result.h"

#include <QString>

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
    QString dataDir; // backups/ and audit.jsonl go here (QStandardPaths::AppDataLocation)
    QString specText;  // for the audit record, e.g. "--to-offset 5"
    QString scopeText; // e.g. "--all-topics"
    Deadline deadline = Deadline::inMs(30000);
};

struct ResetOutcome {
    // Set when nothing was written because the reset was refused (read-only cluster, active
    // group); the CLI exits with 3.
    std::optional<QString> refusal;
    QString backupPath;
    QString auditPath;
    std::vector<PartitionOutcome> partitions;
    QString result; // as in the audit record
};

// A failure value means the reset could not be carried out or its outcome is unknown
// (e.g. the commit request got no answer); it is audited when possible, like refusals.
Result<ResetOutcome> applyReset(KafkaClient &client, const ResetPlan &plan, const ResetApplyOptions &options);

// Appends one line to an audit file and fsyncs it (shared with the failover executor).
Status appendAuditLine(const QString &path, const QByteArray &line);

} // namespace lagscope
