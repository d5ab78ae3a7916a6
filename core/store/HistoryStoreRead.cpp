// Reading from the history store. Each query reads the tiers one by one, oldest first,
// and keeps the rows whose time span overlaps the requested range: tiers never overlap in
// time (compaction moves rows), so their concatenation is the history in time order.
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

#include <limits>
#include <type_traits>

namespace lagscope {

namespace {

// A requested time range in milliseconds. A bucket is in it when its span overlaps it,
// so for bucket tiers the lower bound moves back by one bucket less a millisecond.
class TimeWindow {
public:
    TimeWindow(const QDateTime &from, const QDateTime &to, const RetentionPolicy &policy)
        : m_from(sql::msOr(from, std::numeric_limits<qint64>::min() / 2)),
          m_to(sql::msOr(to, std::numeric_limits<qint64>::max() / 2)),
          m_fineMs(std::chrono::duration_cast<std::chrono::milliseconds>(policy.fineBucket).count()),
          m_coarseMs(std::chrono::duration_cast<std::chrono::milliseconds>(policy.coarseBucket).count())
    {
    }

    qint64 from(int tier) const
    {
        if (tier == historyschema::kFineTier)
            return m_from - m_fineMs + 1;
        if (tier == historyschema::kCoarseTier)
            return m_from - m_coarseMs + 1;
        return m_from;
    }
    qint64 to() const { return m_to; }

private:
    qint64 m_from;
    qint64 m_to;
    qint64 m_fineMs;
    qint64 m_coarseMs;
};

// Oldest tier first: tiers do not overlap in time, so this is time order without a sort.
constexpr int kTiersByAge[] = {historyschema::kCoarseTier, historyschema::kFineTier, historyschema::kRawTier};

} // namespace

Result<std::optional<HistoryStore::Private::GroupKey>> HistoryStore::Private::findGroup(const QString &cluster,
                                                                                        const QString &group) const
{
    std::optional<GroupKey> key;
    const Status s =
        sql::select(db,
                    QStringLiteral("SELECT g.cluster_id, g.id FROM consumer_group g"
                                   " JOIN cluster c ON c.id = g.cluster_id WHERE c.name = ? AND g.name = ?"),
                    {cluster, group}, HistoryStoreText::tr("Cannot read the history"), [&key](const QSqlQuery &q) {
                        if (!key)
                            key = GroupKey{q.value(0).toLongLong(), q.value(1).toLongLong()};
                    });
    if (!s)
        return s.error();
    return key;
}

namespace {

// The poll times of the group's cluster in one tier drive the join (CROSS JOIN keeps that
// order), so each time costs one seek into this group's samples. The unary + stops SQLite
// from turning p.t's range into a range scan of the samples of every group.
QString fromPollTimes(QLatin1String samples, QLatin1String moreJoins = {})
{
    return QStringLiteral(" FROM poll p CROSS JOIN %1 s ON s.tier = +p.tier AND s.t = +p.t AND s.group_id = ?%2"
                          " WHERE p.cluster_id = ? AND p.tier = ? AND p.t BETWEEN ? AND ?")
        .arg(samples, moreJoins);
}

// Runs the query once per tier, oldest first; rows come in time order within a tier.
template <typename OnRow>
Status forEachTier(QSqlQuery &q, qint64 groupId, qint64 clusterId, const TimeWindow &window, const QString &what,
                   OnRow onRow)
{
    for (const int tier : kTiersByAge) {
        q.bindValue(0, groupId);
        q.bindValue(1, clusterId);
        q.bindValue(2, tier);
        q.bindValue(3, window.from(tier));
        q.bindValue(4, window.to());
        if (!q.exec())
            return sql::failed(q, what);
        while (q.next())
            onRow(q);
    }
    return success();
}

// series id → partition, for one group.
Result<QHash<qint64, TopicPartition>> seriesOf(const QSqlDatabase &db, qint64 groupId)
{
    QHash<qint64, TopicPartition> out;
    const Status s =
        sql::select(db,
                    QStringLiteral("SELECT p.id, t.name, p.partition FROM partition_series p"
                                   " JOIN topic t ON t.id = p.topic_id WHERE p.group_id = ?"),
                    {groupId}, HistoryStoreText::tr("Cannot read the history"), [&out](const QSqlQuery &q) {
                        out.insert(q.value(0).toLongLong(), TopicPartition{q.value(1).toString(), q.value(2).toInt()});
                    });
    if (!s)
        return s.error();
    return out;
}

// One of the per-tier sample reads of a group, run over every tier.
template <typename OnRow>
Status selectGroupTiers(const QSqlDatabase &db, qint64 groupId, qint64 clusterId, const TimeWindow &window,
                        const QString &statement, const QString &group, OnRow onRow)
{
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(statement);
    return forEachTier(q, groupId, clusterId, window, HistoryStoreText::tr("Cannot read the history of %1").arg(group),
                       onRow);
}

} // namespace

template <typename OnRow>
Status HistoryStore::Private::selectGroupRows(const QString &cluster, const QString &group, const QDateTime &from,
                                              const QDateTime &to, const QString &statement, OnRow onRow) const
{
    const auto key = findGroup(cluster, group);
    if (!key)
        return key.error();
    if (!*key)
        return success();
    const TimeWindow window(from, to, policy);
    if constexpr (std::is_invocable_v<OnRow, const QSqlQuery &>) {
        return selectGroupTiers(db, (*key)->groupId, (*key)->clusterId, window, statement, group, onRow);
    } else {
        const auto series = seriesOf(db, (*key)->groupId);
        if (!series)
            return series.error();
        return selectGroupTiers(db, (*key)->groupId, (*key)->clusterId, window, statement, group,
                                [&](const QSqlQuery &row) { onRow(row, row.value(1).toLongLong(), *series); });
    }
}

namespace {

// The columns every event read selects, in the order appendEventOf() reads them.
constexpr QLatin1String kEventColumns("e.t, e.kind, e.severity, e.subject, e.group_name, e.message");

// Appends the event of a row to `out`; kinds this version does not know were written by a
// newer one and are skipped.
void appendEventOf(const QSqlQuery &q, const QString &cluster, std::vector<ClusterEvent> &out)
{
    ClusterEvent e;
    if (!eventKindFromName(q.value(1).toString(), &e.kind))
        return;
    e.time = QDateTime::fromMSecsSinceEpoch(q.value(0).toLongLong(), Qt::UTC);
    e.cluster = cluster;
    const QString severity = q.value(2).toString();
    for (const EventSeverity level : {EventSeverity::Info, EventSeverity::Warning, EventSeverity::Error})
        if (severityName(level) == severity)
            e.severity = level;
    e.subject = q.value(3).toString();
    e.group = q.value(4).toString();
    e.message = q.value(5).toString();
    out.push_back(std::move(e));
}

// " AND e.kind IN (?, ?, …)" and the kinds' stored names to bind, in order.
QString kindFilter(const std::vector<EventKind> &kinds, QVariantList &values)
{
    QStringList marks;
    for (const EventKind kind : kinds) {
        marks << QStringLiteral("?");
        values << eventKindName(kind);
    }
    return QStringLiteral(" AND e.kind IN (") + marks.join(QStringLiteral(", ")) + QLatin1Char(')');
}

} // namespace

Result<std::vector<ClusterEvent>> HistoryStore::events(const QString &cluster, const QDateTime &from,
                                                       const QDateTime &to, const QString &group) const
{
    const ClusterRangeQuery query{QStringLiteral("SELECT %1 FROM event e JOIN cluster c ON c.id = e.cluster_id"
                                                 " WHERE c.name = ? AND e.t BETWEEN ? AND ?")
                                      .arg(kEventColumns),
                                  QStringLiteral(" AND e.group_name = ?"), QStringLiteral(" ORDER BY e.t, e.id")};
    std::vector<ClusterEvent> out;
    const Status s = selectClusterRange(d->db, query, cluster, from, to, group,
                                        HistoryStoreText::tr("Cannot read events from the history"),
                                        [&](const QSqlQuery &q) { appendEventOf(q, cluster, out); });
    if (!s)
        return s.error();
    return out;
}

Result<std::vector<ClusterEvent>> HistoryStore::eventsOfKinds(const QString &cluster,
                                                              const std::vector<EventKind> &kinds,
                                                              const QDateTime &from, const QDateTime &to) const
{
    std::vector<ClusterEvent> out;
    if (kinds.empty())
        return out;
    QVariantList values{cluster, sql::msOr(from, std::numeric_limits<qint64>::min()),
                        sql::msOr(to, std::numeric_limits<qint64>::max())};
    const QString statement = QStringLiteral("SELECT %1 FROM event e JOIN cluster c ON c.id = e.cluster_id"
                                             " WHERE c.name = ? AND e.t BETWEEN ? AND ?")
                                  .arg(kEventColumns)
                              + kindFilter(kinds, values) + QStringLiteral(" ORDER BY e.t, e.id");
    const Status s = sql::select(d->db, statement, values, HistoryStoreText::tr("Cannot read events from the history"),
                                 [&](const QSqlQuery &q) { appendEventOf(q, cluster, out); });
    if (!s)
        return s.error();
    return out;
}

Result<std::vector<ClusterEvent>> HistoryStore::latestEventsBefore(const QString &cluster,
                                                                   const std::vector<EventKind> &kinds,
                                                                   const QDateTime &before) const
{
    std::vector<ClusterEvent> out;
    if (kinds.empty())
        return out;
    QVariantList values{cluster, sql::msOr(before, std::numeric_limits<qint64>::max())};
    // Numbered newest first within each subject; the id breaks ties of one poll's time as
    // the order of writing does for events().
    const QString statement =
        QStringLiteral("SELECT %1 FROM (SELECT e.id, %1, row_number() OVER (PARTITION BY e.subject"
                       " ORDER BY e.t DESC, e.id DESC) AS newest FROM event e JOIN cluster c ON c.id = e.cluster_id"
                       " WHERE c.name = ? AND e.t < ?")
            .arg(kEventColumns)
        + kindFilter(kinds, values) + QStringLiteral(") e WHERE e.newest = 1 ORDER BY e.t, e.id");
    const Status s = sql::select(d->db, statement, values, HistoryStoreText::tr("Cannot read events from the history"),
                                 [&](const QSqlQuery &q) { appendEventOf(q, cluster, out); });
    if (!s)
        return s.error();
    return out;
}

Result<QDateTime> HistoryStore::historyStart(const QString &cluster) const
{
    // min(t) of one cluster and tier is a seek into the poll table's key, of one cluster into
    // event_by_time; min(t) over the cluster's polls of all tiers at once would scan them.
    const QString pollMin = QStringLiteral(
        " UNION ALL SELECT (SELECT min(t) FROM poll WHERE cluster_id = (SELECT id FROM c) AND tier = %1)");
    QString statement = QStringLiteral("WITH c(id) AS (SELECT id FROM cluster WHERE name = ?) SELECT min(t) FROM ("
                                       "SELECT (SELECT min(t) FROM event WHERE cluster_id = (SELECT id FROM c)) AS t");
    for (const int tier : kTiersByAge)
        statement += pollMin.arg(tier);
    statement += QLatin1Char(')');
    QDateTime start;
    const Status s =
        sql::select(d->db, statement, {cluster}, HistoryStoreText::tr("Cannot read the history of %1").arg(cluster),
                    [&start](const QSqlQuery &q) { start = sql::timeOrInvalid(q.value(0)); });
    if (!s)
        return s.error();
    return start;
}

Result<std::vector<HistoryStore::GroupSample>> HistoryStore::groupHistory(const QString &cluster, const QString &group,
                                                                          const QDateTime &from,
                                                                          const QDateTime &to) const
{
    std::vector<GroupSample> out;
    const QString statement(
        QStringLiteral("SELECT p.t, s.total_lag, s.max_lag, s.members, st.name")
        + fromPollTimes(QLatin1String("group_sample"), QLatin1String(" LEFT JOIN group_state st ON st.id = s.state_id"))
        + QStringLiteral(" ORDER BY p.t"));
    const Status s = d->selectGroupRows(cluster, group, from, to, statement, [&out](const QSqlQuery &row) {
        out.push_back({row.value(0).toLongLong(), row.value(1).toLongLong(), row.value(2).toLongLong(),
                       row.value(3).toInt(), row.value(4).toString()});
    });
    if (!s)
        return s.error();
    return out;
}

Result<std::vector<HistoryStore::GroupStatusSample>> HistoryStore::groupStatusHistory(const QString &cluster,
                                                                                      const QString &group,
                                                                                      const QDateTime &from,
                                                                                      const QDateTime &to) const
{
    std::vector<GroupStatusSample> out;
    const QString statement(QStringLiteral("SELECT p.t, s.status, s.max_lag_seconds, s.lag_seconds_at_least")
                            + fromPollTimes(QLatin1String("group_sample")) + QStringLiteral(" ORDER BY p.t"));
    const Status s = d->selectGroupRows(cluster, group, from, to, statement, [&out](const QSqlQuery &row) {
        out.push_back({row.value(0).toLongLong(), row.value(1).toString(),
                       row.value(2).isNull() ? -1.0 : row.value(2).toDouble(), row.value(3).toInt() != 0});
    });
    if (!s)
        return s.error();
    return out;
}

Result<std::map<TopicPartition, std::vector<HistoryStore::PartitionSample>>>
HistoryStore::partitionHistory(const QString &cluster, const QString &group, const QDateTime &from,
                               const QDateTime &to) const
{
    std::map<TopicPartition, std::vector<PartitionSample>> out;
    const QString statement(QStringLiteral("SELECT p.t, s.series_id, s.committed, s.log_end, s.lag")
                            + fromPollTimes(QLatin1String("partition_sample")) + QStringLiteral(" ORDER BY p.t"));
    // Rows come time by time; one vector per series, found through a small hash.
    QHash<qint64, std::vector<PartitionSample> *> lists;
    const Status s =
        d->selectGroupRows(cluster, group, from, to, statement,
                           [&](const QSqlQuery &row, qint64 seriesId, const QHash<qint64, TopicPartition> &series) {
                               auto &list = lists[seriesId];
                               if (!list)
                                   list = &out[series.value(seriesId)];
                               list->push_back({row.value(0).toLongLong(), sql::orUnknown(row.value(2)),
                                                sql::orUnknown(row.value(3)), sql::orUnknown(row.value(4))});
                           });
    if (!s)
        return s.error();
    return out;
}

Result<std::map<QString, std::vector<HistoryStore::TopicSample>>> HistoryStore::topicHistory(const QString &cluster,
                                                                                             const QString &group,
                                                                                             const QDateTime &from,
                                                                                             const QDateTime &to) const
{
    std::map<QString, std::vector<TopicSample>> out;
    const QString statement(QStringLiteral("SELECT p.t, s.series_id, s.lag")
                            + fromPollTimes(QLatin1String("partition_sample"))
                            + QStringLiteral(" AND s.lag IS NOT NULL ORDER BY p.t"));
    // All partitions of a group share their poll times and bucket starts, so a topic's
    // point is the sum over the rows of one time; a topic has no point where none of its
    // lags is known.
    QHash<qint64, std::vector<TopicSample> *> lists;
    const Status s =
        d->selectGroupRows(cluster, group, from, to, statement,
                           [&](const QSqlQuery &row, qint64 seriesId, const QHash<qint64, TopicPartition> &series) {
                               const qint64 t = row.value(0).toLongLong();
                               auto &list = lists[seriesId];
                               if (!list)
                                   list = &out[series.value(seriesId).topic];
                               if (list->empty() || list->back().timeMs != t)
                                   list->push_back({t, 0});
                               list->back().totalLag += row.value(2).toLongLong();
                           });
    if (!s)
        return s.error();
    return out;
}

} // namespace lagscope
