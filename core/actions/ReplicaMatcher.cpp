#include "actions/ReplicaMatcher.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace lagscope::failover {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ReplicaMatcherText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ReplicaMatcher)
};

using Records = std::vector<RawRecord>;

// First index of the run of records identical to r[i] that contains i.
qsizetype runStart(const Records &r, qsizetype i)
{
    while (i > 0 && sameContent(r[size_t(i - 1)], r[size_t(i)]))
        --i;
    return i;
}

qsizetype runEnd(const Records &r, qsizetype i) // one past the run's last index
{
    const qsizetype n = qsizetype(r.size());
    while (i + 1 < n && sameContent(r[size_t(i + 1)], r[size_t(i)]))
        ++i;
    return i + 1;
}

// The source record whose replica the answer is (or one past, `after`), and its run.
struct Pivot {
    qsizetype index = 0;
    bool after = false;
    qsizetype runStart = 0;
    bool runStartSeen = false; // the record before the run was read, or there is none
};

struct Search {
    std::vector<qsizetype> candidates; // target indexes of the pivot's replica
    bool relaxed = false;
    int compared = 0; // records compared at the first candidate
};

class Matcher {
public:
    explicit Matcher(const MatchInput &in) : m_in(in), s(in.source), t(in.target) { }

    Search search(const Pivot &pv, qint64 upper) const
    {
        Search out;
        for (qsizetype j = 0; j < qsizetype(t.size()); ++j)
            if (inRange(pv, j, upper))
                if (const int n = strict(pv, j); n > 0) {
                    if (out.candidates.empty())
                        out.compared = n;
                    out.candidates.push_back(j);
                }
        if (!out.candidates.empty())
            return out;
        out.relaxed = true;
        for (qsizetype j = 0; j < qsizetype(t.size()); ++j)
            if (inRange(pv, j, upper) && relaxed(pv, j))
                out.candidates.push_back(j);
        out.compared = out.candidates.empty() ? 0 : 1;
        return out;
    }

    qint64 result(const Pivot &pv, qsizetype j) const { return t[size_t(j)].offset + (pv.after ? 1 : 0); }

private:
    bool inRange(const Pivot &pv, qsizetype j, qint64 upper) const
    {
        const qint64 r = result(pv, j);
        return r >= m_in.searchFrom && (upper < 0 || t[size_t(j)].offset <= upper);
    }

    // Records compared when the pivot's replica is t[j], index by index over a window from
    // the record before the pivot's run (or runBefore records) to runAfter past the pivot;
    // 0 when any differs.
    int strict(const Pivot &pv, qsizetype j) const
    {
        const qsizetype p = pv.index;
        const qsizetype n = qsizetype(s.size());
        qsizetype lo = std::max<qsizetype>(0, p - m_in.runBefore);
        if (pv.runStartSeen)
            lo = std::min(lo, std::max<qsizetype>(0, pv.runStart - 1));
        const qsizetype hi = pv.after ? p + 1 : std::min(n, p + m_in.runAfter);
        const qsizetype size = qsizetype(t.size());
        int compared = 0;
        for (qsizetype i = lo; i < hi; ++i) {
            const qsizetype k = j + (i - p);
            if (k < 0) {
                if (!m_in.targetFromLogStart)
                    return 0; // not read: cannot tell
                continue;     // deleted by retention on the target
            }
            if (k >= size) {
                if (!(m_in.targetAtEnd && i > p))
                    return 0;
                continue; // not replicated yet (only records past the pivot may be missing)
            }
            if (!sameContent(t[size_t(k)], s[size_t(i)]))
                return 0;
            ++compared;
        }
        return compared;
    }

    // The pivot's content at t[j], at the same place in its run when the run's start is known.
    bool relaxed(const Pivot &pv, qsizetype j) const
    {
        const RawRecord &r = s[size_t(pv.index)];
        if (!sameContent(t[size_t(j)], r))
            return false;
        if (!pv.runStartSeen)
            return true;
        const qsizetype k = pv.index - pv.runStart;
        const qsizetype start = j - k;
        if (start < 0)
            return false;
        for (qsizetype i = start; i < j; ++i)
            if (!sameContent(t[size_t(i)], r))
                return false;
        if (start == 0)
            return m_in.targetFromLogStart;
        return !sameContent(t[size_t(start - 1)], r);
    }

    const MatchInput &m_in;
    const Records &s;
    const Records &t;
};

} // namespace

bool sameContent(const RawRecord &a, const RawRecord &b)
{
    // Null and empty differ (a null key is not an empty key), as on the wire.
    return a.timestampMs == b.timestampMs && a.key.isNull() == b.key.isNull() && a.key == b.key
           && a.value.isNull() == b.value.isNull() && a.value == b.value && a.headers == b.headers;
}

qint64 replicaUpperBound(const MatchInput &in, qint64 offset)
{
    qint64 upper = std::numeric_limits<qint64>::max();
    const OffsetPair *below = nullptr;
    for (const OffsetPair &sync : in.syncs) {
        if (sync.from >= offset)
            upper = std::min(upper, sync.to); // order is kept and the record exists
        else if (!below || sync.from > below->from)
            below = &sync;
    }
    // Between the sync's replica and the record's replica lie at most `offset - from` target
    // records (the replicas of what the source held in between when it was copied), whatever
    // compaction removed since: count the records actually read, not offsets.
    const Records &t = in.target;
    if (below && !t.empty() && (t.front().offset <= below->to || in.targetFromLogStart)) {
        const auto first =
            std::lower_bound(t.begin(), t.end(), below->to, [](const RawRecord &r, qint64 o) { return r.offset < o; });
        const qint64 index = qint64(first - t.begin()) + (offset - below->from);
        if (index < qint64(t.size()))
            upper = std::min(upper, t[size_t(index)].offset);
    }
    return upper == std::numeric_limits<qint64>::max() ? -1 : upper;
}

ReplicaMatch matchReplica(const MatchInput &in)
{
    ReplicaMatch out;
    out.targetRecordsRead = qint64(in.target.size());
    const Records &s = in.source;
    const Records &t = in.target;
    const qsizetype n = qsizetype(s.size());
    if (n == 0) {
        out.kind = ReplicaMatch::NoSourceRecords;
        out.note = ReplicaMatcherText::tr("no records around offset %1 on the source").arg(in.committed);
        return out;
    }
    const qsizetype a =
        std::find_if(s.begin(), s.end(), [&](const RawRecord &r) { return r.offset >= in.committed; }) - s.begin();
    if (a < n)
        out.anchorOffset = s[size_t(a)].offset;
    auto pivotAt = [&](qsizetype index, bool after) {
        Pivot pv;
        pv.index = index;
        pv.after = after;
        pv.runStart = runStart(s, index);
        pv.runStartSeen = pv.runStart > 0 || in.sourceFromLogStart;
        return pv;
    };
    const Matcher matcher(in);
    Pivot pv;
    Search found;
    qint64 upper = -1;
    if (a < n) {
        pv = pivotAt(a, false);
        upper = replicaUpperBound(in, s[size_t(a)].offset);
        found = matcher.search(pv, upper);
    }
    // The anchor is not on the target yet (or there is none: C is the source's end): one
    // past the replica of the last record before C, once the target was read to its end.
    if (found.candidates.empty() && a > 0 && (a == n || in.targetAtEnd)) {
        pv = pivotAt(a - 1, true);
        upper = replicaUpperBound(in, s[size_t(a - 1)].offset);
        found = matcher.search(pv, upper);
        // With an anchor on the source, only "not replicated yet" explains its absence when
        // nothing follows the previous record's replica; otherwise the contents differ.
        if (a < n)
            std::erase_if(found.candidates, [&](qsizetype j) { return j + 1 != qsizetype(t.size()); });
    }
    if (found.candidates.empty()) {
        out.kind = ReplicaMatch::NotFound;
        out.note =
            ReplicaMatcherText::tr("no replica of the records around offset %1 among %2 target records from offset %3")
                .arg(in.committed)
                .arg(t.size())
                .arg(t.empty() ? in.searchFrom : t.front().offset);
        return out;
    }
    const qsizetype j = found.candidates.front();
    out.kind = ReplicaMatch::Found;
    out.newOffset = matcher.result(pv, j);
    out.lastCandidate = matcher.result(pv, found.candidates.back());
    out.candidates = int(found.candidates.size());
    out.anchorReplicated = !pv.after;
    out.runLength = found.compared;
    out.upperBound = upper < 0 ? -1 : upper + (pv.after ? 1 : 0);
    // Every place the truth can be was read: the target up to the bound, or to its end.
    const bool complete = in.targetAtEnd || (upper >= 0 && !t.empty() && t.back().offset >= upper);
    out.complete = complete;
    out.ambiguous = out.candidates > 1 || !complete;

    const RawRecord &r = s[size_t(pv.index)];
    const qsizetype runLength = runEnd(s, pv.index) - pv.runStart;
    out.note = pv.after ? ReplicaMatcherText::tr("one past record %1's replica at %2, the last record before %3")
                              .arg(r.offset)
                              .arg(t[size_t(j)].offset)
                              .arg(in.committed)
                        : ReplicaMatcherText::tr("record %1 is replicated at %2").arg(r.offset).arg(out.newOffset);
    if (runLength > 1 && pv.runStartSeen)
        out.note += ReplicaMatcherText::tr(" (record %1 of a run of %2%3 identical records)")
                        .arg(pv.index - pv.runStart + 1)
                        .arg(pv.runStart + runLength == n ? QStringLiteral("at least ") : QString())
                        .arg(runLength);
    out.note += found.relaxed ? ReplicaMatcherText::tr(
                    "; its neighbours differ on the two sides (compaction), matched on the record itself")
                              : ReplicaMatcherText::tr("; %1 records compared").arg(found.compared);
    if (out.candidates > 1)
        out.note += ReplicaMatcherText::tr("; ambiguous: earliest of %1 candidates up to %2")
                        .arg(out.candidates)
                        .arg(out.lastCandidate);
    else if (!complete)
        out.note += ReplicaMatcherText::tr("; ambiguous: the target was not read up to every place the record can be");
    return out;
}

} // namespace lagscope::failover
