// Version 4 → 5 of the history file: the rows of partition_sample (tier, t, group_id,
// series_id, committed, log_end, lag) and group_sample (tier, t, group_id, total_lag,
// max_lag, members, state_id, status, max_lag_seconds, lag_seconds_at_least) become the
// points of sample_block, tier by tier; then both tables are dropped. NULL stays unknown.
//
// Both tables are keyed (tier, t, group_id[, series_id]), so two ordered scans walk them
// side by side, and the blocks of one span of all groups are written before the next span
// is read: memory holds one span, encoded, whatever the file's size.
#include "store/GroupPoints.h"
#include "store/HistorySchema.h"
#include "store/HistoryStorePrivate.h"

#include <map>

namespace lagscope::historyschema {

namespace {

using history::GroupPoint;
using history::kUnknown;
using history::PartitionPoint;

qint64 orUnknown(const QVariant &v) { return v.isNull() ? kUnknown : v.toLongLong(); }

class TierMigration {
public:
    TierMigration(QSqlDatabase &db, int tier) : m_db(db), m_tier(tier), m_insert(db) { m_insert.prepare(kInsertBlock); }

    Status run()
    {
        const QString what = HistoryStoreText::tr("cannot migrate the history file");
        QSqlQuery groups(m_db), partitions(m_db);
        groups.setForwardOnly(true);
        partitions.setForwardOnly(true);
        if (!groups.exec(QStringLiteral("SELECT t, group_id, total_lag, max_lag, members, state_id, status,"
                                        " max_lag_seconds, lag_seconds_at_least FROM group_sample"
                                        " WHERE tier = %1 ORDER BY t, group_id")
                             .arg(m_tier)))
            return sql::failed(groups, what);
        if (!partitions.exec(QStringLiteral("SELECT t, group_id, series_id, committed, log_end, lag FROM"
                                            " partition_sample WHERE tier = %1 ORDER BY t, group_id, series_id")
                                 .arg(m_tier)))
            return sql::failed(partitions, what);
        bool morePartitions = partitions.next();
        const qint64 span = kBlockSpanMs[m_tier];
        while (groups.next()) {
            GroupPoint p;
            p.timeMs = groups.value(0).toLongLong();
            const qint64 groupId = groups.value(1).toLongLong();
            p.totalLag = groups.value(2).toLongLong();
            p.maxLag = groups.value(3).toLongLong();
            p.members = groups.value(4).toInt();
            p.stateId = groups.value(5).isNull() ? 0 : groups.value(5).toLongLong();
            p.status = history::statusCodeOf(groups.value(6).toString());
            if (!groups.value(7).isNull())
                p.maxLagSeconds = groups.value(7).toDouble();
            if (!groups.value(8).isNull())
                p.lagSecondsAtLeast = groups.value(8).toInt() != 0;
            // Partition rows of this (t, group); rows without a group row were never read.
            auto key = [&]() { return std::pair(partitions.value(0).toLongLong(), partitions.value(1).toLongLong()); };
            while (morePartitions && key() < std::pair(p.timeMs, groupId))
                morePartitions = partitions.next();
            while (morePartitions && key() == std::pair(p.timeMs, groupId)) {
                p.partitions.push_back({partitions.value(2).toLongLong(), orUnknown(partitions.value(3)),
                                        orUnknown(partitions.value(4)), orUnknown(partitions.value(5))});
                morePartitions = partitions.next();
            }
            const qint64 start = history::floorTo(p.timeMs, span);
            if (start != m_spanStart) {
                if (Status s = flush(); !s)
                    return s;
                m_spanStart = start;
            }
            m_pending[groupId].append(p);
        }
        if (groups.lastError().isValid())
            return sql::failed(groups, what);
        return flush();
    }

private:
    Status flush()
    {
        for (const auto &[groupId, encoder] : m_pending)
            if (Status s = insertBlock(m_insert, groupId, m_tier, m_spanStart, encoder,
                                       HistoryStoreText::tr("cannot migrate the history file"));
                !s)
                return s;
        m_pending.clear();
        return success();
    }

    QSqlDatabase &m_db;
    int m_tier;
    QSqlQuery m_insert;
    qint64 m_spanStart = kUnknown;
    std::map<qint64, history::PointEncoder> m_pending; // group id → its points of the span, encoded
};

} // namespace

Status migrateRowsToBlocks(QSqlDatabase &db)
{
    for (const int tier : {kRawTier, kFineTier, kCoarseTier}) {
        TierMigration migration(db, tier);
        if (Status s = migration.run(); !s)
            return s;
    }
    for (const QLatin1String table : {QLatin1String("partition_sample"), QLatin1String("group_sample")})
        if (Status s = sql::exec(db, QStringLiteral("DROP TABLE ") + table,
                                 HistoryStoreText::tr("cannot migrate the history file"));
            !s)
            return s;
    return success();
}

} // namespace lagscope::historyschema
