#include "jobs/FailoverJobs.h"

#include "kafka/KafkaClient.h"

namespace lagscope {

using namespace failover;

FailoverGatherJob *makeFailoverGatherJob(const FailoverRequest &request, QObject *parent)
{
    return new FailoverGatherJob(
        QStringLiteral("failover-gather"),
        [request](const JobContext &context) -> Result<FailoverGathered> {
            FailoverCallbacks callbacks;
            callbacks.cancel = context.cancelFlag();
            callbacks.progress = [context](const QString &group, const QString &step, int done, int total) {
                context.progress(QStringLiteral("%1: %2").arg(group, step), done, total);
            };
            return gatherFailover(request, callbacks);
        },
        parent);
}

FailoverUndoJob *makeFailoverUndoJob(const ClusterConfig &to, std::vector<FailoverUndoItem> items,
                                     const ResetApplyOptions &options, int requestTimeoutMs, int deadlineMs,
                                     QObject *parent)
{
    return new FailoverUndoJob(
        QStringLiteral("failover-undo"),
        [to, items = std::move(items), options, requestTimeoutMs, deadlineMs](const JobContext &context) {
            FailoverUndoResults results;
            auto client = KafkaClient::create(to, ClientOptions{requestTimeoutMs, 0, context.cancelFlag()});
            for (const FailoverUndoItem &item : items) {
                ResetApplyOptions one = options;
                one.specText = QStringLiteral("--undo ") + item.backupPath;
                one.deadline = Deadline::inMs(deadlineMs);
                results.emplace_back(item.index, client ? undoFromBackup(**client, item.backupPath, one)
                                                        : Result<UndoOutcome>::failure(client.errorMessage()));
            }
            return results;
        },
        parent);
}

} // namespace lagscope
