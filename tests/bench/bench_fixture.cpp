// bench_fixture --lab DIR [--traffic PATH] [--scale standard|large]
// Creates the monitoring scale fixture on the lab's "primary" cluster, idempotently:
// 100 topics × 20 partitions (RF 1, spread over the brokers by Kafka), 5 records in each
// partition, and 500 consumer groups, group i with committed offsets on the 20 partitions
// of topic i % 100 (AlterConsumerGroupOffsets; no live consumers); --scale large: 1,000
// topics and 5,000 groups. Whatever already matches is left alone, so a second run only
// checks.
#include "BenchUtil.h"

#include "kafka/KafkaClient.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcess>
#include <QThread>

#include <deque>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

constexpr int kConcurrentProcesses = 4;

// Runs the traffic tool with each argument list, a few at a time. Returns the failures.
QStringList runAll(const QString &program, const std::vector<QStringList> &jobs)
{
    QStringList failures;
    std::deque<QStringList> pending(jobs.begin(), jobs.end());
    std::vector<std::pair<std::unique_ptr<QProcess>, QStringList>> running;
    while (!pending.empty() || !running.empty()) {
        while (!pending.empty() && int(running.size()) < kConcurrentProcesses) {
            auto p = std::make_unique<QProcess>();
            p->setProcessChannelMode(QProcess::MergedChannels);
            p->start(program, pending.front());
            running.emplace_back(std::move(p), pending.front());
            pending.pop_front();
        }
        auto &[process, args] = running.front();
        if (!process->waitForFinished(120000)) {
            process->kill();
            process->waitForFinished(5000);
        }
        if (process->exitStatus() != QProcess::NormalExit || process->exitCode() != 0)
            failures << args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromLocal8Bit(process->readAll());
        running.erase(running.begin());
    }
    return failures;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    addStandardOptions(parser, QStringLiteral("Creates the monitoring scale fixture on a lab cluster."),
                       LabOption::Cluster);
    parser.addOption({QStringLiteral("traffic"), QStringLiteral("Path of lagscope-traffic."), QStringLiteral("PATH"),
                      QStringLiteral(LAGSCOPE_TRAFFIC)});
    parser.addOption({QStringLiteral("scale"), QStringLiteral("Fixture scale: standard or large."),
                      QStringLiteral("NAME"), QStringLiteral("standard")});
    parser.process(app);
    if (!Fixture::useScale(parser.value(QStringLiteral("scale"))))
        return fail(QStringLiteral("--scale must be standard or large"));

    const auto bootstrap = labBootstrap(parser.value(QStringLiteral("lab")), QStringLiteral("primary"));
    if (!bootstrap)
        return fail(bootstrap.errorMessage());
    const QString traffic = parser.value(QStringLiteral("traffic"));
    const Stopwatch total;

    auto created =
        KafkaClient::create(ClusterConfig{QStringLiteral("primary"), *bootstrap, false, {}}, ClientOptions{});
    if (!created)
        return fail(created.errorMessage());
    KafkaClient &client = **created;

    // Topics.
    auto md = client.metadata(Deadline::inMs(30000));
    if (!md)
        return fail(md.errorMessage());
    std::vector<QStringList> jobs;
    for (int t = 0; t < Fixture::topics; ++t) {
        const TopicInfo *topic = md->topic(Fixture::topicName(t));
        if (topic && int(topic->partitions.size()) == Fixture::kPartitionsPerTopic)
            continue;
        if (topic)
            return fail(
                QStringLiteral("topic %1 exists with %2 partitions").arg(topic->name).arg(topic->partitions.size()));
        jobs.push_back({QStringLiteral("create-topic"), QStringLiteral("--topic"), Fixture::topicName(t),
                        QStringLiteral("--partitions"), QString::number(Fixture::kPartitionsPerTopic),
                        QStringLiteral("--replication"), QStringLiteral("1"), QStringLiteral("--bootstrap"),
                        *bootstrap});
    }
    printLine(QStringLiteral("topics: %1 to create").arg(jobs.size()));
    if (const QStringList failures = runAll(traffic, jobs); !failures.isEmpty())
        return fail(failures.join(QLatin1Char('\n')));

    // Records: a topic is produced to only when it is empty, so reruns add nothing.
    std::vector<TopicPartition> partitions;
    for (int t = 0; t < Fixture::topics; ++t)
        for (int p = 0; p < Fixture::kPartitionsPerTopic; ++p)
            partitions.push_back({Fixture::topicName(t), p});
    auto readEnds = [&]() { return client.logOffsets(partitions, OffsetSpec::Latest, Deadline::inMs(60000)); };
    auto ends = readEnds();
    for (int attempt = 0; attempt < 20 && (!ends || !ends->errors.empty()); ++attempt) {
        QThread::msleep(500); // leaders of new topics may not be known yet
        ends = readEnds();
    }
    if (!ends)
        return fail(ends.errorMessage());
    if (!ends->errors.empty())
        return fail(QStringLiteral("cannot read log end offsets of %1 partitions").arg(ends->errors.size()));
    jobs.clear();
    for (int t = 0; t < Fixture::topics; ++t) {
        std::int64_t sum = 0;
        for (int p = 0; p < Fixture::kPartitionsPerTopic; ++p)
            sum += ends->offsets[{Fixture::topicName(t), p}];
        if (sum == std::int64_t(Fixture::kPartitionsPerTopic) * Fixture::kRecordsPerPartition)
            continue;
        if (sum != 0)
            return fail(QStringLiteral("topic %1 holds %2 records, expected 0 or %3")
                            .arg(Fixture::topicName(t))
                            .arg(sum)
                            .arg(Fixture::kPartitionsPerTopic * Fixture::kRecordsPerPartition));
        jobs.push_back({QStringLiteral("produce"), QStringLiteral("--topic"), Fixture::topicName(t),
                        QStringLiteral("--count"),
                        QString::number(Fixture::kPartitionsPerTopic * Fixture::kRecordsPerPartition),
                        QStringLiteral("--bootstrap"), *bootstrap});
    }
    printLine(QStringLiteral("topics: %1 to fill").arg(jobs.size()));
    if (const QStringList failures = runAll(traffic, jobs); !failures.isEmpty())
        return fail(failures.join(QLatin1Char('\n')));

    // Groups: committed offsets compared with the wanted ones, written where they differ.
    QStringList groups;
    for (int g = 0; g < Fixture::groups; ++g)
        groups << Fixture::groupName(g);
    // Reading offsets while group coordinators are still loading crashes librdkafka 2.15.1
    // (an OffsetFetch NOT_COORDINATOR answer on a handle without a consumer group
    // dereferences a null pointer; librdkafka issue #5040). A cluster without the offsets
    // topic has no commits to read, so it is written without reading first.
    std::map<QString, CommittedOffsets> existing;
    md = client.metadata(Deadline::inMs(30000));
    if (!md)
        return fail(md.errorMessage());
    if (md->topic(QStringLiteral("__consumer_offsets"))) {
        auto read = client.committedOffsets(groups, Deadline::inMs(60000));
        if (!read)
            return fail(read.errorMessage());
        existing = std::move(*read);
    } else {
        printLine(QStringLiteral("groups: no offsets topic yet, writing all"));
    }
    const auto *committed = &existing;
    int written = 0;
    for (int g = 0; g < Fixture::groups; ++g) {
        CommittedOffsets wanted;
        for (int p = 0; p < Fixture::kPartitionsPerTopic; ++p)
            wanted[{Fixture::topicName(Fixture::topicOfGroup(g)), p}] = Fixture::committedOffset(g, p);
        const auto it = committed->find(groups[g]);
        if (it != committed->end() && it->second == wanted)
            continue;
        // On a fresh cluster the offsets topic is created by the first request and its
        // coordinators answer "not coordinator" / "loading" for a few seconds: retry.
        auto refused = client.alterCommittedOffsets(groups[g], wanted, Deadline::inMs(30000));
        for (int attempt = 0; attempt < 40 && refused && !refused->empty(); ++attempt) {
            QThread::msleep(500);
            refused = client.alterCommittedOffsets(groups[g], wanted, Deadline::inMs(30000));
        }
        if (!refused)
            return fail(refused.errorMessage());
        if (!refused->empty())
            return fail(QStringLiteral("group %1: %2 partitions refused, e.g. %3")
                            .arg(groups[g])
                            .arg(refused->size())
                            .arg(refused->begin()->second));
        ++written;
    }
    printLine(QStringLiteral("groups: %1 written, %2 already in place").arg(written).arg(Fixture::groups - written));
    printLine(QStringLiteral("fixture ready in %1 s: %2 topics × %3 partitions, %4 groups × %3 committed partitions")
                  .arg(total.elapsedMs() / 1000, 0, 'f', 1)
                  .arg(Fixture::topics)
                  .arg(Fixture::kPartitionsPerTopic)
                  .arg(Fixture::groups));
    return 0;
}
