// Writing to the history store: polls (one recent row per group and poll), events, and the
// compaction that packs, ages and drops points (store/HistoryBlocks.cpp does the blocks).
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

#include <algorithm>
#include <functional>

namespace lagscope {

using history::floorTo;

namespace {

// The advisory lock of compaction in a shared history (store/HistoryStorePostgres.cpp has the
// schema's, store/HistoryLease.h the writers').
constexpr qint64 kCompactionLockKey = (0x4c41475343LL << 8) + 1;

qint64 valueOr(const std::optional<std::int64_t> &v) { return v ? qint64(*v) : history::kUnknown; }

QString downsamplePolls(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    return QStringLiteral("INSERT INTO poll(cluster_id, tier, t)"
                          " SELECT DISTINCT cluster_id, %2, (t / %3) * %3 FROM poll"
                          " WHERE cluster_id IN (SELECT id FROM cluster) AND tier = %1 AND t < %4"
                          " ON CONFLICT DO NOTHING")
        .arg(from)
        .arg(to)
        .arg(bucketMs)
        .arg(cutoff);
}

QString deletePolls(const QString &tiers, qint64 cutoff)
{
    return QStringLiteral("DELETE FROM poll WHERE cluster_id IN (SELECT id FROM cluster) AND tier IN (%1) AND t < %2")
        .arg(tiers)
        .arg(cutoff);
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

        history::GroupPoint point;
        point.timeMs = t;
        point.totalLag = qint64(group.totalLag);
        point.maxLag = qint64(group.maxLag);
        point.members = int(group.members.size());
        point.stateId = *stateId;
        point.status = history::statusCodeOf(lagStatusName(group.verdict.status));
        if (group.maxLagTime) {
            point.maxLagSeconds = group.maxLagTime->seconds;
            point.lagSecondsAtLeast = group.maxLagTime->atLeast;
        }
        point.partitions.reserve(group.partitions.size());

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
            point.partitions.push_back({*seriesId, valueOr(p.committed), valueOr(p.logEnd), valueOr(p.lag)});
        }
        std::sort(point.partitions.begin(), point.partitions.end(),
                  [](const auto &a, const auto &b) { return a.seriesId < b.seriesId; });

        insertRecent.bindValue(0, t);
        insertRecent.bindValue(1, *gid);
        insertRecent.bindValue(2, history::encodePoints({point}, history::Packing::Plain));
        if (!insertRecent.exec())
            return fail(sql::errorText(insertRecent.lastError()));
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
    if (sql::dialectOf(d->db).postgres) {
        // A shared history is compacted by one of its writers at a time; the others find the
        // lock taken and leave it to that one (it is held until this transaction ends).
        const auto mine =
            sql::scalar(d->db, QStringLiteral("SELECT pg_try_advisory_xact_lock(%1)").arg(kCompactionLockKey), what);
        if (!mine)
            return d->abort(mine.error());
        if (!mine->toBool()) {
            d->db.rollback();
            return success();
        }
    }

    // Recent polls into raw blocks, raw before fine: after a long pause raw points may be
    // old enough for both steps.
    const std::function<Status()> moves[] = {
        [&] { return d->packRecent(floorTo(nowMs, kBlockSpanMs[kRawTier])); },
        [&] { return d->moveDown(kRawTier, kFineTier, fineMs, rawCutoff); },
        [&] { return d->moveDown(kFineTier, kCoarseTier, coarseMs, fineCutoff); },
        [&] { return d->moveDown(kCoarseTier, -1, 0, keepCutoff); },
        [&] { return d->moveDown(kFineTier, -1, 0, keepCutoff); },
        [&] { return d->moveDown(kRawTier, -1, 0, keepCutoff); },
        [&] { return d->moveReadiness(kRawTier, kFineTier, fineMs, rawCutoff); },
        [&] { return d->moveReadiness(kFineTier, kCoarseTier, coarseMs, fineCutoff); },
        [&] { return d->moveReadiness(kCoarseTier, -1, 0, keepCutoff); },
        [&] { return d->moveReadiness(kFineTier, -1, 0, keepCutoff); },
        [&] { return d->moveReadiness(kRawTier, -1, 0, keepCutoff); },
    };
    for (const auto &move : moves)
        if (Status s = move(); !s)
            return d->abort(s);
    QStringList steps{
        downsamplePolls(kRawTier, kFineTier, fineMs, rawCutoff), deletePolls(QString::number(kRawTier), rawCutoff),
        downsamplePolls(kFineTier, kCoarseTier, coarseMs, fineCutoff),
        deletePolls(QString::number(kFineTier), fineCutoff),
        deletePolls(QStringLiteral("%1, %2, %3").arg(kRawTier).arg(kFineTier).arg(kCoarseTier), keepCutoff)};
    steps << QStringLiteral("DELETE FROM event WHERE cluster_id IN (SELECT id FROM cluster) AND t < %1").arg(keepCutoff)
          << QStringLiteral("DELETE FROM rebalance WHERE end_by < %1").arg(keepCutoff);
    steps += Private::flowCompactionSteps(sql::dialectOf(d->db), fineMs, rawCutoff, coarseMs, fineCutoff, keepCutoff);
    for (const QString &step : std::as_const(steps)) {
        if (Status s = sql::exec(d->db, step, what); !s)
            return d->abort(s);
    }
    // Dictionary rows of groups and partitions that no longer exist stay: a few bytes each,
    // and finding them would need an index on every sample.
    return d->commit(what);
}

} // namespace lagscope
