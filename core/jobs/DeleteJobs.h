#pragma once
// The jobs of the Delete dialog (views/actions/DeleteGroupDialog): each connects to the
// cluster on its own thread (a KafkaClient with the job's cancel flag) and runs one step of
// actions/DeleteExecutor.h:
//   makeDeletePlanJob():  planDelete(), for the preview (and, for a whole group, the list of
//                         topics the group has offsets of);
//   makeDeleteApplyJob(): applyDelete() (re-plan, refusals, backup, delete, read back, audit).
// Undo restores the backup with makeResetUndoJob() (ResetJobs.h).
//
// Thread: create and start on the GUI thread (see Job.h); the work runs on the job's thread.
// Ownership: the returned job is owned by `parent`, not started.

#include "actions/DeleteExecutor.h"
#include "config/Config.h"
#include "jobs/Job.h"

namespace lagscope {

using DeletePlanJob = ResultJob<Result<DeletePlan>>;
using DeleteApplyJob = ResultJob<Result<ResetOutcome>>;

DeletePlanJob *makeDeletePlanJob(const ClusterConfig &cluster, const DeleteRequest &request, int timeoutMs,
                                 QObject *parent);

DeleteApplyJob *makeDeleteApplyJob(const ClusterConfig &cluster, const DeletePlan &plan,
                                   const ResetApplyOptions &options, int timeoutMs, QObject *parent);

} // namespace lagscope
