#pragma once
// How each voter of the KRaft controller quorum keeps up, as its leader reports it
// (DescribeQuorum), and the events between two polls: the leader changed, a voter fell
// behind, was lost, or caught up again. docs/BROKER-STATES.md has the rules. Pure.

#include "model/ClusterEvent.h"
#include "model/QuorumInfo.h"

#include <vector>

namespace lagscope {

enum class VoterHealth {
    CaughtUp, // fetching, and had all of the log recently
    Lagging,  // fetching, but has not had all of the log for kVoterLaggingMs
    Lost,     // no fetch for kVoterLostMs, or never (as far as this leader knows)
};

// Twice Kafka's controller.quorum.fetch.timeout.ms (2 s): a follower that has not fetched
// for that long has also started an election of its own, or is gone.
inline constexpr qint64 kVoterLostMs = 5000;
// A follower fetches continuously and the leader appends a record at least every
// metadata.max.idle.interval.ms (500 ms), so a healthy one is caught up within a second.
inline constexpr qint64 kVoterLaggingMs = 5000;

// The leader's clock now: the latest fetch it recorded of any replica (Kafka 4.x records its
// own as now), so that the Lagscope host's clock never enters; -1 when it recorded none.
qint64 quorumClockMs(const QuorumInfo &quorum);

// The leader itself is always CaughtUp.
VoterHealth voterHealth(const QuorumInfo &quorum, const QuorumReplica &voter);
QString voterHealthName(VoterHealth health);
// "no fetch for 12 s", "1,204 records behind, caught up 7 s ago", "caught up".
QString voterHealthReason(const QuorumInfo &quorum, const QuorumReplica &voter);

// Events of the change from `before` to `after` (either may be unreadable: nullptr).
void appendQuorumEvents(const QuorumInfo *before, const QuorumInfo *after, const QDateTime &time,
                        const QString &cluster, std::vector<ClusterEvent> &out);

} // namespace lagscope
