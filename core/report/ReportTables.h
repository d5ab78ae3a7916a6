#pragma once
// The report as tables of text cells: what the CSV files hold, one table per file, and what
// the PDF's summary prints. Numbers are plain (no thousands separators), times ISO 8601 UTC,
// durations in seconds; a value that is unknown or not recorded is an empty cell.
// Thread: any. Ownership: free functions only.

#include "report/ReportModel.h"
#include "report/Table.h"

namespace lagscope {

// Key/value rows: schema version, range, selection, threshold, which sections are
// available and why not.
Table reportInfoTable(const Report &report);
Table reportGroupsTable(const Report &report);
Table reportTopicsTable(const Report &report);
Table reportStatesTable(const Report &report);
Table reportRebalancesTable(const Report &report);
Table reportPartitionsTable(const Report &report); // empty rows unless per-partition detail was asked

QString reportTime(qint64 ms);    // "2026-11-29T18:00:00.000Z"; empty for a negative time
QString reportSeconds(qint64 ms); // "12.5"
QString reportNumber(double v);   // two decimals, no separators

} // namespace lagscope
