#include "jobs/ResetJobs.h"

#include "actions/ResetPlanner.h"
#include "kafka/KafkaClient.h"

namespace lagscope {

namespace {

const QString kResetThreadName = QStringLiteral("reset-job");

Result<std::unique_ptr<KafkaClient>> connectFor(const ClusterConfig &cluster, int timeoutMs, const JobContext &context)
{
    return KafkaClient::create(cluster, ClientOptions{timeoutMs, 0, context.cancelFlag()});
}

} // namespace

ResetInputsJob *makeResetInputsJob(const ClusterConfig &cluster, const QString &group, int timeoutMs, QObject *parent)
{
    return new ResetInputsJob(
        kResetThreadName,
        [cluster, group, timeoutMs](const JobContext &context) -> ResetGroupRead {
            auto client = connectFor(cluster, timeoutMs, context);
            if (!client)
                return {false, client.error()};
            ResetSpec spec;
            spec.kind = ResetSpec::ToLatest;
            ResetScope scope;
            scope.allTopics = true;
            return {true, gatherResetInputs(**client, group, spec, scope, Deadline::inMs(timeoutMs))};
        },
        parent);
}

ResetPlanJob *makeResetPlanJob(const ClusterConfig &cluster, const QString &group, const ResetSpec &spec,
                               const ResetScope &scope, int timeoutMs, QObject *parent)
{
    return new ResetPlanJob(
        kResetThreadName,
        [cluster, group, spec, scope, timeoutMs](const JobContext &context) -> Result<ResetPreview> {
            auto client = connectFor(cluster, timeoutMs, context);
            if (!client)
                return client.error();
            const Deadline deadline = Deadline::inMs(timeoutMs);
            ResetPreview preview;
            preview.spec = spec;
            if (spec.kind == ResetSpec::CopyFromGroup) {
                auto source = (*client)->committedOffsets({spec.sourceGroup}, deadline);
                if (!source)
                    return source.error();
                for (const auto &[tp, offset] : (*source)[spec.sourceGroup])
                    preview.spec.fileOffsets[tp] = offset;
            }
            auto gathered = gatherResetInputs(**client, group, preview.spec, scope, deadline);
            if (!gathered)
                return gathered.error();
            preview.inactiveRefusal = checkInactive(gathered->description);
            auto plan = planReset(preview.spec, scope, gathered->inputs);
            if (!plan)
                return plan.error();
            preview.plan = std::move(*plan);
            return preview;
        },
        parent);
}

ResetApplyJob *makeResetApplyJob(const ClusterConfig &cluster, const ResetPlan &plan, ResetApplyOptions options,
                                 int timeoutMs, QObject *parent)
{
    return new ResetApplyJob(
        kResetThreadName,
        [cluster, plan, options = std::move(options), timeoutMs](const JobContext &context) -> Result<ResetOutcome> {
            auto client = connectFor(cluster, timeoutMs, context);
            if (!client)
                return client.error();
            ResetApplyOptions withProgress = options;
            withProgress.afterBatch = [context, next = options.afterBatch](const QString &topic, int committed,
                                                                           int total) {
                context.progress(topic, committed, total);
                if (next)
                    next(topic, committed, total);
            };
            return applyReset(**client, plan, withProgress);
        },
        parent);
}

ResetUndoJob *makeResetUndoJob(const ClusterConfig &cluster, const QString &backupPath,
                               const ResetApplyOptions &options, int timeoutMs, QObject *parent)
{
    return new ResetUndoJob(
        kResetThreadName,
        [cluster, backupPath, options, timeoutMs](const JobContext &context) -> Result<UndoOutcome> {
            auto client = connectFor(cluster, timeoutMs, context);
            if (!client)
                return client.error();
            return undoFromBackup(**client, backupPath, options); // refuses an active group itself
        },
        parent);
}

} // namespace lagscope
