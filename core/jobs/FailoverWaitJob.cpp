#include "jobs/FailoverWaitJob.h"

#include "actions/FailoverPlanner.h"

#include <QElapsedTimer>
#include <QThread>

namespace lagscope {

using namespace failover;

namespace {

constexpr qint64 kMaxReplicationWaitMs = 15 * 60 * 1000;
constexpr int kWaitPollMs = 1000;

} // namespace

qint64 FailoverWaitJob::notReplicated(const std::vector<FailoverGroupInputs> &groups, const QStringList &included)
{
    // From a plan that needs no record matching (like the CLI).
    qint64 sum = 0;
    for (const auto &g : groups) {
        if (!included.contains(g.group))
            continue;
        for (const auto &p : planFailover(g, {Mode::OffsetSync, Fallback::Earliest}).partitions)
            sum += std::max<qint64>(0, p.notReplicated);
    }
    return sum;
}

FailoverWaitJob::FailoverWaitJob(const FailoverRequest &request, qint64 initial, QObject *parent)
    : FailoverWaitJob(request, initial, std::make_shared<std::atomic_bool>(false), parent)
{
}

FailoverWaitJob::FailoverWaitJob(const FailoverRequest &request, qint64 initial, std::shared_ptr<std::atomic_bool> stop,
                                 QObject *parent)
    : ResultJob<QString>(
        QStringLiteral("failover-wait"),
        [this, request, initial, stop](const JobContext &context) -> QString {
            QElapsedTimer waited;
            waited.start();
            while (!context.cancelled() && !stop->load()) {
                auto g = gatherFailover(request, FailoverCallbacks{{}, context.cancelFlag()});
                if (!g)
                    return g.errorMessage();
                const qint64 left = notReplicated(g->groups, request.groups);
                if (!g->fromReachable || left == 0 || waited.elapsed() > kMaxReplicationWaitMs)
                    break;
                context.post([this, left, initial] { Q_EMIT behind(left, initial); });
                // MirrorMaker needs time to copy; the wait stays responsive to stop and cancel.
                for (int slept = 0; slept < kWaitPollMs && !context.cancelled() && !stop->load(); slept += 100)
                    QThread::msleep(100);
            }
            return {};
        },
        parent),
      m_stop(std::move(stop))
{
}

} // namespace lagscope
