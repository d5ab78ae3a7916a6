#pragma once
// bench_store's tools: fills of a store with simulated polls (steady, partly idle, noisy),
// what a file holds per tier, the 7-day queries it reports. Main thread of the benchmark.

#include "BenchUtil.h"

#include "store/HistoryStore.h"

#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlQuery>

#include <algorithm>
#include <vector>

namespace lagscope::bench::store {

inline constexpr qint64 kPollMs = 5000;
// Offsets of a busy production topic: stored integers take their real size (SQLite
// stores small integers in fewer bytes, and the fixture's offsets are tiny).
inline constexpr std::int64_t kOffsetBase = 4'000'000'000;
inline constexpr qint64 kCompactEveryMs = 5 * 60 * 1000; // as HistoryRecorder does

inline qint64 sizeOf(const QString &path) { return QFileInfo(path).size(); }
inline QDateTime at(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }

// The steady state of a week ending at nowMs: one poll per bucket of the coarse and the fine
// tier, then every poll (kPollMs) of the raw tier, oldest first.
inline std::vector<qint64> weekPollTimes(const RetentionPolicy &policy, qint64 nowMs)
{
    std::vector<qint64> times;
    const qint64 coarseMs = msOf(policy.coarseBucket);
    for (qint64 t = nowMs - msOf(policy.keepFor) + coarseMs; t < nowMs - msOf(policy.fineFor); t += coarseMs)
        times.push_back(t);
    for (qint64 t = nowMs - msOf(policy.fineFor); t < nowMs - msOf(policy.rawFor); t += msOf(policy.fineBucket))
        times.push_back(t);
    for (qint64 t = nowMs - msOf(policy.rawFor); t < nowMs; t += kPollMs)
        times.push_back(t);
    return times;
}

// A new store at `path`, replacing the file an earlier run left there.
Result<std::unique_ptr<HistoryStore>> openEmptyStore(const QString &path, const RetentionPolicy &policy)
{
    QFile::remove(path);
    QFile::remove(path + QStringLiteral("-wal"));
    return HistoryStore::open(path, policy);
}

// The bytes of the encoded points per tier and of the recent rows, with the blocks and the
// polls (or buckets) each tier holds: what the file holds apart from SQLite's pages and free
// space. Read through a second connection.
struct TierBytes {
    qint64 blockBytes[3] = {0, 0, 0};
    qint64 blocks[3] = {0, 0, 0};
    qint64 polls[3] = {0, 0, 0};
    qint64 recentBytes = 0;
    qint64 recentRows = 0;
};

inline TierBytes tierBytes(const QString &path)
{
    TierBytes out;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench-bytes"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral("SELECT tier, sum(length(data)), count(*) FROM sample_block GROUP BY tier"));
            while (q.next()) {
                const int tier = std::clamp(q.value(0).toInt(), 0, 2);
                out.blockBytes[tier] = q.value(1).toLongLong();
                out.blocks[tier] = q.value(2).toLongLong();
            }
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

// tierBytes() for a person: "tier 0: 500 blocks, 0.29 MiB; …; recent: …; polls of tier 0: …".
inline QString tierCounts(const QString &path)
{
    const TierBytes t = tierBytes(path);
    QStringList parts;
    for (int tier = 0; tier < 3; ++tier)
        if (t.blocks[tier] > 0)
            parts << QStringLiteral("tier %1: %2 blocks, %3 MiB")
                         .arg(tier)
                         .arg(t.blocks[tier])
                         .arg(mib(t.blockBytes[tier]), 0, 'f', 2);
    parts << QStringLiteral("recent: %1 rows, %2 MiB").arg(t.recentRows).arg(mib(t.recentBytes), 0, 'f', 2);
    for (int tier = 0; tier < 3; ++tier)
        if (t.polls[tier] > 0)
            parts << QStringLiteral("polls of tier %1: %2").arg(tier).arg(t.polls[tier]);
    return parts.join(QStringLiteral("; "));
}

// The fixture at poll `step` where only every `everyNth` group moves; the others keep
// the values of step 0 (idle consumers of idle topics).
inline SnapshotPtr partlyMoving(const ClusterSnapshot &base, const ClusterSnapshot &idle, qint64 t, int step,
                                int everyNth)
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
inline SnapshotPtr noisySnapshot(const ClusterSnapshot &base, qint64 t, int step)
{
    auto noise = [](quint64 a, quint64 b) {
        quint64 x = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL);
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ULL;
        return x ^ (x >> 29);
    };
    return reshapedSnapshot(base, at(t), [&](int partition) {
        const auto i = quint64(partition);
        return LogEndAndLag{kOffsetBase + std::int64_t(step) * 40 + std::int64_t(noise(quint64(step), i) % 41) - 20,
                            std::int64_t(noise(quint64(step / 3), i + 7) % 300) + 1};
    });
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
inline Status reportQueries(const HistoryStore &store, const QString &group, const QDateTime &end, int runs,
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
inline void checkpoint(const QString &path)
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

} // namespace lagscope::bench::store
