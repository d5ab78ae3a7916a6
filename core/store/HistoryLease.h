#pragma once
// One writer per cluster for a history shared in PostgreSQL: each collector (and desktop)
// writes a cluster's polls only while it holds that cluster's lease, a session-level
// advisory lock (pg_try_advisory_lock) on a connection of its own. The lock lives as long as
// the session: when its holder dies (even by kill -9) the server ends the session and
// releases it, and the next poll of another process takes it over. A lost connection loses
// every lease of this process (the server released them with the session); the next call
// connects again and tries again.
//
// Thread: used by one thread, the one that made it (the recorder's). Ownership: the
// recorder's (a member).

#include <QSet>
#include <QSqlDatabase>
#include <QString>

namespace lagscope {

class HistoryLease final {
public:
    // location: a PostgreSQL history location (store/HistoryLocation.h).
    explicit HistoryLease(QString location);
    ~HistoryLease();
    HistoryLease(const HistoryLease &) = delete;
    HistoryLease &operator=(const HistoryLease &) = delete;

    // True when this process writes `name` (a cluster, or a flow's label): it holds the
    // lease, or took it just now. One round trip: a try of the lock, or a check that the
    // session holding it is still alive.
    bool holds(const QString &name);
    // What the last failure to reach the server said; empty after a success.
    QString lastError() const { return m_lastError; }

    // The advisory lock key of a name: the first 8 bytes of SHA-256("lagscope-writer:" + name),
    // the same in every process and version.
    static qint64 keyOf(const QString &name);

private:
    bool connect();
    void lose(const QString &error);

    QString m_location;
    QString m_connectionName;
    QSqlDatabase m_db;
    QSet<QString> m_held;
    QString m_lastError;
};

} // namespace lagscope
