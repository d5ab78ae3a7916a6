#pragma once
// Rebalance detection from consecutive polls of a group. Deterministic: no clock, no I/O;
// what it knows between polls is an explicit value (RebalanceTrack), so the decision for one
// poll is a pure function of (track, group at this poll, poll time), and RebalanceDetector
// only keeps one track per group.
//
// Rules (states as librdkafka 2.15.1 names them):
//   - Rebalancing states: PreparingRebalance, CompletingRebalance (classic protocol),
//     Assigning, Reconciling (KIP-848, should a client name them). librdkafka 2.15.1 maps
//     every state it does not know to "Unknown", which is what a KIP-848 ("Consumer" type)
//     group in Assigning or Reconciling is reported as; so "Unknown" counts as rebalancing
//     for Consumer groups. For other groups "Unknown" means "could not be described" and the
//     poll is ignored for that group.
//   - Every other state (Stable, Empty, Dead) is settled. The track remembers the last
//     settled poll: its time, members and assignment.
//   - Settled → rebalancing: a rebalance is open; it started after the last settled poll
//     and by this poll.
//   - Rebalancing → settled: the open rebalance is complete; it ended after the last
//     rebalancing poll and by this one. If it was seen only as "Unknown" (KIP-848) and
//     neither members nor assignment changed, it is dropped: an "Unknown" that changes
//     nothing is more likely a describe hiccup than a rebalance.
//   - Settled → settled with other members or another assignment: a rebalance began and
//     finished between the two polls (bounds: both poll times).
//   - A group seen rebalancing at its first look has no "before" and is not recorded.
//     A group missing from a poll forgets its track (deleted groups come back as new).
//   - Trigger: members joined / left by member id; "assignment changed" when the members
//     are the same but a partition changed owner. Several polls' worth of changes between
//     two settled polls count as one rebalance: Lagscope cannot see more.
//
// Thread: a RebalanceDetector belongs to one poller thread; the functions are reentrant.
// Its state survives a restart through state()/seed(QJsonObject) (the poller keeps it in a
// file next to the history).

#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"
#include "model/Rebalance.h"

#include <QJsonObject>

#include <map>
#include <optional>
#include <utility>
#include <vector>

namespace lagscope {

struct RebalanceTrack {
    bool hasSettled = false;
    QDateTime settledAt;
    std::vector<GroupMember> settledMembers;
    bool open = false;          // rebalancing states seen since settledAt
    bool sawNamedState = false; // one of them was a named rebalance state (not Unknown)
    QDateTime firstRebalancingAt;
    QDateTime lastRebalancingAt;
    QStringList statesSeen;
};

enum class GroupPhase {
    Settled,
    Rebalancing,
    Ignored
};
GroupPhase groupPhase(const QString &state, const QString &type);

struct RebalanceStep {
    RebalanceTrack track;
    std::optional<Rebalance> completed;
};

// One poll of one group. Leaves cluster and group of the rebalance empty: the caller knows them.
RebalanceStep stepRebalance(const RebalanceTrack &track, const GroupState &group, const QDateTime &pollTime);

// Members and partition moves between two member lists (sorted outputs); trigger flags.
Rebalance compareMembership(const std::vector<GroupMember> &before, const std::vector<GroupMember> &after);

// The event-log entry of a completed rebalance (kind Rebalance, time endBy, subject and group
// the group id, Warning when it may have paused consumption for over 30 s, else Info).
ClusterEvent rebalanceEvent(const Rebalance &r);

class RebalanceDetector {
public:
    // Feed every reachable poll of one cluster, in order; unreachable polls are skipped
    // (their data is the last good poll's). Returns the rebalances completed at this poll,
    // ordered by group id.
    std::vector<Rebalance> update(const ClusterSnapshot &snapshot);

    // Rebalances of `group` that ended (endBy) within the hour up to `now`, as seen by this
    // detector plus those given to seed() (history from before a restart).
    int perHour(const QString &group, const QDateTime &now) const;
    void seed(const QString &group, const std::vector<QDateTime> &endTimes);

    // Restart: state() is everything the detector knows (tracks and the hour's end times) as
    // JSON; seed(state) on a new detector continues from it, so a restart neither invents nor
    // loses a rebalance. A rebalance open at shutdown completes at the first settled poll
    // after the restart (ending after the last rebalancing poll before it); members or an
    // assignment that changed while Lagscope was not running make one rebalance bounded by
    // the last settled poll before and the first poll after; an unchanged group records
    // nothing; a group gone meanwhile is forgotten, as in a running detector.
    QJsonObject state() const;
    // Replaces the detector's state; false (and nothing changed) when `state` is not one.
    bool seed(const QJsonObject &state);
    // True once after each poll that changed the state other than by the time of a group's
    // last settled or last rebalancing poll moving on: when to save it. A state saved only
    // then, rather than at shutdown (a crash), bounds the next rebalance by an earlier poll:
    // looser, still true.
    bool takeChanged() { return std::exchange(m_changed, false); }

private:
    std::map<QString, RebalanceTrack> m_tracks;
    std::map<QString, std::vector<QDateTime>> m_recentEnds; // oldest first, pruned to an hour
    bool m_changed = false;
};

} // namespace lagscope
