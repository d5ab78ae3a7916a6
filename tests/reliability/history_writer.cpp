// history_writer: writes a history file the way the app's recorder does, for crash tests.
//
//   history_writer --file F [--groups N] [--step-seconds S] [--compact-every K]   write until killed
//                  [--cluster C] [--polls P]                                      (or P polls)
//   history_writer --file F [--cluster C] --check LOG                             check after a kill
//
// crash-app uses it to give the app's own compaction work: a cluster of its own (C, not one
// the app polls), P old polls before each start of the app, no compaction of its own.
//
// Writing: one poll of N fixture groups at a time (each appendSnapshot is one transaction),
// the simulated clock starting 7 hours back (or after the file's newest poll) and moving S
// seconds a poll, a compaction every K polls, so that packing, aging into buckets and the
// recent rows are all being written when the kill comes. After each poll's transaction
// committed it prints "committed <ms>"; "compacting <ms>" before a compaction and
// "compacted <ms>" after it, flushed: what it printed was on disk before the line was
// written, and a kill after "compacting" came during the compaction.
//
// Checking: opens the file as the app would (a damaged file would be moved aside and
// reported), and every poll time the log says was committed must be answered by the first
// group's history: as itself or, once aged, as the one-minute or ten-minute bucket holding it.
// Exit 0 when it holds, 1 with the lost times named, 2 on usage errors.
#include "BenchUtil.h"
#include "store/HistoryStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

#include <cstdio>
#include <set>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

constexpr qint64 kMinute = 60 * 1000;

QDateTime at(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }

int write(HistoryStore &store, const QString &cluster, int groups, qint64 stepMs, int compactEvery, qint64 polls)
{
    ClusterSnapshot base = syntheticFixtureSnapshot(QDateTime::currentDateTimeUtc());
    base.cluster = cluster;
    base.groups.resize(std::size_t(groups));
    // Continue after what an earlier (killed) run wrote, so that a run appends to its history.
    qint64 t = (QDateTime::currentMSecsSinceEpoch() - 7 * 3600 * 1000) / kMinute * kMinute;
    if (const auto spans = store.tierSpans(base.cluster); spans && spans->newestMs > 0)
        t = std::max(t, spans->newestMs + stepMs);
    for (qint64 i = 0; polls <= 0 || i < polls; ++i, t += stepMs) {
        if (Status st = store.appendSnapshot(*variantSnapshot(base, at(t), i, 4'000'000'000)); !st) {
            std::fprintf(stderr, "append failed: %s\n", qPrintable(st.errorMessage()));
            return 1;
        }
        std::printf("committed %lld\n", static_cast<long long>(t));
        std::fflush(stdout);
        if ((i + 1) % compactEvery == 0) {
            std::printf("compacting %lld\n", static_cast<long long>(t));
            std::fflush(stdout);
            if (Status st = store.compact(at(t)); !st) {
                std::fprintf(stderr, "compact failed: %s\n", qPrintable(st.errorMessage()));
                return 1;
            }
            std::printf("compacted %lld\n", static_cast<long long>(t));
            std::fflush(stdout);
        }
    }
    return 0;
}

int check(const HistoryStore &store, const QString &cluster, const QString &logPath)
{
    QFile log(logPath);
    if (!log.open(QIODevice::ReadOnly))
        return std::fprintf(stderr, "cannot read %s\n", qPrintable(logPath)), 2;
    std::vector<qint64> committed;
    while (!log.atEnd()) {
        const QList<QByteArray> words = log.readLine().trimmed().split(' ');
        if (words.size() == 2 && words[0] == "committed")
            committed.push_back(words[1].toLongLong());
    }
    if (committed.empty())
        return std::fprintf(stderr, "no committed poll in %s\n", qPrintable(logPath)), 2;
    ClusterSnapshot base = syntheticFixtureSnapshot(QDateTime::currentDateTimeUtc());
    base.cluster = cluster;
    const auto history = store.groupHistory(base.cluster, base.groups.front().groupId, at(committed.front() - 3600'000),
                                            at(committed.back() + 3600'000));
    if (!history)
        return std::fprintf(stderr, "history: %s\n", qPrintable(history.errorMessage())), 1;
    std::set<qint64> times;
    for (const HistoryStore::GroupSample &s : *history)
        times.insert(s.timeMs);
    // A poll still in the raw tier must be there as itself; an aged one as the bucket of its
    // tier that holds it (tiers never overlap, so its time says which).
    const auto spans = store.tierSpans(base.cluster);
    if (!spans)
        return std::fprintf(stderr, "spans: %s\n", qPrintable(spans.errorMessage())), 1;
    const qint64 fine = msOf(store.policy().fineBucket);
    const qint64 coarse = msOf(store.policy().coarseBucket);
    // Retention drops what is older than keepFor before the last compaction (whole coarse
    // buckets): a poll that old is gone by design, not lost. The writer's clock runs 30 s a
    // poll, so a long campaign passes a simulated week.
    const qint64 retained = spans->newestMs - msOf(store.policy().keepFor) + coarse;
    int lost = 0, aged = 0;
    for (const qint64 t : committed) {
        if (t < retained) {
            ++aged;
            continue;
        }
        const qint64 expected = spans->rawFromMs >= 0 && t >= spans->rawFromMs     ? t
                                : spans->fineFromMs >= 0 && t >= spans->fineFromMs ? t / fine * fine
                                                                                   : t / coarse * coarse;
        if (!times.count(expected) && ++lost <= 5)
            std::fprintf(stderr, "committed poll %lld is not in the history\n", static_cast<long long>(t));
    }
    std::printf("checked %zu committed polls (%d past retention): %d lost; %zu points in the history\n",
                committed.size(), aged, lost, history->size());
    return lost == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("file"), QStringLiteral("The history file."), QStringLiteral("F")},
        {QStringLiteral("groups"), QStringLiteral("Fixture groups per poll."), QStringLiteral("N"),
         QStringLiteral("50")},
        {QStringLiteral("step-seconds"), QStringLiteral("Simulated seconds between polls."), QStringLiteral("S"),
         QStringLiteral("30")},
        {QStringLiteral("compact-every"), QStringLiteral("Polls between compactions."), QStringLiteral("K"),
         QStringLiteral("20")},
        {QStringLiteral("check"), QStringLiteral("Check the file against this writer's log."), QStringLiteral("LOG")},
        {QStringLiteral("cluster"), QStringLiteral("The fixture's cluster name."), QStringLiteral("C"),
         QStringLiteral("primary")},
        {QStringLiteral("polls"), QStringLiteral("Stop after P polls (0: write until killed)."), QStringLiteral("P"),
         QStringLiteral("0")},
    });
    parser.process(app);
    if (!parser.isSet(QStringLiteral("file")))
        return std::fprintf(stderr, "--file is required\n"), 2;
    auto store = HistoryStore::open(parser.value(QStringLiteral("file")));
    if (!store)
        return std::fprintf(stderr, "open: %s\n", qPrintable(store.errorMessage())), 1;
    // open() checks every page (quick_check) and moves a damaged file aside, saying so.
    if (const QStringList warnings = (*store)->warnings(); !warnings.isEmpty())
        return std::fprintf(stderr, "opened with warnings: %s\n", qPrintable(warnings.join(QStringLiteral("; ")))), 1;
    const QString cluster = parser.value(QStringLiteral("cluster"));
    if (parser.isSet(QStringLiteral("check")))
        return check(**store, cluster, parser.value(QStringLiteral("check")));
    return write(**store, cluster, std::max(1, parser.value(QStringLiteral("groups")).toInt()),
                 std::max(1, parser.value(QStringLiteral("step-seconds")).toInt()) * 1000LL,
                 std::max(1, parser.value(QStringLiteral("compact-every")).toInt()),
                 parser.value(QStringLiteral("polls")).toLongLong());
}
