#include "monitor/SplitBrain.h"

#include <QCoreApplication>

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

struct SplitBrainText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::SplitBrain)
};

const ClusterSnapshot *find(const std::map<QString, SnapshotPtr> &map, const QString &cluster)
{
    const auto it = map.find(cluster);
    return it == map.end() ? nullptr : it->second.get();
}

// What a group does on one cluster, per topic: who is assigned it and which of its
// partitions' commits moved.
struct Activity {
    std::map<QString, std::set<const GroupMember *>> members; // topic -> members assigned it
    std::map<QString, std::vector<TopicPartition>> moving;    // topic -> partitions whose commit moved
    std::set<QString> active;                                 // topics the rule counts
};

bool userTopic(const mirror::ReplicationPolicyConfig &policy, const QString &topic)
{
    return !mirror::isInternalTopic(policy, topic) && !mirror::isMirrorMakerTopic(policy, topic);
}

Activity activityOf(const GroupState &g, const GroupState *before, bool movesCount,
                    const mirror::ReplicationPolicyConfig &policy)
{
    Activity a;
    bool anyAssignment = false;
    for (const GroupMember &m : g.members)
        for (const TopicPartition &tp : m.assignment) {
            anyAssignment = true;
            if (userTopic(policy, tp.topic))
                a.members[tp.topic].insert(&m);
        }
    // Members without a known assignment still consume (or are about to): what they
    // committed is what they read.
    if (!anyAssignment && !g.members.empty())
        for (const PartitionLag &p : g.partitions)
            if (p.committed && userTopic(policy, p.partition.topic))
                for (const GroupMember &m : g.members)
                    a.members[p.partition.topic].insert(&m);
    if (before && !before->unread()) {
        // Both partition lists are sorted by topic, then partition.
        auto b = before->partitions.begin();
        for (const PartitionLag &p : g.partitions) {
            while (b != before->partitions.end() && b->partition < p.partition)
                ++b;
            if (b == before->partitions.end() || !(b->partition == p.partition))
                continue;
            if (p.committed && b->committed && *p.committed != *b->committed && userTopic(policy, p.partition.topic))
                a.moving[p.partition.topic].push_back(p.partition);
        }
    }
    for (const auto &[topic, members] : a.members)
        a.active.insert(topic);
    if (movesCount)
        for (const auto &[topic, partitions] : a.moving)
            a.active.insert(topic);
    return a;
}

SplitBrainSide sideOf(const QString &cluster, const Activity &a, const QStringList &topics)
{
    SplitBrainSide side;
    side.cluster = cluster;
    side.topics = topics;
    std::set<const GroupMember *> members;
    for (const QString &t : topics) {
        if (const auto it = a.members.find(t); it != a.members.end())
            members.insert(it->second.begin(), it->second.end());
        if (const auto it = a.moving.find(t); it != a.moving.end())
            side.moving.insert(side.moving.end(), it->second.begin(), it->second.end());
    }
    for (const GroupMember *m : members) {
        const QString client = m->clientId.isEmpty() ? m->memberId : m->clientId;
        side.members << (m->host.isEmpty() ? client : QStringLiteral("%1 (%2)").arg(client, m->host));
        if (!m->host.isEmpty() && !side.hosts.contains(m->host))
            side.hosts << m->host;
    }
    side.members.sort();
    side.hosts.sort();
    std::sort(side.moving.begin(), side.moving.end());
    return side;
}

// Whether a flow from `from` to `to` is configured: MirrorMaker may then commit the groups
// of `to` itself.
bool flowInto(const std::vector<ReplicationFlowConfig> &flows, const QString &from, const QString &to)
{
    return std::any_of(flows.begin(), flows.end(), [&](const ReplicationFlowConfig &f) {
        return f.sourceCluster == from && f.targetCluster == to;
    });
}

bool reachable(const ClusterSnapshot *s) { return s && s->reachable; }

QString sideText(const SplitBrainSide &side)
{
    QStringList seen;
    if (!side.members.isEmpty())
        seen << SplitBrainText::tr("%n member(s): %1", nullptr, int(side.members.size()))
                    .arg(side.members.join(QStringLiteral(", ")));
    if (!side.moving.empty())
        seen << SplitBrainText::tr("commits moving on %n partition(s)", nullptr, int(side.moving.size()));
    return SplitBrainText::tr("%1 on %2 (%3)")
        .arg(side.cluster, side.topics.join(QStringLiteral(", ")), seen.join(QStringLiteral("; ")));
}

} // namespace

QString flowLabel(const ReplicationFlowConfig &flow)
{
    return aliasOr(flow.sourceAlias, flow.sourceCluster) + QStringLiteral("->")
           + aliasOr(flow.targetAlias, flow.targetCluster);
}

QString SplitBrain::describe() const
{
    return SplitBrainText::tr("consumed on both sides of %1: %2 and %3").arg(flow, sideText(source), sideText(target));
}

QSet<QString> judgedFlows(const std::vector<ReplicationFlowConfig> &flows, const std::map<QString, SnapshotPtr> &latest)
{
    QSet<QString> out;
    for (const ReplicationFlowConfig &f : flows)
        if (reachable(find(latest, f.sourceCluster)) && reachable(find(latest, f.targetCluster)))
            out.insert(flowLabel(f));
    return out;
}

std::vector<SplitBrain> findSplitBrains(const std::vector<ReplicationFlowConfig> &flows,
                                        const std::map<QString, SnapshotPtr> &latest,
                                        const std::map<QString, SnapshotPtr> &previous)
{
    std::vector<SplitBrain> out;
    for (const ReplicationFlowConfig &flow : flows) {
        const ClusterSnapshot *source = find(latest, flow.sourceCluster);
        const ClusterSnapshot *target = find(latest, flow.targetCluster);
        if (!reachable(source) || !reachable(target) || flow.sourceCluster == flow.targetCluster)
            continue;
        const ClusterSnapshot *sourceBefore = find(previous, flow.sourceCluster);
        const ClusterSnapshot *targetBefore = find(previous, flow.targetCluster);
        const bool sourceMovesCount = !flowInto(flows, flow.targetCluster, flow.sourceCluster);
        const bool targetMovesCount = !flowInto(flows, flow.sourceCluster, flow.targetCluster);
        const QString sourceAlias = aliasOr(flow.sourceAlias, flow.sourceCluster);
        for (const GroupState &g : source->groups) {
            const GroupState *t = target->group(g.groupId);
            if (!t || g.unread() || t->unread())
                continue;
            const Activity onSource =
                activityOf(g, sourceBefore ? sourceBefore->group(g.groupId) : nullptr, sourceMovesCount, flow.policy);
            if (onSource.active.empty())
                continue;
            const Activity onTarget =
                activityOf(*t, targetBefore ? targetBefore->group(g.groupId) : nullptr, targetMovesCount, flow.policy);
            QStringList sourceTopics, targetTopics;
            for (const QString &topic : onSource.active) {
                const QString remote = mirror::remoteTopic(flow.policy, sourceAlias, topic);
                if (onTarget.active.contains(remote)) {
                    sourceTopics << topic;
                    targetTopics << remote;
                }
            }
            if (sourceTopics.isEmpty())
                continue;
            targetTopics.sort();
            out.push_back({flowLabel(flow), g.groupId, sideOf(flow.sourceCluster, onSource, sourceTopics),
                           sideOf(flow.targetCluster, onTarget, targetTopics)});
        }
    }
    std::stable_sort(out.begin(), out.end(), [](const SplitBrain &a, const SplitBrain &b) {
        return a.flow != b.flow ? a.flow < b.flow : a.group < b.group;
    });
    return out;
}

std::vector<ClusterEvent> SplitBrainTracker::update(const std::vector<SplitBrain> &found, const QString &polledCluster,
                                                    const QDateTime &now, const QSet<QString> &judged)
{
    std::vector<ClusterEvent> events;
    const auto emitBoth = [&](const SplitBrain &b, EventKind kind, EventSeverity severity, const QString &message) {
        for (const QString &cluster : {b.source.cluster, b.target.cluster})
            events.push_back({now, cluster, kind, severity, b.group, b.group, message});
    };
    std::vector<ActiveSplitBrain> next;
    std::set<QString> seen;
    for (const SplitBrain &b : found) {
        seen.insert(b.key());
        const auto open = std::find_if(m_active.begin(), m_active.end(),
                                       [&](const ActiveSplitBrain &a) { return a.brain.key() == b.key(); });
        if (open == m_active.end()) {
            next.push_back({b, now, 0, 0});
            emitBoth(b, EventKind::SplitBrainStarted, EventSeverity::Error,
                     SplitBrainText::tr("split brain: %1").arg(b.describe()));
        } else {
            next.push_back({b, open->since, 0, 0});
        }
    }
    for (ActiveSplitBrain &a : m_active) {
        if (seen.contains(a.brain.key()))
            continue;
        if (judged.contains(a.brain.flow)) {
            if (polledCluster == a.brain.source.cluster)
                ++a.sourcePollsWithout;
            if (polledCluster == a.brain.target.cluster)
                ++a.targetPollsWithout;
        }
        if (a.sourcePollsWithout >= kClearPolls && a.targetPollsWithout >= kClearPolls) {
            emitBoth(a.brain, EventKind::SplitBrainEnded, EventSeverity::Info,
                     SplitBrainText::tr("split brain over: %1 is no longer consumed on both sides of %2")
                         .arg(a.brain.group, a.brain.flow));
            continue;
        }
        next.push_back(a);
    }
    std::stable_sort(next.begin(), next.end(), [](const ActiveSplitBrain &a, const ActiveSplitBrain &b) {
        return a.brain.flow != b.brain.flow ? a.brain.flow < b.brain.flow : a.brain.group < b.brain.group;
    });
    m_active = std::move(next);
    return events;
}

std::vector<const ActiveSplitBrain *> SplitBrainTracker::of(const QString &cluster, const QString &group) const
{
    std::vector<const ActiveSplitBrain *> out;
    for (const ActiveSplitBrain &a : m_active)
        if (a.brain.group == group && (a.brain.source.cluster == cluster || a.brain.target.cluster == cluster))
            out.push_back(&a);
    return out;
}

} // namespace lagscope
