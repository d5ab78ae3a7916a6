#include "actions/ReplicaMatcher.h"

#include <algorithm>

namespace lagscope::failover {

bool sameContent(const RawRecord &a, const RawRecord &b)
{
    // Null and empty differ (a null key is not an empty key), as on the wire.
    return a.timestampMs == b.timestampMs && a.key.isNull() == b.key.isNull() && a.key == b.key
           && a.value.isNull() == b.value.isNull() && a.value == b.value && a.headers == b.headers;
}

ReplicaMatch matchReplica(const MatchInput &in)
{
    ReplicaMatch out;
    out.targetRecordsRead = qint64(in.target.size());
    const auto &s = in.source;
    const auto &t = in.target;
    const qsizetype n = qsizetype(s.size());
    // a: index of the anchor, the first source record at or after C (n: none in the window).
    const qsizetype a = std::find_if(s.begin(), s.end(), [&](const RawRecord &r) { return r.offset >= in.committed; })
                        - s.begin();
    const qsizetype lo = std::max<qsizetype>(0, a - in.runBefore);
    const qsizetype hi = std::min<qsizetype>(n, a + in.runAfter);
    if (lo >= hi) {
        out.kind = ReplicaMatch::NoSourceRecords;
        out.note = QStringLiteral("no records around offset %1 on the source").arg(in.committed);
        return out;
    }
    const qsizetype size = qsizetype(t.size());

    // Candidate j: the index in `target` where the anchor's replica is (j == size: the anchor
    // is not replicated yet, or there is no anchor and the run ends at the target's end).
    for (qsizetype j = 0; j <= size; ++j) {
        qint64 result = -1;
        if (a < n && j < size)
            result = t[size_t(j)].offset;
        else if (j >= 1)
            result = t[size_t(j - 1)].offset + 1;
        else
            continue;
        if (result < in.searchFrom)
            continue;
        int compared = 0;
        bool ok = true;
        for (qsizetype i = lo; i < hi && ok; ++i) {
            const qsizetype k = j + (i - a);
            if (k < 0) {
                ok = in.targetFromLogStart; // deleted by retention on the target: cannot compare
                continue;
            }
            if (k >= size) {
                ok = in.targetAtEnd && i >= a; // not replicated yet (only records at or after C may be missing)
                continue;
            }
            ok = sameContent(t[size_t(k)], s[size_t(i)]);
            ++compared;
        }
        if (!ok || compared == 0)
            continue;
        ++out.candidates;
        out.lastCandidate = result;
        if (out.kind == ReplicaMatch::Found)
            continue;
        out.kind = ReplicaMatch::Found;
        out.newOffset = result;
        out.anchorReplicated = a < n && j < size;
        out.runLength = compared;
    }
    if (out.kind != ReplicaMatch::Found) {
        out.kind = ReplicaMatch::NotFound;
        out.note = QStringLiteral("no replica of the records around offset %1 among %2 target records from offset %3")
                       .arg(in.committed)
                       .arg(size)
                       .arg(t.empty() ? in.searchFrom : t.front().offset);
        return out;
    }
    out.note = out.anchorReplicated
                   ? QStringLiteral("record %1 is replicated at %2 (run of %3 records)")
                         .arg(a < n ? s[size_t(a)].offset : in.committed)
                         .arg(out.newOffset)
                         .arg(out.runLength)
                   : QStringLiteral("one past the replica of the last record before %1 (run of %2 records)")
                         .arg(in.committed)
                         .arg(out.runLength);
    if (out.candidates > 1)
        out.note += QStringLiteral("; %1 identical runs, the earliest taken").arg(out.candidates);
    return out;
}

} // namespace lagscope::failover
