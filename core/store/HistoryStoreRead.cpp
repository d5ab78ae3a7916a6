// Reading from the history store. A group's queries read its points (store/HistoryBlocks.cpp:
// every tier's blocks, oldest first, then the recent polls) and shape them for the caller.
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

#include <limits>
#include <type_traits>

namespace lagscope {

namespace {

// Oldest tier first: tiers do not overlap in time, so this is time order without a sort.

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

// state id → name; a handful of rows.
Result<QHash<qint64, QString>> stateNames(const QSqlDatabase &db)
{
    QHash<qint64, QString> out;
    const Status s = sql::select(
        db, QStringLiteral("SELECT id, name FROM group_state"), {}, HistoryStoreText::tr("Cannot read the history"),
        [&out](const QSqlQuery &q) { out.insert(q.value(0).toLongLong(), q.value(1).toString()); });
    if (!s)
        return s.error();
    return out;
}

qint64 orMinusOne(qint64 v) { return v == history::kUnknown ? -1 : v; }

} // namespace

Result<HistoryStore::Private::PointsAndSeries> HistoryStore::Private::pointsWithSeries(const QString &cluster,
                                                                                       const QString &group,
                                                                                       const QDateTime &from,
                                                                                       const QDateTime &to) const
{
    const auto key = findGroup(cluster, group);
    if (!key)
        return key.error();
    PointsAndSeries out;
    if (!*key)
        return out;
    auto points = readPoints(**key, TimeWindow(from, to, policy), group);
    if (!points)
        return points.error();
    auto series = seriesOf(db, (*key)->groupId);
    if (!series)
        return series.error();
    out.points = std::move(*points);
    out.series = std::move(*series);
    return out;
}

Result<std::vector<history::GroupPoint>> HistoryStore::Private::groupPoints(const QString &cluster,
                                                                            const QString &group, const QDateTime &from,
                                                                            const QDateTime &to) const
{
    const auto key = findGroup(cluster, group);
    if (!key)
        return key.error();
    if (!*key)
        return std::vector<history::GroupPoint>{};
    return readPoints(**key, TimeWindow(from, to, policy), group);
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
    for (const int tier : historyschema::kTiersByAge)
        statement += pollMin.arg(tier);
    statement += QLatin1String(") AS starts"); // PostgreSQL names every subquery in FROM
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
    const auto points = d->groupPoints(cluster, group, from, to);
    if (!points)
        return points.error();
    const auto states = stateNames(d->db);
    if (!states)
        return states.error();
    std::vector<GroupSample> out;
    out.reserve(points->size());
    for (const history::GroupPoint &p : *points)
        out.push_back({p.timeMs, p.totalLag, p.maxLag, p.members, states->value(p.stateId)});
    return out;
}

Result<std::vector<HistoryStore::GroupStatusSample>> HistoryStore::groupStatusHistory(const QString &cluster,
                                                                                      const QString &group,
                                                                                      const QDateTime &from,
                                                                                      const QDateTime &to) const
{
    const auto points = d->groupPoints(cluster, group, from, to);
    if (!points)
        return points.error();
    std::vector<GroupStatusSample> out;
    out.reserve(points->size());
    for (const history::GroupPoint &p : *points)
        out.push_back({p.timeMs, history::statusNameOf(p.status), p.maxLagSeconds.value_or(-1.0),
                       p.lagSecondsAtLeast.value_or(false)});
    return out;
}

Result<std::map<TopicPartition, std::vector<HistoryStore::PartitionSample>>>
HistoryStore::partitionHistory(const QString &cluster, const QString &group, const QDateTime &from,
                               const QDateTime &to) const
{
    const auto read = d->pointsWithSeries(cluster, group, from, to);
    if (!read)
        return read.error();
    const auto &[points, series] = *read;
    std::map<TopicPartition, std::vector<PartitionSample>> out;
    // One vector per series, found through a small hash.
    QHash<qint64, std::vector<PartitionSample> *> lists;
    for (const history::GroupPoint &p : points) {
        for (const history::PartitionPoint &pp : p.partitions) {
            auto &list = lists[pp.seriesId];
            if (!list)
                list = &out[series.value(pp.seriesId)];
            list->push_back({p.timeMs, orMinusOne(pp.committed), orMinusOne(pp.logEnd), orMinusOne(pp.lag)});
        }
    }
    return out;
}

Result<std::map<QString, std::vector<HistoryStore::TopicSample>>> HistoryStore::topicHistory(const QString &cluster,
                                                                                             const QString &group,
                                                                                             const QDateTime &from,
                                                                                             const QDateTime &to) const
{
    const auto read = d->pointsWithSeries(cluster, group, from, to);
    if (!read)
        return read.error();
    const auto &[points, series] = *read;
    std::map<QString, std::vector<TopicSample>> out;
    // A topic's point is the sum of its partitions' known lags at one time; a topic has no
    // point where none of its lags is known.
    QHash<qint64, std::vector<TopicSample> *> lists;
    for (const history::GroupPoint &p : points) {
        for (const history::PartitionPoint &pp : p.partitions) {
            if (pp.lag == history::kUnknown)
                continue;
            auto &list = lists[pp.seriesId];
            if (!list)
                list = &out[series.value(pp.seriesId).topic];
            if (list->empty() || list->back().timeMs != p.timeMs)
                list->push_back({p.timeMs, 0});
            list->back().totalLag += pp.lag;
        }
    }
    return out;
}

} // namespace lagscope
