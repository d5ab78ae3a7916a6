#include "BenchUtil.h"

#include "kafka/KafkaClient.h"
#include "monitor/PollGatherer.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <ctime>

#include <sys/resource.h>

namespace lagscope::bench {

namespace {

double cpuMsOf(int who)
{
    rusage u{};
    getrusage(who, &u);
    const auto ms = [](const timeval &tv) { return double(tv.tv_sec) * 1000.0 + double(tv.tv_usec) / 1000.0; };
    return ms(u.ru_utime) + ms(u.ru_stime);
}

double maxRssMiBOf(int who)
{
    rusage u{};
    getrusage(who, &u);
    return double(u.ru_maxrss) / 1024.0; // Linux reports KiB
}

QString number(double v) { return QString::number(v, 'f', v < 10 ? 2 : 1); }

} // namespace

bool Fixture::useScale(const QString &name)
{
    if (name == QStringLiteral("standard")) {
        topics = 100;
        groups = 500;
        return true;
    }
    if (name == QStringLiteral("large")) {
        topics = 1000;
        groups = 5000;
        return true;
    }
    return false;
}

QString Fixture::topicName(int i) { return QStringLiteral("bench-t%1").arg(i, 3, 10, QLatin1Char('0')); }

QString Fixture::groupName(int i) { return QStringLiteral("bench-g%1").arg(i, 3, 10, QLatin1Char('0')); }

double processCpuMs() { return cpuMsOf(RUSAGE_SELF); }
double childrenCpuMs() { return cpuMsOf(RUSAGE_CHILDREN); }

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}
double peakRssMiB() { return maxRssMiBOf(RUSAGE_SELF); }
double childrenPeakRssMiB() { return maxRssMiBOf(RUSAGE_CHILDREN); }

double currentRssMiB()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return -1;
}

Stats summarize(std::vector<double> values)
{
    if (values.empty())
        return {};
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    const double median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    return {values.front(), median, values.back()};
}

void addStandardOptions(QCommandLineParser &parser, const QString &description, LabOption lab)
{
    parser.setApplicationDescription(description);
    parser.addHelpOption();
    parser.addOption({QStringLiteral("lab"),
                      lab == LabOption::Cluster
                          ? QStringLiteral("Lab directory (holds lab.json).")
                          : QStringLiteral("Take the fixture snapshot from this lab (default: synthetic)."),
                      QStringLiteral("DIR")});
}

void printLine(const QString &text)
{
    std::printf("%s\n", text.toLocal8Bit().constData());
    std::fflush(stdout);
}

int fail(const QString &message)
{
    printLine(QCoreApplication::applicationName() + QStringLiteral(": error: ") + message);
    return 1;
}

double mib(qint64 bytes) { return double(bytes) / (1024.0 * 1024.0); }

qint64 msOf(std::chrono::seconds s) { return std::chrono::duration_cast<std::chrono::milliseconds>(s).count(); }

void report(const QString &name, const QString &label, const std::vector<double> &values, const QString &unit)
{
    const Stats s = summarize(values);
    printLine(QStringLiteral("  %1: min %2, median %3, max %4 %5 (n=%6)")
                  .arg(label, number(s.min), number(s.median), number(s.max), unit)
                  .arg(values.size()));
    printLine(QStringLiteral("RESULT %1 %2 %3 %4 %5").arg(name, number(s.min), number(s.median), number(s.max), unit));
}

void reportValue(const QString &name, const QString &label, double value, const QString &unit)
{
    printLine(QStringLiteral("  %1: %2 %3").arg(label, number(value), unit));
    printLine(QStringLiteral("RESULT %1 %2 %2 %2 %3").arg(name, number(value), unit));
}

void printMachine()
{
    QFile load(QStringLiteral("/proc/loadavg"));
    QString loadAvg = QStringLiteral("?");
    if (load.open(QIODevice::ReadOnly))
        loadAvg = QString::fromLatin1(load.readAll().trimmed());
    printLine(QStringLiteral("machine: %1 cores, load average %2, %3 %4")
                  .arg(QThread::idealThreadCount())
                  .arg(loadAvg, QSysInfo::kernelType(), QSysInfo::kernelVersion()));
}

Result<QString> labBootstrap(const QString &labDir, const QString &cluster)
{
    QFile f(labDir + QStringLiteral("/lab.json"));
    if (!f.open(QIODevice::ReadOnly))
        return Result<QString>::failure(QStringLiteral("cannot read %1: %2").arg(f.fileName(), f.errorString()));
    const QJsonObject clusters =
        QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("clusters")).toObject();
    const QString bootstrap = clusters.value(cluster).toObject().value(QStringLiteral("bootstrap")).toString();
    if (bootstrap.isEmpty())
        return Result<QString>::failure(QStringLiteral("no cluster '%1' in %2").arg(cluster, f.fileName()));
    return bootstrap;
}

ClusterSnapshot syntheticFixtureSnapshot(const QDateTime &takenAt)
{
    ClusterSnapshot s;
    s.cluster = QStringLiteral("primary");
    s.takenAt = takenAt;
    s.reachable = true;
    s.clusterId = QStringLiteral("synthetic");
    s.controllerId = 1;
    for (int id = 1; id <= 3; ++id)
        s.brokers.push_back({BrokerInfo{id, QStringLiteral("127.0.0.1"), 9091 + id, {}}, BrokerStatus::Online, id == 1,
                             Fixture::topics * Fixture::kPartitionsPerTopic / 3, QString(), 0, 0});
    for (int t = 0; t < Fixture::topics; ++t) {
        TopicState topic{Fixture::topicName(t), false, {}};
        for (int p = 0; p < Fixture::kPartitionsPerTopic; ++p) {
            const int leader = 1 + (t * Fixture::kPartitionsPerTopic + p) % 3;
            topic.partitions.push_back({p, leader, {leader}, {leader}, 0, Fixture::kRecordsPerPartition});
        }
        s.topics.push_back(std::move(topic));
    }
    for (int g = 0; g < Fixture::groups; ++g) {
        GroupState group;
        group.groupId = Fixture::groupName(g);
        group.state = QStringLiteral("Empty");
        group.type = QStringLiteral("Classic");
        const QString topic = Fixture::topicName(Fixture::topicOfGroup(g));
        for (int p = 0; p < Fixture::kPartitionsPerTopic; ++p) {
            const std::int64_t committed = Fixture::committedOffset(g, p);
            const std::int64_t lag = Fixture::kRecordsPerPartition - committed;
            PartitionLag &row = group.partitions.emplace_back();
            row.partition = TopicPartition{topic, p};
            row.committed = committed;
            row.logEnd = Fixture::kRecordsPerPartition;
            row.lag = lag;
            group.totalLag += lag;
            group.maxLag = std::max(group.maxLag, lag);
        }
        s.groups.push_back(std::move(group));
    }
    // By id, as buildSnapshot() sorts them: "bench-g1000" comes before "bench-g999".
    std::sort(s.groups.begin(), s.groups.end(),
              [](const GroupState &a, const GroupState &b) { return a.groupId < b.groupId; });
    return s;
}

Result<SnapshotPtr> pollFixture(const QString &bootstrap)
{
    using R = Result<SnapshotPtr>;
    auto client = KafkaClient::create(ClusterConfig{QStringLiteral("primary"), bootstrap, false, {}}, ClientOptions{});
    if (!client)
        return R(client.error());
    auto poll = gatherPoll(**client, Deadline::inMs(60000), nullptr);
    if (!poll)
        return R(poll.error());
    std::map<int, BrokerInfo> known;
    for (const auto &b : poll->metadata.brokers)
        known[b.id] = b;
    return R(std::make_shared<const ClusterSnapshot>(
        buildSnapshot(QStringLiteral("primary"), *poll, known, QDateTime::currentDateTimeUtc(), 0)));
}

Result<SnapshotPtr> fixtureSnapshot(const QString &labDir)
{
    if (labDir.isEmpty())
        return Result<SnapshotPtr>(
            std::make_shared<const ClusterSnapshot>(syntheticFixtureSnapshot(QDateTime::currentDateTimeUtc())));
    auto bootstrap = labBootstrap(labDir, QStringLiteral("primary"));
    if (!bootstrap)
        return Result<SnapshotPtr>(bootstrap.error());
    return pollFixture(*bootstrap);
}

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

SnapshotPtr reshapedSnapshot(const ClusterSnapshot &base, const QDateTime &takenAt,
                             const std::function<LogEndAndLag(int partition)> &valuesOf)
{
    auto s = std::make_shared<ClusterSnapshot>(base);
    s->takenAt = takenAt;
    int i = 0;
    for (GroupState &g : s->groups) {
        g.totalLag = 0;
        g.maxLag = 0;
        for (PartitionLag &p : g.partitions) {
            const auto [logEnd, lag] = valuesOf(i++);
            p.logEnd = logEnd;
            p.committed = logEnd - lag;
            p.lag = lag;
            g.totalLag += lag;
            g.maxLag = std::max(g.maxLag, lag);
        }
    }
    return s;
}

SnapshotPtr variantSnapshot(const ClusterSnapshot &base, const QDateTime &takenAt, int step, std::int64_t offsetBase)
{
    // Producers move every log end; consumers follow at a distance that wanders.
    return reshapedSnapshot(base, takenAt, [&](int i) {
        return LogEndAndLag{offsetBase + std::int64_t(step) * 40 + (i % 97) * 1000,
                            (std::int64_t(step) * 7 + i * 13) % 500 + 1};
    });
}

} // namespace lagscope::bench
