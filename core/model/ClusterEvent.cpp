#include "model/ClusterEvent.h"

#include <QLatin1String>

namespace lagscope {

namespace {

struct KindName {
    EventKind kind;
    QLatin1String name;
};

// These names are stored in the history database and used in filters: never rename one.
constexpr KindName kKindNames[] = {
    {EventKind::BrokerOffline, QLatin1String("broker-offline")},
    {EventKind::BrokerOnline, QLatin1String("broker-online")},
    {EventKind::BrokerUnreachable, QLatin1String("broker-unreachable")},
    {EventKind::ControllerChanged, QLatin1String("controller-changed")},
    {EventKind::PartitionUnderReplicated, QLatin1String("partition-under-replicated")},
    {EventKind::PartitionOffline, QLatin1String("partition-offline")},
    {EventKind::PartitionInSync, QLatin1String("partition-in-sync")},
    {EventKind::GroupStateChanged, QLatin1String("group-state-changed")},
    {EventKind::MemberJoined, QLatin1String("member-joined")},
    {EventKind::MemberLeft, QLatin1String("member-left")},
    {EventKind::AssignmentChanged, QLatin1String("assignment-changed")},
    {EventKind::GroupAppeared, QLatin1String("group-appeared")},
    {EventKind::GroupDisappeared, QLatin1String("group-disappeared")},
    {EventKind::ClusterUnreachable, QLatin1String("cluster-unreachable")},
    {EventKind::ClusterReachable, QLatin1String("cluster-reachable")},
    {EventKind::FlowLagging, QLatin1String("flow-lagging")},
    {EventKind::FlowStalled, QLatin1String("flow-stalled")},
    {EventKind::FlowBroken, QLatin1String("flow-broken")},
    {EventKind::FlowRecovered, QLatin1String("flow-recovered")},
    {EventKind::CheckpointStale, QLatin1String("checkpoint-stale")},
    {EventKind::CheckpointFresh, QLatin1String("checkpoint-fresh")},
    {EventKind::ReplicatedTopicMissing, QLatin1String("replicated-topic-missing")},
    {EventKind::ReplicatedTopicRestored, QLatin1String("replicated-topic-restored")},
    {EventKind::Rebalance, QLatin1String("rebalance")},
    {EventKind::AlertFired, QLatin1String("alert-fired")},
    {EventKind::AlertCleared, QLatin1String("alert-cleared")},
    {EventKind::AlertCommandFailed, QLatin1String("alert-command-failed")},
    {EventKind::LagStatusChanged, QLatin1String("lag-status-changed")},
    {EventKind::BrokerFenced, QLatin1String("broker-fenced")},
    {EventKind::BrokerUnfenced, QLatin1String("broker-unfenced")},
    {EventKind::BrokerStopping, QLatin1String("broker-stopping")},
    {EventKind::QuorumLeaderChanged, QLatin1String("quorum-leader-changed")},
    {EventKind::QuorumVoterLagging, QLatin1String("quorum-voter-lagging")},
    {EventKind::QuorumVoterLost, QLatin1String("quorum-voter-lost")},
    {EventKind::QuorumVoterCaughtUp, QLatin1String("quorum-voter-caught-up")},
    {EventKind::SplitBrainStarted, QLatin1String("split-brain-started")},
    {EventKind::SplitBrainEnded, QLatin1String("split-brain-ended")},
    {EventKind::HistoryGap, QLatin1String("history-gap")},
};

} // namespace

QString eventKindName(EventKind kind)
{
    for (const auto &entry : kKindNames)
        if (entry.kind == kind)
            return entry.name;
    return QString(); // only reachable with a value outside the enum
}

bool eventKindFromName(const QString &name, EventKind *kind)
{
    for (const auto &entry : kKindNames) {
        if (name == entry.name) {
            if (kind)
                *kind = entry.kind;
            return true;
        }
    }
    return false;
}

QString severityName(EventSeverity severity)
{
    switch (severity) {
    case EventSeverity::Info: return QStringLiteral("info");
    case EventSeverity::Warning: return QStringLiteral("warning");
    case EventSeverity::Error: return QStringLiteral("error");
    }
    return QString();
}

} // namespace lagscope
