#pragma once
// A change Lagscope noticed between two polls of a cluster (broker went offline, group
// rebalanced…). Plain value: produced by the snapshot diff, stored in history, shown in
// the event log.

#include <QDateTime>
#include <QString>

namespace lagscope {

enum class EventKind {
    BrokerOffline,
    BrokerOnline,
    BrokerUnreachable,
    ControllerChanged,
    PartitionUnderReplicated,
    PartitionOffline,
    PartitionInSync, // back to full ISR and a leader
    GroupStateChanged,
    MemberJoined,
    MemberLeft,
    AssignmentChanged,
    GroupAppeared,
    GroupDisappeared,
    ClusterUnreachable,
    ClusterReachable,
    // MirrorMaker 2 flows (mirror/FlowHealth): the event's cluster is the flow's label.
    FlowLagging,
    FlowStalled,
    FlowBroken,
    FlowRecovered,
    CheckpointStale,
    CheckpointFresh,
    ReplicatedTopicMissing,
    ReplicatedTopicRestored,
    Rebalance,  // a completed consumer-group rebalance (see model/Rebalance.h)
    AlertFired, // subject: the alert rule's name
    AlertCleared,
    AlertCommandFailed, // an alert's command could not start, timed out or failed
    // Lag status (monitor/LagRules): a group's verdict changed, e.g. OK → STOP, with the reason.
    LagStatusChanged,
    // Broker lifecycle (monitor/BrokerLifecycle) and the KRaft controller quorum
    // (monitor/QuorumHealth): subject "broker N", "quorum" or "voter N".
    BrokerFenced,
    BrokerUnfenced,
    BrokerStopping,
    QuorumLeaderChanged,
    QuorumVoterLagging,
    QuorumVoterLost,
    QuorumVoterCaughtUp,
    // A group consumed on both sides of a MirrorMaker 2 flow (monitor/SplitBrain): one event
    // per cluster of the flow, subject the group id.
    SplitBrainStarted,
    SplitBrainEnded,
    // A shared history's database was away longer than the recorder's buffer holds: what was
    // not kept (polls, flow polls, alert events) and from when to when. Subject "history".
    HistoryGap,
};

enum class EventSeverity {
    Info,
    Warning,
    Error
};

struct ClusterEvent {
    QDateTime time; // UTC, the time of the snapshot that showed the change
    QString cluster;
    EventKind kind = EventKind::GroupStateChanged;
    EventSeverity severity = EventSeverity::Info;
    QString subject; // what changed: "broker 2", "orders-3", group id…
    QString group;   // the group concerned, empty otherwise (lets charts mark group events)
    QString message; // one line for a person, e.g. "Stable → PreparingRebalance"

    friend bool operator==(const ClusterEvent &, const ClusterEvent &) = default;
};

// Stable names for storage and filters ("broker-offline", …) and back.
QString eventKindName(EventKind kind);
bool eventKindFromName(const QString &name, EventKind *kind);
QString severityName(EventSeverity severity);

} // namespace lagscope
