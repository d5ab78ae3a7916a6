#pragma once
// The report sections that come from what lag monitoring records in the history: each group's lag
// status and lag in seconds per poll (HistoryStore::groupStatusHistory, summed up by
// ReportStatus.h) and its rebalances (HistoryStore::rebalances). Kept apart from
// ReportBuilder.cpp, which reads the lag series.
//
// Thread: the thread that owns the store.

#include "report/ReportModel.h"
#include "store/HistoryStore.h"

namespace lagscope::reportextras {

// Fills lagStatuses, statusTimeline, lagSeconds, its lower bounds, breachSeconds and the
// current status and seconds. Leaves them unset when the group's samples in the range carry
// none (written before verdicts were recorded). Fails when the store does.
Status fillStatuses(const HistoryStore &store, const ReportRequest &request, const HistoryStore::TierSpans &tiers,
                    GroupReport &g);

// Fills rebalances with those that ended in the range (an empty list: none). Fails when the
// store does.
Status fillRebalances(const HistoryStore &store, const ReportRequest &request, GroupReport &g);

} // namespace lagscope::reportextras
