#pragma once
// The few places where the history store's SQL differs between SQLite (a desktop's file) and
// PostgreSQL (a team's database), gathered here so the store's statements stay one text each.
// Everything else the store writes is the SQL both understand (upserts are ON CONFLICT,
// integer division, CASE, window functions).
//
// Pure: no I/O; usable from any thread.

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace lagscope::sql {

struct Dialect {
    bool postgres = false;
    // The larger of two values: SQLite's two-argument max(), PostgreSQL's GREATEST().
    QString greatest;
    // A join whose order is the one written: SQLite keeps the order of a CROSS JOIN (the
    // store's reads rely on it to seek the small table first); PostgreSQL plans its own.
    QString orderedJoin;
    // Reads the schema version: 0 for an empty database; the table may be missing in
    // PostgreSQL (no user_version there), which reads as an error.
    QString readVersion;
    // Count the named tables: %1 is a list of quoted names.
    QString countTablesNamed;
    // Count every table that is not Lagscope's version table.
    QString countTables;

    // The store's tables are written in SQLite's words; PostgreSQL gets 64-bit integers (times
    // are milliseconds), identity keys, bytea for blobs and no WITHOUT ROWID.
    QString ddl(const QString &statement) const;
    // The statements that record the schema version.
    QStringList writeVersion(int version) const;
};

const Dialect &sqliteDialect();
const Dialect &postgresDialect();
// By the connection's driver (QPSQL or QSQLITE).
const Dialect &dialectOf(const QSqlDatabase &db);

} // namespace lagscope::sql
