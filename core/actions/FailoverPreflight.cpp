// Preflight checks of a failover (declared in FailoverPlanner.h): pure, green/amber/red
// with the reason in words, so GUI and CLI show the same verdicts.
#include "actions/FailoverPlanner.h"

#include <QCoreApplication>

#include <algorithm>

namespace lagscope::failover {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct FailoverPreflightText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverPreflight)
};

bool inactive(const QString &state, int members)
{
    // Like the reset precondition: Empty or Dead (or not found) and no members. A classic
    // "Dead" that still lists members is not proof of inactivity.
    return members == 0 && (state.isEmpty() || state == QStringLiteral("Empty") || state == QStringLiteral("Dead"));
}

QString age(qint64 ms)
{
    if (ms < 0)
        return FailoverPreflightText::tr("unknown age");
    if (ms < 120000)
        return FailoverPreflightText::tr("%1 s ago").arg(ms / 1000);
    if (ms < 2 * 3600000)
        return FailoverPreflightText::tr("%1 min ago").arg(ms / 60000);
    return FailoverPreflightText::tr("%1 h ago").arg(ms / 3600000);
}

} // namespace

QString levelName(PreflightCheck::Level level)
{
    switch (level) {
    case PreflightCheck::Green: return QStringLiteral("green");
    case PreflightCheck::Amber: return QStringLiteral("amber");
    case PreflightCheck::Red: return QStringLiteral("red");
    }
    return {};
}

bool anyRed(const std::vector<PreflightCheck> &checks)
{
    return std::any_of(checks.begin(), checks.end(), [](const auto &c) { return c.level == PreflightCheck::Red; });
}

namespace {

using C = PreflightCheck;

C targetGroupCheck(const FailoverGroupInputs &in, const QString &target)
{
    if (inactive(in.targetGroupState, in.targetGroupMembers))
        return {FailoverPreflightText::tr("target group inactive"), C::Green,
                FailoverPreflightText::tr("'%1' on %2 has no active members").arg(target, in.toCluster)};
    return {FailoverPreflightText::tr("target group inactive"), C::Red,
            FailoverPreflightText::tr("'%1' on %2 is %3 with %4 member(s): stop its consumers first")
                .arg(target, in.toCluster, in.targetGroupState)
                .arg(in.targetGroupMembers)};
}

C sourceGroupCheck(const FailoverGroupInputs &in, const PreflightOptions &options)
{
    if (!in.fromReachable)
        return {
            FailoverPreflightText::tr("source group inactive"), options.disasterAcknowledged ? C::Amber : C::Red,
            options.disasterAcknowledged
                ? FailoverPreflightText::tr("%1 is unreachable: disaster mode, from cached and replicated data")
                      .arg(in.fromCluster)
                : FailoverPreflightText::tr("%1 is unreachable: a failover from it is a disaster failover and must be "
                                            "acknowledged (--disaster)")
                      .arg(in.fromCluster)};
    if (inactive(in.fromGroupState, in.fromGroupMembers))
        return {FailoverPreflightText::tr("source group inactive"), C::Green,
                FailoverPreflightText::tr("'%1' on %2 has no active members").arg(in.group, in.fromCluster)};
    return {FailoverPreflightText::tr("source group inactive"), C::Red,
            FailoverPreflightText::tr("'%1' on %2 is %3 with %4 member(s): stop its consumers for a planned switchover")
                .arg(in.group, in.fromCluster, in.fromGroupState)
                .arg(in.fromGroupMembers)};
}

C remoteTopicsCheck(const FailoverGroupInputs &in)
{
    QStringList missing;
    for (const auto &p : in.partitions)
        if (p.toLogEnd < 0 && !missing.contains(p.to.topic))
            missing << p.to.topic;
    if (!missing.isEmpty())
        return {FailoverPreflightText::tr("remote topics exist"), C::Red,
                FailoverPreflightText::tr("missing on %1: %2").arg(in.toCluster, missing.join(QStringLiteral(", ")))};
    if (const QStringList left = untranslatedTopicReasons(in.topics); !left.isEmpty())
        return {FailoverPreflightText::tr("remote topics exist"), C::Amber,
                FailoverPreflightText::tr("not translated, left as they are: %1").arg(left.join(QStringLiteral("; ")))};
    return {FailoverPreflightText::tr("remote topics exist"), C::Green,
            FailoverPreflightText::tr("every committed topic has its replica on %1").arg(in.toCluster)};
}

C targetWritableCheck(const FailoverGroupInputs &in)
{
    return in.targetReadOnly ? C{FailoverPreflightText::tr("target writable"), C::Red,
                                 FailoverPreflightText::tr("%1 is read-only in the configuration").arg(in.toCluster)}
                             : C{FailoverPreflightText::tr("target writable"), C::Green,
                                 FailoverPreflightText::tr("%1 is not read-only").arg(in.toCluster)};
}

C translatedCheck(const FailoverGroupInputs &in, const FailoverPlan &plan)
{
    QStringList failed;
    for (const auto &p : plan.partitions)
        if (p.newOffset < 0)
            failed << QStringLiteral("%1 (%2)").arg(p.from.toString(), p.error);
    if (plan.partitions.empty()) {
        // Nothing to commit is no failover: "applied" would leave the consumers to their reset policy.
        const QStringList left = untranslatedTopicReasons(in.topics);
        return {FailoverPreflightText::tr("every partition translated"), C::Red,
                left.isEmpty()
                    ? FailoverPreflightText::tr("the group has no committed offsets on %1").arg(in.fromCluster)
                    : FailoverPreflightText::tr("nothing to translate: %1").arg(left.join(QStringLiteral("; ")))};
    }
    return failed.isEmpty()
               ? C{FailoverPreflightText::tr("every partition translated"), C::Green,
                   FailoverPreflightText::tr("%1 partition(s)").arg(plan.partitions.size())}
               : C{FailoverPreflightText::tr("every partition translated"), C::Red, failed.join(QStringLiteral("; "))};
}

C skipsCheck(const FailoverPlan &plan, const PreflightOptions &options)
{
    if (!plan.skips())
        return {FailoverPreflightText::tr("no skipped records"), C::Green,
                FailoverPreflightText::tr("no partition jumps over unconsumed records")};
    QStringList skipping;
    for (const auto &p : plan.partitions)
        if (p.skipped != 0)
            skipping << (p.skipped > 0 ? QStringLiteral("%1: %2").arg(p.from.toString()).arg(p.skipped)
                                       : FailoverPreflightText::tr("%1: unknown").arg(p.from.toString()));
    return {FailoverPreflightText::tr("no skipped records"), options.acceptSkips ? C::Amber : C::Red,
            (options.acceptSkips ? FailoverPreflightText::tr("accepted: ")
                                 : FailoverPreflightText::tr("refused without --accept-skips: "))
                + skipping.join(QStringLiteral(", "))};
}

C replicationCheck(const FailoverGroupInputs &in, const FailoverPlan &plan)
{
    qint64 behind = 0;
    bool unknown = false;
    for (const auto &p : plan.partitions) {
        if (p.notReplicated < 0)
            unknown = true;
        else
            behind += p.notReplicated;
    }
    if (behind > 0)
        return {FailoverPreflightText::tr("replication caught up"), C::Amber,
                in.fromReachable
                    ? FailoverPreflightText::tr("%1 record(s) not yet replicated to %2 (wait with --wait-replication)")
                          .arg(behind)
                          .arg(in.toCluster)
                    : FailoverPreflightText::tr("%1 record(s) were not replicated when %2 was last seen: lost with it")
                          .arg(behind)
                          .arg(in.fromCluster)};
    if (unknown && !plan.partitions.empty())
        return {FailoverPreflightText::tr("replication caught up"), C::Amber,
                FailoverPreflightText::tr("unknown for some partitions (no offset sync or log end)")};
    return {FailoverPreflightText::tr("replication caught up"), C::Green,
            FailoverPreflightText::tr("every record on %1 is on %2").arg(in.fromCluster, in.toCluster)};
}

C freshnessCheck(const FailoverGroupInputs &in, const FailoverPlan &plan, const PreflightOptions &options)
{
    qint64 oldest = -1;
    for (const auto &p : plan.partitions)
        oldest = std::max(oldest, p.committedAgeMs);
    if (in.fromReachable)
        return {FailoverPreflightText::tr("data freshness"), C::Green,
                FailoverPreflightText::tr("committed offsets read live from %1").arg(in.fromCluster)};
    if (oldest < 0 && !plan.partitions.empty())
        return {FailoverPreflightText::tr("data freshness"), C::Amber,
                FailoverPreflightText::tr("no cached committed offsets: checkpoints only")};
    return {FailoverPreflightText::tr("data freshness"), oldest > options.staleAfterMs ? C::Amber : C::Green,
            FailoverPreflightText::tr("oldest cached commit seen %1").arg(age(oldest))};
}

} // namespace

std::vector<PreflightCheck> preflightFailover(const FailoverGroupInputs &in, const FailoverPlan &plan,
                                              const PreflightOptions &options)
{
    return {targetGroupCheck(in, plan.targetGroup),
            sourceGroupCheck(in, options),
            remoteTopicsCheck(in),
            targetWritableCheck(in),
            translatedCheck(in, plan),
            skipsCheck(plan, options),
            replicationCheck(in, plan),
            freshnessCheck(in, plan, options)};
}

} // namespace lagscope::failover
