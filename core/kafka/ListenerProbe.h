#pragma once
// A plain TCP connect to brokers' listeners, all at once, closed as soon as it is answered:
// whether a fenced broker's process is still alive (a paused or cut-off broker's kernel still
// accepts; a stopped one's refuses). Nothing is sent, so no protocol or security setting
// matters. Blocks the calling thread (a poller's) until every probe answered or the deadline.

#include "model/ClusterMetadata.h"
#include "util/Deadline.h"

#include <map>
#include <vector>

namespace lagscope {

enum class ListenerAnswer {
    Accepted, // something listens: the process is alive (perhaps paused)
    Refused,  // nothing listens there: the broker process is not running
    Silent,   // no answer by the deadline (host down or cut off): nobody can tell
};

std::map<int, ListenerAnswer> probeListeners(const std::vector<BrokerInfo> &brokers, Deadline deadline);

} // namespace lagscope
