#pragma once
// Pure judgement of a MirrorMaker 2 flow: a FlowSnapshot's data -> OK / Lagging / Stalled /
// Broken with a reason, and the difference between two snapshots as FlowEvents.
//
// Flow events have kinds of their own (FlowEvent); toClusterEvent() turns them into the
// ClusterEvents the event log and the history store keep, with the flow's label in place
// of a cluster name. Usable from any thread.

#include "mirror/FlowSnapshot.h"
#include "model/ClusterEvent.h"

#include <QDateTime>
#include <QString>

#include <vector>

namespace lagscope::mirror {

struct FlowThresholds {
    // No heartbeat for this long: MirrorMaker is not replicating this flow.
    qint64 stalledAfterMs = 15000;
    // A replicated partition this many records behind its source makes the flow Lagging.
    qint64 laggingRecords = 10000;
    // A group whose source commit moved past its checkpoint, and whose newest checkpoint is
    // older than this, has a stale checkpoint (Lagging). MirrorMaker writes checkpoints
    // only when they move, so an idle group's old checkpoint is not stale.
    qint64 checkpointStaleMs = 180000;
};

struct FlowVerdict {
    FlowHealth health = FlowHealth::Ok;
    QString reason;
    QStringList staleCheckpointGroups;
};

FlowVerdict evaluateFlow(const FlowSnapshot &snapshot, const FlowThresholds &thresholds = {});

enum class FlowEventKind {
    FlowLagging,
    FlowStalled,
    FlowBroken,
    FlowRecovered, // back to OK from any other verdict
    CheckpointStale,
    CheckpointFresh,
    ReplicatedTopicMissing,
    ReplicatedTopicRestored,
};

QString flowEventKindName(FlowEventKind kind); // "flow-stalled", …

struct FlowEvent {
    QDateTime time; // UTC, the current snapshot's takenAt
    QString flow;   // "primary->dr"
    FlowEventKind kind = FlowEventKind::FlowBroken;
    EventSeverity severity = EventSeverity::Info;
    QString subject; // the flow, a group or a topic
    QString group;
    QString message;

    friend bool operator==(const FlowEvent &, const FlowEvent &) = default;
};

// What changed from `previous` (null for the first snapshot) to `current`, which must carry
// its verdict already. A first snapshot reports a verdict that is not OK, and topics or
// checkpoints already wrong. Topic and checkpoint changes are reported only between two
// snapshots that reached both clusters (while one is unreachable they are unknown).
std::vector<FlowEvent> diffFlows(const FlowSnapshot *previous, const FlowSnapshot &current);

// The cluster event kind of the same name.
EventKind eventKindOf(FlowEventKind kind);
// The same event for the event log and the history store: `cluster` is the flow's label
// ("primary->dr", a name no configured cluster can have), the kind has the same name.
ClusterEvent toClusterEvent(const FlowEvent &event);
std::vector<ClusterEvent> toClusterEvents(const std::vector<FlowEvent> &events);

} // namespace lagscope::mirror
