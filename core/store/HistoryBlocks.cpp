// The history's blocks of group points (schema version 5): reading a group's points, and
// the compaction steps that pack recent polls into blocks, fold aged points into buckets
// of the next tier and drop what retention no longer keeps.
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

#include <algorithm>

namespace lagscope {

using history::GroupPoint;

namespace {

// Oldest tier first: tiers do not overlap in time, so this is time order.

QString damagedBlock(const QString &group)
{
    return HistoryStoreText::tr("The history of %1 is damaged: a block of it cannot be read").arg(group);
}

} // namespace

TimeWindow::TimeWindow(const QDateTime &from, const QDateTime &to, const RetentionPolicy &policy)
    : m_from(sql::msOr(from, std::numeric_limits<qint64>::min() / 2)),
      m_to(sql::msOr(to, std::numeric_limits<qint64>::max() / 2)),
      m_fineMs(std::chrono::duration_cast<std::chrono::milliseconds>(policy.fineBucket).count()),
      m_coarseMs(std::chrono::duration_cast<std::chrono::milliseconds>(policy.coarseBucket).count())
{
}

qint64 TimeWindow::from(int tier) const
{
    if (tier == historyschema::kFineTier)
        return m_from - m_fineMs + 1;
    if (tier == historyschema::kCoarseTier)
        return m_from - m_coarseMs + 1;
    return m_from;
}

Result<std::vector<GroupPoint>> HistoryStore::Private::readPoints(const GroupKey &key, const TimeWindow &window,
                                                                  const QString &group) const
{
    const QString what = HistoryStoreText::tr("Cannot read the history of %1").arg(group);
    std::vector<GroupPoint> out;
    auto keep = [&](std::optional<std::vector<GroupPoint>> &&points, int tier) {
        if (!points)
            return false;
        for (GroupPoint &p : *points)
            if (window.contains(tier, p.timeMs))
                out.push_back(std::move(p));
        return true;
    };

    QSqlQuery blocks(db);
    blocks.setForwardOnly(true);
    blocks.prepare(QStringLiteral("SELECT data FROM sample_block WHERE group_id = ? AND tier = ? AND t0 <= ?"
                                  " AND t1 >= ? ORDER BY t0"));
    for (const int tier : historyschema::kTiersByAge) {
        blocks.bindValue(0, key.groupId);
        blocks.bindValue(1, tier);
        blocks.bindValue(2, window.to());
        blocks.bindValue(3, window.from(tier));
        if (!blocks.exec())
            return sql::failed(blocks, what).error();
        while (blocks.next())
            if (!keep(history::decodePoints(blocks.value(0).toByteArray()), tier))
                return Error{damagedBlock(group)};
    }

    // The polls not packed yet: one seek per poll time of the cluster since the oldest of
    // them (a key seek), rather than a scan of every group's recent rows.
    QSqlQuery recent(db);
    recent.setForwardOnly(true);
    const sql::Dialect &dialect = sql::dialectOf(db);
    recent.prepare(QStringLiteral("SELECT s.data FROM poll p %2 recent_sample s ON s.t = +p.t"
                                  " AND s.group_id = ? WHERE p.cluster_id = ? AND p.tier = %1 AND p.t BETWEEN"
                                  " %3(?, (SELECT min(t) FROM recent_sample)) AND ? ORDER BY p.t")
                       .arg(historyschema::kRawTier)
                       .arg(dialect.orderedJoin, dialect.greatest));
    recent.bindValue(0, key.groupId);
    recent.bindValue(1, key.clusterId);
    recent.bindValue(2, window.from(historyschema::kRawTier));
    recent.bindValue(3, window.to());
    if (!recent.exec())
        return sql::failed(recent, what).error();
    while (recent.next())
        if (!keep(history::decodePoints(recent.value(0).toByteArray()), historyschema::kRawTier))
            return Error{damagedBlock(group)};
    // Tiers and blocks come in time order; a poll that arrived after its span was packed
    // (a clock set back) may not.
    if (!std::is_sorted(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.timeMs < b.timeMs; }))
        std::stable_sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.timeMs < b.timeMs; });
    return out;
}

Status HistoryStore::Private::writeBlocks(int tier, const PendingBlocks &pending, history::SameTime rule)
{
    const QString what = HistoryStoreText::tr("Cannot compact the history");
    QSqlQuery existing(db), upsert(db);
    existing.setForwardOnly(true);
    existing.prepare(QStringLiteral("SELECT data FROM sample_block WHERE group_id = ? AND tier = ? AND t0 = ?"));
    upsert.prepare(QStringLiteral("INSERT INTO sample_block(group_id, tier, t0, t1, data) VALUES(?, ?, ?, ?, ?)"
                                  " ON CONFLICT(group_id, tier, t0) DO UPDATE SET t1 = excluded.t1,"
                                  " data = excluded.data"));
    for (const auto &[key, points] : pending) {
        const auto &[groupId, t0] = key;
        existing.bindValue(0, groupId);
        existing.bindValue(1, tier);
        existing.bindValue(2, t0);
        if (!existing.exec())
            return sql::failed(existing, what);
        std::vector<GroupPoint> merged;
        if (existing.next()) {
            auto old = history::decodePoints(existing.value(0).toByteArray());
            if (!old)
                return Status::failure(what + QLatin1String(": ") + damagedBlock(QString::number(groupId)));
            merged = history::mergePoints(std::move(*old), points, rule);
        } else {
            merged = points;
        }
        existing.finish();
        upsert.bindValue(0, groupId);
        upsert.bindValue(1, tier);
        upsert.bindValue(2, t0);
        upsert.bindValue(3, merged.back().timeMs);
        upsert.bindValue(4, history::encodePoints(merged));
        if (!upsert.exec())
            return sql::failed(upsert, what);
    }
    return success();
}

Status HistoryStore::Private::packRecent(qint64 cutoff)
{
    const QString what = HistoryStoreText::tr("Cannot compact the history");
    const qint64 span = historyschema::kBlockSpanMs[historyschema::kRawTier];
    // Groups a few hundred at a time, each group's rows encoded as they are read: ten minutes
    // of 5,000 groups' polls are ≈ 400 MB as points and ≈ 40 MB encoded, and a chunk of 500
    // groups a tenth of that. Every recent row has its poll in `poll` (written together), so
    // each poll time is one key seek to the chunk's first group.
    constexpr qint64 kGroupsPerChunk = 500;
    qint64 firstId = 0, lastId = -1;
    const Status ids = sql::select(db, QStringLiteral("SELECT min(id), max(id) FROM consumer_group"), {}, what,
                                   [&](const QSqlQuery &q) {
                                       firstId = q.value(0).toLongLong();
                                       lastId = q.value(1).isNull() ? -1 : q.value(1).toLongLong();
                                   });
    if (!ids)
        return ids;
    const QString chunkRows =
        QStringLiteral("SELECT s.t, s.group_id, s.data FROM (SELECT DISTINCT t FROM poll WHERE tier = %1 AND t < ?"
                       " AND t >= (SELECT min(t) FROM recent_sample)) p"
                       " %2 recent_sample s ON s.t = p.t AND s.group_id BETWEEN ? AND ? ORDER BY s.t, s.group_id")
            .arg(historyschema::kRawTier)
            .arg(sql::dialectOf(db).orderedJoin);
    for (qint64 low = firstId; low <= lastId; low += kGroupsPerChunk) {
        std::map<std::pair<qint64, qint64>, history::PointEncoder> blocks;
        const Status read =
            sql::select(db, chunkRows, {cutoff, low, low + kGroupsPerChunk - 1}, what, [&](const QSqlQuery &q) {
                const auto points = history::decodePoints(q.value(2).toByteArray());
                if (!points) // written by this store a few minutes ago; damage here is the disk's
                    return;
                auto &encoder = blocks[{q.value(1).toLongLong(), history::floorTo(q.value(0).toLongLong(), span)}];
                for (const GroupPoint &p : *points)
                    encoder.append(p);
            });
        if (!read)
            return read;
        for (const auto &[key, encoder] : blocks)
            if (Status s = writeBlock(historyschema::kRawTier, key.first, key.second, encoder); !s)
                return s;
    }
    return sql::exec(db, QStringLiteral("DELETE FROM recent_sample WHERE t < %1").arg(cutoff), what);
}

Status HistoryStore::Private::writeBlock(int tier, qint64 groupId, qint64 t0, const history::PointEncoder &encoder)
{
    const QString what = HistoryStoreText::tr("Cannot compact the history");
    // Prepared once (HistoryStore.cpp): a packing writes a block per group.
    QSqlQuery &exists = blockExists;
    exists.bindValue(0, groupId);
    exists.bindValue(1, tier);
    exists.bindValue(2, t0);
    if (!exists.exec())
        return sql::failed(exists, what);
    const bool present = exists.next();
    exists.finish();
    if (present) {
        // Polls that arrived after their span was packed (a clock set back): merge them in.
        auto points = history::decodePoints(encoder.finish(history::Packing::Plain));
        if (!points)
            return Status::failure(what);
        return writeBlocks(tier, {{{groupId, t0}, std::move(*points)}}, history::SameTime::Replace);
    }
    return historyschema::insertBlock(blockInsert, groupId, tier, t0, encoder, what);
}

Status HistoryStore::Private::moveDown(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    const QString what = HistoryStoreText::tr("Cannot compact the history");
    // The aged blocks' keys first, each block's data read when its turn comes, and the folded
    // buckets written every kFlushPoints points: the first compaction after the app was closed
    // for six hours ages all of those hours at once (at 5,000 groups ≈ 36 M partition points
    // once decoded, over 1 GB when it was held whole). Keys come per group in time order, so a
    // bucket cut by a flush gets its later half in the next one, which Combine folds in.
    constexpr std::size_t kFlushPoints = 2048;
    std::vector<std::pair<qint64, qint64>> aged; // (group_id, t0)
    const Status listed = sql::select(
        db, QStringLiteral("SELECT group_id, t0 FROM sample_block WHERE tier = ? AND t0 < ? ORDER BY group_id, t0"),
        {from, cutoff}, what,
        [&](const QSqlQuery &q) { aged.emplace_back(q.value(0).toLongLong(), q.value(1).toLongLong()); });
    if (!listed)
        return listed;

    QSqlQuery read(db), keep(db), drop(db);
    read.setForwardOnly(true);
    read.prepare(QStringLiteral("SELECT data FROM sample_block WHERE group_id = ? AND tier = ? AND t0 = ?"));
    keep.prepare(QStringLiteral("UPDATE sample_block SET data = ? WHERE group_id = ? AND tier = ? AND t0 = ?"));
    drop.prepare(QStringLiteral("DELETE FROM sample_block WHERE group_id = ? AND tier = ? AND t0 = ?"));
    PendingBlocks pending;
    std::size_t pendingPoints = 0;
    // A bucket may straddle two source blocks (when the bucket size does not divide their
    // span): its two halves are neighbours in the list, and folding again joins them.
    auto flush = [&]() -> Status {
        for (auto &[key, points] : pending)
            points = history::bucketize(points, bucketMs);
        const Status written = writeBlocks(to, pending, history::SameTime::Combine);
        pending.clear();
        pendingPoints = 0;
        return written;
    };
    const qint64 targetSpan = to >= 0 ? historyschema::kBlockSpanMs[to] : 0;
    for (const auto &[groupId, t0] : aged) {
        read.bindValue(0, groupId);
        read.bindValue(1, from);
        read.bindValue(2, t0);
        if (!read.exec())
            return sql::failed(read, what);
        if (!read.next())
            continue; // gone since it was listed: nothing to age
        auto points = history::decodePoints(read.value(0).toByteArray());
        read.finish();
        if (!points)
            return Status::failure(what + QLatin1String(": ") + damagedBlock(QString::number(groupId)));
        const auto split = std::partition_point(points->begin(), points->end(),
                                                [cutoff](const GroupPoint &p) { return p.timeMs < cutoff; });
        if (split == points->begin())
            continue;
        if (to >= 0) {
            for (GroupPoint &b : history::bucketize(std::vector<GroupPoint>(points->begin(), split), bucketMs)) {
                pending[{groupId, history::floorTo(b.timeMs, targetSpan)}].push_back(std::move(b));
                ++pendingPoints;
            }
        }
        QSqlQuery &q = split == points->end() ? drop : keep;
        int i = 0;
        if (split != points->end())
            q.bindValue(i++, history::encodePoints(std::vector<GroupPoint>(split, points->end())));
        q.bindValue(i++, groupId);
        q.bindValue(i++, from);
        q.bindValue(i, t0);
        if (!q.exec())
            return sql::failed(q, what);
        if (to >= 0 && pendingPoints >= kFlushPoints)
            if (Status st = flush(); !st)
                return st;
    }
    if (to < 0 || pending.empty())
        return success();
    return flush();
}

} // namespace lagscope
