#pragma once
// The test PostgreSQL of the 'postgresql' CTest fixture (tests/postgresql): where it is, and a
// fresh database in it for each store a test opens, named by the location URL the history
// store takes (store/HistoryLocation.h) with the password as a ${file:} reference, as a
// team's configuration would give it.
//
// Thread: the test's main thread. Ownership: values only; databases are left for the
// fixture's end to remove with the whole server.

#include "store/HistoryLocation.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QUuid>
#include <QtDebug>

#include <optional>

namespace lagscope::test {

struct PostgresServer {
    QString dir; // the fixture's folder
    QString host;
    int port = 0;
    QString user;
    QString passwordFile;
    QString caFile;      // the CA of the server's certificate
    QString wrongCaFile; // a CA that signed nothing of the server's
    QString tlsDatabase; // a database that refuses connections without TLS

    // From LAGSCOPE_POSTGRESQL_DIR/fixture.json; nullopt (with a warning) when the fixture is not up.
    static std::optional<PostgresServer> fromFixture()
    {
        const QString dir = QProcessEnvironment::systemEnvironment().value(QStringLiteral("LAGSCOPE_POSTGRESQL_DIR"));
        QFile file(dir + QStringLiteral("/fixture.json"));
        if (dir.isEmpty() || !file.open(QIODevice::ReadOnly)) {
            qWarning("no PostgreSQL fixture: LAGSCOPE_POSTGRESQL_DIR is '%s'", qPrintable(dir));
            return std::nullopt;
        }
        const QJsonObject o = QJsonDocument::fromJson(file.readAll()).object();
        return PostgresServer{dir,
                              o.value(QStringLiteral("host")).toString(),
                              o.value(QStringLiteral("port")).toInt(),
                              o.value(QStringLiteral("user")).toString(),
                              o.value(QStringLiteral("password_file")).toString(),
                              o.value(QStringLiteral("ca_file")).toString(),
                              o.value(QStringLiteral("wrong_ca_file")).toString(),
                              o.value(QStringLiteral("tls_database")).toString()};
    }

    QString password() const
    {
        QFile f(passwordFile);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
    }

    // Runs statements on `database` behind the store's back; false (with the reason) at the
    // first that fails. With `result`, the first column of the last statement's first row.
    bool exec(const QString &database, const QStringList &statements, QVariant *result = nullptr) const
    {
        const QString connection = QStringLiteral("test-postgres-") + QUuid::createUuid().toString(QUuid::Id128);
        bool ok = true;
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
            db.setHostName(host);
            db.setPort(port);
            db.setUserName(user);
            db.setPassword(password());
            db.setDatabaseName(database);
            ok = db.open();
            if (!ok)
                qWarning() << "cannot connect to" << database << db.lastError().text();
            for (const QString &sql : statements) {
                if (!ok)
                    break;
                QSqlQuery q(db);
                ok = q.exec(sql);
                if (!ok)
                    qWarning() << sql << q.lastError().text();
                else if (result && q.next())
                    *result = q.value(0);
            }
            db.close();
        }
        QSqlDatabase::removeDatabase(connection);
        return ok;
    }

    // A new, empty database; its history location (empty when it cannot be made).
    QString newDatabase() const
    {
        const QString name = QStringLiteral("t_") + QUuid::createUuid().toString(QUuid::Id128).left(16);
        if (!exec(QStringLiteral("postgres"), {QStringLiteral("CREATE DATABASE ") + name}))
            return QString();
        return locationOf(name);
    }

    QString locationOf(const QString &database, const QString &sslMode = {}, const QString &sslRootCert = {}) const
    {
        PostgresLocation l;
        l.sslMode = sslMode;
        l.sslRootCert = sslRootCert;
        l.user = user;
        l.host = host;
        l.port = port;
        l.database = database;
        l.password = QStringLiteral("${file:%1}").arg(passwordFile);
        return l.encode();
    }

    // The configuration lines that point a collector or the app at `database` on this server.
    QByteArray historyConfig(const QString &database) const
    {
        return QStringLiteral("history: postgresql://%1@%2:%3/%4\nhistory_password: \"${file:%5}\"\n")
            .arg(user, host)
            .arg(port)
            .arg(database, passwordFile)
            .toUtf8();
    }
};

} // namespace lagscope::test
