#pragma once
// The jobs of the guided offset reset (views/actions/ResetOffsetsDialog): each connects to
// the cluster on its own thread (a KafkaClient with the job's cancel flag, so cancelling or
// deleting the job cuts its calls short) and runs one step of core/actions:
//   makeResetInputsJob(): the group's committed offsets and log ends (the dialog's scope);
//   makeResetPlanJob():   gather and plan (ResetPlanner.h), with the group's inactivity check;
//   makeResetApplyJob():  applyReset() (backup, commit per topic, verify, audit), one
//                         progress per committed topic;
//   makeResetUndoJob():   undoFromBackup() (ResetUndo.h) through the same executor.
//
// Thread: create and start on the GUI thread (see Job.h); the work runs on the job's thread.
// Ownership: the returned job is owned by `parent`, not started.

#include "actions/ResetExecutor.h"
#include "actions/ResetUndo.h"
#include "config/Config.h"
#include "jobs/Job.h"

#include <optional>

namespace lagscope {

// What the preview shows: the plan, the spec it was made from (a copy from a group holds
// that group's offsets by then) and the group's inactivity check at that moment.
struct ResetPreview {
    ResetSpec spec;
    ResetPlan plan;
    std::optional<QString> inactiveRefusal; // the executor checks again when applying
};

// The scope's read: `connected` is false when no client could be made (the error then is
// the configuration's, which the dialog shows as it is).
struct ResetGroupRead {
    bool connected = false;
    Result<ResetGathered> gathered = Error{};
};

using ResetInputsJob = ResultJob<ResetGroupRead>;
using ResetPlanJob = ResultJob<Result<ResetPreview>>;
using ResetApplyJob = ResultJob<Result<ResetOutcome>>;
using ResetUndoJob = ResultJob<Result<UndoOutcome>>;

// Every topic with a committed offset of `group`, with its partitions' log ends.
ResetInputsJob *makeResetInputsJob(const ClusterConfig &cluster, const QString &group, int timeoutMs, QObject *parent);

// Plans `spec` over `scope`. A ByDuration spec holds the timestamp already (the caller
// computes now − D when the user asks, resetTimestampForDuration()).
ResetPlanJob *makeResetPlanJob(const ClusterConfig &cluster, const QString &group, const ResetSpec &spec,
                               const ResetScope &scope, int timeoutMs, QObject *parent);

// Applies `plan`. Job::progress after each topic's commit: the topic, topics committed so
// far, how many there are; then options.afterBatch, if set, is called on the job's thread.
ResetApplyJob *makeResetApplyJob(const ClusterConfig &cluster, const ResetPlan &plan, ResetApplyOptions options,
                                 int timeoutMs, QObject *parent);

// Restores the offsets of `backupPath` (a file written by applyReset()).
ResetUndoJob *makeResetUndoJob(const ClusterConfig &cluster, const QString &backupPath,
                               const ResetApplyOptions &options, int timeoutMs, QObject *parent);

} // namespace lagscope
