#include "actions/FailoverGatherMatch.h"

#include "actions/FailoverCache.h"
#include "actions/FailoverPlanner.h"
#include "actions/ReplicaMatcher.h"
#include "mirror/MirrorRecords.h"

#include <QCoreApplication>

#include <algorithm>

namespace lagscope::failover {

namespace {

// The context of the gather's messages, shared with FailoverGather.cpp.
// The translation context of this file's strings (lupdate reads it from here).
struct FailoverGatherMatchText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverGather)
};

constexpr int kRunBefore = 3;
constexpr int kRunAfter = 3;
constexpr int kBatch = 5000;

constexpr qint64 kMaxRunLookBack = 1 << 16;
constexpr int kTargetSlack = 16;

struct SourceWindow {
    std::vector<RawRecord> records;
    bool fromLogStart = false;
};

// Source records around C: kRunAfter at or after it, and back far enough to see where the
// run of identical records holding the anchor begins (the look-back grows eightfold up to
// kMaxRunLookBack), so that the anchor's place in its run is known.
Result<SourceWindow> readSourceWindow(PartitionReader &reader, const PartitionInputs &p, Deadline deadline)
{
    const qint64 c = *p.committed;
    const qint64 logStart = std::max<qint64>(0, p.fromLogStart);
    for (qint64 back = 2 * kRunBefore;; back *= 8) {
        const qint64 start = std::max(logStart, c - back);
        auto read = reader.read(p.from, start, int(c - start) + kRunAfter, deadline);
        if (!read)
            return Result<SourceWindow>(read.error());
        SourceWindow w{std::move(read->records), start <= logStart};
        const auto &r = w.records;
        if (w.fromLogStart || r.empty() || back >= kMaxRunLookBack)
            return w;
        const auto anchor = std::find_if(r.begin(), r.end(), [&](const RawRecord &x) { return x.offset >= c; });
        const auto pivot = anchor == r.end() ? r.end() - 1 : anchor;
        if (std::any_of(r.begin(), pivot, [&](const RawRecord &x) { return !sameContent(x, *pivot); }))
            return w; // the record before the pivot's run is in the window
    }
}

} // namespace

Result<OffsetSyncs> readSyncs(PartitionReader &reader, const QString &topic, Deadline deadline)
{
    using R = Result<OffsetSyncs>;
    OffsetSyncs out;
    qint64 next = PartitionReader::kEarliest;
    while (true) {
        auto read = reader.read({topic, 0}, next, kBatch, deadline);
        if (!read)
            return R(read.error());
        if (read->topicMissing)
            return out;
        for (const RawRecord &r : read->records) {
            const auto sync = mirror::decodeOffsetSync(r.key, r.value);
            if (sync)
                applySyncInLogOrder(out[{sync->topic, sync->partition}],
                                    {sync->upstreamOffset, sync->downstreamOffset});
        }
        next = read->nextOffset;
        if (read->atEnd)
            return out;
        if (deadline.expired())
            return R::failure(FailoverGatherMatchText::tr("reading %1: the deadline passed before its end").arg(topic));
    }
}

ReplicaMatch matchPartition(PartitionReader &fromReader, PartitionReader &toReader, const PartitionInputs &p,
                            qint64 maxScan, Deadline deadline)
{
    ReplicaMatch none;
    const qint64 c = *p.committed;
    MatchInput in;
    in.committed = c;
    in.runBefore = kRunBefore;
    in.runAfter = kRunAfter;
    in.syncs = p.syncs;
    auto source = readSourceWindow(fromReader, p, deadline);
    if (!source) {
        none.kind = ReplicaMatch::NotFound;
        none.note = source.errorMessage();
        return none;
    }
    in.source = std::move(source->records);
    in.sourceFromLogStart = source->fromLogStart;
    const qint64 estimate = translateBySyncs(p.syncs, c);
    const qint64 toStart = std::max<qint64>(0, p.toLogStart);
    in.searchFrom = estimate >= 0 ? estimate : toStart;
    const qint64 windowEstimate = in.source.empty() ? -1 : translateBySyncs(p.syncs, in.source.front().offset);
    qint64 next = std::max(toStart, (windowEstimate >= 0 ? windowEstimate : toStart) - kTargetSlack);
    in.targetFromLogStart = next <= p.toLogStart;
    ReplicaMatch match;
    while (true) {
        auto read = toReader.read(p.to, next, kBatch, deadline);
        if (!read) {
            match.kind = ReplicaMatch::NotFound;
            match.note = read.errorMessage();
            return match;
        }
        in.target.insert(in.target.end(), std::make_move_iterator(read->records.begin()),
                         std::make_move_iterator(read->records.end()));
        in.targetAtEnd = read->atEnd || read->topicMissing;
        next = read->nextOffset;
        match = matchReplica(in);
        if (match.kind == ReplicaMatch::NoSourceRecords || (match.kind == ReplicaMatch::Found && match.complete)
            || in.targetAtEnd)
            return match;
        if (qint64(in.target.size()) >= maxScan || deadline.expired()) {
            match.note += FailoverGatherMatchText::tr(" (gave up after %1 records)").arg(in.target.size());
            return match;
        }
    }
}

} // namespace lagscope::failover
