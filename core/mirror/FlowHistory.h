#pragma once
// What of a flow's snapshot the history store keeps per poll, so that the Replication page
// can chart a flow over days. Pure; usable from any thread.

#include "mirror/FlowSnapshot.h"
#include "store/HistoryStore.h"

namespace lagscope::mirror {

// Latency: the newest heartbeat's age. Checkpoint age: the oldest "newest checkpoint" among
// groups whose source commits moved past their checkpoints (what the stale verdict judges;
// an idle group's old checkpoint is current), 0 when none lags, -1 without checkpoints.
// Records behind: the sum over replicated partitions, -1 unless both clusters were read.
HistoryStore::FlowSample flowSampleOf(const FlowSnapshot &snapshot);

// Failover readiness of every group of the flow: its records to re-read (-1 when no partition
// has both a checkpoint and a commit on the source) and its committed partitions without a
// checkpoint. Empty unless both clusters were read: a poll that could not see a side knows
// neither the commits nor the checkpoints, and a gap in the chart says so better than zeros.
std::vector<HistoryStore::GroupReadiness> readinessOf(const FlowSnapshot &snapshot);

} // namespace lagscope::mirror
