#pragma once
// HistoryStore's internals, shared by its implementation files. Not part of the API.

#include "store/GroupPoints.h"
#include "store/HistoryStore.h"
#include "store/SqlDialect.h"
#include "store/SqlUtil.h"

#include <QCoreApplication>
#include <QHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QVariantList>

#include <chrono>
#include <limits>
#include <map>
#include <optional>
#include <utility>

namespace lagscope {

// The translation context of the history store's strings, shared by its source files
// (lupdate reads it from here).
struct HistoryStoreText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::HistoryStore)
};

// A dictionary table (name → id) with a cache in front, so a poll of 10,000 partitions
// costs hash lookups instead of SELECTs once the names are known.
template <typename Key> class IdTable {
public:
    // selectSql/insertSql take the same positional values, in the same order.
    Status prepare(QSqlDatabase &db, const QString &selectSql, const QString &insertSql)
    {
        m_select = QSqlQuery(db);
        m_insert = QSqlQuery(db);
        m_select.setForwardOnly(true);
        if (!m_select.prepare(selectSql))
            return sql::failed(m_select, QStringLiteral("cannot prepare a history query"));
        if (!m_insert.prepare(insertSql))
            return sql::failed(m_insert, QStringLiteral("cannot prepare a history query"));
        return success();
    }

    Result<qint64> idFor(const Key &key, const QVariantList &values)
    {
        if (const auto it = m_ids.constFind(key); it != m_ids.constEnd())
            return *it;
        for (int i = 0; i < values.size(); ++i)
            m_select.bindValue(i, values.at(i));
        if (!m_select.exec())
            return sql::failed(m_select, QStringLiteral("cannot read the history dictionary")).error();
        qint64 id = -1;
        if (m_select.next()) {
            id = m_select.value(0).toLongLong();
        } else {
            for (int i = 0; i < values.size(); ++i)
                m_insert.bindValue(i, values.at(i));
            if (!m_insert.exec())
                return sql::failed(m_insert, QStringLiteral("cannot extend the history dictionary")).error();
            id = m_insert.lastInsertId().toLongLong();
        }
        m_select.finish();
        m_ids.insert(key, id);
        return id;
    }

    // After a rollback or a cleanup the cached ids may name rows that do not exist.
    void clearCache() { m_ids.clear(); }

    void release()
    {
        m_select = QSqlQuery();
        m_insert = QSqlQuery();
        m_ids.clear();
    }

private:
    QSqlQuery m_select;
    QSqlQuery m_insert;
    QHash<Key, qint64> m_ids;
};

struct SeriesKey {
    qint64 groupId;
    qint64 topicId;
    int partition;
    friend bool operator==(const SeriesKey &, const SeriesKey &) = default;
};

inline size_t qHash(const SeriesKey &k, size_t seed = 0) { return qHashMulti(seed, k.groupId, k.topicId, k.partition); }

// A retention span in the milliseconds the rows are stamped with.
inline qint64 msOf(std::chrono::seconds s) { return std::chrono::duration_cast<std::chrono::milliseconds>(s).count(); }

// What trying to use the file at the store's path told us.
struct OpenAttempt {
    enum Verdict {
        Ok,
        Damaged, // not a database, corrupt, unreadable: move it aside and start afresh
        Refused, // fine but unusable now (busy, disk full, newer version): leave it alone
    };
    Verdict verdict = Ok;
    QString message;
};

// A requested time range in milliseconds. A bucket is in it when its span overlaps it,
// so for bucket tiers the lower bound moves back by one bucket less a millisecond.
class TimeWindow {
public:
    TimeWindow(const QDateTime &from, const QDateTime &to, const RetentionPolicy &policy);
    qint64 from(int tier) const;
    qint64 to() const { return m_to; }
    bool contains(int tier, qint64 t) const { return t >= from(tier) && t <= m_to; }

private:
    qint64 m_from;
    qint64 m_to;
    qint64 m_fineMs;
    qint64 m_coarseMs;
};

struct HistoryStore::Private {
    QString path;
    QString connectionName;
    RetentionPolicy policy;
    QStringList warnings;
    QSqlDatabase db;

    IdTable<QString> clusters;
    IdTable<std::pair<qint64, QString>> groups;
    IdTable<QString> topics;
    IdTable<QString> states;
    IdTable<SeriesKey> series;
    IdTable<std::pair<qint64, QString>> flowGroups; // (flow id, group) → flow_group.id
    QSqlQuery insertPoll;
    QSqlQuery insertRecent;
    QSqlQuery blockExists;
    QSqlQuery blockInsert;
    QSqlQuery insertEvent;
    QSqlQuery insertFlow;
    QSqlQuery insertReadiness;

    ~Private() { closeConnection(); }

    // Opens the connection, sets the pragmas, checks the file and prepares the schema.
    OpenAttempt initialize(bool reader);
    // The same for a PostgreSQL location (HistoryStorePostgres.cpp).
    OpenAttempt initializePostgres(bool reader);
    Status prepareStatements();
    void clearCaches();
    void closeConnection();

    Result<qint64> clusterId(const QString &cluster) { return clusters.idFor(cluster, {cluster}); }
    Result<qint64> groupId(qint64 cluster, const QString &group)
    {
        return groups.idFor({cluster, group}, {cluster, group});
    }
    // The ids of an existing cluster and group, without creating them (for reads).
    struct GroupKey {
        qint64 clusterId;
        qint64 groupId;
    };
    Result<std::optional<GroupKey>> findGroup(const QString &cluster, const QString &group) const;
    // groupPoints: findGroup then readPoints; a group never stored has no points.
    Result<std::vector<history::GroupPoint>> groupPoints(const QString &cluster, const QString &group,
                                                         const QDateTime &from, const QDateTime &to) const;
    // The same with the group's table of series id → partition (both empty for a group
    // never stored): what the partition and topic queries need.
    struct PointsAndSeries {
        std::vector<history::GroupPoint> points;
        QHash<qint64, TopicPartition> series;
    };
    Result<PointsAndSeries> pointsWithSeries(const QString &cluster, const QString &group, const QDateTime &from,
                                             const QDateTime &to) const;
    // A group's points over the window, every tier (blocks, then the recent polls), oldest
    // first. A damaged block is an error naming the group.
    Result<std::vector<history::GroupPoint>> readPoints(const GroupKey &key, const TimeWindow &window,
                                                        const QString &group) const;

    // Blocks still to write, per group and span start: compaction's work list.
    using PendingBlocks = std::map<std::pair<qint64, qint64>, std::vector<history::GroupPoint>>;
    // Compaction steps (HistoryBlocks.cpp), inside the caller's transaction. Packs the
    // recent polls older than `cutoff` into raw blocks.
    Status packRecent(qint64 cutoff);
    // Takes the points older than `cutoff` out of tier `from`'s blocks; folds them into
    // buckets of `bucketMs` in tier `to`, or drops them when `to` is negative (retention).
    Status moveDown(int from, int to, qint64 bucketMs, qint64 cutoff);
    // One block made by an encoder: inserted, or merged into the block already there.
    Status writeBlock(int tier, qint64 groupId, qint64 t0, const history::PointEncoder &encoder);
    // Adds the points to the blocks of `tier` (merging with what a block holds already).
    Status writeBlocks(int tier, const PendingBlocks &pending, history::SameTime rule);

    // Writes one poll inside the caller's transaction; the caller rolls back on failure.
    Status writeSnapshot(const ClusterSnapshot &snapshot);

    // Compaction of flow samples, as for the groups' (HistoryStoreFlows.cpp).
    static QStringList flowCompactionSteps(const sql::Dialect &dialect, qint64 fineMs, qint64 rawCutoff,
                                           qint64 coarseMs, qint64 fineCutoff, qint64 keepCutoff);

    // Compaction of failover readiness (HistoryStoreReadiness.cpp): rows of tier `from` older
    // than `cutoff` folded into `to`'s buckets of `bucketMs`, or dropped when `to` is negative.
    Status moveReadiness(int from, int to, qint64 bucketMs, qint64 cutoff);

    // Begins a transaction; on failure the caller gets a message naming `what`.
    Status begin(const QString &what);
    Status commit(const QString &what);
    // Rolls back and forgets cached ids, then returns `error` for the caller to pass on.
    Status abort(const Status &error);
};

// Rows of one cluster in a time range, optionally of one group: the event log and the
// rebalances. An invalid time leaves its end of the range open.
struct ClusterRangeQuery {
    QString select;      // "SELECT … WHERE c.name = ? AND <time> BETWEEN ? AND ?"
    QString groupFilter; // appended with the group's value when a group is given
    QString orderBy;     // appended last
};

template <typename OnRow>
Status selectClusterRange(const QSqlDatabase &db, const ClusterRangeQuery &query, const QString &cluster,
                          const QDateTime &from, const QDateTime &to, const QString &group, const QString &what,
                          OnRow onRow)
{
    QVariantList values{cluster, sql::msOr(from, std::numeric_limits<qint64>::min()),
                        sql::msOr(to, std::numeric_limits<qint64>::max())};
    if (!group.isEmpty())
        values << group;
    return sql::select(db, query.select + (group.isEmpty() ? QString() : query.groupFilter) + query.orderBy, values,
                       what, onRow);
}

} // namespace lagscope
