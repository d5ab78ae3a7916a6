#include "monitor/OrphanedOffsets.h"

#include "monitor/LagRules.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

struct OrphanedOffsetsText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::OrphanedOffsets)
};

const TopicState *findTopic(const std::vector<TopicState> &topics, const QString &name)
{
    const auto it = std::lower_bound(topics.begin(), topics.end(), name,
                                     [](const TopicState &t, const QString &n) { return t.name < n; });
    return it != topics.end() && it->name == name ? &*it : nullptr;
}

bool hasPartition(const TopicState &t, int partition)
{
    return std::any_of(t.partitions.begin(), t.partitions.end(),
                       [partition](const PartitionState &p) { return p.partition == partition; });
}

bool older(const LagTime &a, const LagTime &b)
{
    return a.seconds > b.seconds || (a.seconds == b.seconds && a.atLeast && !b.atLeast);
}

bool slower(const DrainTime &a, const DrainTime &b)
{
    if (a.never != b.never)
        return a.never;
    return a.seconds > b.seconds;
}

} // namespace

void classifyOrphans(GroupState &group, const std::vector<TopicState> &topics)
{
    std::set<QString> assigned;
    for (const GroupMember &m : group.members)
        for (const TopicPartition &tp : m.assignment)
            assigned.insert(tp.topic);
    const bool judgeAssignments = !assigned.empty() && group.state == QLatin1String("Stable");
    for (PartitionLag &p : group.partitions) {
        p.orphan = OrphanReason::None;
        if (!p.committed)
            continue;
        const TopicState *t = findTopic(topics, p.partition.topic);
        // A topic listed without partitions (its metadata failed this poll) is unknown, not gone.
        if (!t || (!t->partitions.empty() && !hasPartition(*t, p.partition.partition)))
            p.orphan = OrphanReason::TopicDeleted;
        else if (judgeAssignments && !assigned.contains(p.partition.topic))
            p.orphan = OrphanReason::Unassigned;
    }
}

QString orphanReasonText(OrphanReason reason)
{
    switch (reason) {
    case OrphanReason::None: break;
    case OrphanReason::TopicDeleted: return OrphanedOffsetsText::tr("the topic or partition no longer exists");
    case OrphanReason::Unassigned:
        return OrphanedOffsetsText::tr("the group has members and none is assigned this topic");
    }
    return QString();
}

QString orphanReasonName(OrphanReason reason)
{
    switch (reason) {
    case OrphanReason::None: break;
    case OrphanReason::TopicDeleted: return QStringLiteral("deleted");
    case OrphanReason::Unassigned: return QStringLiteral("unassigned");
    }
    return QString();
}

int orphanedCount(const GroupState &group)
{
    return int(std::count_if(group.partitions.begin(), group.partitions.end(),
                             [](const PartitionLag &p) { return p.orphaned(); }));
}

QStringList orphanedTopics(const GroupState &group)
{
    QStringList out;
    for (const PartitionLag &p : group.partitions)
        if (p.orphaned() && !out.contains(p.partition.topic))
            out << p.partition.topic;
    out.sort();
    return out;
}

void excludeOrphans(GroupState &group)
{
    const int orphans = orphanedCount(group);
    if (orphans == 0)
        return;
    std::vector<PartitionVerdict> kept;
    int worstAll = lagStatusSeverity(LagStatus::Ok);
    group.totalLag = 0;
    group.maxLag = 0;
    group.maxLagTime.reset();
    group.drain.reset();
    for (const PartitionLag &p : group.partitions) {
        worstAll = std::max(worstAll, lagStatusSeverity(p.verdict.status));
        if (p.orphaned())
            continue;
        const std::int64_t lag = std::max<std::int64_t>(0, p.lag.value_or(0));
        if (p.lag) {
            group.totalLag += lag;
            group.maxLag = std::max(group.maxLag, lag);
        }
        if (p.lagTime && (!group.maxLagTime || older(*p.lagTime, *group.maxLagTime)))
            group.maxLagTime = p.lagTime;
        if (p.drain && (!group.drain || slower(*p.drain, *group.drain)))
            group.drain = p.drain;
        kept.push_back({p.partition, p.verdict, lag});
    }
    // Worse than every partition: the growth rule on the total, which stays.
    if (lagStatusSeverity(group.verdict.status) > worstAll)
        return;
    group.verdict = groupVerdict(kept);
    group.verdict.reason +=
        QStringLiteral(" (%1 orphaned partition(s) not counted: ignore_orphaned_offsets)").arg(orphans);
}

} // namespace lagscope
