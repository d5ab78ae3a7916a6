#pragma once
// One poll's worth of requests to a cluster: metadata, groups with members and committed
// offsets, log start and end offsets of every partition that has a leader. Runs on the
// caller's thread (a poller thread, or a benchmark); the result feeds buildSnapshot().

#include "monitor/SnapshotBuilder.h"
#include "util/Deadline.h"
#include "util/Result.h"

namespace lagscope {

class KafkaClient;

// Fails only when the cluster cannot be reached (metadata failed). Later stages that fail
// are listed in PollResult::errors; lastGood (may be null) supplies the groups then, so a
// transient failure does not make every group look gone.
Result<PollResult> gatherPoll(KafkaClient &client, Deadline deadline, const ClusterSnapshot *lastGood);

} // namespace lagscope
