// bench_store [--lab DIR] [--dir TMP] [--runs N] [--full-minutes M] [--week-days D]
// The history store at the scale fixture (500 groups × 20 partitions, 5 s polls):
//  1. inserting one poll (10,000 partition samples + 500 group samples);
//  2. MEASURED: a simulated span of the whole fixture (default 1 hour, one transaction per
//     poll like the recorder), its file size, and the compaction of 10 minutes of raw polls
//     once they age out; COMPUTED from it: the steady-state file size after 7 days;
//  3. MEASURED: 7 days of ONE group at full resolution, compacted every 10 simulated
//     minutes, then the 7-day range queries for that group; RSS after the fill.
// A full week of the whole fixture (120,960 polls × 10,000 rows) is too slow to write here,
// hence the split; see docs/PERFORMANCE.md.
#include "BenchUtil.h"

#include "store/HistoryStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

constexpr qint64 kPollMs = 5000;
// Offsets of a busy production topic: stored integers take their real size (SQLite
// stores small integers in fewer bytes, and the fixture's offsets are tiny).
constexpr std::int64_t kOffsetBase = 4'000'000'000;

qint64 sizeOf(const QString &path) { return QFileInfo(path).size(); }

// A new store at `path`, replacing the file an earlier run left there.
Result<std::unique_ptr<HistoryStore>> openEmptyStore(const QString &path, const RetentionPolicy &policy)
{
    QFile::remove(path);
    return HistoryStore::open(path, policy);
}

// Rows per tier of each sample table, read through a second connection.
QString tierCounts(const QString &path)
{
    QString out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-counts"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            for (const QString &table :
                 {QStringLiteral("partition_sample"), QStringLiteral("group_sample"), QStringLiteral("poll")}) {
                QSqlQuery q(db);
                q.exec(QStringLiteral("SELECT tier, count(*) FROM %1 GROUP BY tier ORDER BY tier").arg(table));
                QStringList parts;
                while (q.next())
                    parts << QStringLiteral("tier %1: %2").arg(q.value(0).toInt()).arg(q.value(1).toLongLong());
                out += QStringLiteral("%1 (%2) ").arg(table, parts.join(QStringLiteral(", ")));
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench-counts"));
    return out.trimmed();
}

// A snapshot holding only `group` of the base.
ClusterSnapshot oneGroup(const ClusterSnapshot &base, const QString &group)
{
    ClusterSnapshot s;
    s.cluster = base.cluster;
    s.reachable = true;
    s.takenAt = base.takenAt;
    if (const GroupState *g = base.group(group))
        s.groups.push_back(*g);
    return s;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Benchmarks the history store at the scale fixture."),
                       LabOption::FixtureSource);
    parser.addOption({QStringLiteral("dir"),
                      QStringLiteral("Where to put the database files (default: a temporary dir)."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Repetitions of each timed step."), QStringLiteral("N"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("full-minutes"), QStringLiteral("Simulated minutes of the whole fixture."),
                      QStringLiteral("M"), QStringLiteral("60")});
    parser.addOption({QStringLiteral("week-days"), QStringLiteral("Simulated days of the one queried group."),
                      QStringLiteral("D"), QStringLiteral("7")});
    parser.process(app);
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int fullMinutes = std::max(20, parser.value(QStringLiteral("full-minutes")).toInt());
    const int weekDays = std::max(1, parser.value(QStringLiteral("week-days")).toInt());

    printMachine();
    QTemporaryDir tmp;
    const QString dir = parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : tmp.path();
    auto base = fixtureSnapshot(parser.value(QStringLiteral("lab")));
    if (!base)
        return fail(base.errorMessage());
    int rowsPerPoll = 0;
    for (const auto &g : (*base)->groups)
        rowsPerPoll += int(g.partitions.size());
    printLine(QStringLiteral("fixture snapshot (%1): %2 groups, %3 group partitions; offsets shifted to ~%4")
                  .arg(parser.isSet(QStringLiteral("lab")) ? QStringLiteral("polled from the lab")
                                                           : QStringLiteral("synthetic"))
                  .arg((*base)->groups.size())
                  .arg(rowsPerPoll)
                  .arg(kOffsetBase));

    const RetentionPolicy policy;
    // Each simulated span ends about now, so that the files can be opened by the real app
    // (whose compaction would drop anything older than 7 days); starts are aligned to the
    // coarse bucket.
    const qint64 coarseMs = msOf(policy.coarseBucket);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 start = (nowMs - qint64(fullMinutes) * 60 * 1000) / coarseMs * coarseMs;
    auto at = [](qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); };

    // 1 + 2: the whole fixture.
    const QString fullPath = dir + QStringLiteral("/full.sqlite");
    auto fullStore = openEmptyStore(fullPath, policy);
    if (!fullStore)
        return fail(fullStore.errorMessage());
    HistoryStore &full = **fullStore;

    printLine(QStringLiteral("insert one poll of the whole fixture (%1 partition + %2 group samples, one transaction):")
                  .arg(rowsPerPoll)
                  .arg((*base)->groups.size()));
    const int fullPolls = fullMinutes * 60 * 1000 / int(kPollMs);
    std::vector<double> earlyMs, lateMs;
    double firstInsertMs = 0;
    const Stopwatch fillClock;
    const double fillCpu0 = processCpuMs();
    for (int i = 0; i < fullPolls; ++i) {
        const SnapshotPtr s = variantSnapshot(**base, at(start + i * kPollMs), i, kOffsetBase);
        const Stopwatch clock;
        if (Status st = full.appendSnapshot(*s); !st)
            return fail(st.errorMessage());
        const double ms = clock.elapsedMs();
        if (i == 0)
            firstInsertMs = ms;
        else if (i <= runs)
            earlyMs.push_back(ms);
        else if (i >= fullPolls - runs)
            lateMs.push_back(ms);
    }
    const double fillMs = fillClock.elapsedMs();
    const double fillCpuMs = processCpuMs() - fillCpu0;
    reportValue(QStringLiteral("store.insert.first"),
                QStringLiteral("first poll (also creates the 10,500 dictionary ids)"), firstInsertMs,
                QStringLiteral("ms"));
    report(QStringLiteral("store.insert"), QStringLiteral("polls 2..%1").arg(runs + 1), earlyMs, QStringLiteral("ms"));
    report(QStringLiteral("store.insert.late"), QStringLiteral("last %1 polls of the span (bigger file)").arg(runs),
           lateMs, QStringLiteral("ms"));
    const qint64 fullDb = sizeOf(fullPath);
    const qint64 fullWal = sizeOf(fullPath + QStringLiteral("-wal"));
    printLine(
        QStringLiteral("MEASURED: %1 simulated minutes of the whole fixture (%2 polls, %3 M partition rows) written in"
                       " %4 s (%5 s CPU); file %6 MiB + WAL %7 MiB")
            .arg(fullMinutes)
            .arg(fullPolls)
            .arg(double(fullPolls) * rowsPerPoll / 1e6, 0, 'f', 2)
            .arg(fillMs / 1000, 0, 'f', 1)
            .arg(fillCpuMs / 1000, 0, 'f', 1)
            .arg(mib(fullDb), 0, 'f', 1)
            .arg(mib(fullWal), 0, 'f', 1));
    printLine(QStringLiteral("  ") + tierCounts(fullPath));
    const double bytesPerPoll = double(fullDb) / fullPolls;
    reportValue(QStringLiteral("store.bytes_per_poll"), QStringLiteral("database bytes per poll of the fixture"),
                bytesPerPoll / 1024, QStringLiteral("KiB"));

    // Query cost at full density: every poll time of the span seeks into 10,000 rows.
    const QString queried = Fixture::groupName(42);
    const QDateTime fullEnd = at(start + qint64(fullPolls) * kPollMs);
    std::vector<double> denseGroup, denseTopic;
    size_t denseRows = 0;
    for (int i = 0; i < runs; ++i) {
        Stopwatch c1;
        auto gh = full.groupHistory(QStringLiteral("primary"), queried, fullEnd.addDays(-7), fullEnd);
        denseGroup.push_back(c1.elapsedMs());
        Stopwatch c2;
        auto th = full.topicHistory(QStringLiteral("primary"), queried, fullEnd.addDays(-7), fullEnd);
        denseTopic.push_back(c2.elapsedMs());
        if (!gh || !th)
            return fail(gh ? th.errorMessage() : gh.errorMessage());
        denseRows = gh->size();
    }
    printLine(
        QStringLiteral("range query of %1 over the whole-fixture store (%2 raw poll times, all 500 groups present):")
            .arg(queried)
            .arg(denseRows));
    report(QStringLiteral("store.dense.groupHistory"), QStringLiteral("groupHistory"), denseGroup,
           QStringLiteral("ms"));
    report(QStringLiteral("store.dense.topicHistory"), QStringLiteral("topicHistory"), denseTopic,
           QStringLiteral("ms"));

    // Steady-state compaction: the first 10 minutes of raw polls reach rawFor.
    {
        const qint64 now = start + msOf(policy.rawFor) + 10 * 60 * 1000;
        const Stopwatch clock;
        const double cpu0 = processCpuMs();
        if (Status st = full.compact(at(now)); !st)
            return fail(st.errorMessage());
        printLine(QStringLiteral(
            "compaction of 10 minutes of raw polls of the whole fixture (120 polls → 10 one-minute buckets):"));
        reportValue(QStringLiteral("store.compact10min"), QStringLiteral("compact(), wall"), clock.elapsedMs(),
                    QStringLiteral("ms"));
        reportValue(QStringLiteral("store.compact10min.cpu"), QStringLiteral("compact(), CPU"), processCpuMs() - cpu0,
                    QStringLiteral("ms"));
        printLine(QStringLiteral("  after it: file %1 MiB + WAL %2 MiB; %3")
                      .arg(mib(sizeOf(fullPath)), 0, 'f', 1)
                      .arg(mib(sizeOf(fullPath + QStringLiteral("-wal"))), 0, 'f', 1)
                      .arg(tierCounts(fullPath)));
    }
    // COMPUTED: every tier holds one row set per poll or bucket, and a bucket row is the
    // same shape as a raw row, so the steady state is (raw polls + fine + coarse buckets)
    // row sets at the measured bytes per poll.
    const double rawPolls = double(msOf(policy.rawFor)) / kPollMs;
    const double fineBuckets = double(msOf(policy.fineFor - policy.rawFor)) / double(msOf(policy.fineBucket));
    const double coarseBuckets = double(msOf(policy.keepFor - policy.fineFor)) / double(coarseMs);
    const double steadyMiB = (rawPolls + fineBuckets + coarseBuckets) * bytesPerPoll / (1024.0 * 1024.0);
    printLine(
        QStringLiteral("COMPUTED: steady state after 7 days = (%1 raw polls + %2 fine + %3 coarse buckets) × %4 KiB")
            .arg(rawPolls)
            .arg(fineBuckets)
            .arg(coarseBuckets)
            .arg(bytesPerPoll / 1024, 0, 'f', 1));
    reportValue(QStringLiteral("store.week_size_computed"),
                QStringLiteral("database size, whole fixture, 7 days (computed)"), steadyMiB, QStringLiteral("MiB"));
    fullStore->reset();
    std::vector<double> extrapolated;
    for (const double ms : denseGroup)
        extrapolated.push_back(ms / double(denseRows) * (rawPolls + fineBuckets + coarseBuckets));
    report(QStringLiteral("store.week_query_computed"),
           QStringLiteral("COMPUTED groupHistory over 7 days at full density (per-poll-time cost × 6,264)"),
           extrapolated, QStringLiteral("ms"));
    extrapolated.clear();
    for (const double ms : denseTopic)
        extrapolated.push_back(ms / double(denseRows) * (rawPolls + fineBuckets + coarseBuckets));
    report(QStringLiteral("store.week_topic_query_computed"),
           QStringLiteral("COMPUTED topicHistory over 7 days at full density (per-poll-time cost × 6,264)"),
           extrapolated, QStringLiteral("ms"));

    // 3: one group, a whole week, at full resolution.
    const QString weekPath = dir + QStringLiteral("/week.sqlite");
    auto weekStore = openEmptyStore(weekPath, policy);
    if (!weekStore)
        return fail(weekStore.errorMessage());
    HistoryStore &week = **weekStore;
    const ClusterSnapshot single = oneGroup(**base, queried);
    const qint64 weekPolls = qint64(weekDays) * 24 * 3600 * 1000 / kPollMs;
    const qint64 pollsPerCompaction = 10 * 60 * 1000 / kPollMs;
    const qint64 weekStart = (nowMs - weekPolls * kPollMs) / coarseMs * coarseMs;
    const Stopwatch weekClock;
    for (qint64 i = 0; i < weekPolls; i += pollsPerCompaction) {
        // The recorder coalesces bursts into one transaction; here 10 minutes make a burst.
        std::vector<SnapshotPtr> batch;
        for (qint64 j = i; j < std::min(weekPolls, i + pollsPerCompaction); ++j)
            batch.push_back(variantSnapshot(single, at(weekStart + j * kPollMs), int(j), kOffsetBase));
        if (Status st = week.appendSnapshots(batch); !st)
            return fail(st.errorMessage());
        if (Status st = week.compact(at(weekStart + (i + pollsPerCompaction) * kPollMs)); !st)
            return fail(st.errorMessage());
    }
    const QDateTime weekEnd = at(weekStart + weekPolls * kPollMs);
    printLine(QStringLiteral("MEASURED: %1 days of %2 alone (%3 polls × 20 partitions) written and compacted every 10"
                             " simulated minutes in %4 s; file %5 MiB + WAL %6 MiB")
                  .arg(weekDays)
                  .arg(queried)
                  .arg(weekPolls)
                  .arg(weekClock.elapsedMs() / 1000, 0, 'f', 1)
                  .arg(mib(sizeOf(weekPath)), 0, 'f', 2)
                  .arg(mib(sizeOf(weekPath + QStringLiteral("-wal"))), 0, 'f', 2));
    printLine(QStringLiteral("  ") + tierCounts(weekPath));

    std::vector<double> groupMs, topicMs, partitionMs;
    size_t groupRows = 0, topicRows = 0, partitionRows = 0;
    for (int i = 0; i < runs + 1; ++i) { // the first run warms SQLite's page cache
        Stopwatch c1;
        auto gh = week.groupHistory(QStringLiteral("primary"), queried, weekEnd.addDays(-7), weekEnd);
        const double g = c1.elapsedMs();
        Stopwatch c2;
        auto th = week.topicHistory(QStringLiteral("primary"), queried, weekEnd.addDays(-7), weekEnd);
        const double t = c2.elapsedMs();
        Stopwatch c3;
        auto ph = week.partitionHistory(QStringLiteral("primary"), queried, weekEnd.addDays(-7), weekEnd);
        const double p = c3.elapsedMs();
        if (!gh || !th || !ph)
            return fail(QStringLiteral("a range query failed"));
        groupRows = gh->size();
        topicRows = 0;
        for (const auto &[topic, samples] : *th)
            topicRows += samples.size();
        partitionRows = 0;
        for (const auto &[tp, samples] : *ph)
            partitionRows += samples.size();
        if (i == 0) {
            printLine(QStringLiteral("7-day range queries of %1 (first, cold SQLite cache: group %2 ms, topic %3 ms,"
                                     " partition %4 ms):")
                          .arg(queried)
                          .arg(g, 0, 'f', 1)
                          .arg(t, 0, 'f', 1)
                          .arg(p, 0, 'f', 1));
            continue;
        }
        groupMs.push_back(g);
        topicMs.push_back(t);
        partitionMs.push_back(p);
    }
    report(QStringLiteral("store.week.groupHistory"), QStringLiteral("groupHistory (%1 points)").arg(groupRows),
           groupMs, QStringLiteral("ms"));
    report(QStringLiteral("store.week.topicHistory"), QStringLiteral("topicHistory (%1 points)").arg(topicRows),
           topicMs, QStringLiteral("ms"));
    report(QStringLiteral("store.week.partitionHistory"),
           QStringLiteral("partitionHistory (%1 points)").arg(partitionRows), partitionMs, QStringLiteral("ms"));
    reportValue(QStringLiteral("store.rss"), QStringLiteral("RSS of this process after the fills and queries"),
                currentRssMiB(), QStringLiteral("MiB"));
    reportValue(QStringLiteral("store.peak_rss"), QStringLiteral("peak RSS of this process"), peakRssMiB(),
                QStringLiteral("MiB"));
    return 0;
}
