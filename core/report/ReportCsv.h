#pragma once
// Writes a report as RFC 4180 CSV files, one per table, next to each other:
//   FILE            (e.g. lag.csv)     one row per group: the summary
//   STEM-topics.csv                    one row per group and topic
//   STEM-states.csv                    time in each group state (and lag status, when recorded)
//   STEM-rebalances.csv                one row per rebalance (header only when not recorded)
//   STEM-partitions.csv                per-partition detail, only when asked for
//   STEM-info.csv                      key,value: schema version, range, selection, and which
//                                      sections are not available and why
// STEM is FILE without its ".csv". Why files and not a zip: each opens directly in a
// spreadsheet or a script (no unpacking step, no zip tool on a minimal server), and the
// shared stem keeps them together. UTF-8 without a byte-order mark, CRLF line ends.
// Thread: any. Ownership: free functions only.

#include "report/ReportModel.h"
#include "util/Result.h"

namespace lagscope {

// The paths written, the summary first. Each file is replaced atomically.
Result<QStringList> writeReportCsv(const Report &report, const QString &path);

// The paths writeReportCsv would write for `path` (for messages and "Open report").
QStringList reportCsvPaths(const QString &path, bool partitionDetail);

} // namespace lagscope
