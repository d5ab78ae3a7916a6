// The failover translation, pure parts: replica run matching (ReplicaMatcher.h), the
// planner's choice between exact / offset-sync / checkpoint / fallback, the never-skip
// rule, and the preflight verdicts. Each row states its case in its name.
#include "actions/FailoverCache.h"
#include "actions/FailoverPlanner.h"
#include "actions/ReplicaMatcher.h"

#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::failover;

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
    add("identical records before the search start are not candidates", run(10, "x x x x"), run(0, "x x x x x x x x x x"),
        12, 6, true, K::Found, 6, 4, true);
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
    add("identical run seen whole on the source, shifted on the target: its 4th record", run(100, "a x x x x x x x x x x b"),
        run(70, "a x x x x x x x x x x b c"), 104, 70, true, K::Found, 74, 1, true);

    // Compacted on both sides at different times: b is gone on the target only, so the run
    // around c differs; c itself is there once.
    add("compacted differently on each side: matched on the record itself",
        {rec(10, "a"), rec(13, "b"), rec(20, "c"), rec(21, "d")}, {rec(3, "a"), rec(5, "c"), rec(6, "d"), rec(7, "e")}, 15,
        3, true, K::Found, 5, 1, true);
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

// One partition `orders-0` -> `primary.orders-0`, live commit 500, target log [0, 1000),
// source log end 1000; rows change what they need.
PartitionInputs base()
{
    PartitionInputs p;
    p.from = {QStringLiteral("orders"), 0};
    p.to = {QStringLiteral("primary.orders"), 0};
    p.committed = 500;
    p.committedLive = true;
    p.toLogStart = 0;
    p.toLogEnd = 1000;
    return p;
}

ReplicaMatch found(qint64 offset, int candidates = 1, qint64 last = -1, bool anchor = true)
{
    ReplicaMatch m;
    m.kind = ReplicaMatch::Found;
    m.newOffset = offset;
    m.candidates = candidates;
    m.lastCandidate = last < 0 ? offset : last;
    m.anchorReplicated = anchor;
    m.complete = true;
    m.ambiguous = candidates > 1;
    return m;
}

struct PlanRow {
    const char *name;
    PartitionInputs p;
    PlanOptions options;
    Method method;
    qint64 newOffset; // -1: error expected
    qint64 reread;
    qint64 skipped;
    qint64 notReplicated = -2; // -2: not checked
};

constexpr qint64 kNow = 1'000'000;

std::vector<PlanRow> planRows()
{
    std::vector<PlanRow> rows;
    const PlanOptions autoFail{Mode::Auto, Fallback::Fail};
    auto with = [](auto change) {
        PartitionInputs p = base();
        change(p);
        return p;
    };

    rows.push_back({"exact wins over offset-sync", with([](auto &p) {
                        p.syncs = {{400, 390}};
                        p.exact = found(488);
                    }),
                    autoFail, Method::Exact, 488, 0, 0});
    rows.push_back({"identical runs: exact-ambiguous re-reads at most to the last candidate", with([](auto &p) {
                        p.syncs = {{400, 390}};
                        p.exact = found(420, 5, 488);
                    }),
                    autoFail, Method::ExactAmbiguous, 420, 68, 0});
    rows.push_back({"offset-sync: newest sync below C, +1", with([](auto &p) { p.syncs = {{400, 390}, {600, 590}}; }),
                    autoFail, Method::OffsetSync, 391, 99, 0});
    rows.push_back({"offset-sync: C equal to a sync's upstream, no +1", with([](auto &p) { p.syncs = {{500, 490}}; }),
                    autoFail, Method::OffsetSync, 490, 0, 0});
    rows.push_back({"offset-sync on the current commit beats an older checkpoint", with([](auto &p) {
                        p.syncs = {{400, 390}, {480, 470}};
                        p.checkpoint = OffsetPair{450, 441};
                    }),
                    autoFail, Method::OffsetSync, 471, 19, 0});
    rows.push_back({"checkpoint when there are no syncs", with([](auto &p) { p.checkpoint = OffsetPair{450, 441}; }),
                    autoFail, Method::Checkpoint, 441, 559, 0});
    rows.push_back({"checkpoint above C (group rewound) is not used", with([](auto &p) { p.checkpoint = OffsetPair{600, 590}; }),
                    autoFail, Method::None, -1, -1, 0});
    rows.push_back({"forced checkpoint above C may skip", with([](auto &p) { p.checkpoint = OffsetPair{600, 590}; }),
                    PlanOptions{Mode::Checkpoint, Fallback::Fail}, Method::Checkpoint, 590, 410, -1});
    rows.push_back({"no data: fail", base(), autoFail, Method::None, -1, -1, 0});
    rows.push_back({"no data: earliest", with([](auto &p) { p.toLogStart = 20; }),
                    PlanOptions{Mode::Auto, Fallback::Earliest}, Method::FallbackEarliest, 20, 980, 0});
    rows.push_back({"no data: latest may skip", base(), PlanOptions{Mode::Auto, Fallback::Latest}, Method::FallbackLatest,
                    1000, 0, -1});
    rows.push_back({"no data: latest on an empty partition skips nothing", with([](auto &p) { p.toLogEnd = 0; }),
                    PlanOptions{Mode::Auto, Fallback::Latest}, Method::FallbackLatest, 0, 0, 0});
    // Compaction removed upstream 101..179: the sync after the gap maps 180 to 51.
    rows.push_back({"gapped upstream with jumping syncs", with([](auto &p) {
                        p.committed = 150;
                        p.syncs = {{100, 50}, {180, 51}, {200, 70}};
                    }),
                    autoFail, Method::OffsetSync, 51, 0, 0});
    rows.push_back({"source ahead of replication", with([](auto &p) {
                        p.committed = 900;
                        p.toLogEnd = 800;
                        p.fromLogEnd = 1000;
                        p.syncs = {{850, 750}};
                        p.exact = found(800, 1, -1, false);
                    }),
                    autoFail, Method::Exact, 800, 0, 0, 100});
    rows.push_back({"never skip: an exact result above the sync bound is flagged", with([](auto &p) {
                        p.syncs = {{550, 560}};
                        p.exact = found(600);
                    }),
                    autoFail, Method::Exact, 600, 0, 40});
    rows.push_back({"mode exact without a match: fallback fail", with([](auto &p) {
                        p.syncs = {{400, 390}};
                        p.exact.kind = ReplicaMatch::NotFound;
                    }),
                    PlanOptions{Mode::Exact, Fallback::Fail}, Method::None, -1, -1, 0});
    rows.push_back({"mode offset-sync ignores the exact match", with([](auto &p) {
                        p.syncs = {{400, 390}};
                        p.exact = found(488);
                    }),
                    PlanOptions{Mode::OffsetSync, Fallback::Fail}, Method::OffsetSync, 391, 99, 0});
    rows.push_back({"disaster: cached commit translated by cached syncs", with([](auto &p) {
                        p.committedLive = false;
                        p.committedSeenAtMs = kNow - 10000;
                        p.syncs = {{400, 390}};
                        p.checkpoint = OffsetPair{300, 291};
                        p.checkpointTimestampMs = kNow - 60000;
                    }),
                    autoFail, Method::OffsetSync, 391, 99, 0});
    rows.push_back({"disaster: a checkpoint newer than the cache is the fresher view", with([](auto &p) {
                        p.committedLive = false;
                        p.committedSeenAtMs = kNow - 60000;
                        p.syncs = {{650, 640}};
                        p.checkpoint = OffsetPair{700, 690};
                        p.checkpointTimestampMs = kNow - 1000;
                    }),
                    autoFail, Method::Checkpoint, 690, 0, 0});
    rows.push_back({"replicas deleted on the target by retention are counted as skipped", with([](auto &p) {
                        p.committed = 100;
                        p.syncs = {{100, 50}};
                        p.toLogStart = 60;
                    }),
                    autoFail, Method::OffsetSync, 60, 0, 10});
    rows.push_back({"failback onto a gapped original topic: no contiguous bound", with([](auto &p) {
                        p.toContiguous = false;
                        p.syncs = {{390, 400}, {590, 600}};
                    }),
                    autoFail, Method::OffsetSync, 401, 199, 0});
    // Compaction removed 500..539 on the source after MirrorMaker copied them: the anchor is
    // 540, its replica 530 lies past "sync + (C - from)" = 490, and that is no skip.
    rows.push_back({"compacted source: commit in a gap, the anchor's replica is no skip", with([](auto &p) {
                        p.syncs = {{490, 480}};
                        p.exact = found(530);
                        p.exact.anchorOffset = 540;
                        p.exact.complete = true;
                    }),
                    autoFail, Method::Exact, 530, 0, 0});
    rows.push_back({"anchored exact above the matcher's counted bound is still flagged", with([](auto &p) {
                        p.syncs = {{490, 480}};
                        p.exact = found(530);
                        p.exact.anchorOffset = 540;
                        p.exact.upperBound = 520;
                        p.exact.complete = true;
                    }),
                    autoFail, Method::Exact, 530, 0, 10});
    rows.push_back({"identical runs: exact-ambiguous re-reads up to the last candidate", with([](auto &p) {
                        p.syncs = {{490, 480}};
                        p.exact = found(600, 3, 640);
                        p.exact.anchorOffset = 500;
                        p.exact.ambiguous = true;
                        p.exact.complete = true;
                        p.exact.upperBound = 700;
                    }),
                    autoFail, Method::ExactAmbiguous, 600, 40, 0});
    rows.push_back({"exact-ambiguous, not every place read: re-reads up to the bound", with([](auto &p) {
                        p.syncs = {{490, 480}};
                        p.exact = found(600);
                        p.exact.anchorOffset = 500;
                        p.exact.ambiguous = true;
                        p.exact.complete = false;
                        p.exact.upperBound = 620;
                    }),
                    autoFail, Method::ExactAmbiguous, 600, 20, 0});
    rows.push_back({"empty partition committed at 0: the target's log start", with([](auto &p) {
                        p.committed = 0;
                        p.toLogEnd = 0;
                        p.fromLogStart = 0;
                        p.fromLogEnd = 0;
                        p.exact.kind = ReplicaMatch::NoSourceRecords;
                    }),
                    autoFail, Method::LogStart, 0, 0, 0});
    rows.push_back({"commit at 0 under mode exact: the target's log start all the same", with([](auto &p) {
                        p.committed = 0;
                        p.toLogStart = 5;
                        p.toLogEnd = 5;
                        p.exact.kind = ReplicaMatch::NoSourceRecords;
                    }),
                    PlanOptions{Mode::Exact, Fallback::Fail}, Method::LogStart, 5, 0, 0});
    rows.push_back({"commit below the source's log start (retention): the target's log start", with([](auto &p) {
                        p.committed = 100;
                        p.fromLogStart = 300;
                        p.toLogStart = 250;
                    }),
                    autoFail, Method::LogStart, 250, 750, 0});
    return rows;
}

FailoverGroupInputs group(const PartitionInputs &p)
{
    FailoverGroupInputs in;
    in.fromCluster = QStringLiteral("primary");
    in.toCluster = QStringLiteral("dr");
    in.group = QStringLiteral("billing");
    in.nowMs = kNow;
    in.partitions = {p};
    return in;
}

} // namespace

class TestFailoverPlanner final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matcher_data()
    {
        QTest::addColumn<int>("row");
        const auto rows = matchRows();
        for (int i = 0; i < int(rows.size()); ++i)
            QTest::newRow(rows[size_t(i)].name) << i;
    }

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

    void upperBound_data()
    {
        QTest::addColumn<int>("row");
        const auto rows = boundRows();
        for (int i = 0; i < int(rows.size()); ++i)
            QTest::newRow(rows[size_t(i)].name) << i;
    }

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

    // Never-committed partitions: one warning line a topic, with the partitions and what
    // earliest would read; the JSON keeps one entry a partition.
    void uncommittedPartitionsOneLineATopic()
    {
        FailoverGroupInputs in = group(base());
        in.uncommitted = {{{QStringLiteral("orders"), 1}, {QStringLiteral("primary.orders"), 1}, 10, 40},
                          {{QStringLiteral("orders"), 3}, {QStringLiteral("primary.orders"), 3}, 0, 5},
                          {{QStringLiteral("audit"), 0}, {QStringLiteral("primary.audit"), 0}, -1, -1}};
        const FailoverPlan plan = planFailover(in, {});
        QCOMPARE(plan.uncommitted.size(), size_t(3));
        QCOMPARE(plan.warnings.filter(QStringLiteral("never committed")),
                 QStringList({QStringLiteral("audit: 1 partition(s) never committed by the group (0): on dr its consumer "
                                             "starts there where its auto.offset.reset says (earliest: log offsets "
                                             "unknown; latest: the log end, nothing read)"),
                              QStringLiteral("orders: 2 partition(s) never committed by the group (1, 3): on dr its "
                                             "consumer starts there where its auto.offset.reset says (earliest: 35 "
                                             "record(s) read from the log start; latest: the log end, nothing read)")}));
        QCOMPARE(uncommittedNote(plan.uncommitted[0], QStringLiteral("dr")),
                 QStringLiteral("orders-1 was never committed by the group: on dr its consumer starts at primary.orders-1 "
                                "where its auto.offset.reset says (earliest starts at 10 (30 record(s)), latest at 40)"));
    }

    // Every committed topic is accounted for: a group whose topics are all left untranslated
    // is refused, one with some translated is amber and named.
    void untranslatedTopicsAreNamed()
    {
        FailoverGroupInputs in = group(base());
        in.partitions.front().syncs = {{500, 490}};
        in.targetGroupState = QStringLiteral("Empty");
        in.fromGroupState = QStringLiteral("Empty");
        in.topics = {{QStringLiteral("__audit"), QStringLiteral("primary.__audit"), TopicTranslation::NotReplicated,
                      QStringLiteral("primary.__audit does not exist on dr")},
                     {QStringLiteral("orders"), QStringLiteral("primary.orders"), TopicTranslation::Translated, {}}};
        FailoverPlan plan = planFailover(in, {});
        QCOMPARE(plan.untranslatedTopics(), QStringList{QStringLiteral("__audit")});
        QVERIFY(plan.warnings.join(QLatin1Char('\n')).contains(QStringLiteral("__audit")));
        auto checks = preflightFailover(in, plan, {});
        auto level = [&](const char *name) -> QString {
            for (const auto &c : checks)
                if (c.name == QString::fromUtf8(name))
                    return levelName(c.level) + QLatin1Char(' ') + c.reason;
            return QStringLiteral("missing");
        };
        QVERIFY2(level("remote topics exist").startsWith(QStringLiteral("amber")), qPrintable(level("remote topics exist")));
        QVERIFY(level("remote topics exist").contains(QStringLiteral("primary.__audit does not exist on dr")));
        QVERIFY(!anyRed(checks));

        in.partitions.clear();
        in.topics.pop_back();
        plan = planFailover(in, {});
        checks = preflightFailover(in, plan, {});
        QVERIFY2(level("every partition translated").startsWith(QStringLiteral("red nothing to translate: __audit")),
                 qPrintable(level("every partition translated")));
    }

    void planner_data()
    {
        QTest::addColumn<int>("row");
        const auto rows = planRows();
        for (int i = 0; i < int(rows.size()); ++i)
            QTest::newRow(rows[size_t(i)].name) << i;
    }

    void planner()
    {
        QFETCH(int, row);
        const PlanRow r = planRows()[size_t(row)];
        const FailoverPlan plan = planFailover(group(r.p), r.options);
        QCOMPARE(plan.partitions.size(), size_t(1));
        const PlannedFailoverPartition &p = plan.partitions.front();
        QCOMPARE(methodName(p.method), methodName(r.method));
        QCOMPARE(p.newOffset, r.newOffset);
        QCOMPARE(p.error.isEmpty(), r.newOffset >= 0);
        if (r.newOffset >= 0) {
            QCOMPARE(p.reread, r.reread);
            QCOMPARE(p.skipped, r.skipped);
        }
        if (r.notReplicated != -2)
            QCOMPARE(p.notReplicated, r.notReplicated);
        QCOMPARE(plan.skips(), r.skipped != 0 && r.newOffset >= 0);
    }

    // Whatever the mode, a partition whose syncs pin the position exactly never gets an
    // offset above it: every C in a range, with syncs every 7 records and a checkpoint.
    void neverSkipsOverARange()
    {
        for (qint64 c = 0; c < 200; ++c) {
            PartitionInputs p = base();
            p.committed = c;
            p.toLogEnd = 200;
            for (qint64 u = 0; u < 200; u += 7)
                p.syncs.push_back({u, u});
            p.checkpoint = OffsetPair{c / 2, c / 2};
            for (Mode mode : {Mode::Auto, Mode::OffsetSync, Mode::Checkpoint}) {
                const FailoverPlan plan = planFailover(group(p), {mode, Fallback::Fail});
                const auto &out = plan.partitions.front();
                QVERIFY2(out.newOffset >= 0 && out.newOffset <= c,
                         qPrintable(QStringLiteral("C=%1 mode=%2 -> %3").arg(c).arg(modeName(mode)).arg(out.newOffset)));
                QCOMPARE(out.skipped, qint64(0));
                QCOMPARE(out.reread, c - out.newOffset);
            }
        }
    }

    void translateBySyncsFollowsMirrorMaker()
    {
        const std::vector<OffsetPair> syncs = {{10, 5}, {20, 15}};
        QCOMPARE(translateBySyncs(syncs, 9), qint64(-1)); // every sync newer: nothing, like MirrorMaker
        QCOMPARE(translateBySyncs(syncs, 10), qint64(5));
        QCOMPARE(translateBySyncs(syncs, 11), qint64(6));
        QCOMPARE(translateBySyncs(syncs, 25), qint64(16));
    }

    void preflight()
    {
        PartitionInputs p = base();
        p.syncs = {{500, 490}};
        p.fromLogEnd = 1500;
        p.toLogEnd = 1000;
        FailoverGroupInputs in = group(p);
        in.targetGroupState = QStringLiteral("Empty");
        in.fromGroupState = QStringLiteral("Empty");
        FailoverPlan plan = planFailover(in, {});
        auto checks = preflightFailover(in, plan, {});
        QVERIFY(!anyRed(checks));
        auto level = [&](const char *name) {
            for (const auto &c : checks)
                if (c.name == QString::fromUtf8(name))
                    return levelName(c.level);
            return QStringLiteral("missing");
        };
        QCOMPARE(level("replication caught up"), QStringLiteral("amber")); // 1500 - (500 + 510) = 490 behind
        QCOMPARE(level("target group inactive"), QStringLiteral("green"));

        in.targetGroupState = QStringLiteral("Stable");
        in.targetGroupMembers = 1;
        checks = preflightFailover(in, plan, {});
        QCOMPARE(level("target group inactive"), QStringLiteral("red"));
        in.targetGroupState = QStringLiteral("Empty");
        in.targetGroupMembers = 0;

        in.fromReachable = false;
        checks = preflightFailover(in, plan, {});
        QCOMPARE(level("source group inactive"), QStringLiteral("red"));
        checks = preflightFailover(in, plan, {true, false});
        QCOMPARE(level("source group inactive"), QStringLiteral("amber"));
        in.fromReachable = true;

        in.targetReadOnly = true;
        checks = preflightFailover(in, plan, {});
        QCOMPARE(level("target writable"), QStringLiteral("red"));
        in.targetReadOnly = false;

        in.partitions.front().syncs.clear();
        plan = planFailover(in, {Mode::Auto, Fallback::Latest});
        checks = preflightFailover(in, plan, {});
        QCOMPARE(level("no skipped records"), QStringLiteral("red"));
        checks = preflightFailover(in, plan, {false, true});
        QCOMPARE(level("no skipped records"), QStringLiteral("amber"));
        QVERIFY(!anyRed(checks) || level("every partition translated") == QStringLiteral("red"));
    }

    // Syncs in log order: a rewind drops what it contradicts; a re-read keeps older cached
    // syncs only below the fresh ones; the file round-trips.
    void cacheKeepsSyncsAndRoundTrips()
    {
        std::vector<OffsetPair> kept;
        for (OffsetPair s : {OffsetPair{10, 5}, OffsetPair{20, 15}, OffsetPair{30, 25}})
            applySyncInLogOrder(kept, s);
        applySyncInLogOrder(kept, {20, 15}); // the same sync again
        QCOMPARE(kept, (std::vector<OffsetPair>{{10, 5}, {20, 15}}));
        applySyncInLogOrder(kept, {0, 40}); // topic recreated upstream: earlier ones are void
        QCOMPARE(kept, (std::vector<OffsetPair>{{0, 40}}));

        FailoverCache cache;
        const TopicPartition tp{QStringLiteral("orders"), 1};
        cache.recordSyncs(tp, {{100, 90}, {200, 190}});
        cache.recordSyncs(tp, {{200, 190}, {300, 290}}); // compaction removed 100 from the topic
        QCOMPARE(cache.syncs[tp], (std::vector<OffsetPair>{{100, 90}, {200, 190}, {300, 290}}));
        cache.recordCommitted(QStringLiteral("g"), {{tp, 250}}, 1234);
        cache.recordLogEnds({{tp, std::int64_t(400)}}, 1235);
        cache.savedAtMs = 1236;

        QTemporaryDir dir;
        const QString path = failoverCachePath(dir.path(), QStringLiteral("primary"), QStringLiteral("d/r"));
        QVERIFY(path.endsWith(QStringLiteral("failover-cache/primary__d_r.json")));
        QVERIFY(saveFailoverCache(path, cache).ok());
        const auto loaded = loadFailoverCache(path);
        QVERIFY(loaded.ok());
        QCOMPARE(loaded->syncs.at(tp), cache.syncs.at(tp));
        QCOMPARE(loaded->committed.at(QStringLiteral("g")).at(tp).offset, qint64(250));
        QCOMPARE(loaded->committed.at(QStringLiteral("g")).at(tp).seenAtMs, qint64(1234));
        QCOMPARE(loaded->logEnd.at(tp).offset, qint64(400));
        QCOMPARE(loaded->savedAtMs, qint64(1236));
        QVERIFY(loadFailoverCache(dir.filePath(QStringLiteral("missing.json"))).ok());
    }
};

QTEST_GUILESS_MAIN(TestFailoverPlanner)
#include "tst_failoverplanner.moc"
