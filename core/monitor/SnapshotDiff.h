#pragma once
// The snapshot diff: what changed between two polls of one cluster, as events for the
// history store, the event log and tray alerts. Pure: no I/O, no clock, no state; call it
// from any thread. The caller (the cluster's poller) keeps the snapshots it passes.

#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"

#include <vector>

namespace lagscope {

// Why two "previous" snapshots: a failed poll has no data worth comparing (its broker and
// group lists are empty or stale), so it must never make every broker look "offline". Data
// is therefore compared with the last poll that reached the cluster, while the
// reachable/unreachable transition is judged from the poll right before `current`.
//
// previousPoll:  the poll immediately before `current`, reachable or not; null on the
//                first poll of a cluster. When it is null the only possible event is
//                ClusterUnreachable (if `current` failed): a first look is not a change.
// lastReachable: the latest poll before `current` with reachable == true; null if there
//                was none. Only consulted when previousPoll itself is unreachable — when
//                previousPoll is reachable it *is* the last reachable poll and is used.
// current:       the new poll. Every event gets time = current.takenAt and
//                cluster = current.cluster.
//
// Rules:
//   - current unreachable: ClusterUnreachable (Error) if previousPoll was reachable or null,
//     nothing else (current's data is not trusted).
//   - current reachable after an unreachable previousPoll: ClusterReachable (Info), then the
//     data rules below against lastReachable (nothing more when there is none).
//   - brokers by id: to Offline → BrokerOffline (Error), to Unreachable → BrokerUnreachable
//     (Warning), to Online → BrokerOnline (Info). A broker that is new and Online (or
//     Unreachable) gets the matching event; one that vanished from the list altogether
//     while Online/Unreachable counts as gone offline.
//   - controller id changed, both known (>= 0): ControllerChanged (Warning).
//   - partitions of topics present in both polls: to offline (no leader) → PartitionOffline
//     (Error); to under-replicated with a leader → PartitionUnderReplicated (Warning);
//     to a leader with full ISR → PartitionInSync (Info). One event per partition.
//   - groups by id: GroupAppeared / GroupDisappeared (Info); GroupStateChanged (Warning
//     when the new state is a rebalance state or Dead, else Info); MemberJoined / MemberLeft
//     (Info, one per member); AssignmentChanged (Info, one per group) when any member present
//     in both polls owns a different set of partitions; LagStatusChanged (Info back to OK,
//     Error to STOP/ERR, else Warning) when the group's lag verdict changed status, with
//     the new reason.
//
// Subjects: "broker 2", "controller", "orders-3" (topic-partition), the group id, the cluster
// name for the cluster events; untranslated, as they are keys for filters. Messages are one
// translated line for a person.
//
// Order (deterministic, so whole vectors can be compared): the cluster event, brokers by
// numeric id, the controller, partitions by topic then partition number, groups by id.
// Within a group: appeared/disappeared, state, members joined (by member id), members left
// (by member id), assignment, lag status.
//
// Cost: O(n log n) in brokers, partitions, groups and members — sorted merges, no nested
// scans — so thousands of partitions and hundreds of groups per poll are cheap.
std::vector<ClusterEvent> diffSnapshots(const ClusterSnapshot *previousPoll, const ClusterSnapshot *lastReachable,
                                        const ClusterSnapshot &current);

// True for the group states during which consumption pauses for a rebalance
// (PreparingRebalance, CompletingRebalance, and KIP-848's Assigning, Reconciling).
bool isRebalanceState(const QString &state);

} // namespace lagscope
