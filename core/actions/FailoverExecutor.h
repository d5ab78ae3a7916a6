#pragma once
// Applying a failover plan on the to-cluster, through the offset-reset executor's pipeline
// (ResetExecutor.h): refusal on a read-only cluster or an active target group, a backup of
// the target group's committed offsets, the commit, read-back verification and an audit
// record. Undo restores the backup (`lagscopectl undo --cluster <to> --backup FILE`).
//
// Before that pipeline it refuses, and audits the refusal, a plan with untranslated
// partitions or with partitions that skip records unless the caller accepts skips.
//
// Thread: blocking, on the calling thread (a worker in the GUI).

#include "actions/FailoverPlan.h"
#include "actions/ResetExecutor.h"
#include "config/Config.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace lagscope::failover {

struct FailoverApplyOptions {
    QString dataDir; // backups/ and audit.jsonl (appDataDir(), util/AppPaths.h)
    bool acceptSkips = false;
    QString commandText; // how the user asked, for the audit record
    int requestTimeoutMs = 10000;
    Deadline deadline = Deadline::inMs(60000);
    // Passed on as ResetApplyOptions::afterBatch: after each topic's commit was answered,
    // before the next one is sent (progress; the safety drill tst_failoverbrokerkill kills
    // the target broker from it).
    std::function<void(const QString &topic, int committed, int total)> afterBatch;
};

struct FailoverOutcome {
    std::optional<QString> refusal; // nothing was written
    ResetOutcome reset;             // backup path, per-partition results, audit path
    QStringList nextSteps;
};

// The plan as an offset reset of the target group (pure).
ResetPlan failoverResetPlan(const FailoverPlan &plan);
// What the operator does next, in words (pure). After an outcome other than Applied the
// first step says what was and was not done (failoverOutcomeSummary), and no step tells to
// start the consumers on the target.
QStringList failoverNextSteps(const FailoverPlan &plan, const ResetOutcome &outcome);
// The topics of an outcome by what is known of them, in words (pure), e.g.
// "acknowledged but not verified: a; no answer, may or may not have landed: b; not applied: c".
QString failoverOutcomeSummary(const ResetOutcome &outcome);

Result<FailoverOutcome> applyFailover(const ClusterConfig &to, const FailoverPlan &plan,
                                      const FailoverApplyOptions &options);

} // namespace lagscope::failover
