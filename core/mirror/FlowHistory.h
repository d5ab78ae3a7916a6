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

} // namespace lagscope::mirror
