#include "report/ReportHistoryExtras.h"

namespace lagscope::reportextras {

namespace {

qint64 msOrUnknown(const QDateTime &t)
{
    return t.isValid() ? t.toMSecsSinceEpoch() : -1;
}

} // namespace

bool fillRebalances(const HistoryStore &store, const ReportRequest &request, GroupReport &g, QString *error)
{
    const auto list = store.rebalances(g.cluster, request.from, request.to, g.group);
    if (!list) {
        *error = list.errorMessage();
        return false;
    }
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
    return true;
}

} // namespace lagscope::reportextras
