// lagscopectl reset-offsets and undo: kafka-consumer-groups.sh --reset-offsets with the same
// new offsets, output and warnings, plus what the tool lacks: a read-only switch, a backup
// of the committed offsets before every change, verification and an audit trail.
// Dry run by default; --execute applies.
#include "CliContext.h"

#include "actions/AuditLog.h"
#include "actions/ResetExecutor.h"
#include "actions/ResetParsers.h"
#include "actions/ResetPlanner.h"
#include "actions/WriteGuard.h"
#include "report/Table.h"
#include "util/AppPaths.h"
#include "util/JsonValues.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

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

// The shared tail of reset-offsets and undo: preview, or apply + verify + audit.
int previewOrApply(CliContext &ctx, const ResetPlan &plan, bool execute, bool exportCsv, const QString &specText,
                   const QString &scopeText)
{
    for (const QString &w : plan.allWarnings())
        ctx.err() << w << Qt::endl;

    std::optional<ResetOutcome> outcome;
    if (execute) {
        ResetApplyOptions options;
        options.cluster = ctx.cluster().name;
        options.readOnly = ctx.cluster().readOnly;
        options.readOnlyReason = ctx.cluster().readOnlyReason;
        options.dataDir = appDataDir();
        options.specText = specText;
        options.scopeText = scopeText;
        options.deadline = ctx.deadline();
        auto applied = applyReset(ctx.client(), plan, options);
        if (!applied)
            return ctx.fail(RuntimeError, applied.errorMessage());
        if (applied->refusal) {
            ctx.err() << *applied->refusal << Qt::endl;
            return Refused;
        }
        outcome = std::move(*applied);
        ctx.err() << "Backup of the previous offsets: " << outcome->backupPath << Qt::endl;
    }

    if (exportCsv) {
        ctx.out() << exportResetCsv(plan, false);
    } else {
        Table table{kPlanColumns, {}};
        for (const auto &p : plan.partitions)
            table.rows.push_back(
                {plan.group, p.tp.topic, QString::number(p.tp.partition), QString::number(p.newOffset)});
        switch (ctx.format()) {
        case Format::Table: ctx.out() << "\n" << formatText(table); break;
        case Format::Csv: ctx.out() << formatCsv(table); break;
        case Format::Json: {
            QJsonObject doc{{QStringLiteral("cluster"), ctx.cluster().name},
                            {QStringLiteral("executed"), execute},
                            {QStringLiteral("plan"), planJson(plan)}};
            if (outcome) {
                doc.insert(QStringLiteral("result"), writeResultName(outcome->result));
                doc.insert(QStringLiteral("backup"), outcome->backupPath);
                doc.insert(QStringLiteral("outcome"), outcomeJson(outcome->partitions));
            }
            printJson(ctx.out(), doc);
            break;
        }
        }
    }
    if (!outcome)
        return Ok;
    int exit = Ok;
    for (const auto &o : outcome->partitions) {
        if (o.result == PartitionOutcome::Applied)
            continue;
        ctx.err() << "Error: " << o.tp.toString() << " " << outcomeName(o.result) << ": " << o.reason << Qt::endl;
        exit = RuntimeError;
    }
    return exit;
}

struct SpecOption {
    QString name;
    ResetSpec::Kind kind;
    bool hasValue;
};

const std::vector<SpecOption> kSpecs = {
    {QStringLiteral("to-earliest"), ResetSpec::ToEarliest, false},
    {QStringLiteral("to-latest"), ResetSpec::ToLatest, false},
    {QStringLiteral("to-current"), ResetSpec::ToCurrent, false},
    {QStringLiteral("to-offset"), ResetSpec::ToOffset, true},
    {QStringLiteral("shift-by"), ResetSpec::ShiftBy, true},
    {QStringLiteral("to-datetime"), ResetSpec::ToDatetime, true},
    {QStringLiteral("by-duration"), ResetSpec::ByDuration, true},
    {QStringLiteral("from-file"), ResetSpec::FromFile, true},
};

void addResetOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("Consumer group whose offsets are reset."), QStringLiteral("group")},
        {QStringLiteral("all-topics"), QStringLiteral("Every partition the group has a committed offset for.")},
        {QStringLiteral("topic"), QStringLiteral("Topic, or topic:p,p for some partitions (repeatable)."),
         QStringLiteral("topic[:p,p]")},
        {QStringLiteral("to-earliest"), QStringLiteral("Reset to the log start offset.")},
        {QStringLiteral("to-latest"), QStringLiteral("Reset to the log end offset.")},
        {QStringLiteral("to-current"), QStringLiteral("Reset to the committed offset (log end where none).")},
        {QStringLiteral("to-offset"), QStringLiteral("Reset to this offset (clamped to the log)."),
         QStringLiteral("N")},
        {QStringLiteral("shift-by"), QStringLiteral("Move the committed offset by N (clamped)."), QStringLiteral("N")},
        {QStringLiteral("to-datetime"), QStringLiteral("First offset at or after yyyy-MM-ddTHH:mm:ss.SSS[zone]."),
         QStringLiteral("time")},
        {QStringLiteral("by-duration"), QStringLiteral("First offset at or after now minus an ISO-8601 duration."),
         QStringLiteral("duration")},
        {QStringLiteral("from-file"),
         QStringLiteral("Offsets from a CSV plan (as --export writes it) or a backup JSON."), QStringLiteral("file")},
        {QStringLiteral("dry-run"), QStringLiteral("Only show the new offsets (the default).")},
        {QStringLiteral("execute"), QStringLiteral("Commit the new offsets.")},
        {QStringLiteral("export"), QStringLiteral("Print the plan as CSV (topic,partition,offset).")},
    });
}

Result<QByteArray> readArgumentFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Result<QByteArray>::failure(QStringLiteral("cannot read %1: %2").arg(path, file.errorString()));
    return file.readAll();
}

// The offsets of --from-file: a CSV plan, or a backup written before an earlier reset (JSON),
// which is a plan too: restoring it is what --from-file is for after a mistake.
Result<std::map<TopicPartition, qint64>> offsetsFromFile(CliContext &ctx, const QString &path, const QString &group)
{
    using R = Result<std::map<TopicPartition, qint64>>;
    const auto bytes = readArgumentFile(path);
    if (!bytes)
        return R(bytes.error());
    if (bytes->trimmed().startsWith('{')) {
        auto backup = parseResetBackup(*bytes);
        if (!backup)
            return R::failure(QStringLiteral("%1: %2").arg(path, backup.errorMessage()));
        if (backup->group != group)
            return R::failure(QStringLiteral("%1 is a backup of group '%2', not '%3'").arg(path, backup->group, group));
        return std::map<TopicPartition, qint64>(backup->offsets.begin(), backup->offsets.end());
    }
    auto parsed = parseResetCsv(QString::fromUtf8(*bytes), group);
    if (!parsed)
        return R::failure(QStringLiteral("%1: %2").arg(path, parsed.errorMessage()));
    for (const QString &w : parsed->warnings)
        ctx.err() << w << Qt::endl;
    return parsed->offsetsByGroup[group];
}

// The reset spec of the one spec option given, with its value; every failure is a usage error.
Result<ResetSpec> resetSpecFromOption(CliContext &ctx, const SpecOption &chosen, const QString &value,
                                      const QString &group)
{
    using R = Result<ResetSpec>;
    ResetSpec spec;
    spec.kind = chosen.kind;
    switch (chosen.kind) {
    case ResetSpec::ToOffset:
    case ResetSpec::ShiftBy: {
        bool ok = false;
        spec.value = value.toLongLong(&ok);
        if (!ok)
            return R::failure(QStringLiteral("--%1 takes a whole number, not '%2'").arg(chosen.name, value));
        break;
    }
    case ResetSpec::ToDatetime: {
        auto ms = parseResetDateTime(value);
        if (!ms)
            return R(ms.error());
        spec.value = *ms;
        break;
    }
    case ResetSpec::ByDuration: {
        auto ms = parseIsoDuration(value);
        if (!ms)
            return R(ms.error());
        spec.value = resetTimestampForDuration(QDateTime::currentMSecsSinceEpoch(), *ms);
        break;
    }
    case ResetSpec::FromFile: {
        auto offsets = offsetsFromFile(ctx, value, group);
        if (!offsets)
            return R(offsets.error());
        for (const auto &[tp, offset] : *offsets)
            spec.fileOffsets[tp] = offset;
        break;
    }
    default: break;
    }
    return spec;
}

// The refusal of a write to a read-only cluster, audited (WriteGuard.h); checked before the
// cluster gets any request.
std::optional<QString> resetWriteRefusal(CliContext &ctx, const QString &command, const QJsonObject &details)
{
    return guardWrite({command, ctx.cluster().name, ctx.cluster().readOnly, ctx.cluster().readOnlyReason, details},
                      auditLogPath(appDataDir()));
}

// The shared middle of reset-offsets and undo: gather, the inactive check, plan, then
// previewOrApply().
int planAndApply(CliContext &ctx, const QString &group, const ResetSpec &spec, const ResetScope &scope, bool execute,
                 bool exportCsv, const QString &specText, const QString &scopeText)
{
    auto gathered = gatherResetInputs(ctx.client(), group, spec, scope, ctx.deadline());
    if (!gathered)
        return ctx.fail(RuntimeError, gathered.errorMessage());
    // The tool checks this for a dry run too: a plan for an active group would be stale.
    if (auto refusal = checkInactive(gathered->description)) {
        ctx.err() << *refusal << Qt::endl;
        return Refused;
    }
    auto plan = planReset(spec, scope, gathered->inputs);
    if (!plan)
        return ctx.fail(RuntimeError, plan.errorMessage());
    return previewOrApply(ctx, *plan, execute, exportCsv, specText, scopeText);
}

} // namespace

int resetOffsetsCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("reset-offsets"));
    ctx.setRepeatable({QStringLiteral("topic")});
    addResetOptions(ctx.parser());
    if (!ctx.parse(args))
        return ctx.exitCode();
    QCommandLineParser &p = ctx.parser();
    const QString group = p.value(QStringLiteral("group"));
    if (group.isEmpty())
        return ctx.fail(UsageError, QStringLiteral("--group is required"));
    if (const QString conflict = dryRunExecuteConflict(p); !conflict.isEmpty())
        return ctx.fail(UsageError, conflict);
    const bool execute = p.isSet(QStringLiteral("execute"));

    std::vector<const SpecOption *> given;
    for (const auto &s : kSpecs)
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
    const auto spec = resetSpecFromOption(ctx, chosen, value, group);
    if (!spec)
        return ctx.fail(UsageError, spec.errorMessage());

    ResetScope scope;
    scope.allTopics = p.isSet(QStringLiteral("all-topics"));
    for (const QString &t : p.values(QStringLiteral("topic"))) {
        auto parsed = parseResetTopicArg(t);
        if (!parsed)
            return ctx.fail(UsageError, parsed.errorMessage());
        scope.topics.push_back(*parsed);
    }
    if (scope.isEmpty() && spec->kind != ResetSpec::FromFile)
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
    if (execute)
        if (auto refusal = resetWriteRefusal(ctx, QStringLiteral("reset-offsets"),
                                             QJsonObject{{QStringLiteral("group"), group},
                                                         {QStringLiteral("spec"), specText},
                                                         {QStringLiteral("scope"), scopeText}}))
            return ctx.fail(Refused, *refusal);
    return planAndApply(ctx, group, *spec, scope, execute, p.isSet(QStringLiteral("export")), specText, scopeText);
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
    return planAndApply(ctx, backup->group, spec, ResetScope(), execute, false, QStringLiteral("--undo ") + path,
                        QString());
}

} // namespace lagscope::cli
