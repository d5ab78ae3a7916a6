#pragma once
// Where the history lives: a SQLite file (the default, a lone desktop) or a PostgreSQL database
// shared by a team's collectors and desktops, named by a URL
// "postgresql://USER@HOST[:PORT]/DATABASE". The rest of Lagscope passes a location around as
// one string (HistoryStore::open, the recorder, the chart reader, reports); for PostgreSQL its
// query part carries what the configuration adds to the URL: the password as written there (a
// secret reference such as ${env:NAME}, resolved only when connecting), sslmode and
// sslrootcert. display() is the URL without them, for messages and logs.
//
// Pure: no I/O; usable from any thread.

#include "util/Result.h"

#include <QString>

namespace lagscope {

struct PostgresLocation {
    QString user;
    QString host;
    int port = 5432;
    QString database;
    QString password;    // a secret reference or clear text; empty: libpq's own (PGPASSWORD, ~/.pgpass)
    QString sslMode;     // libpq's sslmode; empty: libpq's default (prefer)
    QString sslRootCert; // absolute path of the CA certificate(s); empty: libpq's default

    // "postgresql://user@host:port/database"
    QString display() const;
    // display() with the password, sslmode and sslrootcert as query items, which parse() reads.
    QString encode() const;
    // The libpq options Qt's QPSQL driver takes (setConnectOptions): "sslmode=…;sslrootcert=…".
    QString connectOptions() const;
};

// The sslmode values libpq knows.
const QStringList &postgresSslModes();

// True for a location that names PostgreSQL ("postgresql://" or "postgres://").
bool isPostgresLocation(const QString &location);

// Parses a PostgreSQL URL (as encode() writes it, or as a person writes it without a query).
// The error says what is wrong with it, never quoting a password.
Result<PostgresLocation> parsePostgresLocation(const QString &location);

// For messages: a file path as it is, a PostgreSQL URL as display() (no password, no query).
QString historyDisplayName(const QString &location);

} // namespace lagscope
