#pragma once
// The report sections that come from what issue #4 records in the history: the group's
// rebalances (HistoryStore::rebalances). Kept apart from ReportBuilder.cpp, which reads
// the lag series.
//
// Thread: the thread that owns the store.

#include "report/ReportModel.h"
#include "store/HistoryStore.h"

namespace lagscope::reportextras {

// Fills rebalances with those that ended in the range (an empty list: none). False with
// *error set when the store fails.
bool fillRebalances(const HistoryStore &store, const ReportRequest &request, GroupReport &g, QString *error);

} // namespace lagscope::reportextras
