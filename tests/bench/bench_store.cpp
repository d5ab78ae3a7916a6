// bench_store [--lab DIR] [--dir TMP] [--runs N] [--full-minutes M] [--week-days D] [--day-hours H]
//             [--scale standard|large] [--only-week] [--sparse-compact-minutes M]
// The history store at the scale fixture (500 groups × 20 partitions, 5 s polls):
//  1. MEASURED: a span of the whole fixture (default 1 hour) polled every 5 s and compacted
//     every 5 simulated minutes like the recorder; insert cost, file size, bytes per poll,
//     and the compaction of 10 minutes of polls (pack + age into buckets), wall and CPU;
//     the same span where only 10 % of the groups move;
//  2. COMPUTED from 1: the steady-state file after 7 days;
//  3. MEASURED: the steady state of a week of the whole fixture (6 h of 5 s polls, 18 h of
//     one-minute buckets, 6 days of ten-minute buckets, one poll written per bucket), its
//     file size, and the 7-day range queries of one group at that full density;
//  4. MEASURED: one simulated day of the whole fixture at 5 s polls (--day-hours 0: skip);
//  5. MEASURED: 7 days of ONE group at full resolution, compacted every 10 simulated
//     minutes, then the 7-day range queries for that group; RSS after the fills.
#include "BenchUtil.h"
#include "StoreBench.h"

#include "store/HistoryStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

using namespace lagscope;
using namespace lagscope::bench;

using namespace lagscope::bench::store;

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
    parser.addOption({QStringLiteral("day-hours"),
                      QStringLiteral("Simulated hours of the whole fixture at 5 s polls (0: skip)."),
                      QStringLiteral("H"), QStringLiteral("24")});
    parser.addOption({QStringLiteral("scale"),
                      QStringLiteral("The fixture: standard (500 groups) or large (5,000 groups)."),
                      QStringLiteral("NAME"), QStringLiteral("standard")});
    parser.addOption({QStringLiteral("sparse-compact-minutes"),
                      QStringLiteral("Part 3: simulated minutes between compactions among the buckets' polls."),
                      QStringLiteral("M"), QStringLiteral("10")});
    parser.addOption({QStringLiteral("only-week"),
                      QStringLiteral("Only part 3, the measured week (its file stays in --dir as week-full.sqlite).")});
    parser.process(app);
    if (!Fixture::useScale(parser.value(QStringLiteral("scale"))))
        return fail(QStringLiteral("unknown --scale %1").arg(parser.value(QStringLiteral("scale"))));
    const bool onlyWeek = parser.isSet(QStringLiteral("only-week"));
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int fullMinutes = std::max(20, parser.value(QStringLiteral("full-minutes")).toInt());
    const int weekDays = std::max(1, parser.value(QStringLiteral("week-days")).toInt());
    const int dayHours = std::max(0, parser.value(QStringLiteral("day-hours")).toInt());

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
    // (whose compaction would drop anything older than 7 days); times are aligned to the
    // coarse bucket.
    const qint64 coarseMs = msOf(policy.coarseBucket);
    const qint64 nowMs = QDateTime::currentMSecsSinceEpoch() / coarseMs * coarseMs;
    const int fullPolls = fullMinutes * 60 * 1000 / int(kPollMs);
    const qint64 start = nowMs - qint64(fullPolls) * kPollMs;
    auto every = [&](qint64 t, int i) { return variantSnapshot(**base, at(t), i, kOffsetBase); };

    if (!onlyWeek) {
        // 1. The whole fixture, every partition moving every poll.
        const QString fullPath = dir + QStringLiteral("/full.sqlite");
        auto fullStore = openEmptyStore(fullPath, policy);
        if (!fullStore)
            return fail(fullStore.errorMessage());
        const auto dense = fill(**fullStore, start, fullPolls, every);
        if (!dense)
            return fail(dense.errorMessage());
        printLine(QStringLiteral("insert one poll of the whole fixture (%1 partitions of %2 groups, one transaction):")
                      .arg(rowsPerPoll)
                      .arg((*base)->groups.size()));
        reportValue(QStringLiteral("store.insert.first"),
                    QStringLiteral("first poll (also creates the dictionary ids)"), dense->insertMs.front(),
                    QStringLiteral("ms"));
        report(QStringLiteral("store.insert"), QStringLiteral("every poll of the span"),
               std::vector<double>(dense->insertMs.begin() + 1, dense->insertMs.end()), QStringLiteral("ms"));
        printLine(
            QStringLiteral("compaction every 5 simulated minutes during the span (packs recent polls into blocks):"));
        report(QStringLiteral("store.compact5min"), QStringLiteral("compact(), wall"), dense->compactMs,
               QStringLiteral("ms"));
        report(QStringLiteral("store.compact5min.cpu"), QStringLiteral("compact(), CPU"), dense->compactCpuMs,
               QStringLiteral("ms"));
        checkpoint(fullPath);
        printLine(QStringLiteral("MEASURED: %1 simulated minutes of the whole fixture (%2 polls, %3 M partition values)"
                                 " written in %4 s (%5 s CPU); file %6 MiB")
                      .arg(fullMinutes)
                      .arg(fullPolls)
                      .arg(double(fullPolls) * rowsPerPoll / 1e6, 0, 'f', 2)
                      .arg(dense->wallMs / 1000, 0, 'f', 1)
                      .arg(dense->cpuMs / 1000, 0, 'f', 1)
                      .arg(mib(sizeOf(fullPath)), 0, 'f', 1));
        printLine(QStringLiteral("  ") + tierCounts(fullPath));

        // The steady-state compaction: 10 minutes of polls packed, the oldest 10 minutes of raw
        // blocks reaching 6 h folded into one-minute buckets.
        {
            const Stopwatch clock;
            const double cpu0 = processCpuMs();
            if (Status st = (*fullStore)->compact(at(start + msOf(policy.rawFor) + 10 * 60 * 1000)); !st)
                return fail(st.errorMessage());
            printLine(
                QStringLiteral("compaction of the last 10 minutes of polls (packed) and the first 10 minutes of raw"
                               " blocks (aged into one-minute buckets), whole fixture:"));
            reportValue(QStringLiteral("store.compact10min"), QStringLiteral("compact(), wall"), clock.elapsedMs(),
                        QStringLiteral("ms"));
            reportValue(QStringLiteral("store.compact10min.cpu"), QStringLiteral("compact(), CPU"),
                        processCpuMs() - cpu0, QStringLiteral("ms"));
        }
        // What one poll costs in a raw block and in the recent table, before the 10-minute
        // compaction moved anything into buckets.
        const TierBytes packed = tierBytes(fullPath);
        const double rawBytesPerPoll = double(packed.blockBytes[0]) / double(std::max<qint64>(1, packed.polls[0]));
        reportValue(QStringLiteral("store.bytes_per_poll"),
                    QStringLiteral("encoded bytes per poll of the fixture in raw blocks, every group moving"),
                    rawBytesPerPoll / 1024, QStringLiteral("KiB"));
        // The recent table's cost of a poll: one more poll, unpacked.
        if (Status st = (*fullStore)->appendSnapshot(*every(nowMs, fullPolls)); !st)
            return fail(st.errorMessage());
        const double recentBytesPerPoll = double(tierBytes(fullPath).recentBytes);
        reportValue(QStringLiteral("store.recent_bytes_per_poll"),
                    QStringLiteral("bytes per poll in the recent table (until compaction packs it)"),
                    recentBytesPerPoll / 1024, QStringLiteral("KiB"));
        // Every raw point aged into one-minute buckets: the bytes of a bucket in fine blocks.
        if (Status st = (*fullStore)->compact(at(nowMs + msOf(policy.rawFor) + coarseMs)); !st)
            return fail(st.errorMessage());
        const TierBytes aged = tierBytes(fullPath);
        const double bucketBytes = double(aged.blockBytes[1]) / double(std::max<qint64>(1, aged.polls[1]));
        reportValue(QStringLiteral("store.bytes_per_bucket"),
                    QStringLiteral("encoded bytes per one-minute bucket of the fixture in fine blocks"),
                    bucketBytes / 1024, QStringLiteral("KiB"));
        printLine(QStringLiteral("  ") + tierCounts(fullPath));
        fullStore->reset();

        // The same span where one group in ten moves.
        {
            const QString path = dir + QStringLiteral("/tenth.sqlite");
            auto store = openEmptyStore(path, policy);
            if (!store)
                return fail(store.errorMessage());
            const SnapshotPtr idle = variantSnapshot(**base, at(start), 0, kOffsetBase);
            const auto f =
                fill(**store, start, fullPolls, [&](qint64 t, int i) { return partlyMoving(**base, *idle, t, i, 10); });
            if (!f)
                return fail(f.errorMessage());
            store->reset();
            const TierBytes tenth = tierBytes(path);
            reportValue(QStringLiteral("store.bytes_per_poll.tenth_moving"),
                        QStringLiteral("encoded bytes per poll in raw blocks, 10 % of the groups moving"),
                        double(tenth.blockBytes[0]) / double(std::max<qint64>(1, tenth.polls[0])) / 1024,
                        QStringLiteral("KiB"));
            printLine(QStringLiteral("  ") + tierCounts(path));
        }

        // The same span with unpredictable noise in every partition.
        double noisyBytesPerPoll = 0;
        {
            const QString path = dir + QStringLiteral("/noisy.sqlite");
            auto store = openEmptyStore(path, policy);
            if (!store)
                return fail(store.errorMessage());
            const auto f =
                fill(**store, start, fullPolls, [&](qint64 t, int i) { return noisySnapshot(**base, t, i); });
            if (!f)
                return fail(f.errorMessage());
            store->reset();
            const TierBytes noisy = tierBytes(path);
            noisyBytesPerPoll = double(noisy.blockBytes[0]) / double(std::max<qint64>(1, noisy.polls[0]));
            reportValue(QStringLiteral("store.bytes_per_poll.noisy"),
                        QStringLiteral("encoded bytes per poll in raw blocks, every partition moving with noise"),
                        noisyBytesPerPoll / 1024, QStringLiteral("KiB"));
            printLine(QStringLiteral("  ") + tierCounts(path));
        }

        // 2. COMPUTED: the raw tier holds 6 h of polls, the bucket tiers a bucket per minute or
        // ten minutes, each at the measured bytes of a poll or a bucket, plus up to 15 minutes of
        // recent polls (compaction runs every 5 minutes and packs whole 10-minute spans). SQLite's
        // pages add to this: the measured week below says how much.
        const double rawPolls = double(msOf(policy.rawFor)) / kPollMs;
        const double fineBuckets = double(msOf(policy.fineFor - policy.rawFor)) / double(msOf(policy.fineBucket));
        const double coarseBuckets = double(msOf(policy.keepFor - policy.fineFor)) / double(coarseMs);
        const double recentPolls = 15.0 * 60 * 1000 / kPollMs;
        printLine(QStringLiteral("COMPUTED: steady state after 7 days = %1 raw polls × %2 KiB + (%3 fine + %4 coarse"
                                 " buckets) × %5 KiB + %6 recent polls × %7 KiB")
                      .arg(rawPolls)
                      .arg(rawBytesPerPoll / 1024, 0, 'f', 2)
                      .arg(fineBuckets)
                      .arg(coarseBuckets)
                      .arg(bucketBytes / 1024, 0, 'f', 2)
                      .arg(recentPolls)
                      .arg(recentBytesPerPoll / 1024, 0, 'f', 1));
        reportValue(QStringLiteral("store.week_size_computed"),
                    QStringLiteral("history data, whole fixture, 7 days (computed)"),
                    (rawPolls * rawBytesPerPoll + (fineBuckets + coarseBuckets) * bucketBytes
                     + recentPolls * recentBytesPerPoll)
                        / (1024.0 * 1024.0),
                    QStringLiteral("MiB"));
        // The noisy variant's bytes for every poll and bucket alike (a bucket is one point too).
        reportValue(QStringLiteral("store.week_size_computed.noisy"),
                    QStringLiteral("the same with the noisy polls' bytes for raw polls and buckets (computed)"),
                    ((rawPolls + fineBuckets + coarseBuckets) * noisyBytesPerPoll + recentPolls * recentBytesPerPoll)
                        / (1024.0 * 1024.0),
                    QStringLiteral("MiB"));
    }

    // 3. MEASURED: the steady state of a week, one poll written per bucket of the older tiers.
    {
        const QString path = dir + QStringLiteral("/week-full.sqlite");
        auto store = openEmptyStore(path, policy);
        if (!store)
            return fail(store.errorMessage());
        const std::vector<qint64> times = weekPollTimes(policy, nowMs);
        const Stopwatch clock;
        // Every 10 simulated minutes among the 5 s polls; among the buckets' single polls
        // every --sparse-compact-minutes (a large fixture pays per call, not per point).
        constexpr qint64 kTenMinutes = 10 * 60 * 1000;
        const qint64 sparse =
            std::max<qint64>(10, parser.value(QStringLiteral("sparse-compact-minutes")).toLongLong()) * 60 * 1000;
        const qint64 rawFrom = nowMs - msOf(policy.rawFor);
        for (size_t i = 0; i < times.size(); ++i) {
            if (Status st = (*store)->appendSnapshot(*every(times[i], int(i))); !st)
                return fail(st.errorMessage());
            const qint64 next = i + 1 < times.size() ? times[i + 1] : nowMs;
            const qint64 cadence = next >= rawFrom ? kTenMinutes : sparse;
            if (next / cadence != times[i] / cadence)
                if (Status st = (*store)->compact(at(next)); !st)
                    return fail(st.errorMessage());
        }
        printLine(QStringLiteral("MEASURED: the steady state of 7 days of the whole fixture (%1 polls and buckets,"
                                 " compacted every 10 simulated minutes, every %3 among the buckets) written"
                                 " in %2 s")
                      .arg(times.size())
                      .arg(clock.elapsedMs() / 1000, 0, 'f', 1)
                      .arg(QStringLiteral("%1 minutes").arg(sparse / 60000)));
        checkpoint(path);
        reportValue(QStringLiteral("store.week_size"),
                    QStringLiteral("database size, whole fixture, 7 days (measured)"), mib(sizeOf(path)),
                    QStringLiteral("MiB"));
        printLine(QStringLiteral("  ") + tierCounts(path));
        printLine(QStringLiteral("7-day range queries of %1 at full density (all %2 groups for 7 days):")
                      .arg(Fixture::groupName(42))
                      .arg((*base)->groups.size()));
        if (Status st = reportQueries(**store, Fixture::groupName(42), at(nowMs), runs, QStringLiteral("store.dense"));
            !st)
            return fail(st.errorMessage());
    }

    if (!onlyWeek) {
        // 4. MEASURED: hours of 5 s polls of the whole fixture.
        if (dayHours > 0) {
            const QString path = dir + QStringLiteral("/day.sqlite");
            auto store = openEmptyStore(path, policy);
            if (!store)
                return fail(store.errorMessage());
            const int polls = dayHours * 720;
            const auto f = fill(**store, nowMs - qint64(polls) * kPollMs, polls, every);
            if (!f)
                return fail(f.errorMessage());
            store->reset();
            checkpoint(path);
            printLine(
                QStringLiteral("MEASURED: %1 simulated hours of the whole fixture at 5 s polls (%2 polls) written and"
                               " compacted every 5 simulated minutes in %3 s (%4 s CPU)")
                    .arg(dayHours)
                    .arg(polls)
                    .arg(f->wallMs / 1000, 0, 'f', 1)
                    .arg(f->cpuMs / 1000, 0, 'f', 1));
            reportValue(QStringLiteral("store.day_size"),
                        QStringLiteral("database size, whole fixture, %1 h at 5 s polls").arg(dayHours),
                        mib(sizeOf(path)), QStringLiteral("MiB"));
            report(QStringLiteral("store.day.compact.cpu"), QStringLiteral("each 5-minute compaction, CPU"),
                   f->compactCpuMs, QStringLiteral("ms"));
            printLine(QStringLiteral("  ") + tierCounts(path));
        }

        // 5. One group, a whole week, at full resolution.
        const QString queried = Fixture::groupName(42);
        const QString weekPath = dir + QStringLiteral("/week.sqlite");
        auto weekStore = openEmptyStore(weekPath, policy);
        if (!weekStore)
            return fail(weekStore.errorMessage());
        HistoryStore &week = **weekStore;
        const ClusterSnapshot single = oneGroup(**base, queried);
        const qint64 weekPolls = qint64(weekDays) * 24 * 3600 * 1000 / kPollMs;
        const qint64 pollsPerCompaction = 10 * 60 * 1000 / kPollMs;
        const qint64 weekStart = nowMs - weekPolls * kPollMs;
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
        printLine(
            QStringLiteral("MEASURED: %1 days of %2 alone (%3 polls × 20 partitions) written and compacted every 10"
                           " simulated minutes in %4 s; file %5 MiB + WAL %6 MiB")
                .arg(weekDays)
                .arg(queried)
                .arg(weekPolls)
                .arg(weekClock.elapsedMs() / 1000, 0, 'f', 1)
                .arg(mib(sizeOf(weekPath)), 0, 'f', 2)
                .arg(mib(sizeOf(weekPath + QStringLiteral("-wal"))), 0, 'f', 2));
        printLine(QStringLiteral("  ") + tierCounts(weekPath));
        printLine(QStringLiteral("7-day range queries of %1 alone:").arg(queried));
        if (Status st = reportQueries(week, queried, at(nowMs), runs, QStringLiteral("store.week")); !st)
            return fail(st.errorMessage());
    }
    reportValue(QStringLiteral("store.rss"), QStringLiteral("RSS of this process after the fills and queries"),
                currentRssMiB(), QStringLiteral("MiB"));
    reportValue(QStringLiteral("store.peak_rss"), QStringLiteral("peak RSS of this process"), peakRssMiB(),
                QStringLiteral("MiB"));
    return 0;
}
