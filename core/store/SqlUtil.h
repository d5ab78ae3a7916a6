#pragma once
// Small helpers for the history store's Qt SQL code: statements that report failures as
// Status values with the SQL error text, and the SQLite result codes the store reacts to.
// Internal to core/store.

#include "util/Result.h"

#include <QDateTime>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QVariant>
#include <QVariantList>

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

// Prepares a read (forward only), binds `values` in order, runs it and calls onRow(query) for
// each row. A statement that does not prepare fails at exec() with the same SQL error.
template <typename OnRow>
Status select(const QSqlDatabase &db, const QString &statement, const QVariantList &values, const QString &what,
              OnRow onRow)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    query.prepare(statement);
    for (const QVariant &value : values)
        query.addBindValue(value);
    if (!query.exec())
        return failed(query, what);
    while (query.next())
        onRow(query);
    return success();
}

// A bound of a time range in milliseconds; `open` stands for an invalid (unbounded) time.
inline qint64 msOr(const QDateTime &time, qint64 open) { return time.isValid() ? time.toMSecsSinceEpoch() : open; }

// NULL columns of optional numbers and times: -1 and an invalid time stand for "unknown".
inline QVariant orNull(qint64 value) { return value < 0 ? QVariant() : QVariant(value); }

inline qint64 orUnknown(const QVariant &value) { return value.isNull() ? -1 : value.toLongLong(); }

inline QVariant msOrNull(const QDateTime &time)
{
    return time.isValid() ? QVariant(time.toMSecsSinceEpoch()) : QVariant();
}

inline QDateTime timeOrInvalid(const QVariant &value)
{
    return value.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(value.toLongLong(), Qt::UTC);
}

} // namespace lagscope::sql
