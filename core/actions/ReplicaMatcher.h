#pragma once
// Exact failover translation: finds where the group's position on the from-cluster lies in
// the replicated partition on the to-cluster by comparing record contents, not offsets.
//
// MirrorMaker keeps each record's timestamp, key, value and headers and the order within a
// partition, so the records just before and at the committed offset C appear, in the same
// order, in the remote partition. A run of them (not a single record) is matched, so that
// identical records do not make a false match likely. Candidates are only taken at or
// after `searchFrom`, the conservative offset-sync estimate (never past the true position),
// and the EARLIEST matching candidate wins: when runs repeat, the result re-reads records,
// it never skips them.
//
// Pure function over records already read; FailoverGather.cpp reads them.

#include "actions/FailoverPlan.h"

#include <vector>

namespace lagscope::failover {

struct MatchInput {
    qint64 committed = 0; // C, on the from-cluster
    // Records of the from-partition around C, in offset order: up to runBefore before C and
    // runAfter at or after it (fewer where the log has none).
    std::vector<RawRecord> source;
    // Records of the to-partition in offset order, read from some offset on.
    std::vector<RawRecord> target;
    bool targetAtEnd = false;       // `target` reaches the partition's end
    bool targetFromLogStart = false; // nothing exists before target.front()
    qint64 searchFrom = 0;           // candidates at lower offsets are not considered
    int runBefore = 3;
    int runAfter = 3;
};

ReplicaMatch matchReplica(const MatchInput &input);

} // namespace lagscope::failover
