#include "store/HistoryLease.h"

#include "config/SecretReference.h"
#include "store/HistoryLocation.h"
#include "store/SqlUtil.h"

#include <QCryptographicHash>
#include <QSqlQuery>
#include <QtEndian>

#include <atomic>

namespace lagscope {

namespace {

QString nextLeaseConnectionName()
{
    static std::atomic<int> counter{0};
    return QStringLiteral("lagscope-lease-%1").arg(counter.fetch_add(1) + 1);
}

} // namespace

HistoryLease::HistoryLease(QString location)
    : m_location(std::move(location)), m_connectionName(nextLeaseConnectionName())
{
}

HistoryLease::~HistoryLease()
{
    if (m_db.isValid()) {
        m_db.close(); // ends the session: the server releases the leases at once
        m_db = QSqlDatabase();
        QSqlDatabase::removeDatabase(m_connectionName);
    }
}

qint64 HistoryLease::keyOf(const QString &name)
{
    const QByteArray text = QByteArrayLiteral("lagscope-writer:") + name.toUtf8();
    const QByteArray digest = QCryptographicHash::hash(text, QCryptographicHash::Sha256);
    return qFromBigEndian<qint64>(digest.constData());
}

bool HistoryLease::connect()
{
    if (m_db.isValid() && m_db.isOpen())
        return true;
    const auto location = parsePostgresLocation(m_location);
    if (!location) {
        m_lastError = location.errorMessage();
        return false;
    }
    if (!m_db.isValid())
        m_db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_connectionName);
    m_db.setHostName(location->host);
    m_db.setPort(location->port);
    m_db.setUserName(location->user);
    m_db.setDatabaseName(location->database);
    if (!location->password.isEmpty()) {
        const auto password = resolveSecret(location->password);
        if (!password) {
            m_lastError = password.errorMessage();
            return false;
        }
        m_db.setPassword(*password);
    }
    m_db.setConnectOptions(location->connectOptions());
    if (!m_db.open()) {
        m_lastError = sql::errorText(m_db.lastError());
        return false;
    }
    return true;
}

void HistoryLease::lose(const QString &error)
{
    m_lastError = error;
    m_held.clear();
    m_db.close(); // the next call connects again
}

bool HistoryLease::holds(const QString &name)
{
    if (!connect())
        return false;
    QSqlQuery query(m_db);
    if (m_held.contains(name)) {
        // Held since an earlier poll: still so while this session lives.
        if (!query.exec(QStringLiteral("SELECT 1"))) {
            lose(sql::errorText(query.lastError()));
            return false;
        }
        m_lastError.clear();
        return true;
    }
    if (!query.exec(QStringLiteral("SELECT pg_try_advisory_lock(%1)").arg(keyOf(name))) || !query.next()) {
        lose(sql::errorText(query.lastError()));
        return false;
    }
    m_lastError.clear();
    if (!query.value(0).toBool())
        return false;
    m_held.insert(name);
    return true;
}

} // namespace lagscope
