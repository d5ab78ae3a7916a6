#pragma once
// Exact failover translation: finds where the group's position on the from-cluster lies in
// the replicated partition on the to-cluster by comparing record contents, not offsets.
//
// MirrorMaker keeps each record's timestamp, key, value and headers and the order within a
// partition. The group's position is the ANCHOR, the first record at or after the committed
// offset C that still exists on the source (compaction may have removed C itself); the
// answer is the anchor's replica, or, when the anchor is not replicated yet, one past the
// replica of the record before it.
//
// Identical records (same content) are told apart by their place in their run: the source
// is read back to the record before the run, so the anchor is the k-th of its run, and a
// target position is a candidate only where a run starts the same way and the anchor is its
// k-th record. A run of records around the anchor is compared index by index (the strict
// match); when compaction left different neighbours on the two sides, the record itself and
// its run position decide (the relaxed match).
//
// Candidates lie between `searchFrom` (the conservative offset-sync estimate, never past the
// truth) and an upper bound counted from the newest offset sync at or below the anchor over
// the target records actually read, so holes in either log do not mislead it. The EARLIEST
// candidate wins: when several remain the result is flagged ambiguous and may re-read, it
// never skips.
//
// Pure function over records already read; FailoverGather.cpp reads them.

#include "actions/FailoverPlan.h"

#include <vector>

namespace lagscope::failover {

struct MatchInput {
    qint64 committed = 0; // C, on the from-cluster
    // Records of the from-partition in offset order: from before C (back to the record before
    // the anchor's run where possible) to runAfter records at or after C.
    std::vector<RawRecord> source;
    bool sourceFromLogStart = false; // nothing exists before source.front()
    // Records of the to-partition in offset order, read from some offset on.
    std::vector<RawRecord> target;
    bool targetAtEnd = false;        // `target` reaches the partition's end
    bool targetFromLogStart = false; // nothing exists before target.front()
    qint64 searchFrom = 0;           // candidates at lower offsets are not considered
    std::vector<OffsetPair> syncs;   // the partition's offset syncs (from, to), any order
    int runBefore = 3;
    int runAfter = 3;
};

ReplicaMatch matchReplica(const MatchInput &input);

// Highest offset the replica of the source record at `offset` (a record that exists) can
// have, from the syncs and the target records read; -1 when nothing bounds it.
qint64 replicaUpperBound(const MatchInput &input, qint64 offset);

} // namespace lagscope::failover
