#pragma once
// One consumer-group rebalance as Lagscope saw it from its polls. Plain value: produced by
// the rebalance detector on a poller thread, stored in the history, shown on the group page.
//
// Lagscope only sees the group at poll times, so start and end are each known to lie
// between two poll times, and the duration between a lower and an upper bound. Nothing here
// pretends to more precision than that.

#include "model/TopicPartition.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <vector>

namespace lagscope {

// What changed between the membership before and after (several may apply at once).
enum RebalanceTrigger : int {
    TriggerNone = 0, // same members, same assignment: e.g. a member re-joined
    TriggerMemberJoined = 1,
    TriggerMemberLeft = 2,
    TriggerAssignmentChanged = 4, // same members, partitions changed owner
};

struct RebalanceMember {
    QString memberId;
    QString clientId;
    QString host;
    friend bool operator==(const RebalanceMember &, const RebalanceMember &) = default;
};

// A partition whose owner changed; an empty member id means "nobody".
struct PartitionMove {
    TopicPartition partition;
    QString fromMember;
    QString toMember;
    friend bool operator==(const PartitionMove &, const PartitionMove &) = default;
};

struct Rebalance {
    QString cluster;
    QString group;
    // The rebalance started after startAfter and by startBy; it ended after endAfter and by
    // endBy. All four are poll times (UTC). For a rebalance that happened entirely between
    // two polls, startAfter == endAfter and startBy == endBy.
    QDateTime startAfter;
    QDateTime startBy;
    QDateTime endAfter;
    QDateTime endBy;
    int trigger = TriggerNone; // RebalanceTrigger flags
    QStringList statesSeen;    // rebalance states observed in between, in order, e.g. PreparingRebalance
    std::vector<RebalanceMember> membersBefore; // sorted by member id
    std::vector<RebalanceMember> membersAfter;
    std::vector<PartitionMove> moves; // sorted by partition

    // Duration bounds in milliseconds: at least / at most.
    qint64 minDurationMs() const;
    qint64 maxDurationMs() const;
    bool betweenPolls() const { return startAfter == endAfter && startBy == endBy; }

    friend bool operator==(const Rebalance &, const Rebalance &) = default;
};

// "member joined", "member left, assignment changed"… (translated, for people).
QString triggerText(int trigger);
// "between 0 s and 5.2 s" (translated).
QString durationText(const Rebalance &r);
// One line for the event log: trigger, member counts, partitions moved, duration.
QString rebalanceSummary(const Rebalance &r);

} // namespace lagscope
