#include "jobs/DeleteJobs.h"

#include "kafka/KafkaClient.h"

namespace lagscope {

namespace {

const QString kDeleteThreadName = QStringLiteral("delete-job");

} // namespace

DeletePlanJob *makeDeletePlanJob(const ClusterConfig &cluster, const DeleteRequest &request, int timeoutMs,
                                 QObject *parent)
{
    return new DeletePlanJob(
        kDeleteThreadName,
        [cluster, request, timeoutMs](const JobContext &context) -> Result<DeletePlan> {
            auto client = KafkaClient::create(cluster, ClientOptions{timeoutMs, 0, context.cancelFlag()});
            if (!client)
                return client.error();
            return planDelete(**client, request, Deadline::inMs(timeoutMs));
        },
        parent);
}

DeleteApplyJob *makeDeleteApplyJob(const ClusterConfig &cluster, const DeletePlan &plan,
                                   const ResetApplyOptions &options, int timeoutMs, QObject *parent)
{
    return new DeleteApplyJob(
        kDeleteThreadName,
        [cluster, plan, options, timeoutMs](const JobContext &context) -> Result<ResetOutcome> {
            auto client = KafkaClient::create(cluster, ClientOptions{timeoutMs, 0, context.cancelFlag()});
            if (!client)
                return client.error();
            return applyDelete(**client, plan, options); // refuses read-only and active itself
        },
        parent);
}

} // namespace lagscope
