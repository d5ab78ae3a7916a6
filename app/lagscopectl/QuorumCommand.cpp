// lagscopectl quorum: the KRaft controller quorum, as kafka-metadata-quorum.sh describe
// --status and --replication show it, from one DescribeQuorum request.
#include "CliContext.h"

#include "report/Table.h"

#include <QDateTime>
#include <QTimeZone>
#include <QJsonArray>
#include <QJsonObject>

namespace lagscope::cli {

namespace {

// A leader's wall-clock time in ms as UTC, or "-" when unknown.
QString timestampText(qint64 ms)
{
    return ms < 0 ? QStringLiteral("-")
                  : QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc())
                        .toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss.zzz'Z'"));
}

QJsonValue numberOrNull(qint64 v) { return v < 0 ? QJsonValue() : QJsonValue(v); }

QJsonObject replicaJson(const QuorumInfo &q, const QuorumReplica &r)
{
    return {{QStringLiteral("id"), r.id},
            {QStringLiteral("directory_id"), r.directoryId.isEmpty() ? QJsonValue() : QJsonValue(r.directoryId)},
            {QStringLiteral("log_end_offset"), numberOrNull(r.logEndOffset)},
            {QStringLiteral("lag"), numberOrNull(q.lag(r))},
            {QStringLiteral("last_fetch_timestamp"), numberOrNull(r.lastFetchMs)},
            {QStringLiteral("last_caught_up_timestamp"), numberOrNull(r.lastCaughtUpMs)}};
}

QJsonObject quorumJson(const QuorumInfo &q)
{
    QJsonArray voters, observers;
    for (const auto &r : q.voters)
        voters.append(replicaJson(q, r));
    for (const auto &r : q.observers)
        observers.append(replicaJson(q, r));
    return {{QStringLiteral("leader_id"), q.leaderId < 0 ? QJsonValue() : QJsonValue(q.leaderId)},
            {QStringLiteral("epoch"), q.leaderEpoch},
            {QStringLiteral("high_watermark"), numberOrNull(q.highWatermark)},
            {QStringLiteral("voters"), voters},
            {QStringLiteral("observers"), observers}};
}

// One row per replica, voters first, as the Kafka tool's --replication lists them.
Table replicationTable(const QuorumInfo &q)
{
    Table t{{QStringLiteral("NODE-ID"), QStringLiteral("DIRECTORY-ID"), QStringLiteral("LOG-END-OFFSET"),
             QStringLiteral("LAG"), QStringLiteral("LAST-FETCH"), QStringLiteral("LAST-CAUGHT-UP"),
             QStringLiteral("STATUS")},
            {}};
    const auto add = [&](const QuorumReplica &r, const QString &status) {
        const qint64 lag = q.lag(r);
        t.rows.push_back({QString::number(r.id), r.directoryId.isEmpty() ? QStringLiteral("-") : r.directoryId,
                          r.logEndOffset < 0 ? QStringLiteral("-") : QString::number(r.logEndOffset),
                          lag < 0 ? QStringLiteral("-") : QString::number(lag), timestampText(r.lastFetchMs),
                          timestampText(r.lastCaughtUpMs), status});
    };
    for (const auto &r : q.voters)
        add(r, r.id == q.leaderId ? QStringLiteral("Leader") : QStringLiteral("Follower"));
    for (const auto &r : q.observers)
        add(r, QStringLiteral("Observer"));
    return t;
}

} // namespace

int quorumCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("quorum"));
    if (!ctx.parse(args))
        return ctx.exitCode();
    if (!ctx.connect())
        return ctx.exitCode();
    auto quorum = ctx.client().describeQuorum(ctx.deadline());
    if (!quorum)
        return ctx.fail(RuntimeError, quorum.errorMessage());
    switch (ctx.format()) {
    case Format::Json: printJson(ctx.out(), quorumJson(*quorum)); break;
    case Format::Csv: ctx.out() << formatCsv(replicationTable(*quorum)); break;
    case Format::Table:
        ctx.out() << QStringLiteral("leader %1, epoch %2, high watermark %3\n\n")
                         .arg(quorum->leaderId < 0 ? QStringLiteral("none") : QString::number(quorum->leaderId))
                         .arg(quorum->leaderEpoch)
                         .arg(quorum->highWatermark)
                  << formatText(replicationTable(*quorum));
        break;
    }
    return int(Ok);
}

} // namespace lagscope::cli
