#include "actions/DeleteExecutor.h"

#include "actions/AuditLog.h"
#include "actions/WriteGuard.h"

#include <QCoreApplication>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct DeleteExecutorText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::DeleteExecutor)
};

bool hasMembers(const GroupDescription &d)
{
    return !d.members.empty()
           || (d.state != QStringLiteral("Empty") && d.state != QStringLiteral("Dead") && !d.state.isEmpty());
}

// The partitions of `delete-offsets` and the answers expected for them. Explicit partitions
// are sent as given (the coordinator answers for ones that do not exist), as the tool does.
void addRequestedPartitions(DeletePlan &plan, const ClusterMetadata &metadata)
{
    std::map<QString, std::set<int>> existing;
    for (const auto &t : metadata.topics)
        for (const auto &p : t.partitions)
            existing[t.name].insert(p.partition);
    std::set<QString> subscribed;
    for (const auto &m : plan.description.members)
        for (const auto &tp : m.assignment)
            subscribed.insert(tp.topic);
    std::set<TopicPartition> chosen;
    for (const auto &[topic, partitions] : plan.request.topics) {
        const auto it = existing.find(topic);
        if (partitions.empty() && it == existing.end()) {
            if (!plan.missingTopics.contains(topic))
                plan.missingTopics << topic;
            continue;
        }
        if (partitions.empty())
            for (int p : it->second)
                chosen.insert({topic, p});
        for (int p : partitions)
            chosen.insert({topic, p});
    }
    for (const auto &tp : chosen) {
        const auto it = existing.find(tp.topic);
        if (it == existing.end() || !it->second.count(tp.partition))
            plan.expectedErrors[tp] = QStringLiteral("UNKNOWN_TOPIC_OR_PART");
        else if (subscribed.count(tp.topic))
            plan.expectedErrors[tp] = QStringLiteral("GROUP_SUBSCRIBED_TO_TOPIC");
    }
    plan.partitions.assign(chosen.begin(), chosen.end());
}

// What the delete left: Applied where no committed offset is left. `unanswered`: why the
// request got no answer (empty: it did); its partitions are Unknown while a commit is left,
// since the request may still be carried out after the deadline.
std::vector<PartitionOutcome> verifyDeleted(const DeletePlan &plan, const std::map<TopicPartition, QString> &refused,
                                            const QString &unanswered, const std::optional<CommittedOffsets> &readBack,
                                            const QString &readBackError)
{
    std::vector<PartitionOutcome> out;
    for (const auto &tp : plan.partitions) {
        PartitionOutcome o;
        o.tp = tp;
        if (const auto it = plan.committed.find(tp); it != plan.committed.end())
            o.before = it->second;
        if (readBack)
            if (const auto it = readBack->find(tp); it != readBack->end())
                o.after = it->second;
        const auto why = refused.find(tp);
        o.acknowledged = why == refused.end() && unanswered.isEmpty();
        if (!unanswered.isEmpty() && (!readBack || o.after)) {
            o.result = PartitionOutcome::Unknown;
            o.reason =
                DeleteExecutorText::tr("no answer to the delete (%1): it may still be carried out").arg(unanswered);
        } else if (why != refused.end()) {
            o.result = PartitionOutcome::Refused;
            o.reason = kafkaExceptionText(why->second);
        } else if (!readBack) {
            o.result = PartitionOutcome::Unknown;
            o.reason =
                DeleteExecutorText::tr("acknowledged by the coordinator, but not read back: %1").arg(readBackError);
        } else if (o.after) {
            // A consumer (or another operator) committed again in between.
            o.result = PartitionOutcome::Mismatch;
            o.reason = DeleteExecutorText::tr("committed offset is %1 after the delete").arg(*o.after);
        }
        out.push_back(o);
    }
    return out;
}

} // namespace

QString deletePlanState(const DeletePlan &plan)
{
    return plan.exists ? plan.description.state : QStringLiteral("Dead");
}

std::map<TopicPartition, const PartitionOutcome *> outcomesByPartition(const ResetOutcome &outcome)
{
    std::map<TopicPartition, const PartitionOutcome *> out;
    for (const auto &o : outcome.partitions)
        out[o.tp] = &o;
    return out;
}

QString kafkaExceptionText(const QString &errorName)
{
    static const std::map<QString, QString> texts = {
        {QStringLiteral("NON_EMPTY_GROUP"),
         QStringLiteral("org.apache.kafka.common.errors.GroupNotEmptyException: The group is not empty.")},
        {QStringLiteral("GROUP_ID_NOT_FOUND"),
         QStringLiteral("org.apache.kafka.common.errors.GroupIdNotFoundException: The group id does not exist.")},
        {QStringLiteral("UNKNOWN_TOPIC_OR_PART"),
         QStringLiteral("org.apache.kafka.common.errors.UnknownTopicOrPartitionException: This server does not host "
                        "this topic-partition.")},
        {QStringLiteral("GROUP_SUBSCRIBED_TO_TOPIC"),
         QStringLiteral("org.apache.kafka.common.errors.GroupSubscribedToTopicException: Deleting offsets of a topic "
                        "is forbidden while the consumer group is actively subscribed to it.")},
        {QStringLiteral("GROUP_AUTHORIZATION_FAILED"),
         QStringLiteral("org.apache.kafka.common.errors.GroupAuthorizationException: Group authorization failed.")},
    };
    const auto it = texts.find(errorName);
    return it != texts.end() ? it->second : errorName;
}

QString deleteAction(const DeleteRequest &request)
{
    return request.wholeGroup ? QStringLiteral("delete") : QStringLiteral("delete-offsets");
}

QString deleteSpecText(const DeleteRequest &request)
{
    if (request.wholeGroup)
        return QStringLiteral("--delete");
    QStringList parts{QStringLiteral("--delete-offsets")};
    for (const auto &[topic, partitions] : request.topics) {
        QStringList ps;
        for (int p : partitions)
            ps << QString::number(p);
        parts << QStringLiteral("--topic ") + topic
                     + (ps.isEmpty() ? QString() : QStringLiteral(":") + ps.join(QLatin1Char(',')));
    }
    return parts.join(QLatin1Char(' '));
}

Result<DeletePlan> planDelete(KafkaClient &client, const DeleteRequest &request, Deadline deadline)
{
    using R = Result<DeletePlan>;
    DeletePlan plan;
    plan.request = request;
    auto description = describeGroupForWrite(client, request.group, deadline);
    if (!description)
        return R(description.error());
    plan.description = std::move(*description);
    auto committed = client.committedOffsets({request.group}, deadline);
    if (!committed)
        return R(committed.error());
    const CommittedOffsets &all = (*committed)[request.group];
    plan.exists = plan.description.state != QStringLiteral("Dead") || !all.empty();
    if (request.wholeGroup) {
        for (const auto &[tp, offset] : all)
            plan.partitions.push_back(tp);
    } else {
        auto metadata = client.metadata(deadline);
        if (!metadata)
            return R(metadata.error());
        addRequestedPartitions(plan, *metadata);
    }
    for (const auto &tp : plan.partitions)
        if (const auto it = all.find(tp); it != all.end())
            plan.committed[tp] = it->second;
    return plan;
}

std::optional<QString> deleteRefusal(const DeletePlan &plan)
{
    if (plan.request.wholeGroup && hasMembers(plan.description))
        return QStringLiteral("NON_EMPTY_GROUP");
    if (!plan.exists)
        return QStringLiteral("GROUP_ID_NOT_FOUND");
    return std::nullopt;
}

Result<ResetOutcome> applyDelete(KafkaClient &client, const DeletePlan &plan, const ResetApplyOptions &options)
{
    const QString &group = plan.request.group;
    AuditedWrite write(options, group, deleteSpecText(plan.request), QString());
    write.audit.action = deleteAction(plan.request);
    ResetOutcome &outcome = write.outcome;

    if (auto refusal = writeRefusal(options.cluster, options.readOnly, options.readOnlyReason,
                                    plan.request.wholeGroup ? DeleteExecutorText::tr("deleting a group")
                                                            : DeleteExecutorText::tr("deleting offsets")))
        return write.refuse(*refusal);

    // Planned again just before the write: members may have joined, consumers committed.
    auto now = planDelete(client, plan.request, options.deadline);
    if (!now)
        return write.failBefore(now.error());
    if (auto refusal = deleteRefusal(*now))
        return write.refuse(kafkaExceptionText(*refusal));
    if (auto refused = write.refuseUnlessRecordable(now->committed.size()))
        return *refused;
    ResetBackup backup;
    backup.cluster = options.cluster;
    backup.group = group;
    backup.time = write.audit.time;
    backup.offsets = now->committed;
    const QString backupPath = resetBackupPath(options.dataDir, options.cluster, group, write.audit.time);
    // No backup, no change: undo must always be possible.
    if (auto written = writeResetBackup(backupPath, backup); !written)
        return write.failBefore(written.error());
    outcome.backupPath = backupPath;

    std::map<TopicPartition, QString> refused;
    QString unanswered; // the request failed as a whole: no answer, not a refusal
    QStringList reasons;
    if (plan.request.wholeGroup) {
        auto answer = client.deleteGroups({group}, options.deadline);
        if (!answer)
            unanswered = answer.errorMessage();
        else if (const auto it = answer->find(group); it == answer->end())
            unanswered = DeleteExecutorText::tr("the answer does not name group '%1'").arg(group);
        else if (!it->second.isEmpty()) {
            reasons << kafkaExceptionText(it->second);
            for (const auto &tp : now->partitions)
                refused[tp] = it->second;
        }
    } else if (!now->partitions.empty()) {
        auto answer = client.deleteCommittedOffsets(group, now->partitions, options.deadline);
        if (!answer)
            unanswered = answer.errorMessage();
        else
            refused = std::move(*answer);
    }
    if (!unanswered.isEmpty())
        reasons << DeleteExecutorText::tr("no answer to the delete: %1").arg(unanswered);
    std::optional<CommittedOffsets> readBack;
    QString readBackError;
    if (auto read = client.committedOffsets({group}, options.deadline))
        readBack = (*read)[group];
    else
        readBackError = read.errorMessage();
    outcome.partitions = verifyDeleted(*now, refused, unanswered, readBack, readBackError);
    if (!readBackError.isEmpty())
        reasons << DeleteExecutorText::tr("read-back failed: %1").arg(readBackError);
    // A group without commits has no partition to judge by: its answer decides.
    WriteResult result = overallResult(outcome.partitions);
    if (outcome.partitions.empty())
        result = reasons.isEmpty()      ? WriteResult::Applied
                 : unanswered.isEmpty() ? WriteResult::Failed
                                        : WriteResult::Unknown;
    if (auto written = write.finish(result, reasons.join(QStringLiteral("; "))); !written)
        write.outcome.auditError = written.errorMessage(); // written already: say so, do not hide it
    return outcome;
}

} // namespace lagscope
