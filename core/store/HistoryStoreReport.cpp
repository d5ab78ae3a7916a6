// Reads that reports need on top of the chart queries: which groups the history knows, and
// where each tier lies in time (so that a report can weigh a poll and a bucket by the time
// each stands for).
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

#include <algorithm>

namespace lagscope {

qint64 HistoryStore::TierSpans::spanOf(qint64 timeMs, const RetentionPolicy &policy) const
{
    if (rawFromMs >= 0 && timeMs >= rawFromMs)
        return 0;
    if (fineFromMs >= 0 && timeMs >= fineFromMs)
        return msOf(policy.fineBucket);
    if (coarseFromMs >= 0 && timeMs >= coarseFromMs)
        return msOf(policy.coarseBucket);
    return 0; // older than every tier: cannot come from this history
}

qint64 HistoryStore::TierSpans::oldestMs() const
{
    qint64 oldest = -1;
    for (const qint64 t : {coarseFromMs, fineFromMs, rawFromMs})
        if (t >= 0 && (oldest < 0 || t < oldest))
            oldest = t;
    return oldest;
}

Result<std::vector<HistoryStore::StoredGroup>> HistoryStore::storedGroups() const
{
    std::vector<StoredGroup> out;
    const Status s =
        sql::select(d->db,
                    QStringLiteral("SELECT c.name, g.name FROM consumer_group g"
                                   " JOIN cluster c ON c.id = g.cluster_id ORDER BY c.name, g.name"),
                    {}, HistoryStoreText::tr("Cannot read the groups of the history"), [&out](const QSqlQuery &q) {
                        out.push_back({q.value(0).toString(), q.value(1).toString()});
                    });
    if (!s)
        return s.error();
    return out;
}

Result<QStringList> HistoryStore::groupTopics(const QString &cluster, const QString &group) const
{
    QStringList out;
    const Status s = sql::select(d->db,
                                 QStringLiteral("SELECT DISTINCT t.name FROM partition_series p"
                                                " JOIN topic t ON t.id = p.topic_id"
                                                " JOIN consumer_group g ON g.id = p.group_id"
                                                " JOIN cluster c ON c.id = g.cluster_id"
                                                " WHERE c.name = ? AND g.name = ? ORDER BY t.name"),
                                 {cluster, group}, HistoryStoreText::tr("Cannot read the history of %1").arg(group),
                                 [&out](const QSqlQuery &q) { out << q.value(0).toString(); });
    if (!s)
        return s.error();
    return out;
}

Result<HistoryStore::TierSpans> HistoryStore::tierSpans(const QString &cluster) const
{
    TierSpans spans;
    // The poll table is keyed (cluster, tier, t): min and max per tier are index seeks.
    const Status s = sql::select(
        d->db,
        QStringLiteral("SELECT p.tier, min(p.t), max(p.t) FROM poll p"
                       " JOIN cluster c ON c.id = p.cluster_id WHERE c.name = ? GROUP BY p.tier"),
        {cluster}, HistoryStoreText::tr("Cannot read the history of %1").arg(cluster), [&spans](const QSqlQuery &q) {
            const int tier = q.value(0).toInt();
            const qint64 oldest = q.value(1).toLongLong();
            spans.newestMs = std::max(spans.newestMs, q.value(2).toLongLong());
            if (tier == historyschema::kRawTier)
                spans.rawFromMs = oldest;
            else if (tier == historyschema::kFineTier)
                spans.fineFromMs = oldest;
            else if (tier == historyschema::kCoarseTier)
                spans.coarseFromMs = oldest;
        });
    if (!s)
        return s.error();
    return spans;
}

} // namespace lagscope
