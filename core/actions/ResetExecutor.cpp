#include "actions/ResetExecutor.h"

#include "actions/AuditLog.h"
#include "actions/ResetPlanner.h"
#include "actions/WriteGuard.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSysInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ResetExecutorText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ResetExecutor)
};

// Kept back from the caller's deadline for reading the offsets back after the commits.
constexpr int kReadBackReserveMs = 5000;

bool notFound(const GroupDescription &d)
{
    return d.error.contains(QStringLiteral("GROUP_ID_NOT_FOUND"), Qt::CaseInsensitive)
           || d.error.contains(QStringLiteral("does not exist"), Qt::CaseInsensitive)
           || d.error.contains(QStringLiteral("not found"), Qt::CaseInsensitive);
}

} // namespace

Result<GroupDescription> describeGroupForWrite(KafkaClient &client, const QString &group, Deadline deadline)
{
    using R = Result<GroupDescription>;
    auto described = client.describeGroups({group}, deadline);
    if (!described)
        return R(described.error());
    for (auto &d : *described) {
        if (d.groupId != group)
            continue;
        if (!d.error.isEmpty() && !notFound(d))
            return R::failure(ResetExecutorText::tr("cannot describe group '%1': %2").arg(group, d.error));
        if (notFound(d)) {
            // KIP-848 groups answer GROUP_ID_NOT_FOUND only when they really do not exist
            // (librdkafka uses ConsumerGroupDescribe for them): nothing to protect.
            d.state = QStringLiteral("Dead");
            d.members.clear();
        }
        return std::move(d);
    }
    GroupDescription missing;
    missing.groupId = group;
    missing.state = QStringLiteral("Dead");
    return missing;
}

Status writeResetBackup(const QString &path, const ResetBackup &backup)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path); // QSaveFile::commit() fsyncs before renaming
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(ResetExecutorText::tr("cannot write backup %1: %2").arg(path, file.errorString()));
    file.write(QJsonDocument(resetBackupJson(backup)).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        if (QFileInfo(path).size() == 0)
            QFile::remove(path); // the name resetBackupPath() reserved, never written
        return Status::failure(ResetExecutorText::tr("cannot write backup %1: %2").arg(path, file.errorString()));
    }
    return success();
}

QString resetBackupPath(const QString &dataDir, const QString &cluster, const QString &group, const QDateTime &time)
{
    // Names have a one-second resolution: a second write to the same group within that
    // second (a script running delete-offsets, then delete; the GUI and the CLI at once) gets
    // "-2", "-3"… The name is reserved by creating the file exclusively (O_EXCL), so two
    // writers never pick the same one; writeResetBackup() then replaces the empty file.
    const QString name = resetBackupFileName(cluster, group, time);
    const QDir dir(QDir(dataDir).filePath(QStringLiteral("backups")));
    QDir().mkpath(dir.path());
    QString path = dir.filePath(name);
    for (int n = 2;; ++n) {
        QFile reserve(path);
        if (reserve.open(QIODevice::WriteOnly | QIODevice::NewOnly) || !reserve.exists())
            return path; // reserved, or a failure writeResetBackup() reports with the path
        path = dir.filePath(name.chopped(5) + QStringLiteral("-%1.json").arg(n));
    }
}

namespace {

// The group's committed offsets just before the reset, and the planned partitions that had none.
ResetBackup backupOf(const ResetPlan &plan, const ResetApplyOptions &options, const QDateTime &time,
                     const CommittedOffsets &current)
{
    ResetBackup backup;
    backup.cluster = options.cluster;
    backup.group = plan.group;
    backup.time = time;
    backup.offsets = current;
    for (const auto &p : plan.partitions)
        if (backup.offsets.count(p.tp) == 0)
            backup.uncommitted.push_back(p.tp);
    return backup;
}

// What the commits of a reset answered, and the first topic whose request failed.
struct CommitRound {
    ResetCommits commits;
    QString failure;
    QString failedTopic;
};

// One commit per topic (see ResetExecutor.h); stops sending at the first one that fails. The
// last part of the budget is kept for the read-back, so that a commit that runs into the
// deadline can still be verified.
CommitRound commitByTopic(KafkaClient &client, const ResetPlan &plan, const ResetApplyOptions &options)
{
    std::map<QString, CommittedOffsets> batches;
    for (const auto &p : plan.partitions)
        batches[p.tp.topic][p.tp] = p.newOffset;
    const int reserveMs = std::min(kReadBackReserveMs, options.deadline.remainingMs() / 4);
    const Deadline commitDeadline = Deadline::inMs(options.deadline.remainingMs() - reserveMs);
    CommitRound round;
    int committed = 0;
    for (const auto &[topic, offsets] : batches) {
        if (!round.failedTopic.isEmpty()) {
            for (const auto &entry : offsets)
                round.commits.notSent[entry.first] =
                    ResetExecutorText::tr("not sent: the commit of topic '%1' failed").arg(round.failedTopic);
            continue;
        }
        auto answer = client.alterCommittedOffsets(plan.group, offsets, commitDeadline);
        if (!answer) {
            // It may or may not have landed, or may land later: the read-back tells what it can.
            round.failure = answer.errorMessage();
            round.failedTopic = topic;
            for (const auto &entry : offsets)
                round.commits.unanswered[entry.first] = round.failure;
            continue;
        }
        round.commits.refused.insert(answer->begin(), answer->end());
        if (options.afterBatch)
            options.afterBatch(topic, ++committed, int(batches.size()));
    }
    return round;
}

// Reads the committed offsets back into outcome.partitions; returns the overall result and
// adds the reasons for anything short of it.
WriteResult verifyCommits(KafkaClient &client, const ResetPlan &plan, const ResetApplyOptions &options,
                          const CommitRound &round, ResetOutcome &outcome, QStringList &reasons)
{
    std::optional<CommittedOffsets> readBack;
    QString readBackError;
    if (auto read = client.committedOffsets({plan.group}, options.deadline))
        readBack = (*read)[plan.group];
    else
        readBackError = read.errorMessage();
    outcome.partitions = verifyResetCommits(plan, round.commits, readBack, readBackError);
    if (!round.failure.isEmpty())
        reasons << ResetExecutorText::tr("commit of topic '%1' failed: %2").arg(round.failedTopic, round.failure);
    if (!readBackError.isEmpty())
        reasons << ResetExecutorText::tr("read-back failed: %1").arg(readBackError);
    WriteResult result = overallResult(outcome.partitions);
    if (result == WriteResult::Applied && options.appliedResult != result) {
        result = options.appliedResult;
        reasons << options.appliedReason;
    }
    return result;
}

} // namespace

Result<ResetGathered> gatherResetInputs(KafkaClient &client, const QString &group, const ResetSpec &spec,
                                        const ResetScope &scope, Deadline deadline)
{
    using R = Result<ResetGathered>;
    ResetGathered g;
    auto description = describeGroupForWrite(client, group, deadline);
    if (!description)
        return R(description.error());
    g.description = std::move(*description);
    g.inputs.group = group;

    auto committed = client.committedOffsets({group}, deadline);
    if (!committed)
        return R(committed.error());
    g.inputs.committed = (*committed)[group];

    auto metadata = client.metadata(deadline);
    if (!metadata)
        return R(metadata.error());
    addResetTopology(g.inputs, *metadata);

    auto fetch = resetFetchList(spec, scope, g.inputs);
    if (!fetch)
        return R(fetch.error());
    auto start = client.logOffsets(fetch->partitions, OffsetSpec::Earliest, deadline);
    if (!start)
        return R(start.error());
    auto end = client.logOffsets(fetch->partitions, OffsetSpec::Latest, deadline);
    if (!end)
        return R(end.error());
    // Partitions whose offsets could not be read stay absent: the planner then fails with
    // the tool's message for that partition instead of guessing.
    g.inputs.logStart = start->offsets;
    g.inputs.logEnd = end->offsets;
    if (fetch->timestamp) {
        auto times = client.offsetsForTimes(fetch->partitions, *fetch->timestamp, deadline);
        if (!times)
            return R(times.error());
        for (const auto &[tp, offset] : times->offsets)
            g.inputs.offsetsForTimes[tp] = offset;
    }
    return g;
}

std::optional<QString> checkInactive(const GroupDescription &description)
{
    const bool inactiveState =
        description.state == QStringLiteral("Empty") || description.state == QStringLiteral("Dead");
    // A classic "Dead" answer for a group that still lists members is not proof of
    // inactivity; neither is any state with members.
    if (inactiveState && description.members.empty())
        return std::nullopt;
    const QString state = description.state.isEmpty() ? QStringLiteral("Unknown") : description.state;
    return QStringLiteral("Error: Assignments can only be reset if the group '%1' is inactive, but the current "
                          "state is %2.")
        .arg(description.groupId, state);
}

Result<ResetOutcome> applyReset(KafkaClient &client, const ResetPlan &plan, const ResetApplyOptions &options)
{
    AuditedWrite write(options, plan.group, options.specText, options.scopeText);

    // The shared write guard (WriteGuard.h); the refusal is audited with the reset's fields.
    if (auto refusal = writeRefusal(options.cluster, options.readOnly, options.readOnlyReason,
                                    ResetExecutorText::tr("offset reset")))
        return write.refuse(*refusal);

    // The group may have become active since the plan was made.
    auto description = describeGroupForWrite(client, plan.group, options.deadline);
    if (!description)
        return write.failBefore(description.error()); // nothing written, still audited
    if (auto refusal = checkInactive(*description))
        return write.refuse(*refusal);

    auto current = client.committedOffsets({plan.group}, options.deadline);
    if (!current)
        return write.failBefore(current.error());
    if (auto refused = write.refuseUnlessRecordable(plan.partitions.size()))
        return *refused;
    const ResetBackup backup = backupOf(plan, options, write.audit.time, (*current)[plan.group]);
    const QString backupPath = resetBackupPath(options.dataDir, options.cluster, plan.group, write.audit.time);
    // No backup, no change: undo must always be possible.
    if (auto written = writeResetBackup(backupPath, backup); !written)
        return write.failBefore(written.error());
    write.outcome.backupPath = backupPath;

    const CommitRound round = commitByTopic(client, plan, options);
    QStringList reasons;
    const WriteResult result = verifyCommits(client, plan, options, round, write.outcome, reasons);
    if (auto written = write.finish(result, reasons.join(QStringLiteral("; "))); !written)
        write.outcome.auditError = written.errorMessage(); // written already: say so, do not hide it
    return write.outcome;
}

ResetApplyOptions writeOptionsFor(const ClusterConfig &cluster, const QString &dataDir, Deadline deadline)
{
    ResetApplyOptions options;
    options.cluster = cluster.name;
    options.readOnly = cluster.readOnly;
    options.readOnlyReason = cluster.readOnlyReason;
    options.dataDir = dataDir;
    options.deadline = deadline;
    return options;
}

AuditedWrite::AuditedWrite(const ResetApplyOptions &options, const QString &group, const QString &spec,
                           const QString &scope)
    : audit(startResetAudit(options.cluster, group, spec, scope))
{
    outcome.auditPath = auditLogPath(options.dataDir);
}

Status AuditedWrite::finish(WriteResult result, const QString &reason)
{
    audit.result = result;
    audit.reason = reason;
    audit.partitions = outcome.partitions;
    audit.backupPath = outcome.backupPath;
    outcome.result = result;
    return appendAuditRecord(outcome.auditPath, resetAuditJson(audit));
}

Result<ResetOutcome> AuditedWrite::refuse(const QString &why)
{
    outcome.refusal = why;
    if (auto written = finish(WriteResult::Refused, why); !written)
        return Result<ResetOutcome>(written.error());
    return outcome;
}

std::optional<Result<ResetOutcome>> AuditedWrite::refuseUnlessRecordable(size_t partitions)
{
    // A record holds about 200 bytes per partition; the backup about as much again.
    constexpr qint64 kBytesPerPartition = 400;
    const Status recordable = checkAuditRecordable(outcome.auditPath, qint64(partitions) * kBytesPerPartition);
    if (recordable)
        return std::nullopt;
    outcome.refusal =
        ResetExecutorText::tr("the change could not be audited, so it is not made: %1").arg(recordable.errorMessage());
    (void)finish(WriteResult::Refused, *outcome.refusal); // may still fit; the refusal is the answer either way
    return Result<ResetOutcome>(outcome);
}

Result<ResetOutcome> AuditedWrite::failBefore(const Error &error)
{
    (void)finish(WriteResult::Failed, error.message);
    return Result<ResetOutcome>(error);
}

ResetAuditEntry startResetAudit(const QString &cluster, const QString &group, const QString &spec, const QString &scope)
{
    ResetAuditEntry audit;
    audit.time = QDateTime::currentDateTimeUtc();
    const QJsonObject base = auditRecordBase(audit.time);
    audit.user = base.value(QStringLiteral("user")).toString();
    audit.host = base.value(QStringLiteral("host")).toString();
    audit.cluster = cluster;
    audit.group = group;
    audit.spec = spec;
    audit.scope = scope;
    return audit;
}

} // namespace lagscope
