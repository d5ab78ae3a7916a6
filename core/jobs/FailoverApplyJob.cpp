#include "jobs/FailoverApplyJob.h"

namespace lagscope {

using namespace failover;

FailoverApplyJob::FailoverApplyJob(const ClusterConfig &to, std::vector<FailoverPlan> plans,
                                   const FailoverApplyOptions &options, int groupDeadlineMs, QObject *parent)
    : Job(
        QStringLiteral("failover-apply"),
        [this, to, plans, options, groupDeadlineMs](const JobContext &context) -> std::function<void()> {
            // `this` is used only in what is posted, which runs while the job exists.
            for (size_t i = 0; i < plans.size(); ++i) {
                if (context.cancelled())
                    break; // stop between groups, never inside one
                const int index = int(i);
                context.post([this, index] { Q_EMIT groupStarted(index); });
                FailoverApplyOptions one = options;
                one.deadline = Deadline::inMs(groupDeadlineMs);
                Result<FailoverOutcome> outcome = applyFailover(to, plans[i], one);
                context.post([this, index, outcome = std::move(outcome)] {
                    m_outcomes[size_t(index)] = outcome;
                    Q_EMIT groupFinished(index);
                });
            }
            return {};
        },
        parent),
      m_outcomes(plans.size())
{
}

} // namespace lagscope
