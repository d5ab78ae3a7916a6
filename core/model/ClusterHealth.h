#pragma once
// The health of one cluster as its latest snapshot shows it: one level with the reason for
// it, as the cluster tree and the status bar show it, and the counts behind it, which the
// overview page lists. Computed here once so that the views cannot disagree.
// Thread: any (a pure function of the snapshot). Ownership: a plain value.

#include "model/ClusterSnapshot.h"

#include <QString>

namespace lagscope {

enum class HealthLevel {
    Ok,
    Warning,
    Error
};

struct ClusterHealth {
    HealthLevel level = HealthLevel::Ok;
    // One line for a person, the most serious first: the authentication failure, "Unreachable
    // since 10:04:05", or what is wrong, errors before warnings ("broker 3 offline, broker 2
    // fenced, 3 offline partition(s), controller voter 3 lost, 2 under-replicated"), or "OK".
    QString reason;

    int brokers = 0;
    int brokersOnline = 0;
    int partitions = 0;
    int underReplicated = 0;
    int offlinePartitions = 0;

    int brokersDown() const { return brokers - brokersOnline; }
};

// The level goes by what the last poll could see. Unreachable (an authentication failure
// named as such) is an error whatever the old data says. Errors: a broker Offline or Fenced, a
// controller quorum without a leader, a partition without a leader. Warnings: a broker
// Unreachable or Stopping, a controller voter Lost or Lagging, under-replicated partitions
// (docs/BROKER-STATES.md). The counts are those of the snapshot's data even when it is stale.
ClusterHealth clusterHealth(const ClusterSnapshot &snapshot);

} // namespace lagscope
