// lagscopectl brokers / topics / groups: one-screen answers about a cluster.
#include "CliContext.h"

#include "kafka/ListenerProbe.h"
#include "monitor/BrokerLifecycle.h"
#include "report/Table.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lagscope::cli {

namespace {

// Prints a table in the chosen format; JSON is an array of objects keyed by column.
void printTable(CliContext &ctx, const Table &table, const QStringList &jsonKeys)
{
    switch (ctx.format()) {
    case Format::Table: ctx.out() << formatText(table); break;
    case Format::Csv: ctx.out() << formatCsv(table); break;
    case Format::Json: {
        QJsonArray rows;
        for (const auto &row : table.rows) {
            QJsonObject o;
            for (qsizetype i = 0; i < row.size(); ++i) {
                bool isNumber = false;
                const qint64 n = row[i].toLongLong(&isNumber);
                o.insert(jsonKeys[i], isNumber ? QJsonValue(n) : QJsonValue(row[i]));
            }
            rows.append(o);
        }
        printJson(ctx.out(), rows);
        break;
    }
    }
}

template <typename Run> int runClusterCommand(const QString &name, const QStringList &args, Run run)
{
    CliContext ctx(name);
    if (!ctx.parse(args))
        return ctx.exitCode();
    if (!ctx.connect())
        return ctx.exitCode();
    return run(ctx);
}

} // namespace

int brokersCommand(const QStringList &args)
{
    return runClusterCommand(QStringLiteral("brokers"), args, [](CliContext &ctx) {
        auto md = ctx.client().metadata(ctx.deadline());
        if (!md)
            return ctx.fail(RuntimeError, md.errorMessage());
        // One look, no history: every broker's listener is asked (no connection statistics
        // yet); a broker no longer registered at all is not listed, and leaving ISRs
        // (Stopping) needs a monitor's earlier poll.
        const std::map<int, QString> noConnections;
        const auto probes = probeListeners(brokersToProbe(*md, noConnections),
                                           Deadline::inMs(std::min(1500, ctx.deadline().remainingMs())));
        const auto states = brokerStates({*md, noConnections, probes}, {}, nullptr);
        Table t{{QStringLiteral("ID"), QStringLiteral("HOST"), QStringLiteral("PORT"), QStringLiteral("RACK"),
                 QStringLiteral("STATE"), QStringLiteral("CONTROLLER"), QStringLiteral("LEADER-PARTITIONS"),
                 QStringLiteral("REASON")},
                {}};
        for (const BrokerState &b : states)
            t.rows.push_back({QString::number(b.info.id), b.info.host, QString::number(b.info.port),
                              b.info.rack.isEmpty() ? QStringLiteral("-") : b.info.rack, brokerStatusName(b.status),
                              b.info.id == md->controllerId ? QStringLiteral("yes") : QStringLiteral("no"),
                              QString::number(b.partitionsLed), b.reason});
        printTable(ctx, t,
                   {QStringLiteral("id"), QStringLiteral("host"), QStringLiteral("port"), QStringLiteral("rack"),
                    QStringLiteral("state"), QStringLiteral("controller"), QStringLiteral("leader_partitions"),
                    QStringLiteral("reason")});
        return int(Ok);
    });
}

int topicsCommand(const QStringList &args)
{
    return runClusterCommand(QStringLiteral("topics"), args, [](CliContext &ctx) {
        auto md = ctx.client().metadata(ctx.deadline());
        if (!md)
            return ctx.fail(RuntimeError, md.errorMessage());
        Table t{{QStringLiteral("TOPIC"), QStringLiteral("PARTITIONS"), QStringLiteral("REPLICATION-FACTOR"),
                 QStringLiteral("UNDER-REPLICATED"), QStringLiteral("OFFLINE")},
                {}};
        for (const auto &topic : md->topics) {
            size_t rf = 0;
            int under = 0, offline = 0;
            for (const auto &p : topic.partitions) {
                rf = std::max(rf, p.replicas.size());
                under += p.underReplicated() ? 1 : 0;
                offline += p.offline() ? 1 : 0;
            }
            t.rows.push_back({topic.name, QString::number(topic.partitions.size()), QString::number(rf),
                              QString::number(under), QString::number(offline)});
        }
        printTable(ctx, t,
                   {QStringLiteral("topic"), QStringLiteral("partitions"), QStringLiteral("replication_factor"),
                    QStringLiteral("under_replicated"), QStringLiteral("offline")});
        return int(Ok);
    });
}

int groupsCommand(const QStringList &args)
{
    return runClusterCommand(QStringLiteral("groups"), args, [](CliContext &ctx) {
        auto groups = ctx.client().listGroups(ctx.deadline());
        if (!groups)
            return ctx.fail(RuntimeError, groups.errorMessage());
        Table t{{QStringLiteral("GROUP"), QStringLiteral("STATE"), QStringLiteral("TYPE")}, {}};
        for (const auto &g : *groups)
            t.rows.push_back({g.groupId, g.state, g.type});
        printTable(ctx, t, {QStringLiteral("group"), QStringLiteral("state"), QStringLiteral("type")});
        return int(Ok);
    });
}

} // namespace lagscope::cli
