// Opening a history kept in PostgreSQL (store/HistoryLocation.h): the connection through Qt's
// QPSQL driver, then the same schema as a file's, made or upgraded under an advisory lock so
// that collectors starting together do not both create it. A PostgreSQL history is never
// "damaged" the way a file is: every failure leaves the database alone and is retried.
#include "config/SecretReference.h"
#include "store/HistoryLocation.h"
#include "store/HistorySchema.h"
#include "store/HistoryStorePrivate.h"

namespace lagscope {

namespace {

// pg_advisory_lock keys are one 64-bit space per database, shared with whatever else uses
// it: Lagscope's keys are 0x4c41475343 ("LAGSC") and up.
constexpr qint64 kSchemaLockKey = 0x4c41475343LL << 8;

OpenAttempt refused(const QString &message) { return {OpenAttempt::Refused, message}; }

} // namespace

OpenAttempt HistoryStore::Private::initializePostgres(bool reader)
{
    const auto location = parsePostgresLocation(path);
    if (!location)
        return refused(location.errorMessage());
    const QString name = location->display();
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return refused(
            HistoryStoreText::tr("Qt's PostgreSQL driver (QPSQL) is not installed (Debian: libqt6sql6-psql)"));
    db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
    db.setHostName(location->host);
    db.setPort(location->port);
    db.setUserName(location->user);
    db.setDatabaseName(location->database);
    if (!location->password.isEmpty()) {
        const auto password = resolveSecret(location->password); // handed to the SecretMasker
        if (!password)
            return refused(HistoryStoreText::tr("the password of %1: %2").arg(name, password.errorMessage()));
        db.setPassword(*password);
    }
    db.setConnectOptions(location->connectOptions());
    if (!db.open())
        return refused(HistoryStoreText::tr("cannot connect to %1: %2").arg(name, sql::errorText(db.lastError())));

    if (reader) {
        // The writer made the schema; a reader only checks it is there and current.
        const auto version =
            sql::scalar(db, sql::postgresDialect().readVersion, HistoryStoreText::tr("cannot read %1").arg(name));
        if (!version || version->toInt() != historyschema::kVersion)
            return refused(HistoryStoreText::tr("the history in %1 is not ready").arg(name));
        if (Status s = prepareStatements(); !s)
            return refused(s.errorMessage());
        return {};
    }

    const QString locking = HistoryStoreText::tr("cannot lock the schema of %1").arg(name);
    if (Status s = sql::exec(db, QStringLiteral("SELECT pg_advisory_lock(%1)").arg(kSchemaLockKey), locking); !s)
        return refused(s.errorMessage());
    const auto schema = historyschema::prepareSchema(db);
    [[maybe_unused]] const Status unlocked =
        sql::exec(db, QStringLiteral("SELECT pg_advisory_unlock(%1)").arg(kSchemaLockKey), locking);
    if (!schema)
        return refused(schema.errorMessage());
    switch (*schema) {
    case historyschema::SchemaState::Ready: break;
    case historyschema::SchemaState::NotOurs:
        return refused(HistoryStoreText::tr("the database %1 has tables that are not Lagscope's: give Lagscope a "
                                            "database (or a user whose search_path is a schema) of its own")
                           .arg(name));
    case historyschema::SchemaState::Newer:
        return refused(HistoryStoreText::tr("the history in %1 was written by a newer version of Lagscope").arg(name));
    }
    if (Status s = prepareStatements(); !s)
        return refused(s.errorMessage());
    return {};
}

} // namespace lagscope
