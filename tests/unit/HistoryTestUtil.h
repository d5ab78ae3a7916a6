#pragma once
// Builders of snapshots, events and expected points for the history store's tests: a fixed
// clock (kNow), one cluster and one group unless a test says otherwise.

#include "PostgresTestDb.h"
#include "store/HistoryStore.h"

#include <QDateTime>
#include <QDebug>
#include <QList>
#include <QPair>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <initializer_list>
#include <memory>
#include <optional>

namespace lagscope::test {

using Points = QList<QPair<qint64, qint64>>; // (seconds relative to kNow, lag)

inline const QDateTime kNow(QDate(2024, 3, 10), QTime(12, 0), Qt::UTC);
inline const QString kCluster = QStringLiteral("dc1");
inline const QString kGroup = QStringLiteral("billing");

inline QDateTime rel(qint64 seconds) { return kNow.addSecs(seconds); }

inline qint64 relMs(qint64 seconds) { return rel(seconds).toMSecsSinceEpoch(); }

inline PartitionLag partitionLag(const QString &topic, int partition, std::optional<std::int64_t> committed,
                                 std::optional<std::int64_t> logEnd)
{
    PartitionLag p;
    p.partition = {topic, partition};
    p.committed = committed;
    p.logEnd = logEnd;
    if (committed && logEnd)
        p.lag = *logEnd - *committed;
    return p;
}

inline GroupState groupState(const QString &id, std::vector<PartitionLag> partitions,
                             const QString &state = QStringLiteral("Stable"), int members = 2)
{
    GroupState g;
    g.groupId = id;
    g.state = state;
    g.members.resize(size_t(members));
    g.partitions = std::move(partitions);
    for (const auto &p : g.partitions) {
        if (p.lag) {
            g.totalLag += *p.lag;
            g.maxLag = std::max(g.maxLag, *p.lag);
        }
    }
    return g;
}

inline ClusterSnapshot snapshot(const QDateTime &at, std::vector<GroupState> groups)
{
    ClusterSnapshot s;
    s.cluster = kCluster;
    s.takenAt = at;
    s.reachable = true;
    s.groups = std::move(groups);
    return s;
}

// One partition whose lag is `lag`; the offsets grow with the sample index.
inline ClusterSnapshot singleLag(const QDateTime &at, qint64 lag, qint64 index,
                                 const QString &state = QStringLiteral("Stable"), int members = 2)
{
    const qint64 committed = 1000 + index * 10;
    return snapshot(at, {groupState(kGroup, {partitionLag(QStringLiteral("orders"), 0, committed, committed + lag)},
                                    state, members)});
}

inline ClusterEvent makeEvent(qint64 seconds, const QString &subject, const QString &group = {},
                              EventKind kind = EventKind::GroupStateChanged,
                              EventSeverity severity = EventSeverity::Info)
{
    ClusterEvent e;
    e.time = rel(seconds);
    e.cluster = kCluster;
    e.kind = kind;
    e.severity = severity;
    e.subject = subject;
    e.group = group;
    e.message = QStringLiteral("message of ") + subject;
    return e;
}

inline QStringList subjects(const std::vector<ClusterEvent> &events)
{
    QStringList out;
    for (const auto &e : events)
        out << e.subject;
    return out;
}

inline Points groupPoints(const std::vector<HistoryStore::GroupSample> &samples)
{
    Points out;
    for (const auto &s : samples)
        out << qMakePair((s.timeMs - kNow.toMSecsSinceEpoch()) / 1000, s.totalLag);
    return out;
}

// Opens a store; on failure says why and gives nullptr, for the caller's QVERIFY(store).
inline std::unique_ptr<HistoryStore> openOrFail(const QString &path, RetentionPolicy policy = {})
{
    auto store = HistoryStore::open(path, policy);
    if (!store) {
        qWarning() << store.errorMessage();
        return nullptr;
    }
    return std::move(store).value();
}

// A fresh file name for each store in one temporary folder, so tests never see each
// other's data. pattern holds %1 for the file's number.
// With LAGSCOPE_HISTORY_BACKEND=postgresql (the ctest entries "<test>.postgresql"), each is a
// new database of the test PostgreSQL instead (tests/common/PostgresTestDb.h): the same tests
// of the same API on the other backend.
class StoreFiles {
public:
    explicit StoreFiles(QString pattern) : m_pattern(std::move(pattern))
    {
        if (qEnvironmentVariable("LAGSCOPE_HISTORY_BACKEND") == u"postgresql")
            m_postgres = PostgresServer::fromFixture();
    }

    bool isValid() const
    {
        return m_dir.isValid() && (qEnvironmentVariable("LAGSCOPE_HISTORY_BACKEND") != u"postgresql" || m_postgres);
    }
    QString newPath()
    {
        if (m_postgres)
            return m_postgres->newDatabase();
        return m_dir.filePath(m_pattern.arg(++m_files));
    }

private:
    QTemporaryDir m_dir;
    QString m_pattern;
    int m_files = 0;
    std::optional<PostgresServer> m_postgres;
};

// Runs statements on a database file behind the store's back, to forge, downgrade or damage
// it; false (with the reason) at the first that fails.
inline bool execSql(const QString &path, std::initializer_list<QString> statements)
{
    const QString connection = QStringLiteral("behind-the-store");
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        ok = db.open();
        if (!ok)
            qWarning() << "cannot open" << path << db.lastError().text();
        for (auto sql = statements.begin(); ok && sql != statements.end(); ++sql) {
            QSqlQuery q(db);
            ok = q.exec(*sql);
            if (!ok)
                qWarning() << *sql << q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return ok;
}

} // namespace lagscope::test
