// Replica run matching (ReplicaMatcher.h), the pure part of the failover translation that
// finds the committed record's replica on the target: a run of identical records, the
// bound counted from offset syncs, and ambiguity until every place was read. Each row states
// its case in its name.
#include "TableRows.h"
#include "actions/ReplicaMatcher.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::failover;
using namespace lagscope::test;

namespace {

// A record whose content is `tag`; equal tags (and timestamps) are identical records.
RawRecord rec(qint64 offset, const char *tag, qint64 ts = 1000)
{
    RawRecord r;
    r.offset = offset;
    r.timestampMs = ts;
    r.key = QByteArray("k-") + tag;
    r.value = QByteArray("v-") + tag;
    return r;
}

// Records at consecutive offsets from `first`, one per tag ("a b c").
std::vector<RawRecord> run(qint64 first, const char *tags)
{
    std::vector<RawRecord> out;
    for (const QByteArray &t : QByteArray(tags).split(' '))
        out.push_back(rec(first++, t.constData()));
    return out;
}

struct MatchRow {
    const char *name;
    MatchInput in;
    ReplicaMatch::Kind kind;
    qint64 newOffset;
    int candidates;
    bool anchorReplicated;
};

std::vector<MatchRow> matchRows()
{
    std::vector<MatchRow> rows;
    auto add = [&](const char *name, std::vector<RawRecord> source, std::vector<RawRecord> target, qint64 c,
                   qint64 searchFrom, bool atEnd, ReplicaMatch::Kind kind, qint64 offset, int candidates,
                   bool anchorReplicated) {
        MatchInput in;
        in.source = std::move(source);
        in.target = std::move(target);
        in.committed = c;
        in.searchFrom = searchFrom;
        in.targetAtEnd = atEnd;
        rows.push_back({name, std::move(in), kind, offset, candidates, anchorReplicated});
    };
    using K = ReplicaMatch;
    add("replica of C found (downstream = upstream - 2)", run(7, "a b c d e f"), run(5, "a b c d e f g"), 10, 7, true,
        K::Found, 8, 1, true);
    add("C not replicated yet: one past the replica of C-1", run(7, "a b c d e f"), run(5, "a b c"), 10, 7, true,
        K::Found, 8, 1, false);
    add("C not replicated and the target window was cut: not found", run(7, "a b c d e f"), run(5, "a b c"), 10, 7,
        false, K::NotFound, -1, 0, false);
    add("C is the source's log end", run(7, "a b c"), run(5, "a b c"), 10, 5, true, K::Found, 8, 1, false);
    add("identical records, run start not read: earliest candidate at the search start", run(7, "x x x x x x"),
        run(0, "x x x x x x x x x x x x x x x x x x x x"), 10, 5, true, K::Found, 5, 15, true);
    add("identical records before the search start are not candidates", run(10, "x x x x"),
        run(0, "x x x x x x x x x x"), 12, 6, true, K::Found, 6, 4, true);
    add("run disambiguates identical single records (anchor y)", run(100, "x x x y z x"),
        run(50, "x x x x x x x y z x x"), 103, 50, true, K::Found, 57, 1, true);
    // The x run's start is not in the source window: "x x x y" fits at 55 and, with the
    // rest not replicated yet, at the target's last x.
    add("run disambiguates identical single records (anchor x before y)", run(100, "x x x y z x"),
        run(50, "x x x x x x x y z x x"), 101, 50, true, K::Found, 55, 2, true);
    // A run of 10 identical x after "a" on both sides; C is its 4th record. The target has
    // another x run (after "z") first: only the run that starts after "a" lines up.
    add("long identical run: the anchor's place in its run decides", run(100, "a x x x x x x x x x x b"),
        run(40, "z x x x x x x x x x x x a x x x x x x x x x x b"), 104, 40, true, K::Found, 56, 1, true);
    add("identical run seen whole on the source, shifted on the target: its 4th record",
        run(100, "a x x x x x x x x x x b"), run(70, "a x x x x x x x x x x b c"), 104, 70, true, K::Found, 74, 1,
        true);

    // Compacted on both sides at different times: b is gone on the target only, so the run
    // around c differs; c itself is there once.
    add("compacted differently on each side: matched on the record itself",
        {rec(10, "a"), rec(13, "b"), rec(20, "c"), rec(21, "d")}, {rec(3, "a"), rec(5, "c"), rec(6, "d"), rec(7, "e")},
        15, 3, true, K::Found, 5, 1, true);
    // C = 12 lies in a gap the cleaner made on the source after MirrorMaker copied 11..29:
    // their replicas are still on the target, the anchor is record 30.
    add("commit in a gap removed after copying: the next record's replica", {rec(10, "a"), rec(30, "e")},
        run(0, "a b c d e"), 12, 1, true, K::Found, 4, 1, true);
    add("no source records around C", {}, run(0, "a b"), 5, 0, true, K::NoSourceRecords, -1, 0, false);
    add("C = 0 at the start of both logs", run(0, "a b c"), run(0, "a b c"), 0, 0, true, K::Found, 0, 1, true);
    add("different content: not found", run(7, "a b c d"), run(5, "p q r s"), 9, 5, true, K::NotFound, -1, 0, false);

    // Compacted upstream: offsets 10 13 20 21 25 land contiguously at 3..7; C = 15 falls in
    // a gap, so the anchor is record 20.
    std::vector<RawRecord> compacted = {rec(10, "a"), rec(13, "b"), rec(20, "c"), rec(21, "d"), rec(25, "e")};
    add("compacted upstream: C in a gap, anchor is the next record", compacted, run(3, "a b c d e"), 15, 3, true,
        K::Found, 5, 1, true);

    // The same key and value with another timestamp or header is another record.
    std::vector<RawRecord> otherTs = run(5, "a b c d");
    otherTs[2].timestampMs = 2000;
    add("timestamp differs: not found", run(7, "a b c d"), otherTs, 9, 5, true, K::NotFound, -1, 0, false);
    std::vector<RawRecord> withHeader = run(7, "a b c d");
    withHeader[2].headers.emplace_back("trace", "1");
    add("headers differ: not found", withHeader, run(5, "a b c d"), 9, 5, true, K::NotFound, -1, 0, false);
    std::vector<RawRecord> bothHeaders = run(5, "a b c d");
    bothHeaders[2].headers.emplace_back("trace", "1");
    add("same headers: found", withHeader, bothHeaders, 9, 5, true, K::Found, 7, 1, true);
    return rows;
}

// The bound counts target records from the newest sync below, so holes in the target's
// offsets (compaction there) do not make it too low.
struct BoundRow {
    const char *name;
    std::vector<OffsetPair> syncs;
    std::vector<qint64> targetOffsets;
    qint64 offset;
    qint64 upper;
};

std::vector<BoundRow> boundRows()
{
    return {
        {"contiguous target: sync + distance", {{100, 50}}, {50, 51, 52, 53, 54, 55}, 103, 53},
        {"holes in the target: the 3rd record after the sync's replica", {{100, 50}}, {50, 52, 55, 56, 60}, 103, 56},
        {"sync's replica itself removed on the target", {{100, 50}}, {48, 52, 55, 56, 60, 61}, 102, 56},
        {"a sync at or past the record bounds it from above", {{100, 50}, {104, 54}}, {50, 51, 52, 53, 54}, 103, 53},
        {"too few target records read: only syncs above", {{100, 50}}, {50, 51}, 103, -1},
        {"target window starts after the sync's replica: no count", {{100, 50}}, {52, 53, 54, 55}, 101, -1},
    };
}

} // namespace

class TestReplicaMatcher final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matcher_data() { addRowNumbers(matchRows()); }

    void matcher()
    {
        QFETCH(int, row);
        const MatchRow r = matchRows()[size_t(row)];
        const ReplicaMatch m = matchReplica(r.in);
        QCOMPARE(int(m.kind), int(r.kind));
        if (r.kind != ReplicaMatch::Found)
            return;
        QCOMPARE(m.newOffset, r.newOffset);
        QCOMPARE(m.candidates, r.candidates);
        QCOMPARE(m.anchorReplicated, r.anchorReplicated);
        QVERIFY(m.newOffset >= r.in.searchFrom);
    }

    void upperBound_data() { addRowNumbers(boundRows()); }

    void upperBound()
    {
        QFETCH(int, row);
        const BoundRow r = boundRows()[size_t(row)];
        MatchInput in;
        in.syncs = r.syncs;
        for (qint64 o : r.targetOffsets)
            in.target.push_back(rec(o, "t"));
        QCOMPARE(replicaUpperBound(in, r.offset), r.upper);
    }

    // A match is only unambiguous once every place the record can be was read: up to the
    // counted bound, or the target's end.
    void ambiguousUntilEveryPlaceWasRead()
    {
        MatchInput in;
        in.committed = 102;
        in.source = run(100, "a b c d");
        in.target = run(50, "a b c d e f");
        in.searchFrom = 51;
        in.syncs = {{100, 50}};
        ReplicaMatch m = matchReplica(in);
        QCOMPARE(int(m.kind), int(ReplicaMatch::Found));
        QCOMPARE(m.newOffset, qint64(52));
        QCOMPARE(m.upperBound, qint64(52));
        QVERIFY(m.complete);
        QVERIFY(!m.ambiguous);
        in.syncs.clear(); // nothing bounds it, and the target was not read to its end
        m = matchReplica(in);
        QCOMPARE(m.newOffset, qint64(52));
        QVERIFY(!m.complete);
        QVERIFY(m.ambiguous);
        QVERIFY(m.note.contains(QStringLiteral("ambiguous")));
    }
};

QTEST_GUILESS_MAIN(TestReplicaMatcher)
#include "tst_replicamatcher.moc"
