#include "actions/FailoverExecutor.h"

#include "actions/AuditLog.h"
#include "kafka/KafkaClient.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>
#include <vector>

namespace lagscope::failover {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct FailoverExecutorText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverExecutor)
};

QString specText(const FailoverPlan &plan)
{
    return QStringLiteral("failover %1->%2 group %3 mode %4 fallback %5%6")
        .arg(plan.fromCluster, plan.toCluster, plan.group, modeName(plan.mode), fallbackName(plan.fallback),
             plan.disaster ? QStringLiteral(" (disaster)") : QString());
}

} // namespace

ResetPlan failoverResetPlan(const FailoverPlan &plan)
{
    ResetPlan reset;
    reset.group = plan.targetGroup;
    for (const auto &p : plan.partitions) {
        if (p.newOffset < 0)
            continue;
        PlannedPartition r;
        r.tp = p.to;
        r.current = p.targetBefore;
        r.newOffset = p.newOffset;
        r.delta = p.targetBefore ? p.newOffset - *p.targetBefore : 0;
        reset.partitions.push_back(r);
    }
    std::sort(reset.partitions.begin(), reset.partitions.end(),
              [](const auto &a, const auto &b) { return a.tp < b.tp; });
    return reset;
}

QString failoverOutcomeSummary(const ResetOutcome &outcome)
{
    // Categories in the order an operator acts on them; a topic whose partitions ended
    // differently is named under each of its categories.
    enum Category {
        Verified,
        Acknowledged,
        NoAnswer,
        Mismatch,
        Refused,
        NotApplied,
        Count
    };
    std::vector<QStringList> topics(Count);
    for (const auto &o : outcome.partitions) {
        Category c = Verified;
        switch (o.result) {
        case PartitionOutcome::Applied: c = Verified; break;
        case PartitionOutcome::Unknown: c = o.acknowledged ? Acknowledged : NoAnswer; break;
        case PartitionOutcome::Mismatch: c = Mismatch; break;
        case PartitionOutcome::Refused: c = Refused; break;
        case PartitionOutcome::NotApplied: c = NotApplied; break;
        }
        if (!topics[c].contains(o.tp.topic))
            topics[c] << o.tp.topic;
    }
    const QString names[Count] = {FailoverExecutorText::tr("applied and verified"),
                                  FailoverExecutorText::tr("acknowledged but not verified"),
                                  FailoverExecutorText::tr("no answer, may or may not have landed"),
                                  FailoverExecutorText::tr("read back with another offset"),
                                  FailoverExecutorText::tr("refused by the coordinator"),
                                  FailoverExecutorText::tr("not applied")};
    QStringList parts;
    for (int c = 0; c < Count; ++c)
        if (!topics[c].isEmpty())
            parts << names[c] + QStringLiteral(": ") + topics[c].join(QStringLiteral(", "));
    return parts.join(QStringLiteral("; "));
}

QStringList failoverNextSteps(const FailoverPlan &plan, const ResetOutcome &outcome)
{
    const QString &backupPath = outcome.backupPath;
    QStringList steps;
    const bool leftBehind = outcome.result == WriteResult::AppliedWithUntranslated;
    if (leftBehind)
        steps << FailoverExecutorText::tr(
                     "Not translated, left as they are on %1: %2. A consumer of '%3' subscribed to them there starts "
                     "where its auto.offset.reset says; commit their offsets yourself or leave them out.")
                     .arg(plan.toCluster, untranslatedTopicReasons(plan.topics).join(QStringLiteral("; ")),
                          plan.targetGroup);
    if (!isApplied(outcome.result)) {
        // Starting the consumers now would read from a mix of old and new offsets.
        steps << FailoverExecutorText::tr(
                     "The failover of group '%1' to %2 did not complete (%3): %4. Do not start its consumers on %2.")
                     .arg(plan.targetGroup, plan.toCluster, writeResultName(outcome.result),
                          failoverOutcomeSummary(outcome));
        steps << FailoverExecutorText::tr(
                     "Once %1 answers, check the group's committed offsets there (a commit left without an answer may "
                     "have landed late): lagscopectl describe --cluster %1 --group %2")
                     .arg(plan.toCluster, plan.targetGroup);
        steps << FailoverExecutorText::tr("Then run the failover again, or restore the previous offsets.");
        if (!backupPath.isEmpty())
            steps << FailoverExecutorText::tr("To undo: lagscopectl undo --cluster %1 --backup %2 --execute")
                         .arg(plan.toCluster, backupPath);
        return steps;
    }
    std::set<QString> topics;
    qint64 notReplicated = 0;
    for (const auto &p : plan.partitions) {
        topics.insert(p.to.topic);
        notReplicated += std::max<qint64>(0, p.notReplicated);
    }
    QStringList names(topics.begin(), topics.end());
    steps << FailoverExecutorText::tr("Start the consumers of group '%1' on %2, subscribed to %3.")
                 .arg(plan.targetGroup, plan.toCluster, names.join(QStringLiteral(", ")));
    if (notReplicated > 0 && !plan.disaster)
        steps << FailoverExecutorText::tr(
                     "Keep MirrorMaker running: %1 record(s) were not yet replicated to %2 and will arrive there.")
                     .arg(notReplicated)
                     .arg(plan.toCluster);
    if (notReplicated > 0 && plan.disaster)
        steps << FailoverExecutorText::tr(
                     "%1 record(s) were not replicated before %2 was lost: reconcile them when it is back.")
                     .arg(notReplicated)
                     .arg(plan.fromCluster);
    if (!plan.disaster)
        steps
            << FailoverExecutorText::tr("Keep the consumers of '%1' on %2 stopped.").arg(plan.group, plan.fromCluster);
    if (!backupPath.isEmpty())
        steps << FailoverExecutorText::tr("To undo: lagscopectl undo --cluster %1 --backup %2 --execute")
                     .arg(plan.toCluster, backupPath);
    return steps;
}

Result<FailoverOutcome> applyFailover(const ClusterConfig &to, const FailoverPlan &plan,
                                      const FailoverApplyOptions &options)
{
    using R = Result<FailoverOutcome>;
    FailoverOutcome out;
    QString refusal;
    if (plan.partitions.empty())
        refusal =
            FailoverExecutorText::tr("the group has no committed offset that can be translated: nothing is changed");
    else if (plan.hasErrors())
        refusal = FailoverExecutorText::tr("some partitions have no translated offset: nothing is changed");
    else if (plan.skips() && !options.acceptSkips)
        refusal = FailoverExecutorText::tr(
            "the plan skips records the group has not consumed: refused without explicit acceptance");
    if (!refusal.isEmpty()) {
        // Audited like the reset executor's refusals.
        ResetAuditEntry audit = startResetAudit(to.name, plan.targetGroup, specText(plan), options.commandText);
        audit.result = WriteResult::Refused;
        audit.reason = refusal;
        const QString path = auditLogPath(options.dataDir);
        if (auto written = appendAuditRecord(path, resetAuditJson(audit)); !written)
            return R(written.error());
        out.refusal = refusal;
        out.reset.auditPath = path;
        out.reset.refusal = refusal;
        return out;
    }

    auto client = KafkaClient::create(to, ClientOptions{options.requestTimeoutMs, 0, {}});
    if (!client)
        return R(client.error());
    ResetApplyOptions reset;
    reset.cluster = to.name;
    reset.readOnly = to.readOnly;
    reset.readOnlyReason = to.readOnlyReason;
    reset.dataDir = options.dataDir;
    reset.specText = specText(plan);
    const QStringList left = untranslatedTopicReasons(plan.topics);
    if (!left.isEmpty()) {
        // Every partition planned may land, but committed topics stay as they are: not a plain
        // "applied" (in the outcome and the audit record), their consumers on the target start
        // from their reset policy.
        reset.appliedResult = WriteResult::AppliedWithUntranslated;
        reset.appliedReason = FailoverExecutorText::tr("not translated: %1").arg(left.join(QStringLiteral("; ")));
    }
    reset.scopeText = options.commandText;
    reset.deadline = options.deadline;
    reset.afterBatch = options.afterBatch;
    auto applied = applyReset(**client, failoverResetPlan(plan), reset);
    if (!applied)
        return R(applied.error());
    out.reset = std::move(*applied);
    out.refusal = out.reset.refusal;
    if (!out.refusal)
        out.nextSteps = failoverNextSteps(plan, out.reset);
    if (!out.reset.auditError.isEmpty())
        out.nextSteps.prepend(FailoverExecutorText::tr("The offsets were written, but the audit record could not be: "
                                                       "%1. Note the change in your incident log.")
                                  .arg(out.reset.auditError));
    return out;
}

} // namespace lagscope::failover
