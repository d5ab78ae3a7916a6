// bench_chartload [--dir TMP] [--runs N] [--week-days D] [--reuse] [--history FILE [--group ID]]
// How long the GUI thread stalls while a group's lag chart loads 7 days of history. The
// history: one fixture group (20 partitions) polled every 5 s for a week, written and
// compacted every 10 simulated minutes through the public HistoryStore API, as bench_store's
// part 3 does (full density: raw polls for 6 h, 1-minute buckets to 24 h, 10-minute beyond).
//
// A 1 ms timer runs on the GUI thread during each load and records the largest gap between
// its ticks: the longest the window could not paint or take input. Two ways to load:
//  - sync (the peer, what the chart did before): the chart's three reads (group, topic and
//    event history) on the GUI thread through a reader connection it owns, the points handed
//    to a LagChart, and its replot;
//  - async (what the chart does now): LagChart::setRange(7d) over a HistoryReader; the reads run
//    on the reader's thread, and the load ends with the replot that follows the answer.
// The first run of each is a warm-up (SQLite's page cache) and is printed on its own.
// --history loads from a file written elsewhere instead, e.g. the week of the large fixture
// (5,000 groups) that `bench_store --scale large --only-week` leaves as week-full.sqlite.
#include "BenchUtil.h"

#include "charts/ChartRange.h"
#include "charts/LagChart.h"
#include "history/HistoryReader.h"
#include "store/HistoryStore.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include "charts/QCustomPlotInclude.h"

#include <algorithm>
#include <chrono>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

constexpr qint64 kPollMs = 5000;
constexpr std::int64_t kOffsetBase = 4'000'000'000;

// The largest gap between the ticks of a 1 ms timer on the GUI thread, from start() on, and
// the most CPU the GUI thread spent between two ticks: the wall gap is what a user feels, but
// on this shared machine it also holds the time the thread waited for a core; the CPU is the
// GUI thread's own work, which the load does not inflate.
class StallMeter {
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(1);
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { tick(); });
    }
    void start()
    {
        m_maxGapMs = 0;
        m_maxCpuMs = 0;
        m_last = std::chrono::steady_clock::now();
        m_lastCpu = threadCpuMs();
        m_timer.start();
    }
    double stop()
    {
        tick(); // the gap up to now counts too
        m_timer.stop();
        return m_maxGapMs;
    }
    double maxCpuMs() const { return m_maxCpuMs; }

private:
    void tick()
    {
        const auto now = std::chrono::steady_clock::now();
        const double cpu = threadCpuMs();
        m_maxGapMs = std::max(m_maxGapMs, std::chrono::duration<double, std::milli>(now - m_last).count());
        m_maxCpuMs = std::max(m_maxCpuMs, cpu - m_lastCpu);
        m_last = now;
        m_lastCpu = cpu;
    }

    QTimer m_timer;
    std::chrono::steady_clock::time_point m_last;
    double m_lastCpu = 0;
    double m_maxGapMs = 0;
    double m_maxCpuMs = 0;
};

// Runs the event loop until `done` or 60 s have passed.
template <typename Done> bool runUntil(Done done)
{
    const Stopwatch clock;
    while (!done() && clock.elapsedMs() < 60000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    return done();
}

Status fillWeek(const QString &path, const QString &group, int days)
{
    QFile::remove(path);
    auto opened = HistoryStore::open(path);
    if (!opened)
        return opened.error();
    HistoryStore &week = **opened;
    const ClusterSnapshot single = oneGroup(syntheticFixtureSnapshot(QDateTime::currentDateTimeUtc()), group);
    const qint64 coarseMs = msOf(RetentionPolicy{}.coarseBucket);
    const qint64 polls = qint64(days) * 24 * 3600 * 1000 / kPollMs;
    const qint64 perCompaction = 10 * 60 * 1000 / kPollMs;
    const qint64 start = (QDateTime::currentMSecsSinceEpoch() - polls * kPollMs) / coarseMs * coarseMs;
    auto at = [](qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); };
    for (qint64 i = 0; i < polls; i += perCompaction) {
        std::vector<SnapshotPtr> batch;
        for (qint64 j = i; j < std::min(polls, i + perCompaction); ++j)
            batch.push_back(variantSnapshot(single, at(start + j * kPollMs), int(j), kOffsetBase));
        if (Status st = week.appendSnapshots(batch); !st)
            return st;
        if (Status st = week.compact(at(start + (i + perCompaction) * kPollMs)); !st)
            return st;
    }
    return success();
}

// The chart's load as it was: three reads on the GUI thread, the points, the replot.
int loadSync(const HistoryStore &store, LagChart &chart, const QString &cluster, const QString &group)
{
    const QDateTime to = QDateTime::currentDateTimeUtc();
    const QDateTime from = to.addSecs(-chartRangeSpan(ChartRange::Day7).count());
    const auto total = store.groupHistory(cluster, group, from, to);
    const auto topics = store.topicHistory(cluster, group, from, to);
    const auto events = store.events(cluster, from, to, group);
    if (!total || !topics || !events)
        return -1;
    QVector<double> keys;
    QVector<double> lags;
    for (const HistoryStore::GroupSample &s : *total) {
        keys.append(double(s.timeMs) / 1000.0);
        lags.append(double(s.totalLag));
    }
    int points = int(keys.size());
    for (const auto &[topic, samples] : *topics)
        points += int(samples.size());
    chart.setSeriesForBenchmark(keys, lags);
    chart.replot();
    return points;
}

} // namespace

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("GUI-thread stall while a lag chart loads 7 days of one group's history."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Where to put the history (default: a temporary dir)."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Timed loads of each kind."), QStringLiteral("N"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("week-days"), QStringLiteral("Simulated days of history."), QStringLiteral("D"),
                      QStringLiteral("7")});
    parser.addOption({QStringLiteral("reuse"), QStringLiteral("Reuse DIR/chartload-week.sqlite if it exists.")});
    parser.addOption({QStringLiteral("history"),
                      QStringLiteral("Load from this history file (e.g. bench_store's week-full.sqlite) instead."),
                      QStringLiteral("FILE")});
    parser.addOption({QStringLiteral("group"), QStringLiteral("The group to chart (default: the fixture's first)."),
                      QStringLiteral("ID")});
    parser.process(app);
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int days = std::max(1, parser.value(QStringLiteral("week-days")).toInt());

    printMachine();
    QTemporaryDir tmp;
    const QString dir = parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : tmp.path();
    const bool given = parser.isSet(QStringLiteral("history"));
    const QString path =
        given ? parser.value(QStringLiteral("history")) : dir + QStringLiteral("/chartload-week.sqlite");
    const QString cluster = syntheticFixtureSnapshot(QDateTime::currentDateTimeUtc()).cluster;
    const QString group =
        parser.isSet(QStringLiteral("group")) ? parser.value(QStringLiteral("group")) : Fixture::groupName(0);
    if (given) {
        printLine(QStringLiteral("history: %1 (%2 MiB)")
                      .arg(path)
                      .arg(double(QFileInfo(path).size()) / 1048576.0, 0, 'f', 1));
    } else if (!parser.isSet(QStringLiteral("reuse")) || !QFile::exists(path)) {
        const Stopwatch fill;
        if (Status st = fillWeek(path, group, days); !st)
            return fail(st.errorMessage());
        printLine(QStringLiteral("%1 days of %2 (20 partitions, 5 s polls) written and compacted in %3 s")
                      .arg(days)
                      .arg(group)
                      .arg(fill.elapsedMs() / 1000, 0, 'f', 1));
    }

    LagChart chart;
    chart.resize(1200, 500);
    chart.show();
    auto *plot = chart.findChild<QCustomPlot *>(QStringLiteral("lagPlot"));
    StallMeter meter;

    // Before: the reads on the GUI thread.
    std::vector<double> syncStall, syncCpu, syncWall;
    {
        auto opened = HistoryStore::open(path, {}, HistoryStore::OpenMode::Reader);
        if (!opened)
            return fail(opened.errorMessage());
        const HistoryStore &reader = **opened;
        for (int i = 0; i < runs + 1; ++i) {
            int points = 0;
            bool done = false;
            meter.start();
            const Stopwatch wall;
            QTimer::singleShot(5, &chart, [&] {
                points = loadSync(reader, chart, cluster, group);
                done = true;
            });
            runUntil([&] { return done; });
            const double stall = meter.stop();
            const double ms = wall.elapsedMs() - 5;
            if (points < 0)
                return fail(QStringLiteral("a synchronous read failed"));
            if (i == 0) {
                printLine(QStringLiteral("sync warm-up: %1 points, stall %2 ms").arg(points).arg(stall, 0, 'f', 1));
                continue;
            }
            syncStall.push_back(stall);
            syncCpu.push_back(meter.maxCpuMs());
            syncWall.push_back(ms);
        }
    }

    // After: the chart's own load through the reader thread.
    HistoryReader reader(path);
    chart.setSource(&reader);
    chart.setGroup(cluster, group);
    if (!runUntil([&] { return !chart.isLoading(); }))
        return fail(QStringLiteral("the first load did not finish"));
    std::vector<double> asyncStall, asyncCpu, asyncWall;
    for (int i = 0; i < runs + 1; ++i) {
        chart.setRange(ChartRange::Hour1);
        if (!runUntil([&] { return !chart.isLoading() && !chart.replotPending(); }))
            return fail(QStringLiteral("the 1 h load did not finish"));
        bool replotted = false;
        const auto c = QObject::connect(plot, &QCustomPlot::afterReplot, &chart, [&] {
            if (!chart.isLoading() && chart.range() == ChartRange::Day7)
                replotted = true;
        });
        meter.start();
        const Stopwatch wall;
        chart.setRange(ChartRange::Day7);
        const bool ok = runUntil([&] { return replotted; });
        const double stall = meter.stop();
        const double ms = wall.elapsedMs();
        QObject::disconnect(c);
        if (!ok || !chart.emptyText().isEmpty())
            return fail(QStringLiteral("the 7-day load did not finish: %1").arg(chart.emptyText()));
        if (i == 0) {
            printLine(
                QStringLiteral("async warm-up: %1 points, stall %2 ms").arg(chart.pointCount()).arg(stall, 0, 'f', 1));
            continue;
        }
        asyncStall.push_back(stall);
        asyncCpu.push_back(meter.maxCpuMs());
        asyncWall.push_back(ms);
    }

    printLine(
        QStringLiteral("7-day chart of %1, %2 points (total + one topic line):").arg(group).arg(chart.pointCount()));
    report(QStringLiteral("chartload.sync.stall"),
           QStringLiteral("BEFORE largest GUI-thread stall, reads on the GUI thread"), syncStall, QStringLiteral("ms"));
    report(QStringLiteral("chartload.async.stall"),
           QStringLiteral("AFTER largest GUI-thread stall, reads on the reader thread"), asyncStall,
           QStringLiteral("ms"));
    report(QStringLiteral("chartload.sync.stall_cpu"), QStringLiteral("before: most GUI-thread CPU between two ticks"),
           syncCpu, QStringLiteral("ms"));
    report(QStringLiteral("chartload.async.stall_cpu"), QStringLiteral("after: most GUI-thread CPU between two ticks"),
           asyncCpu, QStringLiteral("ms"));
    report(QStringLiteral("chartload.sync.wall"), QStringLiteral("before: load to replot, wall"), syncWall,
           QStringLiteral("ms"));
    report(QStringLiteral("chartload.async.wall"), QStringLiteral("after: load to replot, wall"), asyncWall,
           QStringLiteral("ms"));
    return 0;
}
