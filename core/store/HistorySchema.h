#pragma once
// The history file's tables, and the version number kept in PRAGMA user_version.
// Internal to core/store; HistoryStore calls it while opening the file.
//
// Strings (clusters, groups, topics, group states) live once in dictionary tables and
// samples refer to them by integer id; a partition of a group is a "series" with its own
// id. The sample tables are WITHOUT ROWID and keyed time first: (tier, t, group[, series]).
// A poll then appends to the end of the tree and dirties a handful of pages, where a key
// starting with the series would dirty one page per partition (10,000 pages, 40 MB of WAL,
// every 5 s at 500 groups × 20 partitions). Compaction and retention are key-range scans.
// Reads go through the small `poll` table (one row per cluster and poll or bucket) and seek
// one group's rows at each time: a few thousand seeks for a week.

#include "util/Result.h"

#include <QSqlDatabase>

namespace lagscope::historyschema {

// 2: flow_sample (MirrorMaker 2 flows). Files of version 1 are upgraded in place.
// 3: rebalance (consumer-group rebalances). Older files are upgraded in place.
// 4: group_sample gained status, max_lag_seconds, lag_seconds_at_least (lag verdicts);
//    older files are upgraded in place (their old rows have NULL there).
constexpr int kVersion = 4;

// Tier numbers stored in the sample tables.
constexpr int kRawTier = 0;
constexpr int kFineTier = 1;
constexpr int kCoarseTier = 2;

enum class SchemaState {
    Ready,   // ours, current version (created just now if the file was empty)
    NotOurs, // a database, but not a Lagscope history file
    Newer,   // written by a newer Lagscope: leave it alone
};

// SQL for the lag status severity (model/LagStatus.h) of a status-name column, and back:
// buckets keep the worst status of their polls.
QString statusSeveritySql(const QString &column);
QString statusNameSql(const QString &severityColumn);

// Creates the tables in an empty database, or checks that an existing one is ours and
// adds the tables an older version of it lacks.
Result<SchemaState> prepareSchema(QSqlDatabase &db);

} // namespace lagscope::historyschema
