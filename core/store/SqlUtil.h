#pragma once
// Small helpers for the history store's Qt SQL code: statements that report failures as
// Status values with the SQL error text, and the SQLite result codes the store reacts to.
// Internal to core/store.

#include "util/Result.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

namespace lagscope::sql {

// SQLite primary result codes (the low byte of an extended code).
enum ResultCode : int {
    Busy = 5,
    Locked = 6,
    NoMemory = 7,
    Full = 13,
};

inline int primaryCode(const QSqlError &error)
{
    bool ok = false;
    const int code = error.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}

inline QString errorText(const QSqlError &error)
{
    QString text = error.databaseText();
    if (text.isEmpty())
        text = error.text();
    return text;
}

inline Status failed(const QSqlQuery &query, const QString &what)
{
    return Status::failure(what + QLatin1String(": ") + errorText(query.lastError()));
}

// Runs one statement without results (DDL, PRAGMA with no answer, DELETE…).
inline Status exec(QSqlDatabase &db, const QString &statement, const QString &what)
{
    QSqlQuery query(db);
    if (!query.exec(statement))
        return failed(query, what);
    return success();
}

// Runs a statement whose answer is one value (PRAGMA user_version, …).
inline Result<QVariant> scalar(QSqlDatabase &db, const QString &statement, const QString &what)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(statement))
        return Result<QVariant>(Error{what + QLatin1String(": ") + errorText(query.lastError())});
    if (!query.next())
        return Result<QVariant>(Error{what + QLatin1String(": no result")});
    return query.value(0);
}

} // namespace lagscope::sql
