#pragma once
// The history file's tables, and the version number kept in PRAGMA user_version.
// Internal to core/store; HistoryStore calls it while opening the file.
//
// Strings (clusters, groups, topics, group states) live once in dictionary tables and
// samples refer to them by integer id; a partition of a group is a "series" with its own
// id. A group's history is a list of points (store/GroupPoints.h) kept in blocks: one row
// per group, tier and span (sample_block), except the newest polls, one row per group and
// poll (recent_sample, keyed time first so that a poll appends to the end of the tree)
// until compaction packs them. The small `poll` table (one row per cluster and poll or
// bucket) says where each tier lies in time.

#include "store/GroupPoints.h"
#include "util/Result.h"

#include <QSqlDatabase>
#include <QSqlQuery>

namespace lagscope::historyschema {

// 2: flow_sample (MirrorMaker 2 flows). Files of version 1 are upgraded in place.
// 3: rebalance (consumer-group rebalances). Older files are upgraded in place.
// 4: group_sample gained status, max_lag_seconds, lag_seconds_at_least (lag verdicts);
//    older files are upgraded in place (their old rows have NULL there).
// 5: partition_sample and group_sample (a row per partition and poll) gave way to
//    sample_block and recent_sample (store/GroupPoints.h); older files are migrated on open
//    (migrateRowsToBlocks) and vacuumed.
// 6: flow_group and flow_readiness (failover readiness of a flow's groups per poll,
//    store/ReadinessPoints.h); added to older files on open, their data untouched.
constexpr int kVersion = 6;

// Tier numbers stored in the sample tables.
constexpr int kRawTier = 0;
constexpr int kFineTier = 1;
constexpr int kCoarseTier = 2;

// How much time one block of each tier spans (sample_block.t0 is a multiple of it): long
// enough that the first point's absolute values and deflate's header are paid rarely, short
// enough that compaction rewrites little when it adds to the newest block. Fixed, not taken
// from the retention policy, so that a file's blocks never depend on how it was opened.
constexpr qint64 kBlockSpanMs[] = {10 * 60 * 1000, 60 * 60 * 1000, 6 * 60 * 60 * 1000};

// A new block of points (sample_block): the statement, prepared once, and its execution.
// Packing and the version-5 migration both write blocks this way.
inline const QString kInsertBlock =
    QStringLiteral("INSERT INTO sample_block(group_id, tier, t0, t1, data) VALUES(?, ?, ?, ?, ?)");
Status insertBlock(QSqlQuery &prepared, qint64 groupId, int tier, qint64 t0, const history::PointEncoder &encoder,
                   const QString &what);

enum class SchemaState {
    Ready,   // ours, current version (created just now if the file was empty)
    NotOurs, // a database, but not a Lagscope history file
    Newer,   // written by a newer Lagscope: leave it alone
};

// SQL for the lag status severity (model/LagStatus.h) of a status-name column, and back:
// buckets keep the worst status of their polls.
QString statusSeveritySql(const QString &column);
QString statusNameSql(const QString &severityColumn);

// Version 4 → 5: every row of partition_sample and group_sample becomes a point in a block
// of its tier, then both tables go (store/HistoryMigration.cpp). Inside the caller's
// transaction.
Status migrateRowsToBlocks(QSqlDatabase &db);

// Creates the tables in an empty database, or checks that an existing one is ours and
// adds the tables an older version of it lacks.
Result<SchemaState> prepareSchema(QSqlDatabase &db);

// The tiers from the oldest, most downsampled, to the newest.
inline constexpr int kTiersByAge[] = {kCoarseTier, kFineTier, kRawTier};

} // namespace lagscope::historyschema
