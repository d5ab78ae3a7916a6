// lagscopectl delete and delete-offsets: kafka-consumer-groups.sh --delete and
// --delete-offsets with the same refusals and, with --execute, the same output — plus what
// the tool lacks: a dry run by default (the tool deletes even with --dry-run), a read-only
// switch, a backup of the offsets that go (`lagscopectl undo` commits them back), a
// read-back and an audit record per group (actions/DeleteExecutor.h).
#include "CliContext.h"

#include "actions/AuditLog.h"
#include "actions/DeleteExecutor.h"
#include "actions/ResetParsers.h"
#include "actions/WriteGuard.h"
#include "report/Table.h"
#include "util/AppPaths.h"
#include "util/JsonValues.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lagscope::cli {

namespace {

const QString kSuccessful = QStringLiteral("Successful");

void addWriteOptions(CliContext &ctx, const QString &what)
{
    ctx.parser().addOptions({
        {QStringLiteral("dry-run"), QStringLiteral("Only show what would be deleted (the default).")},
        {QStringLiteral("execute"), QStringLiteral("Delete %1.").arg(what)},
    });
}

ResetApplyOptions applyOptions(CliContext &ctx) { return writeOptionsFor(ctx.cluster(), appDataDir(), ctx.deadline()); }

// Refused before the cluster gets any write request, and audited (WriteGuard.h).
std::optional<QString> deleteWriteRefusal(CliContext &ctx, const QString &command, const QStringList &groups,
                                          bool allGroups)
{
    return guardWrite({command, ctx.cluster().name, ctx.cluster().readOnly, ctx.cluster().readOnlyReason,
                       groupsAuditDetails(groups, allGroups)},
                      auditLogPath(appDataDir()));
}

void reportBackup(CliContext &ctx, const ResetOutcome &outcome)
{
    if (!outcome.backupPath.isEmpty())
        ctx.err() << "Backup of the deleted offsets: " << outcome.backupPath
                  << " (restore with lagscopectl undo --backup " << outcome.backupPath << " --execute)" << Qt::endl;
}

// 1 when the write happened but its audit record could not be appended, said on stderr.
int reportAuditError(CliContext &ctx, const ResetOutcome &outcome)
{
    if (outcome.auditError.isEmpty())
        return Ok;
    ctx.err() << "Error: the delete was carried out, but its audit record could not be written: " << outcome.auditError
              << Qt::endl;
    return RuntimeError;
}

QJsonArray partitionsJson(const DeletePlan &plan, const ResetOutcome *outcome)
{
    QJsonArray out;
    const auto outcomes =
        outcome ? outcomesByPartition(*outcome) : std::map<TopicPartition, const PartitionOutcome *>();
    for (const auto &tp : plan.partitions) {
        const auto committed = plan.committed.find(tp);
        QJsonObject row{
            {QStringLiteral("topic"), tp.topic},
            {QStringLiteral("partition"), tp.partition},
            {QStringLiteral("current_offset"),
             jsonOrNull(committed != plan.committed.end() ? std::optional<qint64>(committed->second) : std::nullopt)}};
        if (const auto e = plan.expectedErrors.find(tp); e != plan.expectedErrors.end())
            row.insert(QStringLiteral("expected_error"), kafkaExceptionText(e->second));
        if (const auto it = outcomes.find(tp); it != outcomes.end()) {
            row.insert(QStringLiteral("result"), outcomeName(it->second->result));
            row.insert(QStringLiteral("committed_after"), jsonOrNull(it->second->after));
            if (!it->second->reason.isEmpty())
                row.insert(QStringLiteral("reason"), it->second->reason);
        }
        out.append(row);
    }
    return out;
}

QJsonObject groupJson(const DeletePlan &plan, const ResetOutcome *outcome)
{
    QJsonObject doc{{QStringLiteral("group"), plan.request.group},
                    {QStringLiteral("state"), deletePlanState(plan)},
                    {QStringLiteral("partitions"), partitionsJson(plan, outcome)}};
    if (const auto refusal = deleteRefusal(plan))
        doc.insert(QStringLiteral("expected_error"), kafkaExceptionText(*refusal));
    if (outcome) {
        doc.insert(QStringLiteral("result"), writeResultName(outcome->result));
        if (outcome->refusal)
            doc.insert(QStringLiteral("reason"), *outcome->refusal);
        if (!outcome->backupPath.isEmpty())
            doc.insert(QStringLiteral("backup"), outcome->backupPath);
    }
    return doc;
}

void printDocument(CliContext &ctx, bool execute, const QString &key, const QJsonArray &items)
{
    printJson(ctx.out(), QJsonObject{{QStringLiteral("cluster"), ctx.cluster().name},
                                     {QStringLiteral("executed"), execute},
                                     {key, items}});
}

// --- delete ---------------------------------------------------------------------------

QString quotedList(const QStringList &groups)
{
    return QStringLiteral("'") + groups.join(QStringLiteral("', '")) + QStringLiteral("'");
}

// The tool's words after DeleteGroups: success, or the failed groups and then the others.
void printDeleteOutcome(CliContext &ctx, const QStringList &deleted, const std::map<QString, QString> &failed)
{
    if (failed.empty()) {
        ctx.out() << "Deletion of requested consumer groups (" << quotedList(deleted) << ") was successful."
                  << Qt::endl;
        return;
    }
    ctx.out() << "\nError: Deletion of some consumer groups failed:" << Qt::endl;
    for (const auto &[group, why] : failed)
        ctx.out() << "* Group '" << group << "' could not be deleted due to: " << why << Qt::endl;
    if (!deleted.isEmpty())
        ctx.out() << "\nThese consumer groups were deleted successfully: " << quotedList(deleted) << Qt::endl;
}

void printDeletePreview(CliContext &ctx, const std::vector<DeletePlan> &plans)
{
    Table table{{QStringLiteral("GROUP"), QStringLiteral("STATE"), QStringLiteral("COMMITTED-PARTITIONS"),
                 QStringLiteral("WOULD-BE")},
                {}};
    for (const auto &plan : plans) {
        const auto refusal = deleteRefusal(plan);
        table.rows.push_back(
            {plan.request.group, deletePlanState(plan), QString::number(plan.committed.size()),
             refusal ? QStringLiteral("Error: ") + kafkaExceptionText(*refusal) : QStringLiteral("deleted")});
    }
    if (ctx.format() == Format::Csv)
        ctx.out() << formatCsv(table);
    else
        ctx.out() << formatText(table);
}

} // namespace

int deleteCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("delete"));
    ctx.setRepeatable({QStringLiteral("group")});
    ctx.parser().addOptions({
        {QStringLiteral("group"), QStringLiteral("Consumer group to delete (repeatable)."), QStringLiteral("group")},
        {QStringLiteral("all-groups"), QStringLiteral("Delete every consumer group of the cluster.")},
    });
    addWriteOptions(ctx, QStringLiteral("the groups and their committed offsets"));
    if (!ctx.parse(args))
        return ctx.exitCode();
    QCommandLineParser &p = ctx.parser();
    if (const QString conflict = dryRunExecuteConflict(p); !conflict.isEmpty())
        return ctx.fail(UsageError, conflict);
    QStringList groups = p.values(QStringLiteral("group"));
    const bool all = p.isSet(QStringLiteral("all-groups"));
    if (groups.isEmpty() == !all)
        return ctx.fail(UsageError, QStringLiteral("give --group G (repeatable) or --all-groups"));
    const bool execute = p.isSet(QStringLiteral("execute"));
    if (!ctx.connect())
        return ctx.exitCode();
    if (all && !ctx.listAllGroups(groups))
        return ctx.exitCode();
    groups.removeDuplicates();
    if (execute)
        if (auto refusal = deleteWriteRefusal(ctx, QStringLiteral("delete"), groups, all))
            return ctx.fail(Refused, *refusal);

    std::vector<DeletePlan> plans;
    bool unplanned = false; // a group that could not be read: said, the others go on
    for (const QString &group : groups) {
        DeleteRequest request;
        request.group = group;
        request.wholeGroup = true;
        auto plan = planDelete(ctx.client(), request, ctx.deadline());
        if (!plan && groups.size() == 1)
            return ctx.fail(RuntimeError, plan.errorMessage());
        if (!plan) {
            ctx.err() << "Error: group '" << group << "' was not planned: " << plan.errorMessage() << Qt::endl;
            unplanned = true;
            continue;
        }
        plans.push_back(std::move(*plan));
    }
    if (!execute) {
        ctx.err() << "Dry run: nothing was deleted (add --execute to delete)." << Qt::endl;
        if (ctx.format() == Format::Json) {
            QJsonArray items;
            for (const auto &plan : plans)
                items.append(groupJson(plan, nullptr));
            printDocument(ctx, false, QStringLiteral("groups"), items);
        } else {
            printDeletePreview(ctx, plans);
        }
        if (unplanned)
            return RuntimeError;
        for (const auto &plan : plans)
            if (deleteRefusal(plan))
                return Refused;
        return Ok;
    }

    int exit = unplanned ? int(RuntimeError) : int(Ok);
    QStringList deleted;
    std::map<QString, QString> failed;
    QJsonArray items;
    for (const auto &plan : plans) {
        auto outcome = applyDelete(ctx.client(), plan, applyOptions(ctx));
        if (!outcome) {
            failed[plan.request.group] = outcome.errorMessage();
            exit = RuntimeError;
            continue;
        }
        reportBackup(ctx, *outcome);
        if (reportAuditError(ctx, *outcome) != Ok)
            exit = RuntimeError;
        items.append(groupJson(plan, &*outcome));
        if (outcome->refusal) {
            failed[plan.request.group] = *outcome->refusal;
            exit = exit == Ok ? Refused : exit;
        } else if (outcome->result != WriteResult::Applied) {
            QStringList why;
            for (const auto &o : outcome->partitions)
                if (o.result != PartitionOutcome::Applied)
                    why << o.tp.toString() + QStringLiteral(" ") + outcomeName(o.result) + QStringLiteral(": ")
                               + o.reason;
            failed[plan.request.group] =
                why.isEmpty() ? writeResultName(outcome->result) : why.join(QStringLiteral("; "));
            exit = RuntimeError;
        } else {
            deleted << plan.request.group;
        }
    }
    if (ctx.format() == Format::Json)
        printDocument(ctx, true, QStringLiteral("groups"), items);
    else
        printDeleteOutcome(ctx, deleted, failed);
    return exit;
}

// --- delete-offsets ---------------------------------------------------------------------

namespace {

// The rows of the tool's table: a topic given alone that does not exist first, with "-".
Table deleteOffsetsTable(const DeletePlan &plan, const ResetOutcome *outcome, const QString &groupError)
{
    Table table{{QStringLiteral("TOPIC"), QStringLiteral("PARTITION")}, {}};
    if (!outcome)
        table.columns << QStringLiteral("CURRENT-OFFSET");
    table.columns << (outcome ? QStringLiteral("STATUS") : QStringLiteral("WOULD-BE"));
    const QString missing = QStringLiteral("Error: ") + kafkaExceptionText(QStringLiteral("UNKNOWN_TOPIC_OR_PART"));
    for (const QString &topic : plan.missingTopics)
        table.rows.push_back(outcome ? QStringList{topic, QStringLiteral("-"), missing}
                                     : QStringList{topic, QStringLiteral("-"), QStringLiteral("-"), missing});
    const auto outcomes =
        outcome ? outcomesByPartition(*outcome) : std::map<TopicPartition, const PartitionOutcome *>();
    for (const auto &tp : plan.partitions) {
        QString status = QStringLiteral("deleted");
        if (!groupError.isEmpty())
            status = QStringLiteral("Error: ") + groupError;
        else if (const auto it = outcomes.find(tp); it != outcomes.end())
            status = it->second->result == PartitionOutcome::Applied ? kSuccessful
                                                                     : QStringLiteral("Error: ") + it->second->reason;
        else if (outcome) {
            // Not sent (the executor's own plan left it out): nothing to report but "deleted".
        } else if (const auto e = plan.expectedErrors.find(tp); e != plan.expectedErrors.end()) {
            status = QStringLiteral("Error: ") + kafkaExceptionText(e->second);
        }
        QStringList row{tp.topic, QString::number(tp.partition)};
        if (!outcome) {
            const auto c = plan.committed.find(tp);
            row << (c != plan.committed.end() ? QString::number(c->second) : QStringLiteral("-"));
        }
        row << status;
        table.rows.push_back(row);
    }
    return table;
}

} // namespace

int deleteOffsetsCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("delete-offsets"));
    ctx.setRepeatable({QStringLiteral("topic")});
    ctx.parser().addOptions({
        {QStringLiteral("group"), QStringLiteral("Consumer group whose offsets are deleted."), QStringLiteral("group")},
        {QStringLiteral("topic"), QStringLiteral("Topic, or topic:p,p for some partitions (repeatable)."),
         QStringLiteral("topic[:p,p]")},
    });
    addWriteOptions(ctx, QStringLiteral("the committed offsets"));
    if (!ctx.parse(args))
        return ctx.exitCode();
    QCommandLineParser &p = ctx.parser();
    if (const QString conflict = dryRunExecuteConflict(p); !conflict.isEmpty())
        return ctx.fail(UsageError, conflict);
    DeleteRequest request;
    request.group = p.value(QStringLiteral("group"));
    if (request.group.isEmpty())
        return ctx.fail(UsageError, QStringLiteral("--group is required"));
    for (const QString &t : p.values(QStringLiteral("topic"))) {
        auto parsed = parseResetTopicArg(t);
        if (!parsed)
            return ctx.fail(UsageError, QStringLiteral("--topic: ") + parsed.errorMessage());
        request.topics.push_back(*parsed);
    }
    if (request.topics.empty())
        return ctx.fail(UsageError, QStringLiteral("Option [delete-offsets] takes the following options: --topic"));
    const bool execute = p.isSet(QStringLiteral("execute"));
    if (!ctx.connect())
        return ctx.exitCode();
    if (execute)
        if (auto refusal = deleteWriteRefusal(ctx, QStringLiteral("delete-offsets"), {request.group}, false))
            return ctx.fail(Refused, *refusal);
    auto plan = planDelete(ctx.client(), request, ctx.deadline());
    if (!plan)
        return ctx.fail(RuntimeError, plan.errorMessage());

    const auto refusal = deleteRefusal(*plan);
    std::optional<ResetOutcome> outcome;
    if (execute) {
        auto applied = applyDelete(ctx.client(), *plan, applyOptions(ctx));
        if (!applied)
            return ctx.fail(RuntimeError, applied.errorMessage());
        outcome = std::move(*applied);
        reportBackup(ctx, *outcome);
    } else {
        ctx.err() << "Dry run: nothing was deleted (add --execute to delete)." << Qt::endl;
    }
    // The executor plans again: its refusal (the group went away meanwhile) is the one that counts.
    QString groupError = refusal ? kafkaExceptionText(*refusal) : QString();
    if (outcome && outcome->refusal)
        groupError = *outcome->refusal;
    const bool groupMissing = groupError == kafkaExceptionText(QStringLiteral("GROUP_ID_NOT_FOUND"));
    if (ctx.format() == Format::Json) {
        printDocument(ctx, execute, QStringLiteral("groups"),
                      QJsonArray{groupJson(*plan, outcome ? &*outcome : nullptr)});
    } else {
        const Table table = deleteOffsetsTable(*plan, outcome ? &*outcome : nullptr, groupError);
        if (ctx.format() == Format::Csv) {
            ctx.out() << formatCsv(table);
        } else {
            bool partitionErrors = false;
            for (const auto &row : table.rows)
                partitionErrors |= row.last().startsWith(QStringLiteral("Error: ")) && row[1] != QStringLiteral("-");
            if (groupMissing)
                ctx.out() << "\nError: The group id does not exist.\n" << Qt::endl;
            else if (!groupError.isEmpty())
                ctx.out() << "\nError: " << groupError << "\n" << Qt::endl;
            else if (partitionErrors && outcome)
                ctx.out() << "\nError: Encountered some partition-level error, see the follow-up details.\n"
                          << Qt::endl;
            else if (outcome)
                ctx.out() << "Request succeeded for deleting offsets from group " << request.group << ".\n" << Qt::endl;
            ctx.out() << formatText(table);
        }
    }
    if (refusal || (outcome && outcome->refusal))
        return Refused;
    if (!outcome)
        return Ok;
    int exit = reportAuditError(ctx, *outcome);
    for (const auto &o : outcome->partitions)
        if (o.result == PartitionOutcome::Refused)
            exit = exit == Ok ? Refused : exit;
        else if (o.result != PartitionOutcome::Applied)
            exit = RuntimeError; // not verified, or committed again: worse than a refusal
    return exit;
}

} // namespace lagscope::cli
