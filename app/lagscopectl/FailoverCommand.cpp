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
#include "util/AppPaths.h"
#include "util/JsonValues.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QThread>

namespace lagscope::cli {

namespace {

using namespace lagscope::failover;

QString number(qint64 v) { return v < 0 ? QStringLiteral("-") : QString::number(v); }

QString reread(const PlannedFailoverPartition &p)
{
    if (p.reread < 0)
        return QStringLiteral("-");
    return p.rereadExact || p.reread == 0 ? QString::number(p.reread)
                                          : QStringLiteral("<=") + QString::number(p.reread);
}

QString skipped(const PlannedFailoverPartition &p)
{
    return p.skipped < 0 ? QStringLiteral("unknown") : QString::number(p.skipped);
}

const QStringList kColumns = {QStringLiteral("GROUP"),        QStringLiteral("TOPIC"),
                              QStringLiteral("PARTITION"),    QStringLiteral("COMMITTED"),
                              QStringLiteral("TARGET-TOPIC"), QStringLiteral("NEW-OFFSET"),
                              QStringLiteral("METHOD"),       QStringLiteral("REREAD"),
                              QStringLiteral("SKIPPED"),      QStringLiteral("NOT-REPLICATED")};

QStringList row(const FailoverPlan &plan, const PlannedFailoverPartition &p)
{
    return {plan.group,
            p.from.topic,
            QString::number(p.from.partition),
            p.committed ? QString::number(*p.committed) : QStringLiteral("-"),
            p.to.topic,
            number(p.newOffset),
            p.newOffset < 0 ? QStringLiteral("FAILED") : methodName(p.method),
            reread(p),
            skipped(p),
            number(p.notReplicated)};
}

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
        return ctx.fail(RuntimeError,
                        QStringLiteral("cannot refresh the failover cache: %1").arg(gathered.errorMessage()));
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
                ctx.err() << "warning: " << in.group << ": a failover now would be refused: " << c.name << ": "
                          << c.reason << Qt::endl;
    }
    ctx.out() << QStringLiteral("failover cache %1 refreshed: %2 group(s), %3 partition(s)\n")
                     .arg(gathered->cachePath)
                     .arg(gathered->groups.size())
                     .arg(partitions);
    ctx.out().flush();
    return Ok;
}

void addFailoverOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("from"), QStringLiteral("Cluster the groups consume from now."), QStringLiteral("cluster")},
        {QStringLiteral("to"), QStringLiteral("Cluster they move to."), QStringLiteral("cluster")},
        {QStringLiteral("group"), QStringLiteral("Consumer group (repeatable)."), QStringLiteral("group")},
        {QStringLiteral("all-groups"), QStringLiteral("Every group with commits on replicated topics.")},
        {QStringLiteral("target-group"),
         QStringLiteral("Group id on the target (one --group only; default: the same)."), QStringLiteral("group")},
        {QStringLiteral("mode"), QStringLiteral("auto, exact, offset-sync or checkpoint (default auto)."),
         QStringLiteral("mode"), QStringLiteral("auto")},
        {QStringLiteral("fallback"),
         QStringLiteral("For partitions nothing translates: fail, earliest or latest "
                        "(default fail)."),
         QStringLiteral("fallback"), QStringLiteral("fail")},
        {QStringLiteral("dry-run"), QStringLiteral("Only show preflight and plan (the default).")},
        {QStringLiteral("execute"), QStringLiteral("Commit the translated offsets on the target.")},
        {QStringLiteral("accept-skips"), QStringLiteral("Allow a plan that skips records the group has not consumed.")},
        {QStringLiteral("disaster"), QStringLiteral("Acknowledge that the source is unreachable: use cached data.")},
        {QStringLiteral("wait-replication"), QStringLiteral("Wait up to this long for replication to catch up first."),
         QStringLiteral("seconds")},
        {QStringLiteral("refresh-cache"),
         QStringLiteral("Only refresh the failover cache from the source (for a timer); "
                        "exit 0 when it was written.")},
    });
}

// The command line of one failover or failback, checked.
struct FailoverArgs {
    QString name; // failover or failback
    QStringList args;
    QString fromName;
    QString toName;
    QStringList groups;
    bool refreshOnly = false;
    bool allGroups = false;
    bool execute = false;
    Mode mode = Mode::Auto;
    Fallback fallback = Fallback::Fail;
    double waitSeconds = 0;
    PreflightOptions preflight;
};

// Every usage error is a failure with the message to print.
Result<FailoverArgs> parseFailoverArgs(const QCommandLineParser &p)
{
    using R = Result<FailoverArgs>;
    FailoverArgs a;
    a.fromName = p.value(QStringLiteral("from"));
    a.toName = p.value(QStringLiteral("to"));
    if (a.fromName.isEmpty() || a.toName.isEmpty())
        return R::failure(QStringLiteral("--from CLUSTER and --to CLUSTER are required"));
    a.groups = p.values(QStringLiteral("group"));
    a.refreshOnly = p.isSet(QStringLiteral("refresh-cache"));
    a.allGroups = p.isSet(QStringLiteral("all-groups")) || (a.refreshOnly && a.groups.isEmpty());
    if (a.refreshOnly && p.isSet(QStringLiteral("execute")))
        return R::failure(QStringLiteral("--refresh-cache writes nothing to a cluster: drop --execute"));
    if (a.groups.isEmpty() == !a.allGroups)
        return R::failure(QStringLiteral("give --group G (repeatable) or --all-groups"));
    if (const QString conflict = dryRunExecuteConflict(p); !conflict.isEmpty())
        return R::failure(conflict);
    const auto mode = parseMode(p.value(QStringLiteral("mode")));
    const auto fallback = parseFallback(p.value(QStringLiteral("fallback")));
    if (!mode || !fallback)
        return R::failure(
            QStringLiteral("--mode is auto|exact|offset-sync|checkpoint, --fallback is fail|earliest|latest"));
    a.mode = *mode;
    a.fallback = *fallback;
    if (p.isSet(QStringLiteral("target-group")) && a.groups.size() != 1)
        return R::failure(QStringLiteral("--target-group needs exactly one --group"));
    if (p.isSet(QStringLiteral("wait-replication"))) {
        bool ok = false;
        a.waitSeconds = p.value(QStringLiteral("wait-replication")).toDouble(&ok);
        // `!(x >= 0)` also refuses NaN; a day at most, as --timeout.
        if (!ok || !(a.waitSeconds >= 0) || a.waitSeconds > kMaxTimeoutSeconds)
            return R::failure(QStringLiteral("--wait-replication takes seconds from 0 to %1, not '%2'")
                                  .arg(kMaxTimeoutSeconds)
                                  .arg(p.value(QStringLiteral("wait-replication"))));
    }
    a.execute = p.isSet(QStringLiteral("execute"));
    a.preflight.disasterAcknowledged = p.isSet(QStringLiteral("disaster"));
    a.preflight.acceptSkips = p.isSet(QStringLiteral("accept-skips"));
    return a;
}

// The gather request from the configuration: both clusters and the flow between them. Every
// failure is a usage error.
Result<FailoverRequest> failoverRequest(CliContext &ctx, const FailoverArgs &a)
{
    using R = Result<FailoverRequest>;
    const QString configPath = ctx.configPath();
    auto config = loadConfig(configPath);
    if (!config)
        return R(config.error());
    const ClusterConfig *from = config->cluster(a.fromName);
    const ClusterConfig *to = config->cluster(a.toName);
    if (!from || !to)
        return R::failure(QStringLiteral("no cluster named '%1' in %2").arg(from ? a.toName : a.fromName, configPath));
    bool inverse = false;
    const ReplicationFlowConfig *flow = findFlow(*config, a.fromName, a.toName, &inverse);
    if (!flow)
        return R::failure(
            QStringLiteral("no replication flow between %1 and %2 in %3").arg(a.fromName, a.toName, configPath));
    FailoverRequest request;
    request.from = *from;
    request.to = *to;
    request.flow = *flow;
    request.groups = a.groups;
    request.allGroups = a.allGroups;
    if (ctx.parser().isSet(QStringLiteral("target-group")))
        request.targetGroups[a.groups.front()] = ctx.parser().value(QStringLiteral("target-group"));
    request.exactMatching = a.mode == Mode::Auto || a.mode == Mode::Exact;
    request.cacheDir = appDataDir();
    request.requestTimeoutMs = ctx.deadline().remainingMs();
    return request;
}

// The shared write guard: refuses a read-only target and audits the refusal.
std::optional<QString> failoverWriteRefusal(const FailoverArgs &a, const ClusterConfig &to)
{
    return guardWrite({a.name, a.toName, to.readOnly, to.readOnlyReason,
                       QJsonObject{{QStringLiteral("from"), a.fromName},
                                   {QStringLiteral("group"),
                                    a.allGroups ? QStringLiteral("(all groups)") : a.groups.join(QLatin1Char(','))}}},
                      auditLogPath(appDataDir()));
}

// --wait-replication: gathers (without record matching) until nothing is left to replicate
// or the time is up; a failure only when a gather fails.
Status waitForReplication(CliContext &ctx, const FailoverRequest &request, const FailoverArgs &a)
{
    FailoverRequest quick = request;
    quick.exactMatching = false;
    QElapsedTimer waited;
    waited.start();
    while (true) {
        auto g = gatherFailover(quick);
        if (!g)
            return Status(g.error());
        const qint64 left = behind(g->groups);
        if (!g->fromReachable || left == 0)
            return success();
        if (waited.elapsed() > qint64(a.waitSeconds * 1000)) {
            ctx.err() << "replication still " << left << " record(s) behind after " << a.waitSeconds << " s"
                      << Qt::endl;
            return success();
        }
        ctx.err() << "waiting for replication: " << left << " record(s) not yet on " << a.toName << Qt::endl;
        QThread::msleep(1000); // MirrorMaker needs time; the CLI has nothing else to do
    }
}

void printPlanText(CliContext &ctx, const FailoverArgs &a, const FailoverPlan &plan,
                   const std::vector<PreflightCheck> &checks)
{
    ctx.out() << "\n"
              << QStringLiteral("%1 %2 -> %3, group '%4' -> '%5'%6\n")
                     .arg(a.name, a.fromName, a.toName, plan.group, plan.targetGroup,
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

// What an applied failover did, on stderr and in the group's JSON; returns the exit code.
int reportAppliedFailover(CliContext &ctx, const FailoverArgs &a, const FailoverPlan &plan,
                          const FailoverOutcome &applied, QJsonObject &json)
{
    int exit = Ok;
    QJsonArray outcome;
    for (const auto &o : applied.reset.partitions) {
        outcome.append(QJsonObject{{QStringLiteral("topic"), o.tp.topic},
                                   {QStringLiteral("partition"), o.tp.partition},
                                   {QStringLiteral("new_offset"), o.planned},
                                   {QStringLiteral("committed_after"), jsonOrNull(o.after)},
                                   {QStringLiteral("result"), outcomeName(o.result)},
                                   {QStringLiteral("reason"), o.reason}});
        if (o.result != PartitionOutcome::Applied) {
            ctx.err() << "Error: " << o.tp.toString() << " " << outcomeName(o.result) << ": " << o.reason << Qt::endl;
            exit = std::max<int>(exit, RuntimeError);
        }
    }
    if (applied.reset.result == WriteResult::AppliedWithUntranslated) {
        ctx.err() << "Error: " << plan.group << ": applied on " << a.toName << ", but committed topics were left "
                  << "untranslated: " << untranslatedTopicReasons(plan.topics).join(QStringLiteral("; ")) << Qt::endl;
        exit = std::max<int>(exit, RuntimeError);
    } else if (!isApplied(applied.reset.result)) {
        // One line naming what was and was not done, topic by topic.
        ctx.err() << "Error: " << plan.group << ": the failover to " << a.toName << " did not complete ("
                  << writeResultName(applied.reset.result) << "): " << failoverOutcomeSummary(applied.reset)
                  << Qt::endl;
        exit = std::max<int>(exit, RuntimeError);
    }
    json.insert(QStringLiteral("result"), writeResultName(applied.reset.result));
    json.insert(QStringLiteral("backup"), applied.reset.backupPath);
    json.insert(QStringLiteral("outcome"), outcome);
    json.insert(QStringLiteral("next_steps"), QJsonArray::fromStringList(applied.nextSteps));
    ctx.err() << "Backup of " << plan.targetGroup << "'s previous offsets on " << a.toName << ": "
              << applied.reset.backupPath << Qt::endl;
    if (ctx.format() == Format::Table) {
        ctx.out() << "\nResult: " << writeResultName(applied.reset.result) << "\nNext steps:\n";
        for (const QString &s : applied.nextSteps)
            ctx.out() << "  - " << s << "\n";
    }
    return exit;
}

// Applies one group's plan on the target; returns the exit code.
int applyGroupFailover(CliContext &ctx, const FailoverArgs &a, const ClusterConfig &to, const FailoverPlan &plan,
                       QJsonObject &json)
{
    FailoverApplyOptions options;
    options.dataDir = appDataDir();
    options.acceptSkips = a.preflight.acceptSkips;
    options.commandText = QStringLiteral("lagscopectl %1 %2").arg(a.name, a.args.join(QLatin1Char(' ')));
    options.requestTimeoutMs = ctx.deadline().remainingMs();
    options.deadline = ctx.deadline();
    auto applied = applyFailover(to, plan, options);
    if (!applied) {
        ctx.err() << "Error: " << plan.group << ": " << applied.errorMessage() << Qt::endl;
        json.insert(QStringLiteral("result"), writeResultName(WriteResult::Failed));
        json.insert(QStringLiteral("error"), applied.errorMessage());
        return RuntimeError;
    }
    if (applied->refusal) {
        ctx.err() << "Refused: " << plan.group << ": " << *applied->refusal << Qt::endl;
        json.insert(QStringLiteral("result"), writeResultName(WriteResult::Refused));
        return Refused;
    }
    return reportAppliedFailover(ctx, a, plan, *applied, json);
}

// Plans, prints and (with --execute) applies every gathered group; returns the exit code.
int failoverGroups(CliContext &ctx, const FailoverArgs &a, const ClusterConfig &to, const FailoverGathered &gathered)
{
    int exit = Ok;
    Table table{kColumns, {}};
    QJsonArray groupsJson;
    for (const auto &in : gathered.groups) {
        const FailoverPlan plan = planFailover(in, {a.mode, a.fallback});
        const auto checks = preflightFailover(in, plan, a.preflight);
        const bool red = anyRed(checks);
        QJsonObject json = failoverPlanJson(plan, checks);
        if (ctx.format() == Format::Table)
            printPlanText(ctx, a, plan, checks);
        for (const auto &part : plan.partitions)
            table.rows.push_back(row(plan, part));
        if (red) {
            exit = std::max<int>(exit, Refused);
            ctx.err() << "Refused: " << plan.group << ": preflight has red checks" << Qt::endl;
        }
        if (a.execute && !red)
            exit = std::max<int>(exit, applyGroupFailover(ctx, a, to, plan, json));
        groupsJson.append(json);
    }
    if (gathered.groups.empty())
        ctx.err() << "no group to fail over" << Qt::endl;
    if (ctx.format() == Format::Csv)
        ctx.out() << formatCsv(table);
    if (ctx.format() == Format::Json)
        printJson(ctx.out(), QJsonObject{{QStringLiteral("command"), a.name},
                                         {QStringLiteral("from"), a.fromName},
                                         {QStringLiteral("to"), a.toName},
                                         {QStringLiteral("inverse"), gathered.inverse},
                                         {QStringLiteral("source_reachable"), gathered.fromReachable},
                                         {QStringLiteral("cache"), gathered.cachePath},
                                         {QStringLiteral("executed"), a.execute},
                                         {QStringLiteral("groups"), groupsJson}});
    ctx.out().flush();
    return exit;
}

int run(const QString &name, const QStringList &args)
{
    CliContext ctx(name);
    ctx.setClusterRequired(false);
    ctx.setRepeatable({QStringLiteral("group")});
    addFailoverOptions(ctx.parser());
    if (!ctx.parse(args))
        return ctx.exitCode();
    auto parsed = parseFailoverArgs(ctx.parser());
    if (!parsed)
        return ctx.fail(UsageError, parsed.errorMessage());
    FailoverArgs &a = *parsed;
    a.name = name;
    a.args = args;
    auto request = failoverRequest(ctx, a);
    if (!request)
        return ctx.fail(UsageError, request.errorMessage());
    if (a.execute)
        if (auto refusal = failoverWriteRefusal(a, request->to))
            return ctx.fail(Refused, *refusal);

    if (a.waitSeconds > 0)
        if (Status waited = waitForReplication(ctx, *request, a); !waited)
            return ctx.fail(RuntimeError, waited.errorMessage());
    if (a.refreshOnly)
        return refreshCache(ctx, *request, a.fromName);

    auto gathered = gatherFailover(*request);
    if (!gathered)
        return ctx.fail(RuntimeError, gathered.errorMessage());
    for (const QString &w : gathered->warnings)
        ctx.err() << "warning: " << w << Qt::endl;
    if (!gathered->fromReachable)
        ctx.err() << "warning: " << a.fromName << " is unreachable (" << gathered->fromError << "): disaster mode, "
                  << "using the failover cache " << gathered->cachePath << Qt::endl;
    return failoverGroups(ctx, a, request->to, *gathered);
}

} // namespace

int failoverCommand(const QStringList &args) { return run(QStringLiteral("failover"), args); }
// The same operation: the flow between the clusters is found in either direction, and a
// failback over a one-way flow reads its offset syncs backwards (or matches records exactly).
int failbackCommand(const QStringList &args) { return run(QStringLiteral("failback"), args); }

} // namespace lagscope::cli
