// The rebalance history: one row per completed rebalance, members and moves as JSON.
#include "store/HistoryStore.h"
#include "store/HistoryStorePrivate.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace lagscope {

namespace {

QString compact(const QJsonArray &array)
{
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QJsonArray arrayOf(const QString &text) { return QJsonDocument::fromJson(text.toUtf8()).array(); }

QString membersJson(const std::vector<RebalanceMember> &members)
{
    QJsonArray out;
    for (const auto &m : members)
        out.append(QJsonObject{{QStringLiteral("id"), m.memberId},
                               {QStringLiteral("client"), m.clientId},
                               {QStringLiteral("host"), m.host}});
    return compact(out);
}

std::vector<RebalanceMember> membersFrom(const QString &text)
{
    std::vector<RebalanceMember> out;
    for (const auto &v : arrayOf(text)) {
        const QJsonObject o = v.toObject();
        out.push_back({o.value(QStringLiteral("id")).toString(), o.value(QStringLiteral("client")).toString(),
                       o.value(QStringLiteral("host")).toString()});
    }
    return out;
}

QString movesJson(const std::vector<PartitionMove> &moves)
{
    QJsonArray out;
    for (const auto &m : moves)
        out.append(QJsonObject{{QStringLiteral("topic"), m.partition.topic},
                               {QStringLiteral("partition"), m.partition.partition},
                               {QStringLiteral("from"), m.fromMember},
                               {QStringLiteral("to"), m.toMember}});
    return compact(out);
}

std::vector<PartitionMove> movesFrom(const QString &text)
{
    std::vector<PartitionMove> out;
    for (const auto &v : arrayOf(text)) {
        const QJsonObject o = v.toObject();
        out.push_back({{o.value(QStringLiteral("topic")).toString(), o.value(QStringLiteral("partition")).toInt()},
                       o.value(QStringLiteral("from")).toString(),
                       o.value(QStringLiteral("to")).toString()});
    }
    return out;
}

} // namespace

Status HistoryStore::appendRebalances(const std::vector<Rebalance> &rebalances)
{
    if (rebalances.empty())
        return success();
    const QString what = HistoryStoreText::tr("Cannot write rebalances to the history");
    if (Status s = d->begin(what); !s)
        return s;
    auto fail = [&](const QString &message) { return d->abort(Status::failure(what + QLatin1String(": ") + message)); };
    QSqlQuery q(d->db);
    if (!q.prepare(QStringLiteral("INSERT INTO rebalance(cluster_id, group_name, start_after, start_by, end_after,"
                                  " end_by, trigger, states, members_before, members_after, moves)"
                                  " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")))
        return fail(sql::errorText(q.lastError()));
    for (const Rebalance &r : rebalances) {
        if (!r.endBy.isValid())
            return fail(HistoryStoreText::tr("a rebalance of %1 has no end time").arg(r.group));
        const auto clusterId = d->clusterId(r.cluster);
        if (!clusterId)
            return fail(clusterId.errorMessage());
        q.bindValue(0, *clusterId);
        q.bindValue(1, r.group.isNull() ? QString(QLatin1String("")) : r.group);
        q.bindValue(2, sql::msOrNull(r.startAfter));
        q.bindValue(3, sql::msOrNull(r.startBy));
        q.bindValue(4, sql::msOrNull(r.endAfter));
        q.bindValue(5, r.endBy.toMSecsSinceEpoch());
        q.bindValue(6, r.trigger);
        // A null QString binds as SQL NULL; the column wants text, empty or not.
        const QString states = r.statesSeen.join(QLatin1Char(','));
        q.bindValue(7, states.isNull() ? QString(QLatin1String("")) : states);
        q.bindValue(8, membersJson(r.membersBefore));
        q.bindValue(9, membersJson(r.membersAfter));
        q.bindValue(10, movesJson(r.moves));
        if (!q.exec())
            return fail(sql::errorText(q.lastError()));
    }
    return d->commit(what);
}

Result<std::vector<Rebalance>> HistoryStore::rebalances(const QString &cluster, const QDateTime &from,
                                                        const QDateTime &to, const QString &group) const
{
    std::vector<Rebalance> out;
    const ClusterRangeQuery query{
        QStringLiteral("SELECT r.group_name, r.start_after, r.start_by, r.end_after, r.end_by,"
                       " r.trigger, r.states, r.members_before, r.members_after, r.moves"
                       " FROM rebalance r JOIN cluster c ON c.id = r.cluster_id"
                       " WHERE c.name = ? AND r.end_by BETWEEN ? AND ?"),
        QStringLiteral(" AND r.group_name = ?"), QStringLiteral(" ORDER BY r.end_by, r.id")};
    const Status s =
        selectClusterRange(d->db, query, cluster, from, to, group,
                           HistoryStoreText::tr("Cannot read rebalances from the history"), [&](const QSqlQuery &q) {
                               Rebalance r;
                               r.cluster = cluster;
                               r.group = q.value(0).toString();
                               r.startAfter = sql::timeOrInvalid(q.value(1));
                               r.startBy = sql::timeOrInvalid(q.value(2));
                               r.endAfter = sql::timeOrInvalid(q.value(3));
                               r.endBy = sql::timeOrInvalid(q.value(4));
                               r.trigger = q.value(5).toInt();
                               const QString states = q.value(6).toString();
                               r.statesSeen = states.isEmpty() ? QStringList() : states.split(QLatin1Char(','));
                               r.membersBefore = membersFrom(q.value(7).toString());
                               r.membersAfter = membersFrom(q.value(8).toString());
                               r.moves = movesFrom(q.value(9).toString());
                               out.push_back(std::move(r));
                           });
    if (!s)
        return s.error();
    return out;
}

} // namespace lagscope
