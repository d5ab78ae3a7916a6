// bench_store [--lab DIR] [--dir TMP] [--runs N] [--full-minutes M] [--week-days D] [--day-hours H]
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
constexpr qint64 kCompactEveryMs = 5 * 60 * 1000; // as HistoryRecorder does

qint64 sizeOf(const QString &path) { return QFileInfo(path).size(); }
QDateTime at(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }

// A new store at `path`, replacing the file an earlier run left there.
Result<std::unique_ptr<HistoryStore>> openEmptyStore(const QString &path, const RetentionPolicy &policy)
{
    QFile::remove(path);
    QFile::remove(path + QStringLiteral("-wal"));
    return HistoryStore::open(path, policy);
}

// Blocks and bytes per tier, and the recent rows not packed yet, through a second connection.
QString tierCounts(const QString &path)
{
    QString out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-counts"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT tier, count(*), sum(length(data)) FROM sample_block GROUP BY tier"));
            QStringList parts;
            while (q.next())
                parts << QStringLiteral("tier %1: %2 blocks, %3 MiB")
                             .arg(q.value(0).toInt())
                             .arg(q.value(1).toLongLong())
                             .arg(mib(q.value(2).toLongLong()), 0, 'f', 2);
            q.exec(QStringLiteral("SELECT count(*), coalesce(sum(length(data)), 0) FROM recent_sample"));
            if (q.next())
                parts << QStringLiteral("recent: %1 rows, %2 MiB")
                             .arg(q.value(0).toLongLong())
                             .arg(mib(q.value(1).toLongLong()), 0, 'f', 2);
            q.exec(QStringLiteral("SELECT tier, count(*) FROM poll GROUP BY tier"));
            while (q.next())
                parts << QStringLiteral("polls of tier %1: %2").arg(q.value(0).toInt()).arg(q.value(1).toLongLong());
            out = parts.join(QStringLiteral("; "));
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench-counts"));
    return out;
}

// The bytes of the encoded points per tier and of the recent rows, with the polls (or
// buckets) each tier holds: what the file holds apart from SQLite's pages and free space.
struct TierBytes {
    qint64 blockBytes[3] = {0, 0, 0};
    qint64 polls[3] = {0, 0, 0};
    qint64 recentBytes = 0;
    qint64 recentRows = 0;
};

TierBytes tierBytes(const QString &path)
{
    TierBytes out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-bytes"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT tier, sum(length(data)) FROM sample_block GROUP BY tier"));
            while (q.next())
                out.blockBytes[std::clamp(q.value(0).toInt(), 0, 2)] = q.value(1).toLongLong();
            q.exec(QStringLiteral("SELECT tier, count(*) FROM poll GROUP BY tier"));
            while (q.next())
                out.polls[std::clamp(q.value(0).toInt(), 0, 2)] = q.value(1).toLongLong();
            q.exec(QStringLiteral("SELECT count(*), coalesce(sum(length(data)), 0) FROM recent_sample"));
            if (q.next()) {
                out.recentRows = q.value(0).toLongLong();
                out.recentBytes = q.value(1).toLongLong();
            }
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench-bytes"));
    return out;
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

// The fixture at poll `step` where only every `everyNth` group moves; the others keep
// the values of step 0 (idle consumers of idle topics).
SnapshotPtr partlyMoving(const ClusterSnapshot &base, const ClusterSnapshot &idle, qint64 t, int step, int everyNth)
{
    auto s = std::const_pointer_cast<ClusterSnapshot>(variantSnapshot(base, at(t), step, kOffsetBase));
    for (size_t i = 0; i < s->groups.size(); ++i)
        if (i % size_t(everyNth) != 0)
            s->groups[i] = idle.groups[i];
    return s;
}

// The fixture at poll `step` with noise no encoder can predict: every log end grows by 40 a
// poll give or take 20, every lag jumps to a new value in 1..300 every third poll. Closer to
// a busy production cluster than variantSnapshot's steady rates, and the worst case for the
// encoding's deltas (a pseudo-random hash of step and partition, so runs repeat).
SnapshotPtr noisySnapshot(const ClusterSnapshot &base, qint64 t, int step)
{
    auto noise = [](quint64 a, quint64 b) {
        quint64 x = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL);
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ULL;
        return x ^ (x >> 29);
    };
    auto s = std::make_shared<ClusterSnapshot>(base);
    s->takenAt = at(t);
    quint64 i = 0;
    for (GroupState &g : s->groups) {
        g.totalLag = 0;
        g.maxLag = 0;
        for (PartitionLag &p : g.partitions) {
            const std::int64_t logEnd = kOffsetBase + std::int64_t(step) * 40 + std::int64_t(noise(step, i) % 41) - 20;
            const std::int64_t lag = std::int64_t(noise(step / 3, i + 7) % 300) + 1;
            p.logEnd = logEnd;
            p.committed = logEnd - lag;
            p.lag = lag;
            g.totalLag += lag;
            g.maxLag = std::max(g.maxLag, lag);
            ++i;
        }
    }
    return s;
}

struct Fill {
    double wallMs = 0;
    double cpuMs = 0;
    std::vector<double> insertMs;  // per poll
    std::vector<double> compactMs; // per compaction, wall
    std::vector<double> compactCpuMs;
};

// Writes `polls` polls from `start`, 5 s apart, made by `make(t, i)`, one transaction each,
// compacting every 5 simulated minutes (a compaction packs whole 10-minute spans, so up to
// 10 minutes of polls stay unpacked at the end).
template <typename Make> Result<Fill> fill(HistoryStore &store, qint64 start, int polls, Make make)
{
    Fill f;
    const Stopwatch clock;
    const double cpu0 = processCpuMs();
    for (int i = 0; i < polls; ++i) {
        const qint64 t = start + i * kPollMs;
        const SnapshotPtr s = make(t, i);
        const Stopwatch c;
        if (Status st = store.appendSnapshot(*s); !st)
            return st.error();
        f.insertMs.push_back(c.elapsedMs());
        // Not after the last poll: the caller measures that compaction itself.
        if (i + 1 < polls && (t + kPollMs) % kCompactEveryMs < kPollMs) {
            const Stopwatch cc;
            const double ccpu = processCpuMs();
            if (Status st = store.compact(at(t + kPollMs)); !st)
                return st.error();
            f.compactMs.push_back(cc.elapsedMs());
            f.compactCpuMs.push_back(processCpuMs() - ccpu);
        }
    }
    f.wallMs = clock.elapsedMs();
    f.cpuMs = processCpuMs() - cpu0;
    return f;
}

// The 7-day group, topic and partition queries of `group`, `runs` times after a warm-up.
Status reportQueries(const HistoryStore &store, const QString &group, const QDateTime &end, int runs,
                     const QString &prefix)
{
    std::vector<double> groupMs, topicMs, partitionMs;
    size_t groupRows = 0, partitionRows = 0;
    for (int i = 0; i < runs + 1; ++i) { // the first run warms SQLite's page cache
        Stopwatch c1;
        auto gh = store.groupHistory(QStringLiteral("primary"), group, end.addDays(-7), end);
        const double g = c1.elapsedMs();
        Stopwatch c2;
        auto th = store.topicHistory(QStringLiteral("primary"), group, end.addDays(-7), end);
        const double t = c2.elapsedMs();
        Stopwatch c3;
        auto ph = store.partitionHistory(QStringLiteral("primary"), group, end.addDays(-7), end);
        const double p = c3.elapsedMs();
        if (!gh || !th || !ph)
            return Status::failure(QStringLiteral("a range query failed"));
        groupRows = gh->size();
        partitionRows = 0;
        for (const auto &[tp, samples] : *ph)
            partitionRows += samples.size();
        if (i == 0) {
            printLine(QStringLiteral("  first (cold SQLite cache): group %1 ms, topic %2 ms, partition %3 ms")
                          .arg(g, 0, 'f', 1)
                          .arg(t, 0, 'f', 1)
                          .arg(p, 0, 'f', 1));
            continue;
        }
        groupMs.push_back(g);
        topicMs.push_back(t);
        partitionMs.push_back(p);
    }
    report(prefix + QStringLiteral(".groupHistory"), QStringLiteral("groupHistory (%1 points)").arg(groupRows), groupMs,
           QStringLiteral("ms"));
    report(prefix + QStringLiteral(".topicHistory"), QStringLiteral("topicHistory"), topicMs, QStringLiteral("ms"));
    report(prefix + QStringLiteral(".partitionHistory"),
           QStringLiteral("partitionHistory (%1 points)").arg(partitionRows), partitionMs, QStringLiteral("ms"));
    return success();
}

// Moves the WAL into the database file, so that its size is the history's.
void checkpoint(const QString &path)
{
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-checkpoint"));
        db.setDatabaseName(path);
        if (db.open())
            QSqlQuery(db).exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench-checkpoint"));
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
    parser.addOption({QStringLiteral("day-hours"),
                      QStringLiteral("Simulated hours of the whole fixture at 5 s polls (0: skip)."),
                      QStringLiteral("H"), QStringLiteral("24")});
    parser.process(app);
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
    reportValue(QStringLiteral("store.insert.first"), QStringLiteral("first poll (also creates the dictionary ids)"),
                dense->insertMs.front(), QStringLiteral("ms"));
    report(QStringLiteral("store.insert"), QStringLiteral("every poll of the span"),
           std::vector<double>(dense->insertMs.begin() + 1, dense->insertMs.end()), QStringLiteral("ms"));
    printLine(QStringLiteral("compaction every 5 simulated minutes during the span (packs recent polls into blocks):"));
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
        printLine(QStringLiteral("compaction of the last 10 minutes of polls (packed) and the first 10 minutes of raw"
                                 " blocks (aged into one-minute buckets), whole fixture:"));
        reportValue(QStringLiteral("store.compact10min"), QStringLiteral("compact(), wall"), clock.elapsedMs(),
                    QStringLiteral("ms"));
        reportValue(QStringLiteral("store.compact10min.cpu"), QStringLiteral("compact(), CPU"), processCpuMs() - cpu0,
                    QStringLiteral("ms"));
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
                QStringLiteral("encoded bytes per one-minute bucket of the fixture in fine blocks"), bucketBytes / 1024,
                QStringLiteral("KiB"));
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
        const auto f = fill(**store, start, fullPolls, [&](qint64 t, int i) { return noisySnapshot(**base, t, i); });
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
    reportValue(
        QStringLiteral("store.week_size_computed"), QStringLiteral("history data, whole fixture, 7 days (computed)"),
        (rawPolls * rawBytesPerPoll + (fineBuckets + coarseBuckets) * bucketBytes + recentPolls * recentBytesPerPoll)
            / (1024.0 * 1024.0),
        QStringLiteral("MiB"));
    // The noisy variant's bytes for every poll and bucket alike (a bucket is one point too).
    reportValue(QStringLiteral("store.week_size_computed.noisy"),
                QStringLiteral("the same with the noisy polls' bytes for raw polls and buckets (computed)"),
                ((rawPolls + fineBuckets + coarseBuckets) * noisyBytesPerPoll + recentPolls * recentBytesPerPoll)
                    / (1024.0 * 1024.0),
                QStringLiteral("MiB"));

    // 3. MEASURED: the steady state of a week, one poll written per bucket of the older tiers.
    {
        const QString path = dir + QStringLiteral("/week-full.sqlite");
        auto store = openEmptyStore(path, policy);
        if (!store)
            return fail(store.errorMessage());
        std::vector<qint64> times;
        for (qint64 t = nowMs - msOf(policy.keepFor) + coarseMs; t < nowMs - msOf(policy.fineFor); t += coarseMs)
            times.push_back(t);
        for (qint64 t = nowMs - msOf(policy.fineFor); t < nowMs - msOf(policy.rawFor); t += msOf(policy.fineBucket))
            times.push_back(t);
        for (qint64 t = nowMs - msOf(policy.rawFor); t < nowMs; t += kPollMs)
            times.push_back(t);
        const Stopwatch clock;
        constexpr qint64 kTenMinutes = 10 * 60 * 1000;
        for (size_t i = 0; i < times.size(); ++i) {
            if (Status st = (*store)->appendSnapshot(*every(times[i], int(i))); !st)
                return fail(st.errorMessage());
            const qint64 next = i + 1 < times.size() ? times[i + 1] : nowMs;
            if (next / kTenMinutes != times[i] / kTenMinutes)
                if (Status st = (*store)->compact(at(next)); !st)
                    return fail(st.errorMessage());
        }
        printLine(QStringLiteral("MEASURED: the steady state of 7 days of the whole fixture (%1 polls and buckets,"
                                 " compacted every 10 simulated minutes) written in %2 s")
                      .arg(times.size())
                      .arg(clock.elapsedMs() / 1000, 0, 'f', 1));
        checkpoint(path);
        reportValue(QStringLiteral("store.week_size"),
                    QStringLiteral("database size, whole fixture, 7 days (measured)"), mib(sizeOf(path)),
                    QStringLiteral("MiB"));
        printLine(QStringLiteral("  ") + tierCounts(path));
        printLine(QStringLiteral("7-day range queries of %1 at full density (all 500 groups for 7 days):")
                      .arg(Fixture::groupName(42)));
        if (Status st = reportQueries(**store, Fixture::groupName(42), at(nowMs), runs, QStringLiteral("store.dense"));
            !st)
            return fail(st.errorMessage());
    }

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
        printLine(QStringLiteral("MEASURED: %1 simulated hours of the whole fixture at 5 s polls (%2 polls) written and"
                                 " compacted every 5 simulated minutes in %3 s (%4 s CPU)")
                      .arg(dayHours)
                      .arg(polls)
                      .arg(f->wallMs / 1000, 0, 'f', 1)
                      .arg(f->cpuMs / 1000, 0, 'f', 1));
        reportValue(QStringLiteral("store.day_size"),
                    QStringLiteral("database size, whole fixture, %1 h at 5 s polls").arg(dayHours), mib(sizeOf(path)),
                    QStringLiteral("MiB"));
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
    printLine(QStringLiteral("MEASURED: %1 days of %2 alone (%3 polls × 20 partitions) written and compacted every 10"
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
    reportValue(QStringLiteral("store.rss"), QStringLiteral("RSS of this process after the fills and queries"),
                currentRssMiB(), QStringLiteral("MiB"));
    reportValue(QStringLiteral("store.peak_rss"), QStringLiteral("peak RSS of this process"), peakRssMiB(),
                QStringLiteral("MiB"));
    return 0;
}
