// Failover on real-world topics (docs/FAILOVER.md), on real Kafka and a real MirrorMaker 2. Each
// case has a group consume part of a topic on primary and commit, moves it to dr with
// `lagscopectl failover --execute`, consumes the rest on dr as the same group, and counts
// lost and duplicated records over both consumers' logs (FailoverTally.h):
//   compacted              a compacted topic with gaps made before MirrorMaker copied it and
//                          after; commits at the start of a gap and at a record the cleaner
//                          removed later. Auto passes preflight, 0 lost / 0 duplicated; a
//                          real skip (a rewound group, --mode checkpoint) is still refused.
//   identicalRuns          12 partitions of runs of byte-identical records, commits inside
//                          runs (on two partitions retention cut the run's start on primary):
//                          "exact" never re-reads, "exact-ambiguous" never loses and re-reads
//                          at most the plan's bound.
//   internalLookingTopics  a replicated `.internal` topic is translated; a `__` topic is not
//                          replicated, reported, and the result is "applied-with-untranslated";
//                          a group with only a `__` topic is refused; --all-groups drops neither.
//   emptyAndUncommitted    an empty partition committed at 0 goes to the target's log start;
//                          a partition without a commit is listed as uncommitted.
//   scheduledRefresh       `--refresh-cache` with a red group exits 0; primary is killed and a
//                          disaster failover uses what the refresh cached.
// MirrorMaker runs with its default offset.lag.max=100, as in production. Prints a table
// (and writes LAGSCOPE_TEST_OUTPUT/failover-realworld.txt). Stops MirrorMaker and kills
// primary: RUN_SERIAL; the lab is left as its profile has it.
//
// The cases on topic names and partitions and the scheduled refresh are in
// tst_failoverrealworld_cases.cpp; the fixture is FailoverRealWorld.h.
#include "FailoverRealWorld.h"

using namespace lagscope;
using namespace lagscope::test;

namespace {

// Run lengths, cycling: run i has kRunLengths[i % 13] records and goes to partition i % 12,
// so each of the 12 partitions gets every length once, in its own order.
constexpr int kRunLengths[] = {1, 2, 200, 5, 37, 3, 120, 9, 64, 1, 150, 17, 80};
constexpr int kRunPartitions = 12;
// Where each partition's commit falls: in the run of this length, this many records in.
constexpr std::pair<int, int> kRunCommit[kRunPartitions] = {{200, 1}, {200, 100}, {200, 199}, {120, 60},
                                                            {150, 3}, {150, 146}, {64, 32},   {37, 1},
                                                            {80, 40}, {2, 1},     {17, 8},    {5, 2}};
// Retention cut into the run on two partitions after the group read past the cut: the
// source's log starts this many records into the run (-1: untouched), so the record before
// the run is gone there but not on dr.
constexpr int kRunLogStart[kRunPartitions] = {-1, 40, -1, -1, -1, 100, -1, -1, -1, -1, -1, -1};

int runRecords()
{
    int sum = 0;
    for (int l : kRunLengths)
        sum += l;
    return sum * kRunPartitions;
}

QString runLengthList()
{
    QStringList l;
    for (int n : kRunLengths)
        l << QString::number(n);
    return l.join(QLatin1Char(','));
}

} // namespace

void TestFailoverRealWorld::restoreLab()
{
    // Primary restarted as tst_failoverdrill does it, then MirrorMaker restarted (it ran on
    // while primary was gone) with this file's settings; cleanupTestCase puts back the lab's.
    if (m_primaryDown) {
        const QStringList start{QStringLiteral("cluster"), QStringLiteral("start"), QStringLiteral("--cluster"),
                                QStringLiteral("primary")};
        const ProcessResult r = m_lab.lab(start, 240000);
        m_primaryDown = r.exitCode != 0;
        if (!m_primaryDown) {
            steps().stopMirrorMaker();
            m_mirrorStopped = true;
        }
    }
    if (m_mirrorStopped)
        m_mirrorStopped = steps().startMirrorMaker(kOffsetLagMax).exitCode != 0;
}

void TestFailoverRealWorld::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // lagscopectl's backups, audit log and failover cache go to this run's own data dir.
    qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("data")).toUtf8());
    const QString config = m_lab.writeConfig(m_dir.path());
    QFile f(config);
    QVERIFY(f.open(QIODevice::Append));
    f.write("replication:\n  - source: primary\n    target: dr\n");
    f.close();
    m_steps = std::make_unique<FailoverSteps>(m_lab, config, m_dir.path());
    ok(steps().startMirrorMaker(kOffsetLagMax));
}

void TestFailoverRealWorld::cleanup()
{
    if (QTest::currentTestFailed())
        m_lab.dumpLogs();
    restoreLab();
}

void TestFailoverRealWorld::compacted()
{
    CompactedTopic topic(m_lab, steps(), topicName("compact"), 2);
    const QString name = topicName("compact");
    const QString g = group("compact");
    const QString rewound = group("rewound");
    ok(steps().createTopic(name, 2, CompactedTopic::configs()));
    QVERIFY(waitUntil([&] { return m_lab.topicReady(QStringLiteral("dr"), topic.remote(), 2); }, 60000));

    // a1: 30 unique keys a partition (offsets 0..29), replicated as they are.
    ok(steps().produce(name, 60,
                       {QStringLiteral("--key-prefix"), QStringLiteral("u1"), QStringLiteral("--value-prefix"),
                        QStringLiteral("a1")}));
    QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), topic.remote(), 2) == 60; }, 60000));
    // A real skip: a group MirrorMaker checkpoints at 30 rewinds to 10 while MirrorMaker is
    // down, so its last checkpoint lies 20 records past the group.
    ok(steps().commit(rewound, name, {{0, 30}, {1, 30}}));
    const auto checkpointed = [&] {
        const QStringList lines = m_lab.kafkaTranslation(rewound, topic.remote());
        return lines.size() == 2 && std::all_of(lines.begin(), lines.end(), [](const QString &l) {
                   return l.section(QLatin1Char(' '), 2).toLongLong() > 10;
               });
    };
    QVERIFY2(waitUntil(checkpointed, 90000), "MirrorMaker did not checkpoint the group");

    // Gaps before MirrorMaker copies them: it is stopped while records are overwritten.
    m_mirrorStopped = true;
    ok(steps().stopMirrorMaker());
    ok(steps().commit(rewound, name, {{0, 10}, {1, 10}}));
    ProcessResult r = execute(rewound, {QStringLiteral("--mode"), QStringLiteral("checkpoint")});
    QVERIFY2(exited(r, 3), qPrintable(r.describe()));
    QCOMPARE(checkLevel(failoverGroup(r.out, rewound), QStringLiteral("no skipped records")), QStringLiteral("red"));
    QVERIFY2(committed(QStringLiteral("dr"), rewound).empty(), "a refused failover wrote offsets");
    // Not refused in auto mode, which leaves a checkpoint above the group aside.
    r = steps().failover({QStringLiteral("--group"), rewound, QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(exited(r, 0), qPrintable(r.describe()));
    QCOMPARE(checkLevel(failoverGroup(r.out, rewound), QStringLiteral("no skipped records")), QStringLiteral("green"));

    // a2: 10 keys a partition written 3 times (30..59, only 50..59 survive); a3 unique (60..69).
    ok(steps().produce(name, 60,
                       {QStringLiteral("--keys"), QStringLiteral("20"), QStringLiteral("--key-prefix"),
                        QStringLiteral("k"), QStringLiteral("--value-prefix"), QStringLiteral("a2")}));
    ok(steps().produce(name, 20,
                       {QStringLiteral("--key-prefix"), QStringLiteral("u3"), QStringLiteral("--value-prefix"),
                        QStringLiteral("a3")}));
    QVERIFY2(topic.compactWithTicks(false, 120000), "the cleaner did not compact primary's log");
    for (int p = 0; p < 2; ++p) {
        const auto source = topic.source(p);
        QVERIFY2(hasOffset(source, 29) && !hasOffset(source, 30) && !hasOffset(source, 49) && hasOffset(source, 50),
                 qPrintable(QStringLiteral("partition %1: no gap 30..49 on primary").arg(p)));
    }
    ok(steps().startMirrorMaker(kOffsetLagMax));
    m_mirrorStopped = false;
    QVERIFY2(waitUntil([&] { return topic.replicated(); }, 90000), "MirrorMaker did not copy the compacted log");

    // The group: partition 0 stops at the start of the gap (commit 30), partition 1 five
    // records past it (commit 55, a record that b below makes the cleaner remove).
    ok(steps().consume(QStringLiteral("primary"), g, name, QStringLiteral("compact-p0"), 30, 0));
    ok(steps().consume(QStringLiteral("primary"), g, name, QStringLiteral("compact-p1"), 35, 1));
    const CommittedOffsets expected{{{name, 0}, 30}, {{name, 1}, 55}};
    QCOMPARE(show(committed(QStringLiteral("primary"), g)), show(expected));
    QVERIFY(hasOffset(topic.source(1), 55));

    // Gaps after MirrorMaker copied them: b overwrites every key of a2, on both sides.
    ok(steps().produce(name, 40,
                       {QStringLiteral("--keys"), QStringLiteral("20"), QStringLiteral("--key-prefix"),
                        QStringLiteral("k"), QStringLiteral("--value-prefix"), QStringLiteral("b")}));
    QVERIFY2(topic.compactWithTicks(true, 120000), "the cleaners did not compact both logs alike");
    QVERIFY2(waitUntil([&] { return topic.replicated(); }, 60000), "the last ticks did not reach dr");
    std::vector<RawRecord> source[2];
    for (int p = 0; p < 2; ++p) {
        source[p] = topic.source(p);
        QVERIFY2(hasGap(topic.replica(p)), qPrintable(QStringLiteral("no gap on dr's partition %1").arg(p)));
    }
    QVERIFY2(!hasOffset(source[0], 30) && !hasOffset(source[1], 55), "the committed records are still there");

    r = execute(g);
    const QJsonObject plan = failoverGroup(r.out, g);
    showPlan(plan);
    QVERIFY2(exited(r, 0), qPrintable(r.describe()));
    QVERIFY2(redChecks(plan).isEmpty(), qPrintable(redChecks(plan).join(QLatin1Char('\n'))));
    QCOMPARE(checkLevel(plan, QStringLiteral("no skipped records")), QStringLiteral("green"));
    QCOMPARE(plan.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));

    ok(steps().consume(QStringLiteral("dr"), g, topic.remote(), QStringLiteral("compact-dr")));
    FailoverTally tally;
    tally.addPartition(name + QStringLiteral("-0"), source[0], 30,
                       loggedValues(steps().log(QStringLiteral("compact-p0"))));
    tally.addPartition(name + QStringLiteral("-1"), source[1], 55,
                       loggedValues(steps().log(QStringLiteral("compact-p1"))));
    tally.readOnTarget(loggedValues(steps().log(QStringLiteral("compact-dr"))));
    const FailoverTally::Row t = tally.total();
    m_report.counted(
        QStringLiteral("compacted topic, gaps made before and after MirrorMaker copied it; commits at a gap's "
                       "start and at a record the cleaner removed later"),
        plan, t.lost, t.duplicated);
    m_report.answered(
        QStringLiteral("compacted topic, a group rewound below MirrorMaker's checkpoint, `--mode checkpoint`"),
        QStringLiteral("refused: exit 3, red \"no skipped records\""));
    QVERIFY2(t.lost == 0 && t.duplicated == 0,
             qPrintable(QStringLiteral("lost %1, duplicated %2; unexpected %3; plan %4")
                            .arg(t.lost)
                            .arg(t.duplicated)
                            .arg(tally.unexpected().join(QLatin1Char(',')), compact(plan))));
}

void TestFailoverRealWorld::identicalRuns()
{
    const QString topic = topicName("runs");
    const QString g = group("runs");
    ok(steps().createTopic(topic, kRunPartitions));
    ok(steps().produce(topic, runRecords(),
                       {QStringLiteral("--run-length"), runLengthList(), QStringLiteral("--key-prefix"),
                        QStringLiteral("rk"), QStringLiteral("--value-prefix"), QStringLiteral("run")}));
    QVERIFY(waitUntil(
        [&] { return m_lab.logEndSum(QStringLiteral("dr"), remote(topic), kRunPartitions) == runRecords(); }, 120000));

    // The runs as the source holds them; the group stops inside the chosen run.
    std::vector<RawRecord> source[kRunPartitions];
    qint64 commitAt[kRunPartitions];
    qint64 runAt[kRunPartitions];
    for (int p = 0; p < kRunPartitions; ++p) {
        source[p] = records(QStringLiteral("primary"), topic, p);
        commitAt[p] = runAt[p] = -1;
        for (size_t i = 0; i < source[p].size() && commitAt[p] < 0;) {
            size_t end = i;
            while (end < source[p].size() && source[p][end].value == source[p][i].value)
                ++end;
            if (int(end - i) == kRunCommit[p].first) {
                runAt[p] = source[p][i].offset;
                commitAt[p] = runAt[p] + kRunCommit[p].second;
            }
            i = end;
        }
        QVERIFY2(commitAt[p] > 0,
                 qPrintable(QStringLiteral("partition %1 has no run of %2").arg(p).arg(kRunCommit[p].first)));
        ok(steps().consume(QStringLiteral("primary"), g, topic, QStringLiteral("runs-p%1").arg(p), int(commitAt[p]),
                           p));
    }
    const CommittedOffsets phaseOne = committed(QStringLiteral("primary"), g);
    QCOMPARE(phaseOne.size(), size_t(kRunPartitions));
    for (const auto &[tp, o] : phaseOne)
        QCOMPARE(qint64(o), commitAt[tp.partition]);
    for (int p = 0; p < kRunPartitions; ++p) {
        if (kRunLogStart[p] < 0)
            continue;
        ok(steps().deleteRecordsBefore(topic, {{p, runAt[p] + kRunLogStart[p]}}));
        source[p] = records(QStringLiteral("primary"), topic, p);
        QVERIFY(!source[p].empty());
        QCOMPARE(source[p].front().offset, runAt[p] + kRunLogStart[p]);
    }

    const ProcessResult r = execute(g);
    const QJsonObject plan = failoverGroup(r.out, g);
    showPlan(plan);
    QVERIFY2(exited(r, 0), qPrintable(r.describe()));
    QCOMPARE(plan.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
    ok(steps().consume(QStringLiteral("dr"), g, remote(topic), QStringLiteral("runs-dr")));

    FailoverTally tally;
    for (int p = 0; p < kRunPartitions; ++p)
        tally.addPartition(QString::number(p), source[p], commitAt[p],
                           loggedValues(steps().log(QStringLiteral("runs-p%1").arg(p))));
    tally.readOnTarget(loggedValues(steps().log(QStringLiteral("runs-dr"))));
    const auto rows = tally.rows();
    QStringList failures;
    QStringList table;
    qint64 bounds = 0;
    for (int p = 0; p < kRunPartitions; ++p) {
        const QJsonObject part = failoverPartition(plan, topic, p);
        const QString method = part.value(QStringLiteral("method")).toString();
        const qint64 bound = part.value(QStringLiteral("reread")).toInteger(-1);
        const auto &row = rows[size_t(p)];
        bounds += std::max<qint64>(0, bound);
        table << QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 | %9 |")
                     .arg(p)
                     .arg(kRunCommit[p].first)
                     .arg(kRunLogStart[p] < 0
                              ? QString::number(kRunCommit[p].second)
                              : QStringLiteral("%1 (log start at %2)").arg(kRunCommit[p].second).arg(kRunLogStart[p]))
                     .arg(commitAt[p])
                     .arg(method)
                     .arg(part.value(QStringLiteral("new_offset")).toInteger(-1))
                     .arg(bound)
                     .arg(row.duplicated)
                     .arg(row.lost);
        // Never lose; exact never re-reads; whatever re-reads stays within the plan's bound.
        if (row.lost != 0 || (method == QLatin1String("exact") && row.duplicated != 0)
            || (method == QLatin1String("exact-ambiguous") && bound < 0) || (bound >= 0 && row.duplicated > bound))
            failures << QStringLiteral("partition %1 (%2, reread bound %3): lost %4, re-read %5; %6")
                            .arg(p)
                            .arg(method)
                            .arg(bound)
                            .arg(row.lost)
                            .arg(row.duplicated)
                            .arg(compact(part));
    }
    for (const QString &line : table)
        qInfo("%s", qPrintable(line));
    const FailoverTally::Row t = tally.total();
    m_report.counted(QStringLiteral("runs of 1-200 byte-identical records in %1 partitions, commits inside runs (on 2 "
                                    "partitions retention cut the run's start on primary)")
                         .arg(kRunPartitions),
                     plan, t.lost, t.duplicated, QStringLiteral("the plan's reread bound: %1").arg(bounds));
    m_report.detail(
        QStringLiteral("Identical runs, per partition (re-read: records read on both sides):"),
        QStringLiteral("| partition | run length | commit after | committed | method | new offset | reread bound "
                       "| re-read | lost |\n|---|---|---|---|---|---|---|---|---|"),
        table);
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    QVERIFY2(tally.unexpected().isEmpty(), qPrintable(tally.unexpected().join(QLatin1Char(','))));
}

void TestFailoverRealWorld::cleanupTestCase()
{
    restoreLab();
    steps().startMirrorMaker(0); // the lab's own setting again
    m_report.write(
        QStringLiteral("Failover on real-world topics (tst_failoverrealworld), MirrorMaker 2 offset.lag.max=100: "
                       "lost and duplicated records over both sides' consumers"),
        QStringLiteral("failover-realworld.txt"));
}

QTEST_GUILESS_MAIN(TestFailoverRealWorld)
#include "moc_FailoverRealWorld.cpp"
