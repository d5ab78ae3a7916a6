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
#include "CompactedTopic.h"
#include "DrillUtil.h"
#include "FailoverJson.h"
#include "FailoverReport.h"
#include "FailoverSteps.h"
#include "FailoverTally.h"
#include "LabClient.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <utility>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// Run lengths, cycling: run i has kRunLengths[i % 13] records and goes to partition i % 12,
// so each of the 12 partitions gets every length once, in its own order.
constexpr int kRunLengths[] = {1, 2, 200, 5, 37, 3, 120, 9, 64, 1, 150, 17, 80};
constexpr int kRunPartitions = 12;
// Where each partition's commit falls: in the run of this length, this many records in.
constexpr std::pair<int, int> kRunCommit[kRunPartitions] = {{200, 1}, {200, 100}, {200, 199}, {120, 60}, {150, 3}, {150, 146},
                                                            {64, 32}, {37, 1},    {80, 40},   {2, 1},    {17, 8},  {5, 2}};
// Retention cut into the run on two partitions after the group read past the cut: the
// source's log starts this many records into the run (-1: untouched), so the record before
// the run is gone there but not on dr.
constexpr int kRunLogStart[kRunPartitions] = {-1, 40, -1, -1, -1, 100, -1, -1, -1, -1, -1, -1};
// MirrorMaker's default offset.lag.max (the lab's own is 0, a sync per record), as in production.
constexpr int kOffsetLagMax = 100;

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

class TestFailoverRealWorld final : public QObject {
    Q_OBJECT

private:
    LabClient m_lab = *LabClient::load();
    QTemporaryDir m_dir;
    QString m_id = LabClient::uniqueSuffix();
    std::unique_ptr<FailoverSteps> m_steps;
    bool m_mirrorStopped = false;
    bool m_primaryDown = false;
    FailoverReport m_report;

    FailoverSteps &steps() { return *m_steps; }
    QString topicName(const char *what) const { return QStringLiteral("rw-%1-%2").arg(m_id, QString::fromUtf8(what)); }
    QString group(const char *what) const { return QStringLiteral("rw-%1-g-%2").arg(m_id, QString::fromUtf8(what)); }
    static QString remote(const QString &topic) { return QStringLiteral("primary.") + topic; }

    // QTest cuts long messages: the whole output goes to stderr first.
    static bool exited(const ProcessResult &r, int code)
    {
        if (r.exitCode != code)
            fprintf(stderr, "=== expected exit %d ===\n%s\n", code, qPrintable(r.describe()));
        return r.exitCode == code;
    }
    void ok(const ProcessResult &r) { QVERIFY2(exited(r, 0), qPrintable(r.describe())); }

    std::vector<RawRecord> records(const QString &cluster, const QString &topic, int partition)
    {
        return m_lab.records(cluster, {topic, partition}).value_or(std::vector<RawRecord>{});
    }

    CommittedOffsets committed(const QString &cluster, const QString &groupId)
    {
        return m_lab.committed(cluster, groupId).value_or(CommittedOffsets{});
    }

    // lagscopectl failover --group G --execute --format json, with more options.
    ProcessResult execute(const QString &g, const QStringList &options = {})
    {
        return steps().failover(QStringList{QStringLiteral("--group"), g} + options
                                + QStringList{QStringLiteral("--execute"), QStringLiteral("--format"), QStringLiteral("json")});
    }

    static QString lostAndDuplicated(const FailoverTally::Row &t)
    {
        return QStringLiteral("lost %1, duplicated %2").arg(t.lost).arg(t.duplicated);
    }

    // Prints the plan's rows, for the log of a run.
    static void showPlan(const QJsonObject &g)
    {
        for (const QJsonValue &p : g.value(QStringLiteral("partitions")).toArray())
            qInfo("  %s", qPrintable(compact(p.toObject())));
    }

    void restoreLab()
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

private Q_SLOTS:
    void initTestCase()
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

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
        restoreLab();
    }

    void compacted()
    {
        CompactedTopic topic(m_lab, steps(), topicName("compact"), 2);
        const QString name = topicName("compact");
        const QString g = group("compact");
        const QString rewound = group("rewound");
        ok(steps().createTopic(name, 2, CompactedTopic::configs()));
        QVERIFY(waitUntil([&] { return m_lab.topicReady(QStringLiteral("dr"), topic.remote(), 2); }, 60000));

        // a1: 30 unique keys a partition (offsets 0..29), replicated as they are.
        ok(steps().produce(name, 60, {QStringLiteral("--key-prefix"), QStringLiteral("u1"), QStringLiteral("--value-prefix"),
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
        ok(steps().produce(name, 60, {QStringLiteral("--keys"), QStringLiteral("20"), QStringLiteral("--key-prefix"),
                                      QStringLiteral("k"), QStringLiteral("--value-prefix"), QStringLiteral("a2")}));
        ok(steps().produce(name, 20, {QStringLiteral("--key-prefix"), QStringLiteral("u3"), QStringLiteral("--value-prefix"),
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
        ok(steps().produce(name, 40, {QStringLiteral("--keys"), QStringLiteral("20"), QStringLiteral("--key-prefix"),
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
        tally.addPartition(name + QStringLiteral("-0"), source[0], 30, loggedValues(steps().log(QStringLiteral("compact-p0"))));
        tally.addPartition(name + QStringLiteral("-1"), source[1], 55, loggedValues(steps().log(QStringLiteral("compact-p1"))));
        tally.readOnTarget(loggedValues(steps().log(QStringLiteral("compact-dr"))));
        const FailoverTally::Row t = tally.total();
        m_report.counted(QStringLiteral("compacted topic, gaps made before and after MirrorMaker copied it; commits at a gap's "
                                        "start and at a record the cleaner removed later"),
                         plan, t.lost, t.duplicated);
        m_report.answered(QStringLiteral("compacted topic, a group rewound below MirrorMaker's checkpoint, `--mode checkpoint`"),
                          QStringLiteral("refused: exit 3, red \"no skipped records\""));
        QVERIFY2(t.lost == 0 && t.duplicated == 0,
                 qPrintable(QStringLiteral("lost %1, duplicated %2; unexpected %3; plan %4")
                                .arg(t.lost)
                                .arg(t.duplicated)
                                .arg(tally.unexpected().join(QLatin1Char(',')), compact(plan))));
    }

    void identicalRuns()
    {
        const QString topic = topicName("runs");
        const QString g = group("runs");
        ok(steps().createTopic(topic, kRunPartitions));
        ok(steps().produce(topic, runRecords(), {QStringLiteral("--run-length"), runLengthList(), QStringLiteral("--key-prefix"),
                                                 QStringLiteral("rk"), QStringLiteral("--value-prefix"), QStringLiteral("run")}));
        QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), remote(topic), kRunPartitions) == runRecords(); },
                          120000));

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
            QVERIFY2(commitAt[p] > 0, qPrintable(QStringLiteral("partition %1 has no run of %2").arg(p).arg(kRunCommit[p].first)));
            ok(steps().consume(QStringLiteral("primary"), g, topic, QStringLiteral("runs-p%1").arg(p), int(commitAt[p]), p));
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
        m_report.detail(QStringLiteral("Identical runs, per partition (re-read: records read on both sides):"),
                        QStringLiteral("| partition | run length | commit after | committed | method | new offset | reread bound "
                                       "| re-read | lost |\n|---|---|---|---|---|---|---|---|---|"),
                        table);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
        QVERIFY2(tally.unexpected().isEmpty(), qPrintable(tally.unexpected().join(QLatin1Char(','))));
    }

    void internalLookingTopics()
    {
        // MirrorMaker 4.3 replicates a name ending in ".internal" (only its own mm2-*.internal
        // and checkpoints are internal to it) but never one starting with "__".
        const QString internal = QStringLiteral("rw-%1.internal").arg(m_id);
        const QString hidden = QStringLiteral("__rw-%1").arg(m_id);
        const QString hiddenOnly = QStringLiteral("__rw2-%1").arg(m_id);
        const QString plain = topicName("plain");
        const QString g = group("internal");
        const QString onlyHidden = group("hidden");
        for (const QString &t : {internal, hidden, plain, hiddenOnly}) {
            ok(steps().createTopic(t, 2));
            ok(steps().produce(t, 40, {QStringLiteral("--value-prefix"), t}));
        }
        QVERIFY(waitUntil([&] {
            return m_lab.logEndSum(QStringLiteral("dr"), remote(internal), 2) == 40
                && m_lab.logEndSum(QStringLiteral("dr"), remote(plain), 2) == 40;
        }, 90000));
        QVERIFY(!m_lab.topicReady(QStringLiteral("dr"), remote(hidden), 2));

        const int stop[2] = {7, 13};
        for (const QString &t : {internal, plain})
            for (int p = 0; p < 2; ++p)
                ok(steps().consume(QStringLiteral("primary"), g, t, QStringLiteral("%1-p%2").arg(t).arg(p), stop[p], p));
        ok(steps().commit(g, hidden, {{0, 5}, {1, 6}}));
        ok(steps().commit(onlyHidden, hiddenOnly, {{0, 4}}));

        ProcessResult r = execute(g);
        const QJsonObject plan = failoverGroup(r.out, g);
        showPlan(plan);
        QVERIFY2(exited(r, 1), qPrintable(r.describe()));
        for (const QString &t : {internal, plain}) {
            const QJsonObject entry = failoverTopic(plan, t);
            QVERIFY2(entry.value(QStringLiteral("status")).toString() == QLatin1String("translated"), qPrintable(compact(plan)));
            QCOMPARE(entry.value(QStringLiteral("target_topic")).toString(), remote(t));
        }
        const QJsonObject skipped = failoverTopic(plan, hidden);
        QVERIFY2(skipped.value(QStringLiteral("status")).toString() == QLatin1String("not-replicated"), qPrintable(compact(plan)));
        QVERIFY2(!skipped.value(QStringLiteral("reason")).toString().isEmpty(), qPrintable(compact(skipped)));

        ok(steps().consume(QStringLiteral("dr"), g, remote(internal) + QLatin1Char(',') + remote(plain),
                           QStringLiteral("internal-dr")));
        FailoverTally tally;
        for (const QString &t : {internal, plain})
            for (int p = 0; p < 2; ++p)
                tally.addPartition(QStringLiteral("%1-%2").arg(t).arg(p), records(QStringLiteral("primary"), t, p), stop[p],
                                   loggedValues(steps().log(QStringLiteral("%1-p%2").arg(t).arg(p))));
        tally.readOnTarget(loggedValues(steps().log(QStringLiteral("internal-dr"))));
        const FailoverTally::Row t = tally.total();
        m_report.counted(QStringLiteral("a replicated `<name>.internal` topic and a plain one, the same group also on an "
                                        "unreplicated `__` topic"),
                         plan, t.lost, t.duplicated);
        QVERIFY2(t.lost == 0 && t.duplicated == 0, qPrintable(lostAndDuplicated(t)));
        const QString result = plan.value(QStringLiteral("result")).toString(); // compared last, below
        m_report.answered(QStringLiteral("... that group's `__` topic"),
                          QStringLiteral("listed \"not-replicated\" with a reason; result \"%1\", exit 1").arg(result));

        r = execute(onlyHidden);
        const QJsonObject refused = failoverGroup(r.out, onlyHidden);
        QVERIFY2(exited(r, 3), qPrintable(r.describe()));
        QCOMPARE(checkLevel(refused, QStringLiteral("every partition translated")), QStringLiteral("red"));
        QCOMPARE(failoverTopic(refused, hiddenOnly).value(QStringLiteral("status")).toString(), QStringLiteral("not-replicated"));
        QVERIFY2(committed(QStringLiteral("dr"), onlyHidden).empty(), "a refused failover wrote offsets");
        m_report.answered(QStringLiteral("a group whose only topic is a `__` topic"),
                          QStringLiteral("refused: exit 3, red \"every partition translated\""));

        r = steps().failover({QStringLiteral("--all-groups"), QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(exited(r, 3), qPrintable(r.describe())); // the group above is refused
        QVERIFY2(!failoverGroup(r.out, g).isEmpty(), qPrintable(r.describe()));
        QVERIFY2(!failoverGroup(r.out, onlyHidden).isEmpty(), qPrintable(r.describe()));

        QCOMPARE(result, QStringLiteral("applied-with-untranslated")); // not "applied": a committed topic was left as it is
        // The audit record says the same, and names the topic left behind.
        const QList<QJsonObject> audit =
            auditRecords(m_dir.filePath(QStringLiteral("data/lagscope/audit.jsonl")), g);
        QVERIFY(!audit.isEmpty());
        QCOMPARE(audit.back().value(QStringLiteral("result")).toString(), QStringLiteral("applied-with-untranslated"));
        QVERIFY2(audit.back().value(QStringLiteral("reason")).toString().contains(hidden),
                 qPrintable(compact(audit.back())));
    }

    void emptyAndUncommitted()
    {
        const QString topic = topicName("sparse");
        const QString g = group("sparse");
        ok(steps().createTopic(topic, 3));
        // Partition 0 stays empty; 1 and 2 get records.
        ok(steps().produce(topic, 40, {QStringLiteral("--partition"), QStringLiteral("1"), QStringLiteral("--value-prefix"),
                                       QStringLiteral("s1")}));
        ok(steps().produce(topic, 30, {QStringLiteral("--partition"), QStringLiteral("2"), QStringLiteral("--value-prefix"),
                                       QStringLiteral("s2")}));
        QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), remote(topic), 3) == 70; }, 90000));
        ok(steps().consume(QStringLiteral("primary"), g, topic, QStringLiteral("sparse-p1"), 15, 1));
        ok(steps().commit(g, topic, {{0, 0}})); // what a consumer that found nothing there commits
        const CommittedOffsets expected{{{topic, 0}, 0}, {{topic, 1}, 15}};
        QCOMPARE(show(committed(QStringLiteral("primary"), g)), show(expected));

        auto dr = m_lab.client(QStringLiteral("dr"));
        QVERIFY(dr);
        const auto starts = dr->logOffsets({{remote(topic), 0}, {remote(topic), 2}}, OffsetSpec::Earliest, Deadline::inMs(5000));
        QVERIFY2(starts, why(starts).constData());

        const ProcessResult r = execute(g);
        const QJsonObject plan = failoverGroup(r.out, g);
        QVERIFY2(exited(r, 0), qPrintable(r.describe()));
        QCOMPARE(plan.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
        const QJsonObject empty = failoverPartition(plan, topic, 0);
        QVERIFY2(empty.value(QStringLiteral("method")).toString() == QLatin1String("log-start"), qPrintable(compact(empty)));
        QCOMPARE(empty.value(QStringLiteral("new_offset")).toInteger(-1), qint64(starts->offsets.at({remote(topic), 0})));
        const QJsonObject never = failoverPartition(plan, topic, 2, QStringLiteral("uncommitted"));
        QVERIFY2(!never.isEmpty(), qPrintable(compact(plan)));
        QCOMPARE(never.value(QStringLiteral("target_topic")).toString(), remote(topic));
        QCOMPARE(never.value(QStringLiteral("target_log_start")).toInteger(-1), qint64(starts->offsets.at({remote(topic), 2})));
        QCOMPARE(never.value(QStringLiteral("target_log_end")).toInteger(-1), qint64(30));
        for (int p : {0, 1})
            QVERIFY2(failoverPartition(plan, topic, p, QStringLiteral("uncommitted")).isEmpty(), qPrintable(compact(plan)));

        ok(steps().consume(QStringLiteral("dr"), g, remote(topic), QStringLiteral("sparse-dr")));
        FailoverTally tally;
        tally.addPartition(topic + QStringLiteral("-0"), records(QStringLiteral("primary"), topic, 0), 0, {});
        tally.addPartition(topic + QStringLiteral("-1"), records(QStringLiteral("primary"), topic, 1), 15,
                           loggedValues(steps().log(QStringLiteral("sparse-p1"))));
        tally.addPartition(topic + QStringLiteral("-2"), records(QStringLiteral("primary"), topic, 2), std::nullopt, {});
        tally.readOnTarget(loggedValues(steps().log(QStringLiteral("sparse-dr"))));
        const FailoverTally::Row t = tally.total();
        m_report.counted(QStringLiteral("an empty partition committed at 0, one never committed, one committed mid-way"), plan,
                         t.lost, t.duplicated);
        QVERIFY2(t.lost == 0 && t.duplicated == 0, qPrintable(lostAndDuplicated(t)));
    }

    void scheduledRefresh()
    {
        // A data dir of its own: only this refresh can have cached the group.
        const QByteArray dataHome = qgetenv("XDG_DATA_HOME");
        const QString data = m_dir.filePath(QStringLiteral("refresh-data"));
        qputenv("XDG_DATA_HOME", data.toUtf8());
        const auto restoreData = qScopeGuard([&] { qputenv("XDG_DATA_HOME", dataHome); });
        const QString topic = topicName("refresh");
        const QString g = group("refresh");
        const QString active = group("active");
        ok(steps().createTopic(topic, 3));
        // At a steady rate, like an application: MirrorMaker writes offset syncs as records
        // come (a burst leaves most partitions a sync or two).
        ok(steps().produce(topic, 300, {QStringLiteral("--rate"), QStringLiteral("100")}));
        QVERIFY(waitUntil([&] { return m_lab.logEndSum(QStringLiteral("dr"), remote(topic), 3) == 300; }, 90000));
        // MirrorMaker stops before the group commits, so it never checkpoints it: after the
        // disaster only the refreshed cache knows where the group was.
        m_mirrorStopped = true;
        ok(steps().stopMirrorMaker());
        const int stop[3] = {37, 52, 81};
        for (int p = 0; p < 3; ++p)
            ok(steps().consume(QStringLiteral("primary"), g, topic, QStringLiteral("refresh-p%1").arg(p), stop[p], p));

        QProcess member; // an active group: red "source group inactive" in the refresh
        member.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                     {QStringLiteral("consume"), QStringLiteral("--group"), active, QStringLiteral("--topic"), topic,
                      QStringLiteral("--max"), QStringLiteral("1"), QStringLiteral("--stay"), QStringLiteral("--bootstrap"),
                      m_lab.bootstrap(QStringLiteral("primary"))});
        QVERIFY(member.waitForStarted());
        const auto stopMember = qScopeGuard([&] {
            member.terminate();
            member.waitForFinished(30000);
        });
        QByteArray printed;
        QTRY_VERIFY_WITH_TIMEOUT((printed += member.readAllStandardOutput()).contains("committed"), 60000);
        auto primary = m_lab.client(QStringLiteral("primary"));
        QVERIFY(primary);
        QVERIFY(waitUntil([&] {
            const auto d = primary->describeGroups({active}, Deadline::inMs(5000));
            return d && !d->empty() && !d->front().members.empty();
        }, 60000));

        const CommittedOffsets seen = committed(QStringLiteral("primary"), g);
        QCOMPARE(seen.size(), size_t(3));
        std::vector<RawRecord> source[3];
        for (int p = 0; p < 3; ++p)
            source[p] = records(QStringLiteral("primary"), topic, p);
        const ProcessResult refresh = steps().failover({QStringLiteral("--all-groups"), QStringLiteral("--refresh-cache")});
        QVERIFY2(exited(refresh, 0), qPrintable(refresh.describe()));
        const QStringList lines = refresh.out.trimmed().split(QLatin1Char('\n'));
        const QRegularExpressionMatch line =
            QRegularExpression(QStringLiteral("^failover cache (.+) refreshed: (\\d+) group\\(s\\), (\\d+) partition\\(s\\)$"))
                .match(lines.value(0));
        QVERIFY2(lines.size() == 1 && line.hasMatch(), qPrintable(refresh.describe()));
        QVERIFY2(line.captured(1).startsWith(data) && QFile::exists(line.captured(1)), qPrintable(refresh.describe()));
        QVERIFY2(line.captured(2).toInt() >= 2 && line.captured(3).toInt() >= 4, qPrintable(refresh.describe()));
        QVERIFY2(refresh.err.contains(active), qPrintable(refresh.describe())); // its red check, as a warning
        member.terminate();
        QVERIFY(member.waitForFinished(30000));

        m_primaryDown = true;
        for (int node : m_lab.brokerNodes(QStringLiteral("primary")))
            ok(m_lab.lab({QStringLiteral("broker"), QStringLiteral("kill"), QStringLiteral("--cluster"), QStringLiteral("primary"),
                          QStringLiteral("--node"), QString::number(node)}));
        const ProcessResult r = execute(g, {QStringLiteral("--disaster")});
        const QJsonObject plan = failoverGroup(r.out, g);
        showPlan(plan);
        QVERIFY2(exited(r, 0), qPrintable(r.describe()));
        QCOMPARE(plan.value(QStringLiteral("result")).toString(), QStringLiteral("applied"));
        QVERIFY(plan.value(QStringLiteral("disaster")).toBool());
        CommittedOffsets planned;
        for (const QJsonValue &v : plan.value(QStringLiteral("partitions")).toArray()) {
            const QJsonObject o = v.toObject();
            planned[{o.value(QStringLiteral("topic")).toString(), o.value(QStringLiteral("partition")).toInt()}] =
                o.value(QStringLiteral("committed")).toInteger(-1);
        }
        QCOMPARE(show(planned), show(seen));

        ok(steps().consume(QStringLiteral("dr"), g, remote(topic), QStringLiteral("refresh-dr")));
        FailoverTally tally;
        for (int p = 0; p < 3; ++p)
            tally.addPartition(QString::number(p), source[p], stop[p],
                               loggedValues(steps().log(QStringLiteral("refresh-p%1").arg(p))));
        tally.readOnTarget(loggedValues(steps().log(QStringLiteral("refresh-dr"))));
        const auto rows = tally.rows();
        const FailoverTally::Row t = tally.total();
        m_report.counted(QStringLiteral("disaster failover (primary killed) with what a scheduled `--refresh-cache` cached"), plan,
                         t.lost, t.duplicated);
        QCOMPARE(t.lost, qint64(0));
        for (int p = 0; p < 3; ++p) {
            const qint64 bound = failoverPartition(plan, topic, p).value(QStringLiteral("reread")).toInteger(-1);
            const qint64 reread = rows[size_t(p)].duplicated;
            QVERIFY2(bound < 0 || reread <= bound,
                     qPrintable(QStringLiteral("partition %1 re-read %2 > the plan's bound %3").arg(p).arg(reread).arg(bound)));
        }
    }

    void cleanupTestCase()
    {
        restoreLab();
        steps().startMirrorMaker(0); // the lab's own setting again
        m_report.write(QStringLiteral("Failover on real-world topics (tst_failoverrealworld), MirrorMaker 2 offset.lag.max=100: "
                                      "lost and duplicated records over both sides' consumers"),
                       QStringLiteral("failover-realworld.txt"));
    }
};

QTEST_GUILESS_MAIN(TestFailoverRealWorld)
#include "tst_failoverrealworld.moc"
