// lagscopectl describe: consumer-group lag with the values and "-" conventions of
// kafka-consumer-groups.sh --describe, so runbooks can switch tools without surprises.
#include "CliContext.h"

#include "monitor/GroupLagCollector.h"
#include "report/Table.h"
#include "util/JsonValues.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lagscope::cli {

namespace {

const QStringList kColumns = {
    QStringLiteral("GROUP"),          QStringLiteral("TOPIC"),          QStringLiteral("PARTITION"),
    QStringLiteral("CURRENT-OFFSET"), QStringLiteral("LOG-END-OFFSET"), QStringLiteral("LAG"),
    QStringLiteral("CONSUMER-ID"),    QStringLiteral("HOST"),           QStringLiteral("CLIENT-ID"),
};

QString cell(const std::optional<std::int64_t> &v, const QString &missing) { return v ? QString::number(*v) : missing; }

QString cell(const QString &v, const QString &missing) { return v.isEmpty() ? missing : v; }

QStringList rowCells(const DescribeRow &r, const QString &missing)
{
    return {r.group,
            r.partition.topic,
            QString::number(r.partition.partition),
            cell(r.committed, missing),
            cell(r.logEnd, missing),
            cell(r.lag, missing),
            cell(r.memberId, missing),
            cell(r.host, missing),
            cell(r.clientId, missing)};
}

QJsonValue jsonString(const QString &v) { return v.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(v); }

QJsonObject groupJson(const GroupLag &g)
{
    QJsonArray partitions;
    qint64 total = 0;
    for (const auto &r : g.rows) {
        total += r.lag.value_or(0);
        partitions.append(QJsonObject{
            {QStringLiteral("topic"), r.partition.topic},
            {QStringLiteral("partition"), r.partition.partition},
            {QStringLiteral("current_offset"), jsonOrNull(r.committed)},
            {QStringLiteral("log_end_offset"), jsonOrNull(r.logEnd)},
            {QStringLiteral("lag"), jsonOrNull(r.lag)},
            {QStringLiteral("consumer_id"), jsonString(r.memberId)},
            {QStringLiteral("host"), jsonString(r.host)},
            {QStringLiteral("client_id"), jsonString(r.clientId)},
        });
    }
    return QJsonObject{
        {QStringLiteral("group"), g.description.groupId},
        {QStringLiteral("state"), g.description.state},
        {QStringLiteral("type"), g.description.type},
        {QStringLiteral("members"), qint64(g.description.members.size())},
        {QStringLiteral("total_lag"), total},
        {QStringLiteral("partitions"), partitions},
    };
}

// The tool's notes on stderr, word for word.
void printNotes(CliContext &ctx, const GroupLag &g)
{
    const QString &id = g.description.groupId;
    const QString &state = g.description.state;
    if (!g.exists)
        ctx.err() << "Error: Consumer group '" << id << "' does not exist." << Qt::endl;
    else if (state == QStringLiteral("Empty") || state == QStringLiteral("Dead"))
        ctx.err() << "Consumer group '" << id << "' has no active members." << Qt::endl;
    else if (state == QStringLiteral("PreparingRebalance") || state == QStringLiteral("CompletingRebalance")
             || state == QStringLiteral("Assigning") || state == QStringLiteral("Reconciling"))
        ctx.err() << "Warning: Consumer group '" << id << "' is rebalancing." << Qt::endl;
}

} // namespace

int describeCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("describe"));
    ctx.setRepeatable({QStringLiteral("group")});
    ctx.parser().addOptions({
        {QStringLiteral("group"), QStringLiteral("Consumer group to describe (repeatable)."), QStringLiteral("group")},
        {QStringLiteral("all-groups"), QStringLiteral("Describe every consumer group of the cluster.")},
    });
    if (!ctx.parse(args))
        return ctx.exitCode();
    const QStringList groups = ctx.parser().values(QStringLiteral("group"));
    const bool all = ctx.parser().isSet(QStringLiteral("all-groups"));
    if (groups.isEmpty() == !all)
        return ctx.fail(UsageError, QStringLiteral("give --group G (repeatable) or --all-groups"));
    if (!ctx.connect())
        return ctx.exitCode();

    auto result = collectGroupLag(ctx.client(), all ? QStringList() : groups, ctx.deadline());
    if (!result)
        return ctx.fail(RuntimeError, result.errorMessage());
    for (const auto &[tp, error] : result->offsetErrors)
        ctx.err() << "Warning: log-end offset of " << tp.toString() << " unknown: " << error << Qt::endl;

    int exit = Ok;
    QJsonArray json;
    Table csv{kColumns, {}};
    for (const auto &g : result->groups) {
        printNotes(ctx, g);
        if (!g.exists) {
            exit = RuntimeError;
            continue;
        }
        switch (ctx.format()) {
        case Format::Table: {
            if (g.rows.empty())
                break;
            Table table{kColumns, {}};
            for (const auto &r : g.rows)
                table.rows.push_back(rowCells(r, QStringLiteral("-")));
            ctx.out() << "\n" << formatText(table);
            break;
        }
        case Format::Csv:
            // Machine-readable: a missing value is an empty field, not "-".
            for (const auto &r : g.rows)
                csv.rows.push_back(rowCells(r, QString()));
            break;
        case Format::Json: json.append(groupJson(g)); break;
        }
    }
    if (ctx.format() == Format::Csv)
        ctx.out() << formatCsv(csv);
    if (ctx.format() == Format::Json)
        printJson(ctx.out(),
                  QJsonObject{{QStringLiteral("cluster"), ctx.cluster().name}, {QStringLiteral("groups"), json}});
    return exit;
}

} // namespace lagscope::cli
