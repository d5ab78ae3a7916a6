#include "ResetOptions.h"

#include "actions/ResetParsers.h"
#include "actions/ResetPlanner.h"
#include "actions/ResetRecords.h"

#include <QDateTime>
#include <QFile>

namespace lagscope::cli {

namespace {

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

} // namespace

const std::vector<SpecOption> &resetSpecOptions() { return kSpecs; }

void addResetOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("group"), QStringLiteral("Consumer group whose offsets are reset (repeatable)."),
         QStringLiteral("group")},
        {QStringLiteral("all-groups"), QStringLiteral("Every consumer group of the cluster.")},
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

namespace {

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

// With several groups: the file must be a backup or a CSV plan (its warnings said once).
Status checkPlanFile(CliContext &ctx, const QString &path)
{
    const auto bytes = readArgumentFile(path);
    if (!bytes)
        return Status(bytes.error());
    if (bytes->trimmed().startsWith('{')) {
        if (auto backup = parseResetBackup(*bytes); !backup)
            return Status::failure(QStringLiteral("%1: %2").arg(path, backup.errorMessage()));
        return success();
    }
    auto parsed = parseResetCsv(QString::fromUtf8(*bytes), QStringLiteral("-"));
    if (!parsed)
        return Status::failure(QStringLiteral("%1: %2").arg(path, parsed.errorMessage()));
    for (const QString &w : parsed->warnings)
        ctx.err() << w << Qt::endl;
    return success();
}

} // namespace

std::map<QString, std::map<TopicPartition, qint64>> filePlansByGroup(const QString &path)
{
    const auto bytes = readArgumentFile(path);
    if (!bytes)
        return {};
    if (bytes->trimmed().startsWith('{')) {
        auto backup = parseResetBackup(*bytes);
        if (!backup)
            return {};
        return {{backup->group, std::map<TopicPartition, qint64>(backup->offsets.begin(), backup->offsets.end())}};
    }
    // Without a default group a topic,partition,offset file does not parse: no group's rows.
    auto parsed = parseResetCsv(QString::fromUtf8(*bytes), QString());
    return parsed ? parsed->offsetsByGroup : std::map<QString, std::map<TopicPartition, qint64>>();
}

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
        if (!ms) // the parser's words are the tool's; the option is named in front
            return R::failure(QStringLiteral("--%1: %2").arg(chosen.name, ms.errorMessage()));
        spec.value = *ms;
        break;
    }
    case ResetSpec::ByDuration: {
        auto ms = parseIsoDuration(value);
        if (!ms)
            return R::failure(QStringLiteral("--%1: %2").arg(chosen.name, ms.errorMessage()));
        spec.value = resetTimestampForDuration(QDateTime::currentMSecsSinceEpoch(), *ms);
        break;
    }
    case ResetSpec::FromFile: {
        if (group.isEmpty()) { // several groups: each takes its own rows (filePlansByGroup())
            if (auto checked = checkPlanFile(ctx, value); !checked)
                return R(checked.error());
            break;
        }
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

} // namespace lagscope::cli
