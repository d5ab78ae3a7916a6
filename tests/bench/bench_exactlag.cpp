// bench_exactlag --lab DIR [--partitions N] [--runs N] [--protocol-log]
// What the exact lag of transactional topics (monitor/ExactLag) adds to a poll. A topic of N
// partitions gets one committed transaction (a record and its commit marker each) and a
// group committed at the markers: N idle partitions at raw lag 1. Measured, as the poller
// runs them: a poll's full gather (the reference), the poll that reads the N ranges (the
// reader's first read with its connections, then warm ones), and the polls after (every
// pair known: no read), and the same steps on a cluster state without transactional lag.
// --protocol-log writes librdkafka's protocol log to stderr between BENCH-READ-BEGIN/END
// markers, to count the requests of one read.
#include "BenchUtil.h"
#include "TransactionalClients.h"

#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "monitor/ExactLag.h"
#include "monitor/PollGatherer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QProcess>
#include <QThread>

#include <cstdio>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

// The snapshot with only `group` in it (the shared lab has other tests' groups); with
// `caughtUp` its committed offsets are moved to the log ends: no transactional lag.
ClusterSnapshot onlyGroup(const ClusterSnapshot &s, const QString &group, bool caughtUp)
{
    ClusterSnapshot out = s;
    std::erase_if(out.groups, [&](const GroupState &g) { return g.groupId != group; });
    if (caughtUp)
        for (GroupState &g : out.groups)
            for (PartitionLag &p : g.partitions) {
                p.committed = p.logEnd;
                p.lag = 0;
            }
    return out;
}

// One poll as the ClusterPoller runs it, without the verdicts.
Result<ClusterSnapshot> pollOnce(KafkaClient &client)
{
    auto poll = gatherPoll(client, Deadline::inMs(30000), nullptr);
    if (!poll)
        return Result<ClusterSnapshot>(poll.error());
    return buildSnapshot(QStringLiteral("primary"), *poll, {}, QDateTime::currentDateTimeUtc(), 0);
}

// plan → read → learn → apply on `snapshot`, as ClusterPoller::verifyExactLag does; the
// number of partitions read, and the time.
struct Step {
    int ranges = 0;
    double ms = 0;
};
Step verify(ExactLag &exact, PartitionReader &reader, ClusterSnapshot snapshot, bool log)
{
    const Stopwatch clock;
    const auto ranges = exact.plan(snapshot);
    if (log)
        std::fprintf(stderr, "BENCH-READ-BEGIN %zu\n", ranges.size());
    if (!ranges.empty())
        if (auto read = reader.visibleOffsets(ranges, Deadline::inMs(exact.settings().budgetMs)))
            exact.learn(ranges, *read);
    if (log)
        std::fprintf(stderr, "BENCH-READ-END\n");
    exact.apply(snapshot);
    return {int(ranges.size()), clock.elapsedMs()};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Cost of the exact lag of transactional topics per poll."),
                       LabOption::Cluster);
    parser.addOption({QStringLiteral("partitions"), QStringLiteral("Transactional partitions."), QStringLiteral("N"),
                      QStringLiteral("32")});
    parser.addOption(
        {QStringLiteral("runs"), QStringLiteral("Measured reads."), QStringLiteral("N"), QStringLiteral("5")});
    parser.addOption({QStringLiteral("protocol-log"), QStringLiteral("librdkafka's protocol log on stderr.")});
    parser.process(app);
    const int partitions = std::max(1, parser.value(QStringLiteral("partitions")).toInt());
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const bool log = parser.isSet(QStringLiteral("protocol-log"));
    if (log)
        qputenv("LAGSCOPE_RDKAFKA_LOG", "1");
    printMachine();
    const auto bootstrap = labBootstrap(parser.value(QStringLiteral("lab")), QStringLiteral("primary"));
    if (!bootstrap)
        return fail(bootstrap.errorMessage());

    const QString suffix = QString::number(QDateTime::currentMSecsSinceEpoch());
    const QString topic = QStringLiteral("bench-txn-") + suffix;
    const QString group = QStringLiteral("bench-txn-g-") + suffix;
    QProcess create;
    create.start(QStringLiteral(LAGSCOPE_TRAFFIC),
                 {QStringLiteral("create-topic"), QStringLiteral("--topic"), topic, QStringLiteral("--partitions"),
                  QString::number(partitions), QStringLiteral("--bootstrap"), *bootstrap});
    if (!create.waitForFinished(60000) || create.exitCode() != 0)
        return fail(
            QStringLiteral("cannot create %1: %2").arg(topic, QString::fromUtf8(create.readAllStandardError())));

    auto client = KafkaClient::create({QStringLiteral("primary"), *bootstrap, false, {}}, {10000, 0, nullptr});
    if (!client)
        return fail(client.errorMessage());
    test::TransactionalProducer producer;
    if (!producer.start(*bootstrap, topic) || !producer.begin())
        return fail(QStringLiteral("transactional producer failed"));
    for (int p = 0; p < partitions; ++p)
        if (!producer.produce(topic, p, 1))
            return fail(QStringLiteral("produce failed"));
    if (!producer.commit())
        return fail(QStringLiteral("commit_transaction failed"));
    CommittedOffsets atMarkers;
    for (int p = 0; p < partitions; ++p)
        atMarkers[{topic, p}] = 1; // the record is at 0, its commit marker at 1
    if (auto refused = (*client)->alterCommittedOffsets(group, atMarkers, Deadline::inMs(30000));
        !refused || !refused->empty())
        return fail(QStringLiteral("cannot commit %1's offsets").arg(group));

    const Stopwatch gatherClock;
    auto snapshot = pollOnce(**client);
    const double gatherMs = gatherClock.elapsedMs();
    if (!snapshot)
        return fail(snapshot.errorMessage());
    printLine(QStringLiteral("reference: one full poll (gatherPoll + buildSnapshot) %1 ms, %2 groups")
                  .arg(gatherMs, 0, 'f', 1)
                  .arg(snapshot->groups.size()));

    const ClusterSnapshot withLag = onlyGroup(*snapshot, group, false);
    const ClusterSnapshot plain = onlyGroup(*snapshot, group, true);

    ClusterConfig cluster{QStringLiteral("primary"), *bootstrap, false, {}};
    if (log)
        cluster.properties[QStringLiteral("debug")] = QStringLiteral("protocol");
    auto reader = PartitionReader::create(cluster, {10000, 0, nullptr});
    if (!reader)
        return fail(reader.errorMessage());

    std::vector<double> cold, warm, known, none;
    for (int run = 0; run <= runs; ++run) {
        // Polls are seconds apart: the reader's last fetch, held by the broker at the end of
        // the partitions (fetch.wait.max.ms), has come back before the next read, as here.
        if (run > 0)
            QThread::msleep(500);
        ExactLag exact; // forgets the answers; the reader keeps its connections
        const Step first = verify(exact, **reader, withLag, false);
        const Step read = verify(exact, **reader, withLag, log && run == 1);
        const Step after = verify(exact, **reader, withLag, false);
        ExactLag without;
        verify(without, **reader, plain, false);
        const Step plainStep = verify(without, **reader, plain, false);
        printLine(QStringLiteral("  run %1: first sight %2 ms (%3 read); read %4 partitions %5 ms; known %6 ms (%7 "
                                 "read); without transactional lag %8 ms (%9 read)")
                      .arg(run)
                      .arg(first.ms, 0, 'f', 3)
                      .arg(first.ranges)
                      .arg(read.ranges)
                      .arg(read.ms, 0, 'f', 1)
                      .arg(after.ms, 0, 'f', 3)
                      .arg(after.ranges)
                      .arg(plainStep.ms, 0, 'f', 3)
                      .arg(plainStep.ranges));
        (run == 0 ? cold : warm).push_back(read.ms);
        known.push_back(after.ms);
        none.push_back(plainStep.ms);
    }
    reportValue(QStringLiteral("exactlag.read_cold"), QStringLiteral("first read (reader connects)"), cold.front(),
                QStringLiteral("ms"));
    report(QStringLiteral("exactlag.read_warm"), QStringLiteral("read of the partitions, warm reader"), warm,
           QStringLiteral("ms"));
    report(QStringLiteral("exactlag.known"), QStringLiteral("poll with every pair known"), known, QStringLiteral("ms"));
    report(QStringLiteral("exactlag.none"), QStringLiteral("poll without transactional lag"), none,
           QStringLiteral("ms"));
    return 0;
}
