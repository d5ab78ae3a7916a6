// lagscopectl failover / failback: moves consumer groups to the other data center with
// their committed offsets translated through MirrorMaker 2 (core/actions/Failover*.h):
// gather -> plan -> preflight -> (execute: backup, commit, verify, audit) -> next steps.
// Dry run by default. Exit codes: 0 ok, 1 runtime error, a partition not applied or a
// committed topic left untranslated ("applied-with-untranslated"), 2 usage, 3 refused (a red preflight check:
// active group, read-only target, untranslated partitions, nothing to translate, or records
// that would be skipped without --accept-skips).
// --refresh-cache only reads the source and writes the failover cache, for a scheduler:
// exit 0 when the cache was written (red groups are warnings on stderr), 1 when it could not be.
#include "CliContext.h"

#include "actions/AuditLog.h"
#include "actions/FailoverExecutor.h"
#include "actions/FailoverExport.h"
#include "actions/FailoverGather.h"
#include "actions/FailoverPlanner.h"
#include "actions/WriteGuard.h"
#include "config/ConfigLoader.h"
#include "report/Table.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QStandardPaths>
#include <QThread>

namespace lagscope::cli {

namespace {

using namespace lagscope::failover;

QString dataDir() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

QString number(qint64 v) { return v < 0 ? QStringLiteral("-") : QString::number(v); }

QString reread(const PlannedFailoverPartition &p)
{
    if (p.reread < 0)
        return QStringLiteral("-");
    return p.rereadExact || p.reread == 0 ? QString::number(p.reread) : QStringLiteral("<=") + QString::number(p.reread);
}

QString skipped(const PlannedFailoverPartition &p)
{
    return p.skipped < 0 ? QStringLiteral("unknown") : QString::number(p.skipped);
}

const QStringList kColumns = {QStringLiteral("GROUP"), QStringLiteral("TOPIC"), QStringLiteral("PARTITION"),
                              QStringLiteral("COMMITTED"), QStringLiteral("TARGET-TOPIC"), QStringLiteral("NEW-OFFSET"),
                              QStringLiteral("METHOD"), QStringLiteral("REREAD"), QStringLiteral("SKIPPED"),
                              QStringLiteral("NOT-REPLICATED")};

QStringList row(const FailoverPlan &plan, const PlannedFailoverPartition &p)
{
    return {plan.group, p.from.topic, QString::number(p.from.partition), p.committed ? QString::number(*p.committed) : QStringLiteral("-"),
            p.to.topic, number(p.newOffset), p.newOffset < 0 ? QStringLiteral("FAILED") : methodName(p.method),
            reread(p), skipped(p), number(p.notReplicated)};
}

QJsonValue optional(const std::optional<qint64> &v) { return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null); }

qint64 behind(const std::vector<FailoverGroupInputs> &groups)
{
    qint64 sum = 0;
    for (const auto &g : groups)
        for (const auto &p : planFailover(g, {Mode::OffsetSync, Fallback::Earliest}).partitions)
            sum += std::max<qint64>(0, p.notReplicated);
    return sum;
}

// The cache refresh a timer runs: what a disaster failover will need, read while the
// source is up. Groups a failover would refuse now are reported, not a failure.
int refreshCache(CliContext &ctx, FailoverRequest request, const QString &fromName)
{
    request.exactMatching = false; // the cache holds syncs, commits and log ends only
    auto gathered = gatherFailover(request);
    if (!gathered)
        return ctx.fail(RuntimeError, QStringLiteral("cannot refresh the failover cache: %1").arg(gathered.errorMessage()));
    for (const QString &w : gathered->warnings)
        ctx.err() << "warning: " << w << Qt::endl;
    if (!gathered->fromReachable)
        return ctx.fail(RuntimeError, QStringLiteral("cannot refresh the failover cache %1: %2 is unreachable (%3)")
                                          .arg(gathered->cachePath, fromName, gathered->fromError));
    if (!gathered->cacheRefreshed)
        return ctx.fail(RuntimeError, QStringLiteral("cannot write the failover cache %1").arg(gathered->cachePath));
    qint64 partitions = 0;
    for (const auto &in : gathered->groups) {
        partitions += qint64(in.partitions.size());
        const FailoverPlan plan = planFailover(in, {Mode::OffsetSync, Fallback::Fail});
        for (const auto &c : preflightFailover(in, plan, {}))
            if (c.level == PreflightCheck::Red)
                ctx.err() << "warning: " << in.group << ": a failover now would be refused: " << c.name << ": " << c.reason
                          << Qt::endl;
    }
    ctx.out() << QStringLiteral("failover cache %1 refreshed: %2 group(s), %3 partition(s)\n")
                     .arg(gathered->cachePath)
                     .arg(gathered->groups.size())
                     .arg(partitions);
    ctx.out().flush();
    return Ok;
}

int run(const QString &name, const QStringList &args)
{
    CliContext ctx(name);
    ctx.setClusterRequired(false);
    ctx.parser().addOptions({
        {QStringLiteral("from"), QStringLiteral("Cluster the groups consume from now."), QStringLiteral("cluster")},
        {QStringLiteral("to"), QStringLiteral("Cluster they move to."), QStringLiteral("cluster")},
        {QStringLiteral("group"), QStringLiteral("Consumer group (repeatable)."), QStringLiteral("group")},
        {QStringLiteral("all-groups"), QStringLiteral("Every group with commits on replicated topics.")},
        {QStringLiteral("target-group"), QStringLiteral("Group id on the target (one --group only; default: the same)."),
         QStringLiteral("group")},
        {QStringLiteral("mode"), QStringLiteral("auto, exact, offset-sync or checkpoint (default auto)."),
         QStringLiteral("mode"), QStringLiteral("auto")},
        {QStringLiteral("fallback"), QStringLiteral("For partitions nothing translates: fail, earliest or latest "
                                                    "(default fail)."),
         QStringLiteral("fallback"), QStringLiteral("fail")},
        {QStringLiteral("dry-run"), QStringLiteral("Only show preflight and plan (the default).")},
        {QStringLiteral("execute"), QStringLiteral("Commit the translated offsets on the target.")},
        {QStringLiteral("accept-skips"), QStringLiteral("Allow a plan that skips records the group has not consumed.")},
        {QStringLiteral("disaster"), QStringLiteral("Acknowledge that the source is unreachable: use cached data.")},
        {QStringLiteral("wait-replication"), QStringLiteral("Wait up to this long for replication to catch up first."),
         QStringLiteral("seconds")},
        {QStringLiteral("refresh-cache"), QStringLiteral("Only refresh the failover cache from the source (for a timer); "
                                                         "exit 0 when it was written.")},
    });
    if (!ctx.parse(args))
        return ctx.exitCode();
    QCommandLineParser &p = ctx.parser();
    const QString fromName = p.value(QStringLiteral("from"));
    const QString toName = p.value(QStringLiteral("to"));
    if (fromName.isEmpty() || toName.isEmpty())
        return ctx.fail(UsageError, QStringLiteral("--from CLUSTER and --to CLUSTER are required"));
    const QStringList groups = p.values(QStringLiteral("group"));
    const bool refreshOnly = p.isSet(QStringLiteral("refresh-cache"));
    const bool allGroups = p.isSet(QStringLiteral("all-groups")) || (refreshOnly && groups.isEmpty());
    if (refreshOnly && p.isSet(QStringLiteral("execute")))
        return ctx.fail(UsageError, QStringLiteral("--refresh-cache writes nothing to a cluster: drop --execute"));
    if (groups.isEmpty() == !allGroups)
        return ctx.fail(UsageError, QStringLiteral("give --group G (repeatable) or --all-groups"));
    if (p.isSet(QStringLiteral("dry-run")) && p.isSet(QStringLiteral("execute")))
        return ctx.fail(UsageError, QStringLiteral("Option --dry-run and --execute cannot be used together"));
    const auto mode = parseMode(p.value(QStringLiteral("mode")));
    const auto fallback = parseFallback(p.value(QStringLiteral("fallback")));
    if (!mode || !fallback)
        return ctx.fail(UsageError, QStringLiteral("--mode is auto|exact|offset-sync|checkpoint, --fallback is fail|earliest|latest"));
    if (p.isSet(QStringLiteral("target-group")) && groups.size() != 1)
        return ctx.fail(UsageError, QStringLiteral("--target-group needs exactly one --group"));
    double waitSeconds = 0;
    if (p.isSet(QStringLiteral("wait-replication"))) {
        bool ok = false;
        waitSeconds = p.value(QStringLiteral("wait-replication")).toDouble(&ok);
        if (!ok || waitSeconds < 0)
            return ctx.fail(UsageError, QStringLiteral("--wait-replication takes seconds"));
    }
    const bool execute = p.isSet(QStringLiteral("execute"));

    const QString configPath = p.isSet(QStringLiteral("config")) ? p.value(QStringLiteral("config")) : defaultConfigPath();
    auto config = loadConfig(configPath);
    if (!config)
        return ctx.fail(UsageError, config.errorMessage());
    const ClusterConfig *from = config->cluster(fromName);
    const ClusterConfig *to = config->cluster(toName);
    if (!from || !to)
        return ctx.fail(UsageError, QStringLiteral("no cluster named '%1' in %2").arg(from ? toName : fromName, configPath));
    bool inverse = false;
    const ReplicationFlowConfig *flow = findFlow(*config, fromName, toName, &inverse);
    if (!flow)
        return ctx.fail(UsageError, QStringLiteral("no replication flow between %1 and %2 in %3").arg(fromName, toName, configPath));
    // The shared write guard: refuses a read-only target and audits the refusal.
    if (execute)
        if (auto refusal = guardWrite({name, toName, to->readOnly, to->readOnlyReason,
                                       QJsonObject{{QStringLiteral("from"), fromName},
                                                   {QStringLiteral("group"), allGroups ? QStringLiteral("(all groups)")
                                                                                   : groups.join(QLatin1Char(','))}}},
                                      auditLogPath(dataDir())))
            return ctx.fail(Refused, *refusal);

    FailoverRequest request;
    request.from = *from;
    request.to = *to;
    request.flow = *flow;
    request.groups = groups;
    request.allGroups = allGroups;
    if (p.isSet(QStringLiteral("target-group")))
        request.targetGroups[groups.front()] = p.value(QStringLiteral("target-group"));
    request.exactMatching = *mode == Mode::Auto || *mode == Mode::Exact;
    request.cacheDir = dataDir();
    request.requestTimeoutMs = ctx.deadline().remainingMs();

    if (waitSeconds > 0) {
        FailoverRequest quick = request;
        quick.exactMatching = false;
        QElapsedTimer waited;
        waited.start();
        while (true) {
            auto g = gatherFailover(quick);
            if (!g)
                return ctx.fail(RuntimeError, g.errorMessage());
            const qint64 left = behind(g->groups);
            if (!g->fromReachable || left == 0)
                break;
            if (waited.elapsed() > qint64(waitSeconds * 1000)) {
                ctx.err() << "replication still " << left << " record(s) behind after " << waitSeconds << " s" << Qt::endl;
                break;
            }
            ctx.err() << "waiting for replication: " << left << " record(s) not yet on " << toName << Qt::endl;
            QThread::msleep(1000); // MirrorMaker needs time; the CLI has nothing else to do
        }
    }

    if (refreshOnly)
        return refreshCache(ctx, request, fromName);

    auto gathered = gatherFailover(request);
    if (!gathered)
        return ctx.fail(RuntimeError, gathered.errorMessage());
    for (const QString &w : gathered->warnings)
        ctx.err() << "warning: " << w << Qt::endl;
    if (!gathered->fromReachable)
        ctx.err() << "warning: " << fromName << " is unreachable (" << gathered->fromError << "): disaster mode, "
                  << "using the failover cache " << gathered->cachePath << Qt::endl;

    PreflightOptions preflight;
    preflight.disasterAcknowledged = p.isSet(QStringLiteral("disaster"));
    preflight.acceptSkips = p.isSet(QStringLiteral("accept-skips"));
    int exit = Ok;
    Table table{kColumns, {}};
    QJsonArray groupsJson;
    for (const auto &in : gathered->groups) {
        const FailoverPlan plan = planFailover(in, {*mode, *fallback});
        const auto checks = preflightFailover(in, plan, preflight);
        const bool red = anyRed(checks);
        QJsonObject json = failoverPlanJson(plan, checks);
        if (ctx.format() == Format::Table) {
            ctx.out() << "\n"
                      << QStringLiteral("%1 %2 -> %3, group '%4' -> '%5'%6\n")
                             .arg(name, fromName, toName, plan.group, plan.targetGroup,
                                  plan.disaster ? QStringLiteral(" (DISASTER: source unreachable)") : QString());
            for (const auto &c : checks)
                ctx.out() << QStringLiteral("  [%1] %2: %3\n").arg(levelName(c.level).toUpper(), c.name, c.reason);
            Table one{kColumns, {}};
            for (const auto &part : plan.partitions)
                one.rows.push_back(row(plan, part));
            ctx.out() << "\n" << formatText(one);
            for (const QString &w : plan.warnings)
                ctx.out() << "warning: " << w << "\n";
        }
        for (const auto &part : plan.partitions)
            table.rows.push_back(row(plan, part));
        if (red) {
            exit = std::max<int>(exit, Refused);
            ctx.err() << "Refused: " << plan.group << ": preflight has red checks" << Qt::endl;
        }
        if (execute && !red) {
            FailoverApplyOptions options;
            options.dataDir = dataDir();
            options.acceptSkips = preflight.acceptSkips;
            options.commandText = QStringLiteral("lagscopectl %1 %2").arg(name, args.join(QLatin1Char(' ')));
            options.requestTimeoutMs = ctx.deadline().remainingMs();
            options.deadline = ctx.deadline();
            auto applied = applyFailover(*to, plan, options);
            if (!applied) {
                ctx.err() << "Error: " << plan.group << ": " << applied.errorMessage() << Qt::endl;
                exit = std::max<int>(exit, RuntimeError);
                json.insert(QStringLiteral("result"), QStringLiteral("failed"));
                json.insert(QStringLiteral("error"), applied.errorMessage());
            } else if (applied->refusal) {
                ctx.err() << "Refused: " << plan.group << ": " << *applied->refusal << Qt::endl;
                exit = std::max<int>(exit, Refused);
                json.insert(QStringLiteral("result"), QStringLiteral("refused"));
            } else {
                QJsonArray outcome;
                for (const auto &o : applied->reset.partitions) {
                    outcome.append(QJsonObject{{QStringLiteral("topic"), o.tp.topic},
                                               {QStringLiteral("partition"), o.tp.partition},
                                               {QStringLiteral("new_offset"), o.planned},
                                               {QStringLiteral("committed_after"), optional(o.after)},
                                               {QStringLiteral("result"), outcomeName(o.result)},
                                               {QStringLiteral("reason"), o.reason}});
                    if (o.result != PartitionOutcome::Applied) {
                        ctx.err() << "Error: " << o.tp.toString() << " " << outcomeName(o.result) << ": " << o.reason << Qt::endl;
                        exit = std::max<int>(exit, RuntimeError);
                    }
                }
                if (applied->reset.result == WriteResult::AppliedWithUntranslated) {
                    ctx.err() << "Error: " << plan.group << ": applied on " << toName << ", but committed topics were left "
                              << "untranslated: " << untranslatedTopicReasons(plan.topics).join(QStringLiteral("; "))
                              << Qt::endl;
                    exit = std::max<int>(exit, RuntimeError);
                } else if (!isApplied(applied->reset.result)) {
                    // One line naming what was and was not done, topic by topic.
                    ctx.err() << "Error: " << plan.group << ": the failover to " << toName << " did not complete ("
                              << writeResultName(applied->reset.result) << "): " << failoverOutcomeSummary(applied->reset) << Qt::endl;
                    exit = std::max<int>(exit, RuntimeError);
                }
                json.insert(QStringLiteral("result"), writeResultName(applied->reset.result));
                json.insert(QStringLiteral("backup"), applied->reset.backupPath);
                json.insert(QStringLiteral("outcome"), outcome);
                json.insert(QStringLiteral("next_steps"), QJsonArray::fromStringList(applied->nextSteps));
                ctx.err() << "Backup of " << plan.targetGroup << "'s previous offsets on " << toName << ": "
                          << applied->reset.backupPath << Qt::endl;
                if (ctx.format() == Format::Table) {
                    ctx.out() << "\nResult: " << writeResultName(applied->reset.result) << "\nNext steps:\n";
                    for (const QString &s : applied->nextSteps)
                        ctx.out() << "  - " << s << "\n";
                }
            }
        }
        groupsJson.append(json);
    }
    if (gathered->groups.empty())
        ctx.err() << "no group to fail over" << Qt::endl;
    if (ctx.format() == Format::Csv)
        ctx.out() << formatCsv(table);
    if (ctx.format() == Format::Json)
        printJson(ctx.out(), QJsonObject{{QStringLiteral("command"), name},
                                         {QStringLiteral("from"), fromName},
                                         {QStringLiteral("to"), toName},
                                         {QStringLiteral("inverse"), gathered->inverse},
                                         {QStringLiteral("source_reachable"), gathered->fromReachable},
                                         {QStringLiteral("cache"), gathered->cachePath},
                                         {QStringLiteral("executed"), execute},
                                         {QStringLiteral("groups"), groupsJson}});
    ctx.out().flush();
    return exit;
}

} // namespace

int failoverCommand(const QStringList &args) { return run(QStringLiteral("failover"), args); }
// The same operation: the flow between the clusters is found in either direction, and a
// failback over a one-way flow reads its offset syncs backwards (or matches records exactly).
int failbackCommand(const QStringList &args) { return run(QStringLiteral("failback"), args); }

} // namespace lagscope::cli
