#include "mirror/FlowHealth.h"

#include <algorithm>

namespace lagscope::mirror {

namespace {

QString flowSeconds(qint64 ms)
{
    return QString::number(static_cast<double>(ms) / 1000.0, 'f', 1) + QStringLiteral(" s");
}

bool checkpointStale(const GroupFlow &group, const FlowThresholds &thresholds)
{
    if (group.newestCheckpointAgeMs < 0 || group.newestCheckpointAgeMs <= thresholds.checkpointStaleMs)
        return false;
    for (const auto &p : group.partitions)
        if (p.hasCheckpoint && p.sourceCommitted > p.checkpointUpstream)
            return true;
    return false;
}

EventSeverity severityOf(FlowHealth health)
{
    switch (health) {
    case FlowHealth::Ok: return EventSeverity::Info;
    case FlowHealth::Lagging: return EventSeverity::Warning;
    case FlowHealth::Stalled:
    case FlowHealth::Broken: return EventSeverity::Error;
    }
    return EventSeverity::Error;
}

} // namespace

FlowVerdict evaluateFlow(const FlowSnapshot &s, const FlowThresholds &thresholds)
{
    FlowVerdict v;
    for (const auto &g : s.groups)
        if (checkpointStale(g, thresholds))
            v.staleCheckpointGroups << g.group;

    if (!s.targetReachable) {
        v.health = FlowHealth::Broken;
        v.reason = QStringLiteral("target %1 unreachable: %2").arg(s.flow.targetCluster, s.targetError);
        return v;
    }
    if (!s.sourceReachable) {
        v.health = FlowHealth::Broken;
        v.reason = QStringLiteral("source %1 unreachable: %2").arg(s.flow.sourceCluster, s.sourceError);
        return v;
    }
    if (s.newestHeartbeatMs < 0) {
        v.health = FlowHealth::Broken;
        v.reason = s.heartbeatsTopicExists
                       ? QStringLiteral("no heartbeat for %1 on %2: MirrorMaker does not replicate this flow")
                             .arg(s.flow.label(), s.flow.targetCluster)
                       : QStringLiteral("no heartbeats topic on %1: MirrorMaker has never run for %2")
                             .arg(s.flow.targetCluster, s.flow.label());
        return v;
    }
    if (s.heartbeatAgeMs > thresholds.stalledAfterMs) {
        v.health = FlowHealth::Stalled;
        v.reason = QStringLiteral("no heartbeat for %1 (stalled after %2)")
                       .arg(flowSeconds(s.heartbeatAgeMs), flowSeconds(thresholds.stalledAfterMs));
        return v;
    }
    if (!s.topicsMissingOnTarget.isEmpty()) {
        v.health = FlowHealth::Lagging;
        v.reason = QStringLiteral("%1 replicated topic(s) missing on %2: %3")
                       .arg(s.topicsMissingOnTarget.size())
                       .arg(s.flow.targetCluster, s.topicsMissingOnTarget.join(QStringLiteral(", ")));
        return v;
    }
    QString where;
    const qint64 behind = s.maxRecordsBehind(&where);
    if (behind >= thresholds.laggingRecords) {
        v.health = FlowHealth::Lagging;
        v.reason = QStringLiteral("%1 records behind on %2").arg(behind).arg(where);
        return v;
    }
    // MirrorMaker stops checkpointing a group that is far behind (its offset syncs are too sparse
    // to translate from), so one slow group's stale checkpoint says that group would re-read on
    // failover, not that the flow is unhealthy: it is shown in the group's readiness and logged as
    // an event. Only when no group gets fresh checkpoints is checkpointing itself suspect.
    const bool anyFresh = std::any_of(s.groups.begin(), s.groups.end(), [&](const GroupFlow &g) {
        return g.newestCheckpointAgeMs >= 0 && g.newestCheckpointAgeMs <= thresholds.checkpointStaleMs;
    });
    const QString staleList = v.staleCheckpointGroups.join(QStringLiteral(", "));
    if (!v.staleCheckpointGroups.isEmpty() && !anyFresh) {
        v.health = FlowHealth::Lagging;
        v.reason = QStringLiteral("checkpoints stale (older than %1) for every checkpointed group: %2")
                       .arg(flowSeconds(thresholds.checkpointStaleMs), staleList);
        return v;
    }
    v.health = FlowHealth::Ok;
    v.reason = QStringLiteral("replication latency %1").arg(flowSeconds(s.heartbeatAgeMs));
    if (!v.staleCheckpointGroups.isEmpty())
        v.reason += QStringLiteral("; checkpoints stale for group(s) %1").arg(staleList);
    return v;
}

// A flow event is stored and shown as the cluster event of the same name.
QString flowEventKindName(FlowEventKind kind) { return eventKindName(eventKindOf(kind)); }

std::vector<FlowEvent> diffFlows(const FlowSnapshot *previous, const FlowSnapshot &current)
{
    std::vector<FlowEvent> events;
    const QString flow = current.flow.label();
    auto add = [&](FlowEventKind kind, EventSeverity severity, const QString &subject, const QString &group,
                   const QString &message) {
        events.push_back(FlowEvent{current.takenAt, flow, kind, severity, subject, group, message});
    };

    const FlowHealth before = previous ? previous->health : FlowHealth::Ok;
    if (current.health != before) {
        FlowEventKind kind = FlowEventKind::FlowRecovered;
        switch (current.health) {
        case FlowHealth::Ok: kind = FlowEventKind::FlowRecovered; break;
        case FlowHealth::Lagging: kind = FlowEventKind::FlowLagging; break;
        case FlowHealth::Stalled: kind = FlowEventKind::FlowStalled; break;
        case FlowHealth::Broken: kind = FlowEventKind::FlowBroken; break;
        }
        add(kind, severityOf(current.health), flow, QString(),
            flowHealthName(before) + QStringLiteral(" → ") + flowHealthName(current.health) + QStringLiteral(": ")
                + current.reason);
    }

    // Topic and checkpoint findings need both clusters: while either is unreachable they are
    // unknown, not changed, so only compare snapshots that both saw both sides.
    const bool currentSawBoth = current.sourceReachable && current.targetReachable;
    const bool previousSawBoth = !previous || (previous->sourceReachable && previous->targetReachable);
    if (!currentSawBoth || !previousSawBoth)
        return events;
    const QStringList noGroups;
    const QStringList &staleBefore = previous ? previous->staleCheckpointGroups : noGroups;
    for (const QString &g : current.staleCheckpointGroups)
        if (!staleBefore.contains(g))
            add(FlowEventKind::CheckpointStale, EventSeverity::Warning, g, g,
                QStringLiteral("checkpoints of %1 stopped following its commits").arg(g));
    for (const QString &g : staleBefore)
        if (!current.staleCheckpointGroups.contains(g))
            add(FlowEventKind::CheckpointFresh, EventSeverity::Info, g, g,
                QStringLiteral("checkpoints of %1 follow its commits again").arg(g));

    const QStringList &missingBefore = previous ? previous->topicsMissingOnTarget : noGroups;
    for (const QString &t : current.topicsMissingOnTarget)
        if (!missingBefore.contains(t))
            add(FlowEventKind::ReplicatedTopicMissing, EventSeverity::Error, t, QString(),
                QStringLiteral("the replica of %1 is missing on %2").arg(t, current.flow.targetCluster));
    for (const QString &t : missingBefore)
        if (!current.topicsMissingOnTarget.contains(t))
            add(FlowEventKind::ReplicatedTopicRestored, EventSeverity::Info, t, QString(),
                QStringLiteral("the replica of %1 is back on %2").arg(t, current.flow.targetCluster));
    return events;
}

EventKind eventKindOf(FlowEventKind kind)
{
    switch (kind) {
    case FlowEventKind::FlowLagging: return EventKind::FlowLagging;
    case FlowEventKind::FlowStalled: return EventKind::FlowStalled;
    case FlowEventKind::FlowBroken: return EventKind::FlowBroken;
    case FlowEventKind::FlowRecovered: return EventKind::FlowRecovered;
    case FlowEventKind::CheckpointStale: return EventKind::CheckpointStale;
    case FlowEventKind::CheckpointFresh: return EventKind::CheckpointFresh;
    case FlowEventKind::ReplicatedTopicMissing: return EventKind::ReplicatedTopicMissing;
    case FlowEventKind::ReplicatedTopicRestored: return EventKind::ReplicatedTopicRestored;
    }
    return EventKind::FlowBroken;
}

ClusterEvent toClusterEvent(const FlowEvent &event)
{
    return ClusterEvent{event.time,  event.flow,   eventKindOf(event.kind), event.severity, event.subject,
                        event.group, event.message};
}

std::vector<ClusterEvent> toClusterEvents(const std::vector<FlowEvent> &events)
{
    std::vector<ClusterEvent> out;
    out.reserve(events.size());
    for (const FlowEvent &e : events)
        out.push_back(toClusterEvent(e));
    return out;
}

} // namespace lagscope::mirror
