#include "report/ReportHistoryExtras.h"

#include "report/ReportStatus.h"

namespace lagscope::reportextras {

namespace {

qint64 msOrUnknown(const QDateTime &t) { return t.isValid() ? t.toMSecsSinceEpoch() : -1; }

} // namespace

Status fillStatuses(const HistoryStore &store, const ReportRequest &request, const HistoryStore::TierSpans &tiers,
                    GroupReport &g)
{
    const auto history = store.groupStatusHistory(g.cluster, g.group, request.from, request.to);
    if (!history)
        return history.error();
    std::vector<reportstats::StatusSample> samples;
    samples.reserve(history->size());
    for (const HistoryStore::GroupStatusSample &s : *history)
        samples.push_back(
            {s.timeMs, tiers.spanOf(s.timeMs, store.policy()), s.status, s.maxLagSeconds, s.lagSecondsAtLeast});
    reportstats::StatusSummary sum = reportstats::summarizeStatuses(
        samples, request.from.toMSecsSinceEpoch(), request.to.toMSecsSinceEpoch(), request.slaLagSeconds);
    g.lagStatuses = std::move(sum.statuses);
    g.statusTimeline = std::move(sum.timeline);
    g.lagStatusNoDataMs = g.lagStatuses ? sum.statusNoDataMs : 0;
    g.lagSeconds = sum.lagSeconds;
    g.lagSecondsBounds = sum.bounds;
    g.lagSecondsAtLeast = sum.bounds.lowerBoundSamples > 0;
    g.breachSeconds = sum.breach;
    g.current.lagStatus = sum.lastStatus;
    g.current.lagSeconds = sum.lastLagSeconds;
    g.current.lagSecondsAtLeast = sum.lastLagSecondsAtLeast;
    return success();
}

Status fillRebalances(const HistoryStore &store, const ReportRequest &request, GroupReport &g)
{
    const auto list = store.rebalances(g.cluster, request.from, request.to, g.group);
    if (!list)
        return list.error();
    RebalanceSummary summary;
    for (const Rebalance &r : *list) {
        ReportRebalance out;
        out.startAfterMs = msOrUnknown(r.startAfter);
        out.startByMs = msOrUnknown(r.startBy);
        out.endAfterMs = msOrUnknown(r.endAfter);
        out.endByMs = msOrUnknown(r.endBy);
        out.minDurationMs = r.minDurationMs();
        out.maxDurationMs = r.maxDurationMs();
        out.trigger = triggerText(r.trigger);
        out.membersBefore = int(r.membersBefore.size());
        out.membersAfter = int(r.membersAfter.size());
        out.partitionsMoved = int(r.moves.size());
        summary.minTotalMs += out.minDurationMs;
        summary.maxTotalMs += out.maxDurationMs;
        summary.list.push_back(std::move(out));
    }
    summary.count = int(summary.list.size());
    g.rebalances = std::move(summary);
    return success();
}

} // namespace lagscope::reportextras
