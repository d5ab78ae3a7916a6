#pragma once
// The exact lag of transactional topics (docs/LAG-STATUS.md, "Transactions"): which group
// partitions to read from their committed offset with read_committed, and what the reads
// found, kept per (partition, committed, log end) so that each such pair is read once.
// A transaction's commit or abort marker takes an offset of its own, and so does every
// aborted record: a consumer that got everything can stay 1–2 offsets (or a whole aborted
// transaction) short of the log end for good. Reading those offsets tells what is left.
//
// Pure: no I/O, no clock; the ClusterPoller does the reads (PartitionReader::visibleOffsets)
// between plan() and learn(). Thread: one thread at a time, the cluster's poller thread.
// Ownership: a plain value owned by the ClusterPoller (or a test).

#include "kafka/PartitionReader.h"
#include "model/ClusterSnapshot.h"

#include <cstdint>
#include <map>
#include <vector>

namespace lagscope {

struct ExactLagSettings {
    // Only a raw lag (log end − committed) up to this many offsets is read: the markers of a
    // few transactions and a small aborted transaction; one fetch reads them.
    std::int64_t maxRawLag = 100;
    // At most this many partitions are read per poll (the rest in the next polls).
    int maxPerPoll = 32;
    // The reads of one poll end by this deadline; partitions not answered are asked again in
    // the next poll (the reader keeps its connections).
    int budgetMs = 1000;
};

class ExactLag {
public:
    explicit ExactLag(ExactLagSettings settings = {}) : m_settings(settings) { }

    // What to read now: the group partitions of groups read in this poll with
    // 0 < raw lag ≤ maxRawLag and a committed offset not below the log start, whose
    // (committed, log end) pair was already seen in the previous poll (idle) and is not known
    // yet. One range per partition, from the lowest such committed offset to the log end, so
    // that one read answers every group on it; at most maxPerPoll, in partition order.
    // Forgets the pairs this poll no longer has. Call it with the snapshot as buildSnapshot()
    // made it.
    std::vector<VisibleRange> plan(const ClusterSnapshot &snapshot);

    // What the reads of `asked` found, for every idle pair in each range. A range without an
    // answer (deadline) stays to be read; an error is remembered as "nothing invisible" for
    // those pairs, not retried while they stay.
    void learn(const std::vector<VisibleRange> &asked, const std::map<TopicPartition, VisibleOffsets> &answers);

    // Writes what is known into the snapshot: per partition invisibleRecords and the lag
    // without them, per group totalLag and maxLag again. Groups not read are left alone
    // (they carry the last good poll's values).
    void apply(ClusterSnapshot &snapshot) const;

    // Pairs remembered (seen or known): bounded by the group partitions with a small lag.
    std::size_t size() const { return m_pairs.size(); }

    const ExactLagSettings &settings() const { return m_settings; }

private:
    struct Pair {
        TopicPartition partition;
        std::int64_t committed = 0;
        std::int64_t logEnd = 0;
        auto operator<=>(const Pair &) const = default;
    };
    struct Answer {
        bool known = false;
        bool idle = false; // seen in the previous poll too
        std::int64_t invisible = 0;
    };
    std::map<Pair, Answer> m_pairs;
    ExactLagSettings m_settings;
};

// How many offsets of [committed, logEnd) a read_committed consumer never receives, from a
// read that started at or before `committed`: those read past (up to where the read ended)
// that were not received. An open transaction stops the read at the last stable offset; its
// records count as lag (they may still commit). 0 for a failed read.
std::int64_t invisibleOffsets(std::int64_t committed, std::int64_t logEnd, const VisibleOffsets &read);

} // namespace lagscope
