#include "store/HistorySchema.h"

#include "model/LagStatus.h"
#include "store/SqlDialect.h"
#include "store/SqlUtil.h"

#include <QLatin1String>

namespace lagscope::historyschema {

namespace {

constexpr QLatin1String kTables[] = {
    QLatin1String("CREATE TABLE cluster(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"),
    QLatin1String("CREATE TABLE consumer_group(id INTEGER PRIMARY KEY, cluster_id INTEGER NOT NULL,"
                  " name TEXT NOT NULL, UNIQUE(cluster_id, name))"),
    QLatin1String("CREATE TABLE topic(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"),
    QLatin1String("CREATE TABLE group_state(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"),
    QLatin1String("CREATE TABLE partition_series(id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL,"
                  " topic_id INTEGER NOT NULL, partition INTEGER NOT NULL,"
                  " UNIQUE(group_id, topic_id, partition))"),
    // Every poll time (and bucket start) per cluster: reads seek the samples of one group
    // at each of these times instead of scanning everyone's samples.
    QLatin1String("CREATE TABLE poll(cluster_id INTEGER NOT NULL, tier INTEGER NOT NULL, t INTEGER NOT NULL,"
                  " PRIMARY KEY(cluster_id, tier, t)) WITHOUT ROWID"),
    // Events are few; the group is kept as text so filters need no dictionary entry.
    QLatin1String("CREATE TABLE event(id INTEGER PRIMARY KEY, cluster_id INTEGER NOT NULL,"
                  " t INTEGER NOT NULL, kind TEXT NOT NULL, severity TEXT NOT NULL,"
                  " subject TEXT NOT NULL, group_name TEXT NOT NULL, message TEXT NOT NULL)"),
    QLatin1String("CREATE INDEX event_by_time ON event(cluster_id, t)"),
};

// Added in version 5 (docs/ARCHITECTURE.md, "History encoding"): a group's points in blocks,
// one row per group, tier and span, and the newest polls one row per group and poll until
// compaction packs them. recent_sample is keyed time first, so a poll appends to the end
// of the tree; sample_block is keyed by group, so a chart's week is a few dozen seeks.
constexpr QLatin1String kBlockTables[] = {
    QLatin1String("CREATE TABLE IF NOT EXISTS recent_sample(t INTEGER NOT NULL, group_id INTEGER NOT NULL,"
                  " data BLOB NOT NULL, PRIMARY KEY(t, group_id)) WITHOUT ROWID"),
    // t0: the span's start (the key); t1: the newest point in the block.
    QLatin1String("CREATE TABLE IF NOT EXISTS sample_block(id INTEGER PRIMARY KEY, group_id INTEGER NOT NULL,"
                  " tier INTEGER NOT NULL, t0 INTEGER NOT NULL, t1 INTEGER NOT NULL, data BLOB NOT NULL,"
                  " UNIQUE(group_id, tier, t0))"),
    // Compaction finds the blocks that aged out of a tier without reading every group's.
    QLatin1String("CREATE INDEX IF NOT EXISTS sample_block_by_age ON sample_block(tier, t0)"),
};

// Added in version 2: one row per MirrorMaker 2 flow and poll (or bucket), keyed time first
// like the other samples. The flow is named in the cluster dictionary by its label
// ("primary->dr"), which no cluster name can be, so its events share the event table.
// Values NULL when unknown; health is mirror::FlowHealth as a number, higher is worse.
constexpr QLatin1String kFlowTables[] = {
    QLatin1String("CREATE TABLE flow_sample(tier INTEGER NOT NULL, t INTEGER NOT NULL, flow_id INTEGER NOT NULL,"
                  " latency_ms INTEGER, checkpoint_age_ms INTEGER, records_behind INTEGER, health INTEGER,"
                  " PRIMARY KEY(tier, t, flow_id)) WITHOUT ROWID"),
};

// Added in version 6: the failover readiness of a flow's groups, one row per flow and poll
// (or bucket) holding every group (store/ReadinessPoints.h). Found by flow first: a chart reads
// one flow's week as one index range. A rowid table, not WITHOUT ROWID: a row of 500 groups is
// about 1 KiB, and a WITHOUT ROWID row over ~1,000 bytes spills into an overflow page of its
// own (bench_readiness: 8.9 MiB of pages for 2.4 MiB of rows). Groups have their own
// dictionary, so that a flow's groups never join the clusters' (reports, packing).
constexpr QLatin1String kReadinessTables[] = {
    QLatin1String("CREATE TABLE IF NOT EXISTS flow_group(id INTEGER PRIMARY KEY, flow_id INTEGER NOT NULL,"
                  " name TEXT NOT NULL, UNIQUE(flow_id, name))"),
    QLatin1String("CREATE TABLE IF NOT EXISTS flow_readiness(id INTEGER PRIMARY KEY, flow_id INTEGER NOT NULL,"
                  " tier INTEGER NOT NULL, t INTEGER NOT NULL, data BLOB NOT NULL, UNIQUE(flow_id, tier, t))"),
};

// Added in version 4: the lag verdict of each group poll (docs/LAG-STATUS.md). Added to
// new files the same way, so old and new files have one schema; NULL: not judged then.
constexpr QLatin1String kVerdictColumns[][2] = {
    {QLatin1String("status"), QLatin1String("TEXT")},
    {QLatin1String("max_lag_seconds"), QLatin1String("REAL")},
    {QLatin1String("lag_seconds_at_least"), QLatin1String("INTEGER")},
};

// Only the columns that are missing: a file may already have some of them.
Status addVerdictColumns(QSqlDatabase &db)
{
    for (const auto &column : kVerdictColumns) {
        const auto present = sql::scalar(
            db,
            QStringLiteral("SELECT count(*) FROM pragma_table_info('group_sample') WHERE name = '%1'").arg(column[0]),
            QStringLiteral("cannot read the history tables"));
        if (!present)
            return present.error();
        if (present->toInt() > 0)
            continue;
        if (Status s =
                sql::exec(db, QStringLiteral("ALTER TABLE group_sample ADD COLUMN %1 %2").arg(column[0], column[1]),
                          QStringLiteral("cannot create the history tables"));
            !s)
            return s;
    }
    return success();
}

Status execAll(QSqlDatabase &db, const auto &statements)
{
    const sql::Dialect &dialect = sql::dialectOf(db);
    for (const QLatin1String statement : statements)
        if (Status s = sql::exec(db, dialect.ddl(statement), QStringLiteral("cannot create the history tables")); !s)
            return s;
    return success();
}

// Added in version 3. Members and partition moves are JSON arrays: they are only ever read
// back whole, for one group's timeline. IF NOT EXISTS: a file taken back to an older version
// by hand may still have them.
constexpr QLatin1String kRebalanceTables[] = {
    QLatin1String("CREATE TABLE IF NOT EXISTS rebalance(id INTEGER PRIMARY KEY, cluster_id INTEGER NOT NULL,"
                  " group_name TEXT NOT NULL, start_after INTEGER, start_by INTEGER, end_after INTEGER,"
                  " end_by INTEGER NOT NULL, trigger INTEGER NOT NULL, states TEXT NOT NULL,"
                  " members_before TEXT NOT NULL, members_after TEXT NOT NULL, moves TEXT NOT NULL)"),
    QLatin1String("CREATE INDEX IF NOT EXISTS rebalance_by_group ON rebalance(cluster_id, group_name, end_by)"),
};

// Creates the tables of a new file (fromVersion 0) or adds those a file of an older
// version lacks, in one transaction.
Status createTables(QSqlDatabase &db, int fromVersion)
{
    if (!db.transaction())
        return Status::failure(QStringLiteral("cannot start a transaction: ") + sql::errorText(db.lastError()));
    Status created = fromVersion < 1 ? execAll(db, kTables) : success();
    if (created && fromVersion < 2)
        created = execAll(db, kFlowTables);
    if (created && fromVersion < 3)
        created = execAll(db, kRebalanceTables);
    // A new file never had the row tables of versions 1–4, so it needs no verdict columns.
    // The row tables of versions 1–4 are missing from a new file (and from a file of a newer
    // version set back by hand): then there is nothing to extend or migrate.
    const sql::Dialect &dialect = sql::dialectOf(db);
    const auto rowTables =
        sql::scalar(db, dialect.countTablesNamed.arg(QLatin1String("'group_sample', 'partition_sample'")),
                    QStringLiteral("cannot read the database schema"));
    if (!rowTables)
        created = rowTables.error();
    const bool hasRows = rowTables && rowTables->toInt() == 2;
    if (created && hasRows && fromVersion < 4)
        created = addVerdictColumns(db);
    if (created && fromVersion < 5)
        created = execAll(db, kBlockTables);
    if (created && hasRows && fromVersion < 5)
        created = migrateRowsToBlocks(db);
    if (created && fromVersion < 6)
        created = execAll(db, kReadinessTables);
    if (!created) {
        db.rollback();
        return created;
    }
    for (const QString &statement : dialect.writeVersion(kVersion)) {
        const Status versioned = sql::exec(db, statement, QStringLiteral("cannot set the schema version"));
        if (!versioned) {
            db.rollback();
            return versioned;
        }
    }
    if (!db.commit())
        return Status::failure(QStringLiteral("cannot create the history tables: ") + sql::errorText(db.lastError()));
    return success();
}

} // namespace

Status insertBlock(QSqlQuery &prepared, qint64 groupId, int tier, qint64 t0, const history::PointEncoder &encoder,
                   const QString &what)
{
    prepared.bindValue(0, groupId);
    prepared.bindValue(1, tier);
    prepared.bindValue(2, t0);
    prepared.bindValue(3, encoder.lastTimeMs());
    prepared.bindValue(4, encoder.finish());
    if (!prepared.exec())
        return sql::failed(prepared, what);
    return success();
}

QString statusSeveritySql(const QString &column)
{
    QString sql = QStringLiteral("(CASE ") + column;
    for (const LagStatus st : {LagStatus::Ok, LagStatus::Warn, LagStatus::Err, LagStatus::Stop, LagStatus::Stall,
                               LagStatus::Rewind, LagStatus::Risk})
        sql += QStringLiteral(" WHEN '%1' THEN %2").arg(lagStatusName(st)).arg(lagStatusSeverity(st));
    return sql + QStringLiteral(" END)");
}

QString statusNameSql(const QString &severityColumn)
{
    QString sql = QStringLiteral("(CASE ") + severityColumn;
    for (const LagStatus st : {LagStatus::Ok, LagStatus::Warn, LagStatus::Err, LagStatus::Stop, LagStatus::Stall,
                               LagStatus::Rewind, LagStatus::Risk})
        sql += QStringLiteral(" WHEN %1 THEN '%2'").arg(lagStatusSeverity(st)).arg(lagStatusName(st));
    return sql + QStringLiteral(" END)");
}

Result<SchemaState> prepareSchema(QSqlDatabase &db)
{
    const sql::Dialect &dialect = sql::dialectOf(db);
    if (dialect.postgres) {
        // PostgreSQL has no user_version: the version has a table, made before it is read.
        const QStringList create = dialect.writeVersion(0).mid(0, 1);
        if (Status s = sql::exec(db, create.constFirst(), QStringLiteral("cannot create the history tables")); !s)
            return s.error();
    }
    const auto version = sql::scalar(db, dialect.readVersion, QStringLiteral("cannot read the schema version"));
    if (!version)
        return version.error();
    const int v = version->toInt();
    if (v > kVersion)
        return SchemaState::Newer;
    if (v == kVersion)
        return SchemaState::Ready;
    if (v >= 1) { // an older Lagscope's file: add what is new, keep the history
        if (Status s = createTables(db, v); !s)
            return s.error();
        if (v < 5) {
            // The row tables just dropped leave most of the file free: give it back. Best
            // effort, outside the transaction: the history is whole either way.
            [[maybe_unused]] const Status vacuumed = sql::exec(db, QStringLiteral("VACUUM"), QString());
        }
        return SchemaState::Ready;
    }

    // Version 0: either a brand-new file or somebody else's database.
    const auto tables = sql::scalar(db, dialect.countTables, QStringLiteral("cannot read the database schema"));
    if (!tables)
        return tables.error();
    if (tables->toInt() > 0)
        return SchemaState::NotOurs;
    if (Status s = createTables(db, 0); !s)
        return s.error();
    return SchemaState::Ready;
}

} // namespace lagscope::historyschema
