// MirrorMaker 2 flow samples in the history store: writing, reading and compacting them.
// One row per flow and poll; there are few flows, so reads scan the time range of a tier.
#include "store/HistorySchema.h"
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>

#include <limits>

namespace lagscope {

namespace {

// Every value of a bucket is the maximum of its rows: latency, checkpoint age and records
// behind must not hide a spike, and the health number is the worst verdict seen.
QString downsampleFlows(const sql::Dialect &dialect, int from, int to, qint64 bucketMs, qint64 cutoff)
{
    // %5: the larger of two values; the column's own value is the table's (excluded: the bucket's).
    QString statement =
        QStringLiteral(
            "INSERT INTO flow_sample AS f(tier, t, flow_id, latency_ms, checkpoint_age_ms, records_behind, health)"
            " SELECT %2, (t / %3) * %3 AS b, flow_id, max(latency_ms), max(checkpoint_age_ms),"
            "  max(records_behind), max(health)"
            " FROM flow_sample WHERE tier = %1 AND t < %4 GROUP BY b, flow_id"
            " ON CONFLICT(tier, t, flow_id) DO UPDATE SET"
            "  latency_ms = %5(coalesce(f.latency_ms, excluded.latency_ms),"
            "   coalesce(excluded.latency_ms, f.latency_ms)),"
            "  checkpoint_age_ms = %5(coalesce(f.checkpoint_age_ms, excluded.checkpoint_age_ms),"
            "   coalesce(excluded.checkpoint_age_ms, f.checkpoint_age_ms)),"
            "  records_behind = %5(coalesce(f.records_behind, excluded.records_behind),"
            "   coalesce(excluded.records_behind, f.records_behind)),"
            "  health = %5(coalesce(f.health, excluded.health), coalesce(excluded.health, f.health))")
            .arg(from)
            .arg(to)
            .arg(bucketMs)
            .arg(cutoff)
            .arg(dialect.greatest);
    return statement;
}

} // namespace

QStringList HistoryStore::Private::flowCompactionSteps(const sql::Dialect &dialect, qint64 fineMs, qint64 rawCutoff,
                                                       qint64 coarseMs, qint64 fineCutoff, qint64 keepCutoff)
{
    using namespace historyschema;
    return {
        downsampleFlows(dialect, kRawTier, kFineTier, fineMs, rawCutoff),
        QStringLiteral("DELETE FROM flow_sample WHERE tier = %1 AND t < %2").arg(kRawTier).arg(rawCutoff),
        downsampleFlows(dialect, kFineTier, kCoarseTier, coarseMs, fineCutoff),
        QStringLiteral("DELETE FROM flow_sample WHERE tier = %1 AND t < %2").arg(kFineTier).arg(fineCutoff),
        QStringLiteral("DELETE FROM flow_sample WHERE t < %1").arg(keepCutoff),
    };
}

Status HistoryStore::appendFlowSample(const QString &flow, const FlowSample &sample)
{
    const QString what = HistoryStoreText::tr("Cannot write the history of %1").arg(flow);
    if (Status s = d->begin(what); !s)
        return s;
    auto fail = [&](const QString &message) { return d->abort(Status::failure(what + QLatin1String(": ") + message)); };
    const auto flowId = d->clusterId(flow);
    if (!flowId)
        return fail(flowId.errorMessage());
    QSqlQuery &q = d->insertFlow;
    q.bindValue(0, sample.timeMs);
    q.bindValue(1, *flowId);
    q.bindValue(2, sql::orNull(sample.latencyMs));
    q.bindValue(3, sql::orNull(sample.checkpointAgeMs));
    q.bindValue(4, sql::orNull(sample.recordsBehind));
    q.bindValue(5, sample.health < 0 ? QVariant() : QVariant(sample.health));
    if (!q.exec())
        return fail(sql::errorText(q.lastError()));
    return d->commit(what);
}

Result<std::vector<HistoryStore::FlowSample>> HistoryStore::flowHistory(const QString &flow, const QDateTime &from,
                                                                        const QDateTime &to) const
{
    const qint64 fromMs = sql::msOr(from, std::numeric_limits<qint64>::min() / 2);
    const qint64 toMs = sql::msOr(to, std::numeric_limits<qint64>::max() / 2);
    const qint64 fineMs = std::chrono::duration_cast<std::chrono::milliseconds>(d->policy.fineBucket).count();
    const qint64 coarseMs = std::chrono::duration_cast<std::chrono::milliseconds>(d->policy.coarseBucket).count();

    QSqlQuery q(d->db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT s.t, s.latency_ms, s.checkpoint_age_ms, s.records_behind, s.health"
                             " FROM flow_sample s JOIN cluster c ON c.id = s.flow_id"
                             " WHERE s.tier = ? AND s.t BETWEEN ? AND ? AND c.name = ? ORDER BY s.t"));
    std::vector<FlowSample> out;
    // Oldest tier first: tiers do not overlap in time. A bucket is in the range when its
    // span overlaps it.
    using namespace historyschema;
    const std::pair<int, qint64> tiers[] = {{kCoarseTier, coarseMs}, {kFineTier, fineMs}, {kRawTier, 1}};
    for (const auto &[tier, span] : tiers) {
        q.bindValue(0, tier);
        q.bindValue(1, fromMs - span + 1);
        q.bindValue(2, toMs);
        q.bindValue(3, flow);
        if (!q.exec())
            return sql::failed(q, HistoryStoreText::tr("Cannot read the history of %1").arg(flow)).error();
        while (q.next())
            out.push_back({q.value(0).toLongLong(), sql::orUnknown(q.value(1)), sql::orUnknown(q.value(2)),
                           sql::orUnknown(q.value(3)), q.value(4).isNull() ? -1 : q.value(4).toInt()});
    }
    return out;
}

} // namespace lagscope
