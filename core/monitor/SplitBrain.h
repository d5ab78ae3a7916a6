#pragma once
// The split-brain detector: a consumer group that consumes the same data on both sides of a
// configured MirrorMaker 2 flow — after a failover whose old consumers were not stopped, or a
// consumer forgotten in the other data center. The rule is in docs/MIRRORMAKER2.md, "Split
// brain"; in short, for a flow source -> target and a group present on both clusters:
//
//   - the group is *active* on a topic of a cluster when a member is assigned a partition of
//     it (a group with members none of which has an assignment — mid-rebalance, or an
//     assignment Lagscope cannot decode — counts as active on every topic it committed), or
//     when a committed offset of it moved between that cluster's two latest reachable polls
//     and that cluster is not the target of a flow from the other side (MirrorMaker's own
//     `sync.group.offsets.enabled` commits there, and only while the group has no members);
//   - it is a split brain when it is active on a source topic T and on T's replica on the
//     target (remoteTopic(): `primary.T` with the default policy, `T` with the identity
//     policy). Internal and MirrorMaker topics never count.
//
// Nothing is judged for a flow while either cluster's latest poll is unreachable, or for a
// group either cluster could not read in its latest poll: stale data is not activity.
//
// Thread: any. findSplitBrains() is pure (no I/O, no clock). SplitBrainTracker is a plain
// value used by one thread at a time (SplitBrainMonitor's, the GUI thread in the app).
// Ownership: plain values.

#include "config/Config.h"
#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"

#include <QDateTime>
#include <QSet>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace lagscope {

// What the group does on one side of the flow, on the topics it shares with the other side.
struct SplitBrainSide {
    QString cluster;
    QStringList members;                // "client-id (host)" of the members assigned a shared topic, sorted
    QStringList hosts;                  // their hosts, sorted, without repeats
    QStringList topics;                 // the shared topics, in this cluster's names, sorted
    std::vector<TopicPartition> moving; // shared partitions whose committed offset moved since the previous poll

    friend bool operator==(const SplitBrainSide &, const SplitBrainSide &) = default;
};

struct SplitBrain {
    QString flow; // the flow's label, "<source alias>-><target alias>" (FlowSnapshot's)
    QString group;
    SplitBrainSide source;
    SplitBrainSide target;

    // One line for a person: what was seen on each side.
    QString describe() const;
    // Identity across polls.
    QString key() const { return flow + QLatin1Char('\n') + group; }
    friend bool operator==(const SplitBrain &, const SplitBrain &) = default;
};

// Every split brain of every flow in `flows`, ordered by flow label, then group id.
// latest: the latest snapshot of each cluster (reachable or not). previous: the reachable
// poll before the latest reachable one of each cluster, for "moving commits"; a cluster
// missing there has no moving commits yet (its first poll), so members alone decide.
std::vector<SplitBrain> findSplitBrains(const std::vector<ReplicationFlowConfig> &flows,
                                        const std::map<QString, SnapshotPtr> &latest,
                                        const std::map<QString, SnapshotPtr> &previous);

// The flows findSplitBrains() could judge now: both clusters' latest polls reachable.
QSet<QString> judgedFlows(const std::vector<ReplicationFlowConfig> &flows,
                          const std::map<QString, SnapshotPtr> &latest);

// "<source alias>-><target alias>", aliases defaulting to the cluster names.
QString flowLabel(const ReplicationFlowConfig &flow);

// A split brain the tracker holds for open, and since when.
struct ActiveSplitBrain {
    SplitBrain brain; // as last seen
    QDateTime since;  // the poll that first found it
    // Polls of its source and target clusters since it was last found.
    int sourcePollsWithout = 0;
    int targetPollsWithout = 0;
};

// Turns the findings of successive polls into split-brain-started and -ended events.
// A split brain starts at the first poll that finds it. It ends once each of its two
// clusters has polled kClearPolls times without finding it: one poll of a group whose
// commits move memberless between polls is not an end, and flapping events would bury
// the event log. Flows not judged now (see judgedFlows) neither start nor end anything.
class SplitBrainTracker {
public:
    static constexpr int kClearPolls = 2;

    // found: findSplitBrains() right after a poll of `polledCluster` taken at `now`.
    // Events are one per cluster of the flow (so each shows on that cluster's group chart
    // and in its history): started with severity Error, ended with Info.
    std::vector<ClusterEvent> update(const std::vector<SplitBrain> &found, const QString &polledCluster,
                                     const QDateTime &now, const QSet<QString> &judged);

    const std::vector<ActiveSplitBrain> &active() const { return m_active; }
    // The open split brains of `group` on `cluster` (either side).
    std::vector<const ActiveSplitBrain *> of(const QString &cluster, const QString &group) const;

private:
    std::vector<ActiveSplitBrain> m_active; // ordered as findSplitBrains() orders them
};

} // namespace lagscope
