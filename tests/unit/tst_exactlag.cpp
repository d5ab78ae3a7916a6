// The exact lag of transactional topics (monitor/ExactLag): which group partitions a poll
// reads (idle, small lag, in the log, one range per partition, at most N a poll), what a
// read says is invisible, and how the answers are kept per (partition, committed, log end)
// and written into the snapshot. The reads themselves are tested against Kafka in
// tests/integration/tst_exactlag_lab.
#include "TableRows.h"
#include "monitor/ExactLag.h"
#include "monitor/LagEvaluator.h"

#include <QTest>

using namespace lagscope;

namespace {

// One group partition of topic "t" in one poll.
struct Part {
    QString group = QStringLiteral("g");
    int partition = 0;
    std::int64_t committed = 0;
    std::int64_t logEnd = 0;
    bool unread = false;
};

// What the reads of a poll answer, per partition: the offsets received and where the read
// ended (-1 with an error); a partition left out ran out of time.
struct Read {
    int partition = 0;
    std::vector<qint64> offsets = {};
    std::int64_t readTo = 0;
    QString error = {};
};

struct Poll {
    std::vector<Part> parts;
    const char *expected;    // the ranges plan() returns: "t-0:5-6 t-1:3-7", in order
    std::vector<Read> reads; // answers fed to learn() after the plan
};

struct PlanCase {
    const char *name;
    std::vector<Poll> polls;
    int maxPerPoll = 32;
};

// Topic "t" with 8 partitions, every log starting at `logStart`.
ClusterSnapshot snapshotOf(const std::vector<Part> &parts, std::int64_t logStart = 0)
{
    ClusterSnapshot s;
    s.reachable = true;
    TopicState t{QStringLiteral("t"), false, {}};
    for (int p = 0; p < 8; ++p)
        t.partitions.push_back({p, 1, {1}, {1}, logStart, 1000});
    s.topics.push_back(t);
    for (const Part &part : parts) {
        const QString id = part.group;
        auto g = std::find_if(s.groups.begin(), s.groups.end(), [&](const GroupState &x) { return x.groupId == id; });
        if (g == s.groups.end()) {
            s.groups.emplace_back();
            g = s.groups.end() - 1;
            g->groupId = id;
        }
        if (part.unread)
            g->error = QStringLiteral("coordinator down");
        PartitionLag p;
        p.partition = {QStringLiteral("t"), part.partition};
        p.committed = part.committed;
        p.logEnd = part.logEnd;
        p.lag = part.logEnd - part.committed;
        g->totalLag += std::max<std::int64_t>(0, *p.lag);
        g->maxLag = std::max(g->maxLag, std::max<std::int64_t>(0, *p.lag));
        g->partitions.push_back(p);
    }
    return s;
}

QString show(const std::vector<VisibleRange> &ranges)
{
    QStringList out;
    for (const VisibleRange &r : ranges)
        out << QStringLiteral("%1:%2-%3").arg(r.partition.toString()).arg(r.from).arg(r.to);
    return out.join(QLatin1Char(' '));
}

std::map<TopicPartition, VisibleOffsets> answersOf(const std::vector<Read> &reads)
{
    std::map<TopicPartition, VisibleOffsets> out;
    for (const Read &r : reads)
        out[{QStringLiteral("t"), r.partition}] = {r.offsets, r.readTo, r.error};
    return out;
}

// Idle at 5 of 6 (a marker after the last record): seen, then read, then known.
Part idle(int partition, QString group = QStringLiteral("g")) { return {group, partition, 5, 6}; }
Read markerOnly(int partition) { return {partition, {}, 6}; }

const std::vector<PlanCase> &planCases()
{
    static const std::vector<PlanCase> cases = {
        {"first sight is not idle: nothing is read", {{{idle(0)}, "", {}}}},
        {"a pair seen in the previous poll is idle: read", {{{idle(0)}, "", {}}, {{idle(0)}, "t-0:5-6", {}}}},
        {"a known pair is not read again",
         {{{idle(0)}, "", {}}, {{idle(0)}, "t-0:5-6", {markerOnly(0)}}, {{idle(0)}, "", {}}}},
        {"a moving log end is not idle",
         {{{{QStringLiteral("g"), 0, 5, 6}}, "", {}}, {{{QStringLiteral("g"), 0, 5, 7}}, "", {}}}},
        {"a moving committed offset is not idle",
         {{{{QStringLiteral("g"), 0, 4, 6}}, "", {}}, {{{QStringLiteral("g"), 0, 5, 6}}, "", {}}}},
        {"caught up: nothing to read",
         {{{{QStringLiteral("g"), 0, 6, 6}}, "", {}}, {{{QStringLiteral("g"), 0, 6, 6}}, "", {}}}},
        {"a raw lag of exactly the bound is read",
         {{{{QStringLiteral("g"), 0, 5, 105}}, "", {}}, {{{QStringLiteral("g"), 0, 5, 105}}, "t-0:5-105", {}}}},
        {"a raw lag above the bound is not read",
         {{{{QStringLiteral("g"), 0, 5, 106}}, "", {}}, {{{QStringLiteral("g"), 0, 5, 106}}, "", {}}}},
        {"a committed offset beyond the log end (ERR) is not read",
         {{{{QStringLiteral("g"), 0, 9, 6}}, "", {}}, {{{QStringLiteral("g"), 0, 9, 6}}, "", {}}}},
        {"a group this poll could not read is not read",
         {{{{QStringLiteral("g"), 0, 5, 6, true}}, "", {}}, {{{QStringLiteral("g"), 0, 5, 6, true}}, "", {}}}},
        {"two groups at the same offsets: read once",
         {{{idle(0), idle(0, QStringLiteral("h"))}, "", {}}, {{idle(0), idle(0, QStringLiteral("h"))}, "t-0:5-6", {}}}},
        {"two groups at other offsets of one partition: one read from the lower answers both",
         {{{idle(0), {QStringLiteral("h"), 0, 3, 6}}, "", {}},
          {{idle(0), {QStringLiteral("h"), 0, 3, 6}}, "t-0:3-6", {{0, {3}, 6}}},
          {{idle(0), {QStringLiteral("h"), 0, 3, 6}}, "", {}}}},
        {"a group that is not idle is left out of the partition's read",
         {{{idle(0), {QStringLiteral("h"), 0, 3, 6}}, "", {}},
          {{idle(0), {QStringLiteral("h"), 0, 4, 6}}, "t-0:5-6", {markerOnly(0)}},
          {{idle(0), {QStringLiteral("h"), 0, 4, 6}}, "t-0:4-6", {}}}},
        {"at most maxPerPoll a poll, the rest in the next poll",
         {{{idle(0), idle(1), idle(2), idle(3)}, "", {}},
          {{idle(0), idle(1), idle(2), idle(3)}, "t-0:5-6 t-1:5-6", {markerOnly(0), markerOnly(1)}},
          {{idle(0), idle(1), idle(2), idle(3)}, "t-2:5-6 t-3:5-6", {}}},
         2},
        {"deadline: a partition not answered is asked again in the next poll",
         {{{idle(0), idle(1)}, "", {}},
          {{idle(0), idle(1)}, "t-0:5-6 t-1:5-6", {markerOnly(1)}},
          {{idle(0), idle(1)}, "t-0:5-6", {}}}},
        {"an error is remembered for the pair, not retried each poll",
         {{{idle(0)}, "", {}},
          {{idle(0)}, "t-0:5-6", {{0, {}, -1, QStringLiteral("Broker: Topic authorization failed")}}},
          {{idle(0)}, "", {}}}},
        {"a pair that left and came back is seen anew",
         {{{idle(0)}, "", {}},
          {{{QStringLiteral("g"), 0, 5, 7}}, "", {}},
          {{idle(0)}, "", {}},
          {{idle(0)}, "t-0:5-6", {}}}},
    };
    return cases;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<qint64>)

class TestExactLag final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plan_data() { test::addRowNumbers(planCases()); }
    void plan()
    {
        QFETCH(int, row);
        const PlanCase &c = planCases()[std::size_t(row)];
        ExactLag exact({100, c.maxPerPoll, 1000});
        for (std::size_t i = 0; i < c.polls.size(); ++i) {
            const Poll &poll = c.polls[i];
            const auto ranges = exact.plan(snapshotOf(poll.parts));
            QVERIFY2(show(ranges) == QString::fromUtf8(poll.expected),
                     qPrintable(QStringLiteral("poll %1: %2").arg(i + 1).arg(show(ranges))));
            exact.learn(ranges, answersOf(poll.reads));
        }
    }

    void logStart()
    {
        // The committed offset fell out of the log (retention): ERR, and nothing to read.
        ExactLag exact;
        const std::vector<Part> parts{{QStringLiteral("g"), 0, 5, 8}};
        QVERIFY(exact.plan(snapshotOf(parts, 6)).empty());
        QVERIFY(exact.plan(snapshotOf(parts, 6)).empty());
        QCOMPARE(exact.size(), std::size_t(0));
        // At the log start it is in the log.
        QVERIFY(exact.plan(snapshotOf(parts, 5)).empty());
        QCOMPARE(show(exact.plan(snapshotOf(parts, 5))), QStringLiteral("t-0:5-8"));
    }

    void invisible_data()
    {
        test::addColumns<qint64, qint64, std::vector<qint64>, qint64, QString, qint64>(
            "committed", "logEnd", "received", "readTo", "error", "invisible");
        const QString none;
        QTest::newRow("a commit marker after the last record")
            << 5LL << 6LL << std::vector<qint64>{} << 6LL << none << 1LL;
        QTest::newRow("a marker, then an aborted transaction of 2 and its marker")
            << 3LL << 7LL << std::vector<qint64>{} << 7LL << none << 4LL;
        QTest::newRow("a marker, then 3 committed records and their marker: lag 3")
            << 5LL << 10LL << std::vector<qint64>{6, 7, 8} << 10LL << none << 2LL;
        QTest::newRow("a record at the last offset") << 5LL << 8LL << std::vector<qint64>{7} << 8LL << none << 2LL;
        QTest::newRow("plain records: nothing invisible")
            << 5LL << 8LL << std::vector<qint64>{5, 6, 7} << 8LL << none << 0LL;
        QTest::newRow("read from a lower committed offset: records before it do not count")
            << 5LL << 8LL << std::vector<qint64>{2, 3, 7} << 8LL << none << 2LL;
        QTest::newRow("read past the log end (records appended since the poll)")
            << 5LL << 6LL << std::vector<qint64>{} << 9LL << none << 1LL;
        QTest::newRow("an open transaction stops the read at the last stable offset: its records count")
            << 2LL << 5LL << std::vector<qint64>{} << 3LL << none << 1LL;
        QTest::newRow("an open transaction right at the committed offset")
            << 3LL << 5LL << std::vector<qint64>{} << 3LL << none << 0LL;
        QTest::newRow("a read that failed says nothing") << 5LL << 6LL << std::vector<qint64>{} << -1LL
                                                         << QStringLiteral("Broker: Topic authorization failed") << 0LL;
    }
    void invisible()
    {
        QFETCH(qint64, committed);
        QFETCH(qint64, logEnd);
        QFETCH(std::vector<qint64>, received);
        QFETCH(qint64, readTo);
        QFETCH(QString, error);
        QFETCH(qint64, invisible);
        QCOMPARE(invisibleOffsets(committed, logEnd, {received, readTo, error}), invisible);
    }

    void apply()
    {
        // p0 ends in a marker, p1 has 3 records left after a marker and an aborted record, p2 is
        // too far behind to be read; group "u" could not be read this poll.
        const std::vector<Part> parts{{QStringLiteral("g"), 0, 5, 6},
                                      {QStringLiteral("g"), 1, 5, 10},
                                      {QStringLiteral("g"), 2, 0, 500},
                                      {QStringLiteral("u"), 0, 5, 6, true}};
        ExactLag exact;
        QVERIFY(exact.plan(snapshotOf(parts)).empty());
        const auto ranges = exact.plan(snapshotOf(parts));
        QCOMPARE(show(ranges), QStringLiteral("t-0:5-6 t-1:5-10"));
        exact.learn(ranges, answersOf({markerOnly(0), {1, {6, 7, 8}, 10}}));

        ClusterSnapshot s = snapshotOf(parts);
        exact.apply(s);
        const GroupState &g = *s.group(QStringLiteral("g"));
        QCOMPARE(g.partitions[0].lag, std::optional<std::int64_t>(0));
        QCOMPARE(g.partitions[0].invisibleRecords, 1);
        QCOMPARE(g.partitions[0].rawLag(), std::optional<std::int64_t>(1));
        QCOMPARE(g.partitions[1].lag, std::optional<std::int64_t>(3));
        QCOMPARE(g.partitions[1].invisibleRecords, 2);
        QCOMPARE(g.partitions[2].lag, std::optional<std::int64_t>(500));
        QCOMPARE(g.partitions[2].invisibleRecords, 0);
        QCOMPARE(g.totalLag, 503);
        QCOMPARE(g.maxLag, 500);
        const GroupState &u = *s.group(QStringLiteral("u"));
        QCOMPARE(u.partitions[0].lag, std::optional<std::int64_t>(1));
        QCOMPARE(u.totalLag, 1);

        // The log end moved: the answer was for the old pair, the lag is raw again.
        std::vector<Part> moved = parts;
        moved[0].logEnd = 7;
        ClusterSnapshot next = snapshotOf(moved);
        QVERIFY(exact.plan(next).empty());
        exact.apply(next);
        QCOMPARE(next.group(QStringLiteral("g"))->partitions[0].lag, std::optional<std::int64_t>(2));
        QCOMPARE(next.group(QStringLiteral("g"))->partitions[0].invisibleRecords, 0);
        QCOMPARE(next.group(QStringLiteral("g"))->partitions[1].lag, std::optional<std::int64_t>(3));
    }
    // With allowed_lag 0, a group without members idle at a commit marker: STOP on the raw
    // difference, OK once the marker is known (from the second poll on, before STOP could come).
    void verdicts_data()
    {
        test::addColumns<bool, QString, QString>("verified", "status", "reason");
        QTest::newRow("raw: the marker looks like a stuck record")
            << false << QStringLiteral("STOP") << QStringLiteral("while lag is 1");
        QTest::newRow("exact: the marker is not lag")
            << true << QStringLiteral("OK") << QStringLiteral("are transaction markers or aborted records");
    }
    void verdicts()
    {
        QFETCH(bool, verified);
        QFETCH(QString, status);
        QFETCH(QString, reason);
        StatusSettings settings;
        settings.allowedLag = 0;
        settings.windowPolls = 4;
        LagEvaluator evaluator(settings);
        ExactLag exact;
        const QDateTime t0 = QDateTime::fromMSecsSinceEpoch(1'700'000'000'000, Qt::UTC);
        ClusterSnapshot s;
        for (int i = 0; i < 8; ++i) {
            s = snapshotOf({idle(0)});
            s.takenAt = t0.addSecs(5 * i);
            const auto ranges = exact.plan(s);
            if (verified)
                exact.learn(ranges, answersOf({markerOnly(0)}));
            exact.apply(s);
            evaluator.evaluate(s);
            QVERIFY2(i == 0 || !verified || s.groups[0].partitions[0].verdict.status == LagStatus::Ok,
                     qPrintable(s.groups[0].partitions[0].verdict.reason));
        }
        const PartitionLag &p = s.groups[0].partitions[0];
        QCOMPARE(lagStatusName(p.verdict.status), status);
        QVERIFY2(p.verdict.reason.contains(reason), qPrintable(p.verdict.reason));
        QCOMPARE(s.groups[0].totalLag, verified ? 0 : 1);
        if (verified) {
            QCOMPARE(p.lagTime->seconds, 0.0);
            QVERIFY(p.drain && !p.drain->never && p.drain->seconds == 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestExactLag)
#include "tst_exactlag.moc"
