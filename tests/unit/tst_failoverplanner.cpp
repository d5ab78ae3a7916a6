// The failover translation, pure parts: the planner's choice between exact / offset-sync /
// checkpoint / fallback, the never-skip rule, the preflight verdicts and the failover cache.
// Each row states its case in its name. Replica run matching is tst_replicamatcher.
#include "FailoverInputs.h"
#include "TableRows.h"
#include "actions/FailoverCache.h"
#include "actions/FailoverPlanner.h"
#include "actions/ReplicaMatcher.h"

#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::failover;
using namespace lagscope::test;

namespace {

// One partition `orders-0` -> `primary.orders-0`, live commit 500, target log [0, 1000),
// source log end 1000; rows change what they need.
PartitionInputs base() { return replicatedPartition(QStringLiteral("orders"), 500, 1000); }

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
    rows.push_back({"offset-sync: newest sync below C, +1", with([](auto &p) {
                        p.syncs = {{400, 390}, {600, 590}};
                    }),
                    autoFail, Method::OffsetSync, 391, 99, 0});
    rows.push_back({"offset-sync: C equal to a sync's upstream, no +1", with([](auto &p) {
                        p.syncs = {{500, 490}};
                    }),
                    autoFail, Method::OffsetSync, 490, 0, 0});
    rows.push_back({"offset-sync on the current commit beats an older checkpoint", with([](auto &p) {
                        p.syncs = {{400, 390}, {480, 470}};
                        p.checkpoint = OffsetPair{450, 441};
                    }),
                    autoFail, Method::OffsetSync, 471, 19, 0});
    rows.push_back({"checkpoint when there are no syncs", with([](auto &p) {
                        p.checkpoint = OffsetPair{450, 441};
                    }),
                    autoFail, Method::Checkpoint, 441, 559, 0});
    rows.push_back({"checkpoint above C (group rewound) is not used", with([](auto &p) {
                        p.checkpoint = OffsetPair{600, 590};
                    }),
                    autoFail, Method::None, -1, -1, 0});
    rows.push_back({"forced checkpoint above C may skip", with([](auto &p) {
                        p.checkpoint = OffsetPair{600, 590};
                    }),
                    PlanOptions{Mode::Checkpoint, Fallback::Fail}, Method::Checkpoint, 590, 410, -1});
    rows.push_back({"no data: fail", base(), autoFail, Method::None, -1, -1, 0});
    rows.push_back({"no data: earliest", with([](auto &p) { p.toLogStart = 20; }),
                    PlanOptions{Mode::Auto, Fallback::Earliest}, Method::FallbackEarliest, 20, 980, 0});
    rows.push_back({"no data: latest may skip", base(), PlanOptions{Mode::Auto, Fallback::Latest},
                    Method::FallbackLatest, 1000, 0, -1});
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
        QCOMPARE(
            plan.warnings.filter(QStringLiteral("never committed")),
            QStringList({QStringLiteral("audit: 1 partition(s) never committed by the group (0): on dr its consumer "
                                        "starts there where its auto.offset.reset says (earliest: log offsets "
                                        "unknown; latest: the log end, nothing read)"),
                         QStringLiteral("orders: 2 partition(s) never committed by the group (1, 3): on dr its "
                                        "consumer starts there where its auto.offset.reset says (earliest: 35 "
                                        "record(s) read from the log start; latest: the log end, nothing read)")}));
        QCOMPARE(
            uncommittedNote(plan.uncommitted[0], QStringLiteral("dr")),
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
        QVERIFY2(level("remote topics exist").startsWith(QStringLiteral("amber")),
                 qPrintable(level("remote topics exist")));
        QVERIFY(level("remote topics exist").contains(QStringLiteral("primary.__audit does not exist on dr")));
        QVERIFY(!anyRed(checks));

        in.partitions.clear();
        in.topics.pop_back();
        plan = planFailover(in, {});
        checks = preflightFailover(in, plan, {});
        QVERIFY2(level("every partition translated").startsWith(QStringLiteral("red nothing to translate: __audit")),
                 qPrintable(level("every partition translated")));
    }

    void planner_data() { addRowNumbers(planRows()); }

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
                QVERIFY2(
                    out.newOffset >= 0 && out.newOffset <= c,
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
