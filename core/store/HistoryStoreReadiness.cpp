// Failover readiness in the history store (store/ReadinessPoints.h): one row per flow and poll
// holding every group's values, written, read for one group, and folded into buckets and
// dropped by age with the same tiers and retention as the rest of the history.
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"
#include "store/ReadinessPoints.h"

#include <algorithm>
#include <limits>

namespace lagscope {

namespace {

using history::ReadinessPoll;

// The id of a name in the cluster dictionary (flows are named there by their label), or -1.
Result<qint64> existingId(const QSqlDatabase &db, const QString &statement, const QVariantList &values)
{
    qint64 id = -1;
    const Status s = sql::select(db, statement, values, HistoryStoreText::tr("Cannot read the history"),
                                 [&id](const QSqlQuery &q) { id = q.value(0).toLongLong(); });
    if (!s)
        return s.error();
    return id;
}

} // namespace

Status HistoryStore::appendFlowReadiness(const QString &flow, qint64 timeMs, const std::vector<GroupReadiness> &groups)
{
    if (groups.empty())
        return success(); // a flow without checkpointed groups has nothing to chart
    const QString what = HistoryStoreText::tr("Cannot write the failover readiness of %1").arg(flow);
    if (Status s = d->begin(what); !s)
        return s;
    auto fail = [&](const QString &message) { return d->abort(Status::failure(what + QLatin1String(": ") + message)); };
    const auto flowId = d->clusterId(flow);
    if (!flowId)
        return fail(flowId.errorMessage());
    ReadinessPoll poll;
    poll.reserve(groups.size());
    for (const GroupReadiness &g : groups) {
        const auto groupId = d->flowGroups.idFor({*flowId, g.group}, {*flowId, g.group});
        if (!groupId)
            return fail(groupId.errorMessage());
        poll.push_back({*groupId, g.reread, g.untranslatable});
    }
    std::sort(poll.begin(), poll.end(), [](const auto &a, const auto &b) { return a.groupId < b.groupId; });
    QSqlQuery &q = d->insertReadiness;
    q.bindValue(0, *flowId);
    q.bindValue(1, timeMs);
    q.bindValue(2, history::encodeReadiness(poll));
    if (!q.exec())
        return fail(sql::errorText(q.lastError()));
    return d->commit(what);
}

Result<std::vector<HistoryStore::ReadinessSample>> HistoryStore::readinessHistory(const QString &flow,
                                                                                  const QString &group,
                                                                                  const QDateTime &from,
                                                                                  const QDateTime &to) const
{
    const QString what = HistoryStoreText::tr("Cannot read the failover readiness of %1 in %2").arg(group, flow);
    const auto groupId = existingId(d->db,
                                    QStringLiteral("SELECT g.id FROM flow_group g JOIN cluster c ON c.id = g.flow_id"
                                                   " WHERE c.name = ? AND g.name = ?"),
                                    {flow, group});
    if (!groupId)
        return groupId.error();
    std::vector<ReadinessSample> out;
    if (*groupId < 0)
        return out;                               // never stored: no history, not an error
    const TimeWindow window(from, to, d->policy); // a bucket counts when its span overlaps
    using namespace historyschema;
    // Oldest tier first: tiers do not overlap in time, so this is time order without a sort.
    for (const int tier : {kCoarseTier, kFineTier, kRawTier}) {
        bool damaged = false;
        const Status s = sql::select(
            d->db,
            QStringLiteral("SELECT r.t, r.data FROM flow_readiness r JOIN flow_group g ON g.flow_id = r.flow_id"
                           " WHERE g.id = ? AND r.tier = ? AND r.t BETWEEN ? AND ? ORDER BY r.t"),
            {*groupId, tier, window.from(tier), window.to()}, what, [&](const QSqlQuery &q) {
                const auto poll = history::decodeReadiness(q.value(1).toByteArray());
                if (!poll) {
                    damaged = true;
                    return;
                }
                const auto it = std::lower_bound(poll->begin(), poll->end(), *groupId,
                                                 [](const auto &p, qint64 id) { return p.groupId < id; });
                if (it != poll->end() && it->groupId == *groupId)
                    out.push_back({q.value(0).toLongLong(), it->reread, it->untranslatable});
            });
        if (!s)
            return s.error();
        if (damaged)
            return Error{what + QLatin1String(": ") + HistoryStoreText::tr("a stored poll is damaged")};
    }
    return out;
}

// Rows of tier `from` older than `cutoff` are folded into buckets of `bucketMs` in tier `to`
// (merged into a bucket row already there), or dropped when `to` is negative.
Status HistoryStore::Private::moveReadiness(int from, int to, qint64 bucketMs, qint64 cutoff)
{
    const QString what = HistoryStoreText::tr("Cannot compact the history");
    // Flows are few and named in the cluster dictionary: a key range per flow, rather than a
    // scan of every flow's rows for one tier.
    std::vector<qint64> flows;
    if (Status s = sql::select(db, QStringLiteral("SELECT DISTINCT flow_id FROM flow_group"), {}, what,
                               [&flows](const QSqlQuery &q) { flows.push_back(q.value(0).toLongLong()); });
        !s)
        return s;
    QSqlQuery existing(db);
    existing.prepare(QStringLiteral("SELECT data FROM flow_readiness WHERE flow_id = ? AND tier = ? AND t = ?"));
    QSqlQuery write(db);
    write.prepare(QStringLiteral("INSERT INTO flow_readiness(flow_id, tier, t, data) VALUES(?, ?, ?, ?)"
                                 " ON CONFLICT(flow_id, tier, t) DO UPDATE SET data = excluded.data"));
    for (const qint64 flowId : flows) {
        if (to >= 0) {
            qint64 bucketStart = std::numeric_limits<qint64>::min();
            ReadinessPoll bucket;
            // One bucket in memory at a time: rows come in time order, so a bucket is whole
            // once a row of the next one arrives.
            auto flush = [&]() -> Status {
                if (bucketStart == std::numeric_limits<qint64>::min())
                    return success();
                existing.bindValue(0, flowId);
                existing.bindValue(1, to);
                existing.bindValue(2, bucketStart);
                if (!existing.exec())
                    return sql::failed(existing, what);
                if (existing.next()) {
                    const auto before = history::decodeReadiness(existing.value(0).toByteArray());
                    if (!before)
                        return Status::failure(what + QLatin1String(": ")
                                               + HistoryStoreText::tr("a stored poll is damaged"));
                    history::foldReadiness(bucket, *before);
                }
                existing.finish();
                write.bindValue(0, flowId);
                write.bindValue(1, to);
                write.bindValue(2, bucketStart);
                write.bindValue(3, history::encodeReadiness(bucket));
                if (!write.exec())
                    return sql::failed(write, what);
                bucket.clear();
                return success();
            };
            Status folded = success();
            const Status read = sql::select(
                db,
                QStringLiteral(
                    "SELECT t, data FROM flow_readiness WHERE flow_id = ? AND tier = ? AND t < ? ORDER BY t"),
                {flowId, from, cutoff}, what, [&](const QSqlQuery &q) {
                    if (!folded)
                        return;
                    const qint64 start = history::floorTo(q.value(0).toLongLong(), bucketMs);
                    if (start != bucketStart) {
                        folded = flush();
                        bucketStart = start;
                    }
                    const auto poll = history::decodeReadiness(q.value(1).toByteArray());
                    if (!poll) {
                        folded = Status::failure(what + QLatin1String(": ")
                                                 + HistoryStoreText::tr("a stored poll is damaged"));
                        return;
                    }
                    history::foldReadiness(bucket, *poll);
                });
            if (!read)
                return read;
            if (folded)
                folded = flush();
            if (!folded)
                return folded;
        }
        if (Status s =
                sql::exec(db,
                          QStringLiteral("DELETE FROM flow_readiness WHERE flow_id = %1 AND tier = %2 AND t < %3")
                              .arg(flowId)
                              .arg(from)
                              .arg(cutoff),
                          what);
            !s)
            return s;
    }
    return success();
}

} // namespace lagscope
