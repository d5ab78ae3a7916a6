// lagscopectl reset-offsets and undo: kafka-consumer-groups.sh --reset-offsets with the same
// new offsets, output and warnings, plus what the tool lacks: a read-only switch, a backup
// of the committed offsets before every change, verification and an audit trail.
// Several --group (or --all-groups) as in the tool: each group planned or refused on its own,
// one backup and one audit record per group. Dry run by default; --execute applies.
#include "CliContext.h"
#include "ResetOptions.h"

#include "actions/AuditLog.h"
#include "actions/ResetExecutor.h"
#include "actions/ResetParsers.h"
#include "actions/ResetPlanner.h"
#include "actions/WriteGuard.h"
#include "report/Table.h"
#include "util/AppPaths.h"
#include "util/JsonValues.h"

#include <QJsonArray>
#include <QJsonObject>

#include <functional>

namespace lagscope::cli {

namespace {

const QStringList kPlanColumns = {QStringLiteral("GROUP"), QStringLiteral("TOPIC"), QStringLiteral("PARTITION"),
                                  QStringLiteral("NEW-OFFSET")};

QJsonObject planJson(const ResetPlan &plan)
{
    QJsonArray partitions;
    for (const auto &p : plan.partitions)
        partitions.append(QJsonObject{
            {QStringLiteral("topic"), p.tp.topic},
            {QStringLiteral("partition"), p.tp.partition},
            {QStringLiteral("current_offset"), jsonOrNull(p.current)},
            {QStringLiteral("new_offset"), p.newOffset},
            {QStringLiteral("delta"), p.current ? QJsonValue(p.delta) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("log_start_offset"), jsonOrNull(p.logStart)},
            {QStringLiteral("log_end_offset"), jsonOrNull(p.logEnd)},
            {QStringLiteral("requested_offset"), jsonOrNull(p.requested)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(p.warnings)},
        });
    return QJsonObject{{QStringLiteral("group"), plan.group},
                       {QStringLiteral("warnings"), QJsonArray::fromStringList(plan.warnings)},
                       {QStringLiteral("partitions"), partitions}};
}

QJsonArray outcomeJson(const std::vector<PartitionOutcome> &outcomes)
{
    QJsonArray out;
    for (const auto &o : outcomes) {
        QJsonObject row{{QStringLiteral("topic"), o.tp.topic},
                        {QStringLiteral("partition"), o.tp.partition},
                        {QStringLiteral("old_offset"), jsonOrNull(o.before)},
                        {QStringLiteral("new_offset"), o.planned},
                        {QStringLiteral("committed_after"), jsonOrNull(o.after)},
                        {QStringLiteral("result"), outcomeName(o.result)},
                        {QStringLiteral("acknowledged"), o.acknowledged}};
        if (!o.reason.isEmpty())
            row.insert(QStringLiteral("reason"), o.reason);
        out.append(row);
    }
    return out;
}

// One group's part of a run: its plan, and what applying it did (refused: why).
struct GroupRun {
    ResetPlan plan;
    std::optional<ResetOutcome> outcome;
    QString refusal;
    QString error; // the apply failed before anything was committed
};

QJsonObject runJson(const GroupRun &run)
{
    QJsonObject doc{{QStringLiteral("plan"), planJson(run.plan)}};
    if (!run.refusal.isEmpty())
        doc.insert(QStringLiteral("refusal"), run.refusal);
    if (!run.error.isEmpty())
        doc.insert(QStringLiteral("error"), run.error);
    if (run.outcome) {
        doc.insert(QStringLiteral("result"), writeResultName(run.outcome->result));
        doc.insert(QStringLiteral("backup"), run.outcome->backupPath);
        doc.insert(QStringLiteral("outcome"), outcomeJson(run.outcome->partitions));
    }
    return doc;
}

// Exit code of the run: 1 when a write went wrong or was not verified (the worst: the
// operator must look), else 3 when a group was refused, else 0.
int runExitCode(CliContext &ctx, const std::vector<GroupRun> &runs, bool anyRefused)
{
    int exit = anyRefused ? int(Refused) : int(Ok);
    for (const auto &run : runs) {
        if (!run.error.isEmpty())
            exit = RuntimeError;
        if (!run.outcome)
            continue;
        if (!run.outcome->auditError.isEmpty()) {
            ctx.err() << "Error: the reset of " << run.plan.group
                      << " was carried out, but its audit record could not be written: " << run.outcome->auditError
                      << Qt::endl;
            exit = RuntimeError;
        }
        for (const auto &o : run.outcome->partitions) {
            if (o.result == PartitionOutcome::Applied)
                continue;
            ctx.err() << "Error: " << run.plan.group << " " << o.tp.toString() << " " << outcomeName(o.result) << ": "
                      << o.reason << Qt::endl;
            exit = RuntimeError;
        }
    }
    return exit;
}

// The shared tail of reset-offsets and undo: preview, or apply + verify + audit, group by
// group (one backup and one audit record each; a group that fails does not stop the
// others). Without `severalGroups` (one --group) the output is as before several groups
// could be given: the JSON's plan, result, backup and outcome at the top level, a failure
// as the command's error.
int previewOrApply(CliContext &ctx, std::vector<GroupRun> runs, bool anyRefused, bool execute, bool exportCsv,
                   const QString &specText, const QString &scopeText, bool severalGroups)
{
    for (const auto &run : runs)
        for (const QString &w : run.plan.allWarnings())
            ctx.err() << w << Qt::endl;

    if (execute) {
        ResetApplyOptions options = writeOptionsFor(ctx.cluster(), appDataDir(), ctx.deadline());
        options.specText = specText;
        options.scopeText = scopeText;
        for (auto &run : runs) {
            auto applied = applyReset(ctx.client(), run.plan, options);
            if (!applied && !severalGroups)
                return ctx.fail(RuntimeError, applied.errorMessage());
            if (!applied) {
                ctx.err() << "Error: the reset of " << run.plan.group
                          << " failed, nothing was committed: " << applied.errorMessage() << Qt::endl;
                run.error = applied.errorMessage();
                continue;
            }
            if (applied->refusal) {
                ctx.err() << *applied->refusal << Qt::endl;
                run.refusal = *applied->refusal;
                anyRefused = true;
                continue;
            }
            run.outcome = std::move(*applied);
            ctx.err() << "Backup of the previous offsets: " << run.outcome->backupPath << Qt::endl;
        }
    }
    // What is shown: every planned group, except those refused or failed when applying.
    std::vector<ResetPlan> shown;
    for (const auto &run : runs)
        if (run.refusal.isEmpty() && run.error.isEmpty())
            shown.push_back(run.plan);

    if (!severalGroups && runs.empty()) {
        // The one group was refused (said on stderr): nothing to print.
    } else if (exportCsv) {
        ctx.out() << exportResetCsv(shown, severalGroups);
    } else if (ctx.format() == Format::Json) {
        QJsonObject doc{{QStringLiteral("cluster"), ctx.cluster().name}, {QStringLiteral("executed"), execute}};
        if (!severalGroups) {
            const QJsonObject one = runJson(runs.front());
            for (auto it = one.begin(); it != one.end(); ++it)
                doc.insert(it.key(), it.value());
        } else {
            QJsonArray groups;
            for (const auto &run : runs)
                groups.append(runJson(run));
            doc.insert(QStringLiteral("groups"), groups);
        }
        printJson(ctx.out(), doc);
    } else {
        Table table{kPlanColumns, {}};
        for (const auto &plan : shown)
            for (const auto &p : plan.partitions)
                table.rows.push_back(
                    {plan.group, p.tp.topic, QString::number(p.tp.partition), QString::number(p.newOffset)});
        if (ctx.format() == Format::Csv)
            ctx.out() << formatCsv(table);
        else if (!table.rows.empty() || !anyRefused)
            ctx.out() << "\n" << formatText(table);
    }
    return runExitCode(ctx, runs, anyRefused);
}

// The refusal of a write to a read-only cluster, audited (WriteGuard.h); checked before the
// cluster gets any request.
std::optional<QString> resetWriteRefusal(CliContext &ctx, const QString &command, const QJsonObject &details)
{
    return guardWrite({command, ctx.cluster().name, ctx.cluster().readOnly, ctx.cluster().readOnlyReason, details},
                      auditLogPath(appDataDir()));
}

// Gathers and plans each group on its own, as the tool does: a group it refuses (active)
// is said on stderr and left out, the others go on. Then previewOrApply().
int planAndApply(CliContext &ctx, const QStringList &groups, const std::function<ResetSpec(const QString &)> &specFor,
                 const ResetScope &scope, bool execute, bool exportCsv, const QString &specText,
                 const QString &scopeText, bool severalGroups)
{
    std::vector<GroupRun> runs;
    bool anyRefused = false;
    bool failed = false; // a group without a plan (--from-file) or that could not be read
    // One group: its failure is the command's. Several: said for the group, the others go on.
    auto groupFailed = [&](const QString &group, const QString &why) {
        if (!severalGroups)
            return ctx.fail(RuntimeError, why);
        ctx.err() << "Error: group '" << group << "' was not planned: " << why << Qt::endl;
        failed = true;
        return int(Ok);
    };
    for (const QString &group : groups) {
        const ResetSpec spec = specFor(group);
        // The tool's order: an active group is refused before a missing plan is noticed.
        if (spec.kind == ResetSpec::FromFile && spec.fileOffsets.empty()) {
            auto description = describeGroupForWrite(ctx.client(), group, ctx.deadline());
            if (!description) {
                if (const int exit = groupFailed(group, description.errorMessage()); exit != Ok)
                    return exit;
                continue;
            }
            if (auto refusal = checkInactive(*description)) {
                ctx.err() << *refusal << Qt::endl;
                anyRefused = true;
            } else {
                ctx.err() << "Error: No reset plan for group " << group << " found" << Qt::endl;
                failed = true;
            }
            continue;
        }
        auto gathered = gatherResetInputs(ctx.client(), group, spec, scope, ctx.deadline());
        if (!gathered) {
            if (const int exit = groupFailed(group, gathered.errorMessage()); exit != Ok)
                return exit;
            continue;
        }
        // The tool checks this for a dry run too: a plan for an active group would be stale.
        if (auto refusal = checkInactive(gathered->description)) {
            ctx.err() << *refusal << Qt::endl;
            anyRefused = true;
            continue;
        }
        auto plan = planReset(spec, scope, gathered->inputs);
        if (!plan) {
            if (const int exit = groupFailed(group, plan.errorMessage()); exit != Ok)
                return exit;
            continue;
        }
        runs.push_back({std::move(*plan), std::nullopt, QString(), QString()});
    }
    const int exit =
        previewOrApply(ctx, std::move(runs), anyRefused, execute, exportCsv, specText, scopeText, severalGroups);
    return failed ? int(RuntimeError) : exit;
}

} // namespace

int resetOffsetsCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("reset-offsets"));
    ctx.setRepeatable({QStringLiteral("group"), QStringLiteral("topic")});
    addResetOptions(ctx.parser());
    if (!ctx.parse(args))
        return ctx.exitCode();
    QCommandLineParser &p = ctx.parser();
    QStringList groups = p.values(QStringLiteral("group"));
    groups.removeDuplicates();
    const bool allGroups = p.isSet(QStringLiteral("all-groups"));
    if (groups.isEmpty() && !allGroups)
        return ctx.fail(UsageError, QStringLiteral("--group is required (repeatable), or --all-groups"));
    if (!groups.isEmpty() && allGroups)
        return ctx.fail(UsageError, QStringLiteral("give --group or --all-groups, not both"));
    if (const QString conflict = dryRunExecuteConflict(p); !conflict.isEmpty())
        return ctx.fail(UsageError, conflict);
    const bool execute = p.isSet(QStringLiteral("execute"));

    std::vector<const SpecOption *> given;
    for (const auto &s : resetSpecOptions())
        if (p.isSet(s.name))
            given.push_back(&s);
    if (given.size() != 1)
        return ctx.fail(UsageError, QStringLiteral("give exactly one reset spec: --to-earliest, --to-latest, "
                                                   "--to-current, --to-offset, --shift-by, --to-datetime, "
                                                   "--by-duration or --from-file"));
    const SpecOption &chosen = *given.front();
    const QString value = chosen.hasValue ? p.value(chosen.name) : QString();
    const QString specText =
        chosen.hasValue ? QStringLiteral("--%1 %2").arg(chosen.name, value) : QStringLiteral("--%1").arg(chosen.name);
    const bool fromFile = chosen.kind == ResetSpec::FromFile;
    // Computed once (a --by-duration is "now" once for every group); --from-file's offsets
    // are each group's own.
    const bool severalGroups = allGroups || groups.size() > 1;
    const auto spec = resetSpecFromOption(ctx, chosen, value, severalGroups ? QString() : groups.value(0));
    if (!spec)
        return ctx.fail(UsageError, spec.errorMessage());

    ResetScope scope;
    scope.allTopics = p.isSet(QStringLiteral("all-topics"));
    for (const QString &t : p.values(QStringLiteral("topic"))) {
        auto parsed = parseResetTopicArg(t);
        if (!parsed)
            return ctx.fail(UsageError, QStringLiteral("--topic: ") + parsed.errorMessage());
        scope.topics.push_back(*parsed);
    }
    if (scope.isEmpty() && !fromFile)
        return ctx.fail(UsageError,
                        QStringLiteral("One of the reset scopes should be defined: --all-topics, --topic."));
    QStringList scopeParts;
    if (scope.allTopics)
        scopeParts << QStringLiteral("--all-topics");
    for (const QString &t : p.values(QStringLiteral("topic")))
        scopeParts << QStringLiteral("--topic ") + t;
    const QString scopeText = scopeParts.join(QLatin1Char(' '));

    if (!ctx.connect())
        return ctx.exitCode();
    if (execute) {
        QJsonObject details = groupsAuditDetails(groups, allGroups);
        details.insert(QStringLiteral("spec"), specText);
        details.insert(QStringLiteral("scope"), scopeText);
        if (auto refusal = resetWriteRefusal(ctx, QStringLiteral("reset-offsets"), details))
            return ctx.fail(Refused, *refusal);
    }
    if (allGroups && !ctx.listAllGroups(groups))
        return ctx.exitCode();
    // With several groups, as in the tool, only the group,topic,partition,offset CSV (or a
    // backup, for its own group) gives a group a plan; the others are told there is none.
    const auto filePlans =
        fromFile && severalGroups ? filePlansByGroup(value) : std::map<QString, std::map<TopicPartition, qint64>>();
    auto specFor = [&](const QString &group) {
        ResetSpec one = *spec;
        if (const auto it = filePlans.find(group); it != filePlans.end())
            for (const auto &[tp, offset] : it->second)
                one.fileOffsets[tp] = offset;
        return one;
    };
    return planAndApply(ctx, groups, specFor, scope, execute, p.isSet(QStringLiteral("export")), specText, scopeText,
                        severalGroups);
}

int undoCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("undo"));
    ctx.parser().addOptions({
        {QStringLiteral("backup"), QStringLiteral("Backup file written by an executed reset."), QStringLiteral("file")},
        {QStringLiteral("dry-run"), QStringLiteral("Only show the offsets to restore (the default).")},
        {QStringLiteral("execute"), QStringLiteral("Commit the offsets of the backup.")},
    });
    if (!ctx.parse(args))
        return ctx.exitCode();
    QCommandLineParser &p = ctx.parser();
    if (const QString conflict = dryRunExecuteConflict(p); !conflict.isEmpty())
        return ctx.fail(UsageError, conflict);
    const QString path = p.value(QStringLiteral("backup"));
    if (path.isEmpty())
        return ctx.fail(UsageError, QStringLiteral("--backup FILE is required"));
    const auto bytes = readArgumentFile(path);
    if (!bytes)
        return ctx.fail(UsageError, bytes.errorMessage());
    auto backup = parseResetBackup(*bytes);
    if (!backup)
        return ctx.fail(UsageError, QStringLiteral("%1: %2").arg(path, backup.errorMessage()));
    if (!ctx.connect())
        return ctx.exitCode();
    if (!backup->cluster.isEmpty() && backup->cluster != ctx.cluster().name)
        return ctx.fail(
            UsageError,
            QStringLiteral("%1 is a backup of cluster '%2', not '%3'").arg(path, backup->cluster, ctx.cluster().name));
    const bool execute = p.isSet(QStringLiteral("execute"));
    if (execute)
        if (auto refusal = resetWriteRefusal(
                ctx, QStringLiteral("undo"),
                QJsonObject{{QStringLiteral("group"), backup->group}, {QStringLiteral("backup"), path}}))
            return ctx.fail(Refused, *refusal);
    if (backup->offsets.empty())
        return ctx.fail(RuntimeError, QStringLiteral("%1 holds no committed offsets to restore").arg(path));
    for (const auto &tp : backup->uncommitted)
        ctx.err() << "Warning: " << tp.toString()
                  << " had no committed offset before the reset; undo cannot remove the commit and leaves it as is."
                  << Qt::endl;

    ResetSpec spec;
    spec.kind = ResetSpec::Manual;
    for (const auto &[tp, offset] : backup->offsets)
        spec.fileOffsets[tp] = offset;
    return planAndApply(
        ctx, {backup->group}, [&](const QString &) { return spec; }, ResetScope(), execute, false,
        QStringLiteral("--undo ") + path, QString(), false);
}

} // namespace lagscope::cli
