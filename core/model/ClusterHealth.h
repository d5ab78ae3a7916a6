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
    // since 10:04:05", "1 broker(s) down, 3 offline partition(s)", "2 under-replicated", "OK".
    QString reason;

    int brokers = 0;
    int brokersOnline = 0;
    int partitions = 0;
    int underReplicated = 0;
    int offlinePartitions = 0;

    int brokersDown() const { return brokers - brokersOnline; }
};

// The level goes by what the last poll could see. Unreachable (an authentication failure
// named as such) is an error whatever the old data says; so is a broker down or a partition
// without a leader; under-replicated partitions are a warning. The counts are those of the
// snapshot's data even when it is stale.
ClusterHealth clusterHealth(const ClusterSnapshot &snapshot);

} // namespace lagscope
