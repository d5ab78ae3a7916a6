#pragma once
// Shared by the benchmark executables: clocks (wall, process CPU), memory, summaries of
// repeated measurements, the scale fixture's shape, and the lab's addresses.
//
// Thread: main thread of a benchmark. Output: human-readable lines plus one machine-readable
// line per measurement, "RESULT <name> <min> <median> <max> <unit>", which
// tests/bench/run-benchmarks collects into its summary.

#include "model/ClusterSnapshot.h"
#include "util/Result.h"

#include <QString>

class QCommandLineParser;

#include <chrono>
#include <functional>
#include <vector>

namespace lagscope::bench {

// The scale fixture (tests/bench/bench_fixture creates it on the lab's "primary" cluster):
// 100 topics × 20 partitions, RF 1; 500 groups, group i committed on topic i % 100 (or,
// --scale large, 1,000 topics and 5,000 groups on topic i % 1,000).
struct Fixture {
    // The standard scale; useScale("large") makes it 1,000 topics and 5,000 groups (20,000
    // partitions): as large as a 3-broker lab on a 2-core machine holds (docs/PERFORMANCE.md).
    static inline int topics = 100;
    static constexpr int kPartitionsPerTopic = 20;
    static inline int groups = 500;
    static constexpr int kRecordsPerPartition = 5;

    // "standard" or "large"; false for another name. Call once, before anything else.
    static bool useScale(const QString &name);
    static QString topicName(int i);
    static QString groupName(int i);
    static int topicOfGroup(int group) { return group % topics; }
    // The offset group `group` has committed on `partition` of its topic (0..4, so lag 1..5).
    static std::int64_t committedOffset(int group, int partition) { return (group + partition) % kRecordsPerPartition; }
};

class Stopwatch {
public:
    Stopwatch() : m_start(std::chrono::steady_clock::now()) { }
    double elapsedMs() const
    {
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - m_start).count();
    }

private:
    std::chrono::steady_clock::time_point m_start;
};

// User + system CPU of this process (all threads, librdkafka's included), in ms.
double processCpuMs();
// The same for waited-for children (and their children), in ms.
double childrenCpuMs();
// CPU time of the calling thread, in ms: e.g. the GUI thread's share of a step, which the
// other builds and labs on this machine do not inflate as they do the wall time.
double threadCpuMs();
// Peak resident set size of this process / of the largest waited-for child, in MiB.
double peakRssMiB();
double childrenPeakRssMiB();
// Current resident set size (VmRSS), in MiB.
double currentRssMiB();

struct Stats {
    double min = 0;
    double median = 0;
    double max = 0;
};
Stats summarize(std::vector<double> values);

// Prints "  <label>: min … median … max … <unit> (n=…)" and the RESULT line.
void report(const QString &name, const QString &label, const std::vector<double> &values, const QString &unit);
// A single value (measured once or computed).
void reportValue(const QString &name, const QString &label, double value, const QString &unit);

// What --lab DIR names in a benchmark: the lab it runs against, or (optional) the lab to take
// the fixture snapshot from instead of the synthetic one.
enum class LabOption {
    Cluster,
    FixtureSource
};
// The start of a lab benchmark's command line: its description, --help and --lab DIR.
void addStandardOptions(QCommandLineParser &parser, const QString &description, LabOption lab);

void printLine(const QString &text);
// Prints "<benchmark>: error: <message>", named after the executable, and returns the exit
// code 1. Needs the application object.
int fail(const QString &message);
// Sizes in MiB and retention durations in ms, for the numbers printed.
double mib(qint64 bytes);
qint64 msOf(std::chrono::seconds s);
void printMachine(); // cores, load average, kernel: context for the numbers

// Reads DIR/lab.json and returns the bootstrap servers of `cluster`.
Result<QString> labBootstrap(const QString &labDir, const QString &cluster);

// A snapshot shaped like the fixture (3 brokers, 100 topics × 20 partitions, 500 groups ×
// 20 partitions, the fixture's offsets), built without Kafka. Used by the benchmarks that
// do not need a cluster; bench_poll checks that a real poll of the fixture matches it.
ClusterSnapshot syntheticFixtureSnapshot(const QDateTime &takenAt);

// Polls the fixture on a real cluster once (gatherPoll + buildSnapshot).
Result<SnapshotPtr> pollFixture(const QString &bootstrap);

// The fixture snapshot for GUI and store benchmarks: a real poll when labDir is given,
// else the synthetic one.
Result<SnapshotPtr> fixtureSnapshot(const QString &labDir);

// A snapshot holding only `group` of the base (no groups when the base lacks it).
ClusterSnapshot oneGroup(const ClusterSnapshot &base, const QString &group);

// A copy of `base` taken at `takenAt` whose every group partition has a different log end,
// committed offset and lag (derived from `step`), with group totals recomputed. offsetBase
// is added to every offset so that stored integers have production-like sizes.
// A copy of `base` taken at `takenAt` whose group partition number i (counted over the
// whole snapshot) gets the log end and lag valuesOf(i) gives, its committed offset and the
// group totals to match.
struct LogEndAndLag {
    std::int64_t logEnd;
    std::int64_t lag;
};
SnapshotPtr reshapedSnapshot(const ClusterSnapshot &base, const QDateTime &takenAt,
                             const std::function<LogEndAndLag(int partition)> &valuesOf);

SnapshotPtr variantSnapshot(const ClusterSnapshot &base, const QDateTime &takenAt, int step,
                            std::int64_t offsetBase = 0);

} // namespace lagscope::bench
