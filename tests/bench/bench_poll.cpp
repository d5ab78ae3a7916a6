// bench_poll --lab DIR [--runs N] [--peer-runs N] [--no-peer]
// One full poll of the scale fixture (gatherPoll + buildSnapshot, exactly what a cluster's
// poller thread does each interval): wall time, process CPU time, Kafka requests sent per
// broker and type, peak RSS. Then the peer on the same cluster state: Kafka's own
// kafka-consumer-groups --describe --all-groups, timed end to end and without JVM start-up,
// with its rows checked against ours.
#include "BenchUtil.h"

#include "kafka/KafkaClient.h"
#include "monitor/PollGatherer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcess>
#include <QRegularExpression>

#include <cstdio>
#include <optional>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

RequestCounts minus(const RequestCounts &after, const RequestCounts &before)
{
    RequestCounts out;
    for (const auto &[broker, types] : after)
        for (const auto &[type, n] : types) {
            qint64 was = 0;
            if (const auto b = before.find(broker); b != before.end())
                if (const auto t = b->second.find(type); t != b->second.end())
                    was = t->second;
            if (n - was != 0)
                out[broker][type] = n - was;
        }
    return out;
}

qint64 totalOf(const RequestCounts &counts)
{
    qint64 n = 0;
    for (const auto &[broker, types] : counts)
        for (const auto &[type, c] : types)
            n += c;
    return n;
}

void printRequests(const RequestCounts &delta)
{
    std::map<QString, qint64> byType;
    for (const auto &[broker, types] : delta) {
        QStringList parts;
        qint64 sum = 0;
        for (const auto &[type, n] : types) {
            parts << QStringLiteral("%1 %2").arg(type).arg(n);
            byType[type] += n;
            sum += n;
        }
        // Id -1: librdkafka's bootstrap connections, before broker ids are known.
        printLine(QStringLiteral("    broker %1: %2 requests (%3)")
                      .arg(broker)
                      .arg(sum)
                      .arg(parts.join(QStringLiteral(", "))));
    }
    QStringList parts;
    for (const auto &[type, n] : byType)
        parts << QStringLiteral("%1 %2").arg(type).arg(n);
    printLine(QStringLiteral("    by type: ") + parts.join(QStringLiteral(", ")));
    for (const auto &[type, n] : byType)
        printLine(QStringLiteral("RESULT poll.requests.%1 %2 %2 %2 requests").arg(type).arg(n));
}

struct ProcessRun {
    double wallMs = 0;
    double cpuMs = 0;
    int exitCode = -1;
    QString out;
    QString err;
};

ProcessRun runTool(const QString &labDir, const QStringList &toolArgs)
{
    QProcess p;
    const QStringList args = QStringList{QStringLiteral(LAGSCOPE_SOURCE_DIR "/tests/lab/lab"),
                                         QStringLiteral("--dir"),
                                         labDir,
                                         QStringLiteral("tool"),
                                         QStringLiteral("consumer-groups"),
                                         QStringLiteral("--cluster"),
                                         QStringLiteral("primary"),
                                         QStringLiteral("--")}
                             + toolArgs;
    const double cpu0 = childrenCpuMs();
    const Stopwatch clock;
    p.start(QStringLiteral("python3"), args);
    ProcessRun run;
    if (!p.waitForFinished(300000)) {
        p.kill();
        p.waitForFinished(5000);
        run.err = QStringLiteral("timed out");
        return run;
    }
    run.wallMs = clock.elapsedMs();
    run.cpuMs = childrenCpuMs() - cpu0;
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out = QString::fromLocal8Bit(p.readAllStandardOutput());
    run.err = QString::fromLocal8Bit(p.readAllStandardError());
    return run;
}

std::optional<std::int64_t> parseOffset(const QString &s)
{
    bool ok = false;
    const qint64 v = s.toLongLong(&ok);
    return ok ? std::optional<std::int64_t>(v) : std::nullopt;
}

// Compares the tool's rows with the snapshot's group partitions; returns the row count and
// adds a line per mismatch (at most a few) to `problems`.
int compareRows(const QString &out, const ClusterSnapshot &ours, QStringList &problems)
{
    std::map<std::pair<QString, TopicPartition>, const PartitionLag *> expected;
    for (const GroupState &g : ours.groups)
        for (const PartitionLag &p : g.partitions)
            expected[{g.groupId, p.partition}] = &p;
    int rows = 0;
    int mismatches = 0;
    static const QRegularExpression space(QStringLiteral("\\s+"));
    for (const QString &line : out.split(QLatin1Char('\n'))) {
        const QStringList f = line.trimmed().split(space, Qt::SkipEmptyParts);
        bool isRow = false;
        const int partition = f.size() >= 6 ? f[2].toInt(&isRow) : -1;
        if (!isRow)
            continue; // headers, blank lines, "has no active members"
        ++rows;
        const auto it = expected.find({f[0], TopicPartition{f[1], partition}});
        const bool same = it != expected.end() && it->second->committed == parseOffset(f[3])
                          && it->second->logEnd == parseOffset(f[4]) && it->second->lag == parseOffset(f[5]);
        if (!same && ++mismatches <= 5)
            problems << QStringLiteral("tool row not matched by Lagscope: ") + line.trimmed();
        if (it != expected.end())
            expected.erase(it);
    }
    if (!expected.empty())
        problems << QStringLiteral("%1 Lagscope rows missing from the tool's output").arg(expected.size());
    if (mismatches > 5)
        problems << QStringLiteral("… %1 mismatching rows in all").arg(mismatches);
    return rows;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Benchmarks one full poll of the scale fixture."), LabOption::Cluster);
    parser.addOption(
        {QStringLiteral("runs"), QStringLiteral("Measured polls."), QStringLiteral("N"), QStringLiteral("5")});
    parser.addOption({QStringLiteral("peer-runs"), QStringLiteral("Runs of each peer command."), QStringLiteral("N"),
                      QStringLiteral("3")});
    parser.addOption({QStringLiteral("no-peer"), QStringLiteral("Skip kafka-consumer-groups.")});
    parser.addOption(
        {QStringLiteral("protocol-log"),
         QStringLiteral("Log every request librdkafka sends to stderr, between BENCH-POLL-BEGIN/END markers"
                        " (slows the poll; for counting requests, not for timing).")});
    parser.addOption({QStringLiteral("scale"), QStringLiteral("Fixture scale: standard or large."),
                      QStringLiteral("NAME"), QStringLiteral("standard")});
    parser.process(app);
    if (!Fixture::useScale(parser.value(QStringLiteral("scale"))))
        return fail(QStringLiteral("--scale must be standard or large"));
    const bool protocolLog = parser.isSet(QStringLiteral("protocol-log"));
    if (protocolLog)
        qputenv("LAGSCOPE_RDKAFKA_LOG", "1");
    const QString labDir = parser.value(QStringLiteral("lab"));
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const int peerRuns = std::max(1, parser.value(QStringLiteral("peer-runs")).toInt());

    printMachine();
    const auto bootstrap = labBootstrap(labDir, QStringLiteral("primary"));
    if (!bootstrap)
        return fail(bootstrap.errorMessage());

    // Statistics once a second: often enough for requestCounts() to answer within ~2 s,
    // rare enough not to show in the CPU time of a poll.
    ClientOptions options;
    options.statisticsIntervalMs = 1000;
    ClusterConfig cluster{QStringLiteral("primary"), *bootstrap, false, {}};
    if (protocolLog)
        cluster.properties[QStringLiteral("debug")] = QStringLiteral("protocol");
    auto created = KafkaClient::create(cluster, options);
    if (!created)
        return fail(created.errorMessage());
    KafkaClient &client = **created;

    std::vector<double> wall, cpu, requests;
    RequestCounts lastDelta;
    SnapshotPtr last;
    std::map<int, BrokerInfo> known;
    printLine(QStringLiteral("full poll (gatherPoll + buildSnapshot), 1 warm-up + %1 measured:").arg(runs));
    for (int i = 0; i <= runs; ++i) {
        auto before = client.requestCounts(Deadline::inMs(10000));
        if (!before)
            return fail(before.errorMessage());
        if (protocolLog)
            std::fprintf(stderr, "BENCH-POLL-BEGIN %d\n", i);
        const double cpu0 = processCpuMs();
        const Stopwatch clock;
        auto poll = gatherPoll(client, Deadline::inMs(30000), last.get());
        if (!poll)
            return fail(poll.errorMessage());
        for (const auto &b : poll->metadata.brokers)
            known[b.id] = b;
        auto snapshot = std::make_shared<const ClusterSnapshot>(buildSnapshot(
            QStringLiteral("primary"), *poll, known, QDateTime::currentDateTimeUtc(), qint64(clock.elapsedMs())));
        const double ms = clock.elapsedMs();
        const double cpuMs = processCpuMs() - cpu0;
        if (protocolLog)
            std::fprintf(stderr, "BENCH-POLL-END %d\n", i);
        if (!poll->errors.isEmpty())
            return fail(QStringLiteral("poll incomplete: ") + poll->errors.join(QStringLiteral("; ")));
        auto after = client.requestCounts(Deadline::inMs(10000));
        if (!after)
            return fail(after.errorMessage());
        const RequestCounts delta = minus(*after, *before);
        size_t rows = 0;
        for (const auto &g : snapshot->groups)
            rows += g.partitions.size();
        printLine(
            QStringLiteral("  %1 %2: %3 ms wall, %4 ms CPU, %5 requests; %6 topics, %7 groups, %8 group partitions")
                .arg(i == 0 ? QStringLiteral("warm-up") : QStringLiteral("poll"))
                .arg(i == 0 ? QString() : QString::number(i))
                .arg(ms, 0, 'f', 1)
                .arg(cpuMs, 0, 'f', 1)
                .arg(totalOf(delta))
                .arg(snapshot->topics.size())
                .arg(snapshot->groups.size())
                .arg(rows));
        last = snapshot;
        if (i == 0)
            continue;
        wall.push_back(ms);
        cpu.push_back(cpuMs);
        requests.push_back(double(totalOf(delta)));
        lastDelta = delta;
    }
    report(QStringLiteral("poll.wall"), QStringLiteral("wall time"), wall, QStringLiteral("ms"));
    report(QStringLiteral("poll.cpu"), QStringLiteral("CPU time (user+sys, all threads)"), cpu, QStringLiteral("ms"));
    report(QStringLiteral("poll.requests"), QStringLiteral("requests per poll"), requests, QStringLiteral("requests"));
    printLine(QStringLiteral("  requests of the last poll, per broker:"));
    printRequests(lastDelta);
    reportValue(QStringLiteral("poll.peak_rss"), QStringLiteral("peak RSS of the process"), peakRssMiB(),
                QStringLiteral("MiB"));

    // Sanity: the real poll must show exactly the fixture.
    int fixtureRows = 0;
    for (const auto &g : last->groups)
        if (g.groupId.startsWith(QStringLiteral("bench-g")))
            fixtureRows += int(g.partitions.size());
    printLine(QStringLiteral("  fixture rows in the snapshot: %1 (expected %2)")
                  .arg(fixtureRows)
                  .arg(Fixture::groups * Fixture::kPartitionsPerTopic));

    if (parser.isSet(QStringLiteral("no-peer")))
        return 0;

    // The peer. Both commands go through the lab's wrapper (python3 + the same JVM flags), so
    // the difference between them is the describe work itself: connecting, requests, output.
    printLine(QStringLiteral(
                  "peer: kafka-consumer-groups --describe --all-groups (lab tool; 1 warm-up of each + %1 measured)")
                  .arg(peerRuns));
    runTool(labDir, {QStringLiteral("--version")}); // warms the page cache with the jars
    std::vector<double> startWall, startCpu, describeWall, describeCpu;
    QString describeOut;
    for (int i = 0; i < peerRuns; ++i) {
        const ProcessRun start = runTool(labDir, {QStringLiteral("--version")});
        if (start.exitCode != 0)
            return fail(QStringLiteral("consumer-groups --version failed: ") + start.err);
        startWall.push_back(start.wallMs);
        startCpu.push_back(start.cpuMs);
    }
    // --list: start-up plus an admin client and one ListGroups round, for comparison.
    std::vector<double> listWall;
    runTool(labDir, {QStringLiteral("--list")});
    for (int i = 0; i < peerRuns; ++i)
        listWall.push_back(runTool(labDir, {QStringLiteral("--list")}).wallMs);
    runTool(labDir, {QStringLiteral("--describe"), QStringLiteral("--all-groups")});
    for (int i = 0; i < peerRuns; ++i) {
        const ProcessRun describe = runTool(labDir, {QStringLiteral("--describe"), QStringLiteral("--all-groups")});
        if (describe.exitCode != 0)
            return fail(QStringLiteral("consumer-groups --describe failed: ") + describe.err.right(2000));
        describeWall.push_back(describe.wallMs);
        describeCpu.push_back(describe.cpuMs);
        describeOut = describe.out;
    }
    report(QStringLiteral("peer.describe.wall"), QStringLiteral("--describe --all-groups, wall"), describeWall,
           QStringLiteral("ms"));
    report(QStringLiteral("peer.describe.cpu"), QStringLiteral("--describe --all-groups, CPU (python3 + JVM)"),
           describeCpu, QStringLiteral("ms"));
    report(QStringLiteral("peer.start.wall"), QStringLiteral("--version (JVM start-up + class loading), wall"),
           startWall, QStringLiteral("ms"));
    report(QStringLiteral("peer.start.cpu"), QStringLiteral("--version, CPU"), startCpu, QStringLiteral("ms"));
    report(QStringLiteral("peer.list.wall"), QStringLiteral("--list (start-up + admin client + ListGroups), wall"),
           listWall, QStringLiteral("ms"));
    const Stats dw = summarize(describeWall), sw = summarize(startWall);
    const Stats dc = summarize(describeCpu), sc = summarize(startCpu);
    reportValue(QStringLiteral("peer.net.wall"), QStringLiteral("describe without start-up (median − median), wall"),
                dw.median - sw.median, QStringLiteral("ms"));
    reportValue(QStringLiteral("peer.net.cpu"), QStringLiteral("describe without start-up (median − median), CPU"),
                dc.median - sc.median, QStringLiteral("ms"));
    reportValue(QStringLiteral("peer.peak_rss"), QStringLiteral("peak RSS of the largest child (the JVM)"),
                childrenPeakRssMiB(), QStringLiteral("MiB"));

    QStringList problems;
    const int rows = compareRows(describeOut, *last, problems);
    printLine(QStringLiteral("  peer rows: %1; Lagscope rows: %2; %3")
                  .arg(rows)
                  .arg(fixtureRows)
                  .arg(problems.isEmpty() ? QStringLiteral("every row equal (group, partition, offsets, lag)")
                                          : problems.join(QStringLiteral("; "))));
    printLine(QStringLiteral("RESULT peer.rows %1 %1 %1 rows").arg(rows));
    return problems.isEmpty() ? 0 : 1;
}
