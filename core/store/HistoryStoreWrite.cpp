// Writing to the history store: polls, events, and the compaction that ages rows from
// one tier into the next.
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

namespace lagscope {

namespace {

QVariant optionalValue(const std::optional<std::int64_t> &v) { return v ? QVariant(qint64(*v)) : QVariant(); }

qint64 floorTo(qint64 t, qint64 step)
{
    const qint64 q = t / step;
    return (t % step < 0 ? q - 1 : q) * step;
}

qint64 msOf(std::chrono::seconds s) { return std::chrono::duration_cast<std::chrono::milliseconds>(s).count(); }

// Moves rows of tier `from` older than `cutoff` into buckets of `bucketMs` in tier `to`.
// A bucket takes the maximum of the lag columns and the other columns of the newest row
// in it (found by joining back on that row's key). The cutoff is a bucket boundary, so a
// bucket is normally built once from all its rows; a bucket that already exists (rows
// that arrived late) is merged rather than replaced. All of it is a key-range scan.
QString downsamplePartitions(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    return QStringLiteral("INSERT INTO partition_sample(tier, t, group_id, series_id, committed, log_end, lag)"
                          " SELECT %2, a.b, a.group_id, a.series_id, s.committed, s.log_end, a.ml FROM"
                          " (SELECT (t / %3) * %3 AS b, group_id, series_id, max(t) AS lt, max(lag) AS ml"
                          "  FROM partition_sample WHERE tier = %1 AND t < %4 GROUP BY b, group_id, series_id) a"
                          " JOIN partition_sample s"
                          "  ON s.tier = %1 AND s.t = a.lt AND s.group_id = a.group_id AND s.series_id = a.series_id"
                          " WHERE 1" // lets SQLite parse the ON CONFLICT below as an upsert
                          " ON CONFLICT(tier, t, group_id, series_id) DO UPDATE SET committed = excluded.committed,"
                          "  log_end = excluded.log_end,"
                          "  lag = max(coalesce(lag, excluded.lag), coalesce(excluded.lag, lag))")
        .arg(from)
        .arg(to)
        .arg(bucketMs)
        .arg(cutoff);
}

// The lag status of a bucket is the worst of its polls and its lag seconds the largest,
// like the lag columns: a bucket must not hide a STOP any more than a spike.
QString downsampleGroups(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    using historyschema::statusNameSql;
    using historyschema::statusSeveritySql;
    return QStringLiteral(
               "INSERT INTO group_sample(tier, t, group_id, total_lag, max_lag, members, state_id,"
               " status, max_lag_seconds, lag_seconds_at_least)"
               " SELECT %2, a.b, a.group_id, a.tl, a.ml, s.members, s.state_id, %5, a.mls, a.mal FROM"
               " (SELECT (t / %3) * %3 AS b, group_id, max(t) AS lt, max(total_lag) AS tl, max(max_lag) AS ml,"
               "  max(%6) AS ws, max(max_lag_seconds) AS mls, max(lag_seconds_at_least) AS mal"
               "  FROM group_sample WHERE tier = %1 AND t < %4 GROUP BY b, group_id) a"
               " JOIN group_sample s ON s.tier = %1 AND s.t = a.lt AND s.group_id = a.group_id"
               " WHERE 1"
               " ON CONFLICT(tier, t, group_id) DO UPDATE SET total_lag = max(total_lag, excluded.total_lag),"
               "  max_lag = max(max_lag, excluded.max_lag), members = excluded.members,"
               "  state_id = excluded.state_id,"
               "  status = CASE WHEN coalesce(%7, -1) >= coalesce(%8, -1) THEN status ELSE excluded.status END,"
               "  max_lag_seconds = max(coalesce(max_lag_seconds, excluded.max_lag_seconds),"
               "   coalesce(excluded.max_lag_seconds, max_lag_seconds)),"
               "  lag_seconds_at_least = max(coalesce(lag_seconds_at_least, excluded.lag_seconds_at_least),"
               "   coalesce(excluded.lag_seconds_at_least, lag_seconds_at_least))")
        .arg(from)
        .arg(to)
        .arg(bucketMs)
        .arg(cutoff)
        .arg(statusNameSql(QStringLiteral("a.ws")), statusSeveritySql(QStringLiteral("status")),
             statusSeveritySql(QStringLiteral("status")), statusSeveritySql(QStringLiteral("excluded.status")));
}

QString downsamplePolls(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    return QStringLiteral("INSERT OR IGNORE INTO poll(cluster_id, tier, t)"
                          " SELECT DISTINCT cluster_id, %2, (t / %3) * %3 FROM poll"
                          " WHERE cluster_id IN (SELECT id FROM cluster) AND tier = %1 AND t < %4")
        .arg(from)
        .arg(to)
        .arg(bucketMs)
        .arg(cutoff);
}

QString deleteOlder(const QString &table, const QString &tiers, qint64 cutoff)
{
    const QString clusters =
        table == QLatin1String("poll") ? QStringLiteral("cluster_id IN (SELECT id FROM cluster) AND ") : QString();
    return QStringLiteral("DELETE FROM %1 WHERE %2tier IN (%3) AND t < %4").arg(table, clusters, tiers).arg(cutoff);
}

// The rows older than `cutoff` in `tiers` of every table a poll writes, samples before the
// polls they join on.
QStringList deleteOlderPolls(const QString &tiers, qint64 cutoff)
{
    return {deleteOlder(QStringLiteral("partition_sample"), tiers, cutoff),
            deleteOlder(QStringLiteral("group_sample"), tiers, cutoff),
            deleteOlder(QStringLiteral("poll"), tiers, cutoff)};
}

// One step down the tiers: the rows of tier `from` older than `cutoff` become buckets of
// `bucketMs` in tier `to`, then go.
QStringList moveDownTier(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    QStringList steps{downsamplePartitions(from, to, bucketMs, cutoff), downsampleGroups(from, to, bucketMs, cutoff),
                      downsamplePolls(from, to, bucketMs, cutoff)};
    steps += deleteOlderPolls(QString::number(from), cutoff);
    return steps;
}

} // namespace

Status HistoryStore::Private::writeSnapshot(const ClusterSnapshot &snapshot)
{
    if (!snapshot.takenAt.isValid())
        return Status::failure(HistoryStoreText::tr("a poll of %1 has no time").arg(snapshot.cluster));
    auto fail = [&](const QString &message) {
        return Status::failure(snapshot.cluster + QLatin1String(": ") + message);
    };

    const qint64 t = snapshot.takenAt.toMSecsSinceEpoch();
    const auto cluster = clusterId(snapshot.cluster);
    if (!cluster)
        return fail(cluster.errorMessage());
    insertPoll.bindValue(0, *cluster);
    insertPoll.bindValue(1, t);
    if (!insertPoll.exec())
        return fail(sql::errorText(insertPoll.lastError()));

    for (const GroupState &group : snapshot.groups) {
        // An unread group carries the values of an earlier poll: its chart shows a gap for
        // this poll rather than those values again.
        if (group.unread())
            continue;
        const auto gid = groupId(*cluster, group.groupId);
        if (!gid)
            return fail(gid.errorMessage());
        const auto stateId = states.idFor(group.state, {group.state});
        if (!stateId)
            return fail(stateId.errorMessage());

        QSqlQuery &g = insertGroup;
        g.bindValue(0, t);
        g.bindValue(1, *gid);
        g.bindValue(2, qint64(group.totalLag));
        g.bindValue(3, qint64(group.maxLag));
        g.bindValue(4, int(group.members.size()));
        g.bindValue(5, *stateId);
        g.bindValue(6, lagStatusName(group.verdict.status));
        g.bindValue(7, group.maxLagTime ? QVariant(group.maxLagTime->seconds) : QVariant());
        g.bindValue(8, group.maxLagTime ? QVariant(int(group.maxLagTime->atLeast)) : QVariant());
        if (!g.exec())
            return fail(sql::errorText(g.lastError()));

        // Topics repeat across consecutive partitions (they are sorted): look up once per run.
        QString lastTopic;
        qint64 topicId = -1;
        for (const PartitionLag &p : group.partitions) {
            if (!p.committed && !p.logEnd)
                continue;
            if (topicId < 0 || p.partition.topic != lastTopic) {
                const auto id = topics.idFor(p.partition.topic, {p.partition.topic});
                if (!id)
                    return fail(id.errorMessage());
                topicId = *id;
                lastTopic = p.partition.topic;
            }
            const auto seriesId =
                series.idFor({*gid, topicId, p.partition.partition}, {*gid, topicId, p.partition.partition});
            if (!seriesId)
                return fail(seriesId.errorMessage());

            QSqlQuery &q = insertPartition;
            q.bindValue(0, t);
            q.bindValue(1, *gid);
            q.bindValue(2, *seriesId);
            q.bindValue(3, optionalValue(p.committed));
            q.bindValue(4, optionalValue(p.logEnd));
            q.bindValue(5, optionalValue(p.lag));
            if (!q.exec())
                return fail(sql::errorText(q.lastError()));
        }
    }
    return success();
}

Status HistoryStore::appendSnapshot(const ClusterSnapshot &snapshot)
{
    // Snapshots of an unreachable cluster carry no offsets, only the absence of them.
    if (!snapshot.reachable)
        return success();
    const QString what = HistoryStoreText::tr("Cannot write the history of %1").arg(snapshot.cluster);
    if (Status s = d->begin(what); !s)
        return s;
    if (Status s = d->writeSnapshot(snapshot); !s)
        return d->abort(Status::failure(what + QLatin1String(": ") + s.errorMessage()));
    return d->commit(what);
}

Status HistoryStore::appendSnapshots(const std::vector<SnapshotPtr> &snapshots)
{
    const QString what = HistoryStoreText::tr("Cannot write to the history");
    if (Status s = d->begin(what); !s)
        return s;
    for (const SnapshotPtr &snapshot : snapshots) {
        if (!snapshot || !snapshot->reachable)
            continue;
        if (Status s = d->writeSnapshot(*snapshot); !s)
            return d->abort(Status::failure(what + QLatin1String(": ") + s.errorMessage()));
    }
    return d->commit(what);
}

Status HistoryStore::appendEvents(const std::vector<ClusterEvent> &events)
{
    if (events.empty())
        return success();
    const QString what = HistoryStoreText::tr("Cannot write events to the history");
    if (Status s = d->begin(what); !s)
        return s;
    auto fail = [&](const QString &message) { return d->abort(Status::failure(what + QLatin1String(": ") + message)); };

    QSqlQuery &q = d->insertEvent;
    for (const ClusterEvent &e : events) {
        if (!e.time.isValid())
            return fail(HistoryStoreText::tr("an event of %1 has no time").arg(e.cluster));
        const auto clusterId = d->clusterId(e.cluster);
        if (!clusterId)
            return fail(clusterId.errorMessage());
        q.bindValue(0, *clusterId);
        q.bindValue(1, e.time.toMSecsSinceEpoch());
        q.bindValue(2, eventKindName(e.kind));
        q.bindValue(3, severityName(e.severity));
        q.bindValue(4, e.subject.isNull() ? QString(QLatin1String("")) : e.subject);
        q.bindValue(5, e.group.isNull() ? QString(QLatin1String("")) : e.group);
        q.bindValue(6, e.message.isNull() ? QString(QLatin1String("")) : e.message);
        if (!q.exec())
            return fail(sql::errorText(q.lastError()));
    }
    return d->commit(what);
}

Status HistoryStore::compact(const QDateTime &now)
{
    if (!now.isValid())
        return Status::failure(HistoryStoreText::tr("Cannot compact the history without the current time"));
    using namespace historyschema;
    const RetentionPolicy &p = d->policy;
    const qint64 nowMs = now.toMSecsSinceEpoch();
    const qint64 fineMs = msOf(p.fineBucket);
    const qint64 coarseMs = msOf(p.coarseBucket);
    const qint64 rawCutoff = floorTo(nowMs - msOf(p.rawFor), fineMs);
    const qint64 fineCutoff = floorTo(nowMs - msOf(p.fineFor), coarseMs);
    const qint64 keepCutoff = nowMs - msOf(p.keepFor);

    const QString what = HistoryStoreText::tr("Cannot compact the history");
    if (Status s = d->begin(what); !s)
        return s;

    // Raw before fine: after a long pause raw rows may be old enough for both steps.
    QStringList steps = moveDownTier(kRawTier, kFineTier, fineMs, rawCutoff);
    steps += moveDownTier(kFineTier, kCoarseTier, coarseMs, fineCutoff);
    steps += deleteOlderPolls(QStringLiteral("%1, %2, %3").arg(kRawTier).arg(kFineTier).arg(kCoarseTier), keepCutoff);
    steps << QStringLiteral("DELETE FROM event WHERE cluster_id IN (SELECT id FROM cluster) AND t < %1").arg(keepCutoff)
          << QStringLiteral("DELETE FROM rebalance WHERE end_by < %1").arg(keepCutoff);
    steps += Private::flowCompactionSteps(fineMs, rawCutoff, coarseMs, fineCutoff, keepCutoff);
    for (const QString &step : std::as_const(steps)) {
        if (Status s = sql::exec(d->db, step, what); !s)
            return d->abort(s);
    }
    // Dictionary rows of groups and partitions that no longer exist stay: a few bytes each,
    // and finding them would need an index on every sample.
    return d->commit(what);
}

} // namespace lagscope
