#include "LabClient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QTest>

#include <cstdio>

namespace lagscope::test {

QString ProcessResult::describe() const
{
    return QStringLiteral("exit %1%2 after %3 ms\n--- stdout ---\n%4\n--- stderr ---\n%5")
        .arg(exitCode)
        .arg(timedOut ? QStringLiteral(" (timed out)") : QString())
        .arg(elapsedMs)
        .arg(out, err);
}

void requireSuccess(const ProcessResult &r) { QVERIFY2(r.exitCode == 0, qPrintable(r.describe())); }

bool succeeded(const ProcessResult &r)
{
    if (r.exitCode != 0)
        qWarning("%s", qPrintable(r.describe()));
    return r.exitCode == 0;
}

ProcessResult runProcess(const QString &program, const QStringList &args, int timeoutMs)
{
    ProcessResult r;
    QProcess p;
    QElapsedTimer timer;
    timer.start();
    p.start(program, args);
    if (!p.waitForStarted(10000)) {
        r.err = QStringLiteral("could not start %1: %2").arg(program, p.errorString());
        return r;
    }
    p.closeWriteChannel();
    if (!p.waitForFinished(timeoutMs)) {
        r.timedOut = true;
        p.kill();
        p.waitForFinished(5000);
    }
    r.elapsedMs = timer.elapsed();
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

Result<LabClient> LabClient::load()
{
    LabClient lab;
    lab.m_dir = qEnvironmentVariable("LAGSCOPE_LAB_DIR");
    if (lab.m_dir.isEmpty())
        return Result<LabClient>::failure(QStringLiteral("LAGSCOPE_LAB_DIR is not set: run through ctest"));
    QFile f(lab.m_dir + QStringLiteral("/lab.json"));
    if (!f.open(QIODevice::ReadOnly))
        return Result<LabClient>::failure(QStringLiteral("no lab at %1: %2").arg(f.fileName(), f.errorString()));
    lab.m_json = QJsonDocument::fromJson(f.readAll()).object();
    return lab;
}

QString LabClient::bootstrap(const QString &cluster) const
{
    return m_json.value(QStringLiteral("clusters"))
        .toObject()
        .value(cluster)
        .toObject()
        .value(QStringLiteral("bootstrap"))
        .toString();
}

QList<int> LabClient::brokerNodes(const QString &cluster) const
{
    QList<int> nodes;
    const QJsonArray brokers = m_json.value(QStringLiteral("clusters"))
                                   .toObject()
                                   .value(cluster)
                                   .toObject()
                                   .value(QStringLiteral("brokers"))
                                   .toArray();
    for (const QJsonValue &b : brokers)
        nodes << b.toObject().value(QStringLiteral("node_id")).toInt();
    return nodes;
}

ProcessResult LabClient::lab(const QStringList &args, int timeoutMs) const
{
    return runProcess(QStringLiteral("python3"),
                      QStringList{qEnvironmentVariable("LAGSCOPE_LAB"), QStringLiteral("--dir"), m_dir} + args,
                      timeoutMs);
}

ProcessResult LabClient::kafkaTool(const QString &tool, const QString &cluster, const QStringList &args) const
{
    return lab(QStringList{QStringLiteral("tool"), tool, QStringLiteral("--cluster"), cluster, QStringLiteral("--")}
               + args);
}

ProcessResult LabClient::traffic(const QString &cluster, const QStringList &args, int timeoutMs) const
{
    return runProcess(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                      args + QStringList{QStringLiteral("--bootstrap"), bootstrap(cluster)}, timeoutMs);
}

ProcessResult LabClient::lagscopectl(const QStringList &args, int timeoutMs) const
{
    return runProcess(qEnvironmentVariable("LAGSCOPECTL"), args, timeoutMs);
}

std::unique_ptr<KafkaClient> LabClient::client(const QString &cluster) const
{
    auto c = KafkaClient::create({cluster, bootstrap(cluster), false, {}}, {5000, 0, nullptr});
    return c ? std::move(*c) : nullptr;
}

std::optional<CommittedOffsets> LabClient::committed(const QString &cluster, const QString &group) const
{
    auto c = client(cluster);
    if (!c)
        return std::nullopt;
    auto offsets = c->committedOffsets({group}, Deadline::inMs(5000));
    if (!offsets)
        return std::nullopt;
    return (*offsets)[group];
}

qint64 LabClient::logEndSum(const QString &cluster, const QString &topic, int partitions) const
{
    auto c = client(cluster);
    if (!c)
        return -1;
    std::vector<TopicPartition> parts;
    for (int p = 0; p < partitions; ++p)
        parts.push_back({topic, p});
    auto r = c->logOffsets(parts, OffsetSpec::Latest, Deadline::inMs(5000));
    if (!r || r->offsets.size() != size_t(partitions))
        return -1;
    qint64 sum = 0;
    for (const auto &[tp, o] : r->offsets)
        sum += o;
    return sum;
}

std::optional<std::vector<RawRecord>> LabClient::records(const QString &cluster, const TopicPartition &partition) const
{
    auto reader = PartitionReader::create({cluster, bootstrap(cluster), false, {}}, {5000, 0, nullptr});
    if (!reader)
        return std::nullopt;
    std::vector<RawRecord> out;
    const Deadline deadline = Deadline::inMs(10000);
    qint64 next = PartitionReader::kEarliest;
    while (true) {
        auto read = (*reader)->read(partition, next, 5000, deadline);
        if (!read || read->topicMissing)
            return std::nullopt;
        out.insert(out.end(), read->records.begin(), read->records.end());
        if (read->atEnd)
            return out;
        if (deadline.expired())
            return std::nullopt;
        next = read->nextOffset;
    }
}

bool LabClient::topicReady(const QString &cluster, const QString &topic, int partitions) const
{
    auto c = client(cluster);
    if (!c)
        return false;
    auto meta = c->metadata(Deadline::inMs(5000));
    const TopicInfo *t = meta ? meta->topic(topic) : nullptr;
    if (!t || !t->error.isEmpty() || int(t->partitions.size()) != partitions)
        return false;
    for (const PartitionInfo &p : t->partitions)
        if (p.leader < 0)
            return false;
    return true;
}

QStringList LabClient::kafkaTranslation(const QString &group, const QString &remoteTopic) const
{
    const ProcessResult r = lab({QStringLiteral("translate-offsets"), QStringLiteral("--cluster"), QStringLiteral("dr"),
                                 QStringLiteral("--source-alias"), QStringLiteral("primary"), QStringLiteral("--group"),
                                 group, QStringLiteral("--timeout"), QStringLiteral("30")},
                                90000);
    QStringList lines;
    for (const QString &line : r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        if (line.startsWith(remoteTopic + QLatin1Char(' ')))
            lines << line.trimmed();
    lines.sort();
    return lines;
}

QString LabClient::writeConfig(const QString &dir) const
{
    QString yaml = QStringLiteral("poll_interval: 1s\nrequest_timeout: 15s\nclusters:\n");
    const QJsonObject clusters = m_json.value(QStringLiteral("clusters")).toObject();
    for (auto it = clusters.begin(); it != clusters.end(); ++it)
        yaml += QStringLiteral("  - name: %1\n    bootstrap: \"%2\"\n").arg(it.key(), bootstrap(it.key()));
    const QString path = QDir(dir).filePath(QStringLiteral("lagscope.yaml"));
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(yaml.toUtf8());
    return path;
}

void LabClient::dumpLogs() const
{
    const ProcessResult r = lab({QStringLiteral("logs"), QStringLiteral("--tail"), QStringLiteral("40")}, 30000);
    const QString all = r.out + r.err;
    // The whole tail goes to a file; the test's output gets only its warnings and errors. CI
    // keeps a failing test's first and last lines: 300 lines of broker INFO between the
    // failure message and the end of the test pushed the message out of what CI kept.
    QString saved;
    const QString outDir = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT");
    if (!outDir.isEmpty() && QDir().mkpath(outDir)) {
        QFile f(QDir(outDir).filePath(
            QStringLiteral("lab-logs-%1-%2.txt").arg(QCoreApplication::applicationName(), uniqueSuffix())));
        if (f.open(QIODevice::WriteOnly) && f.write(all.toUtf8()) >= 0)
            saved = f.fileName();
    }
    QStringList notable;
    for (const QString &line : all.split(QLatin1Char('\n')))
        if (line.startsWith(QStringLiteral("----")) || line.contains(QStringLiteral("] WARN "))
            || line.contains(QStringLiteral("] ERROR ")) || line.contains(QStringLiteral("] FATAL ")))
            notable << line.left(300);
    if (notable.size() > 30)
        notable = notable.mid(notable.size() - 30);
    fprintf(stderr, "=== lab logs: warnings and errors of the last 40 lines per log (all of them: %s) ===\n%s\n",
            saved.isEmpty() ? "not saved" : qPrintable(saved), qPrintable(notable.join(QLatin1Char('\n'))));
}

QString LabClient::uniqueSuffix()
{
    return QString::number(QDateTime::currentMSecsSinceEpoch(), 36)
           + QString::number(QRandomGenerator::global()->bounded(1296), 36);
}

QStringList createTopicArgs(const QString &topic, int partitions, int replication)
{
    QStringList args{QStringLiteral("create-topic"), QStringLiteral("--topic"), topic, QStringLiteral("--partitions"),
                     QString::number(partitions)};
    if (replication > 0)
        args << QStringLiteral("--replication") << QString::number(replication);
    return args;
}

QStringList produceArgs(const QString &topic, qint64 count)
{
    return {QStringLiteral("produce"), QStringLiteral("--topic"), topic, QStringLiteral("--count"),
            QString::number(count)};
}

QStringList consumeArgs(const QString &group, const QString &topic, qint64 max)
{
    return {QStringLiteral("consume"), QStringLiteral("--group"), group, QStringLiteral("--topic"), topic,
            QStringLiteral("--max"),   QString::number(max)};
}

QStringList commitArgs(const QString &group, const QString &topic, const QString &offsets)
{
    return {QStringLiteral("commit"),
            QStringLiteral("--group"),
            group,
            QStringLiteral("--topic"),
            topic,
            QStringLiteral("--offsets"),
            offsets};
}

} // namespace lagscope::test
