#pragma once
// Applies failover plans on the target cluster, one group after the other
// (applyFailover(): backup, commit, verify, audit; FailoverExecutor.h), and reports each
// group as it starts and ends. Cancelling stops between groups, never inside one: a group
// whose commit has begun is finished and audited.
//
// Thread: create and start on the GUI thread (see Job.h); the signals arrive there.
// Ownership: owned by its parent (the failover session).

#include "actions/FailoverExecutor.h"
#include "jobs/Job.h"

#include <optional>
#include <vector>

namespace lagscope {

class FailoverApplyJob final : public Job {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverApplyJob)

public:
    // Each group gets `options` with its own deadline of `groupDeadlineMs`.
    FailoverApplyJob(const ClusterConfig &to, std::vector<failover::FailoverPlan> plans,
                     const failover::FailoverApplyOptions &options, int groupDeadlineMs, QObject *parent = nullptr);

    // Per plan, in the order given: set when groupFinished() is emitted for it; empty for a
    // group not applied (not reached yet, or cancelled before it).
    const std::vector<std::optional<Result<failover::FailoverOutcome>>> &outcomes() const { return m_outcomes; }

Q_SIGNALS:
    void groupStarted(int index);
    void groupFinished(int index);

private:
    std::vector<std::optional<Result<failover::FailoverOutcome>>> m_outcomes;
};

} // namespace lagscope
