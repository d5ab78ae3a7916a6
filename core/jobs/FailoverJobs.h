#pragma once
// The jobs of the failover wizard that return one value (FailoverApplyJob and
// FailoverWaitJob report per step and have their own files):
//   makeFailoverGatherJob(): gatherFailover() over both clusters and the failover cache,
//                            progress per step ("group: step", done of total);
//   makeFailoverUndoJob():   undoFromBackup() of every applied group's backup on the target.
// The job's cancel flag goes to the gather and to the undo's client, so cancelling or
// deleting the job cuts their calls short.
//
// Thread: create and start on the GUI thread (see Job.h); the work runs on the job's thread.
// Ownership: the returned job is owned by `parent`, not started.

#include "actions/FailoverGather.h"
#include "actions/ResetUndo.h"
#include "jobs/Job.h"

#include <utility>
#include <vector>

namespace lagscope {

using FailoverGatherJob = ResultJob<Result<failover::FailoverGathered>>;

FailoverGatherJob *makeFailoverGatherJob(const failover::FailoverRequest &request, QObject *parent);

// One backup to restore: the caller's index for it (its group) and the file.
struct FailoverUndoItem {
    int index = 0;
    QString backupPath;
};
// Per item, in order: the undo's outcome or why it could not run.
using FailoverUndoResults = std::vector<std::pair<int, Result<UndoOutcome>>>;
using FailoverUndoJob = ResultJob<FailoverUndoResults>;

// `options` is used for every backup, with its own "--undo FILE" and deadline.
FailoverUndoJob *makeFailoverUndoJob(const ClusterConfig &to, std::vector<FailoverUndoItem> items,
                                     const ResetApplyOptions &options, int requestTimeoutMs, int deadlineMs,
                                     QObject *parent);

} // namespace lagscope
