#pragma once
// The steps the failover tests take on the lab, each one real process: lagscopectl with
// the test's config, lagscope-traffic (topics, producers, consumers that log what they
// processed, exact commits), MirrorMaker 2 stopped and started, and Kafka's own offset
// translation. Results are returned, never asserted: the test decides.
// Header-only; main thread of a Qt Test.

#include "LabClient.h"

#include <QDir>
#include <QFile>
#include <QStringList>

#include <map>

namespace lagscope::test {

class FailoverSteps {
public:
    FailoverSteps(const LabClient &lab, QString config, QString logDir)
        : m_lab(lab), m_config(std::move(config)), m_logDir(std::move(logDir))
    {
    }

    QString log(const QString &name) const { return QDir(m_logDir).filePath(name + QStringLiteral(".log")); }

    ProcessResult ctl(QStringList args, int timeoutMs = 180000) const
    {
        args << QStringLiteral("--config") << m_config;
        return m_lab.lagscopectl(args, timeoutMs);
    }

    // lagscopectl failover from primary to dr with these options.
    ProcessResult failover(const QStringList &options) const
    {
        return ctl(QStringList{QStringLiteral("failover"), QStringLiteral("--from"), QStringLiteral("primary"),
                               QStringLiteral("--to"), QStringLiteral("dr")}
                   + options);
    }

    // A topic on primary, replicated 3 times like production topics; configs "k=v".
    ProcessResult createTopic(const QString &topic, int partitions, const QStringList &configs = {}) const
    {
        QStringList args = createTopicArgs(topic, partitions, 3);
        for (const QString &c : configs)
            args << QStringLiteral("--config") << c;
        return m_lab.traffic(QStringLiteral("primary"), args);
    }

    ProcessResult produce(const QString &topic, int count, const QStringList &options = {}) const
    {
        return m_lab.traffic(QStringLiteral("primary"), produceArgs(topic, count) + options);
    }

    // Consumes as `group` (one partition by assignment when `partition` >= 0, else by
    // subscription) up to `max` records or every partition's end, logging each value.
    ProcessResult consume(const QString &cluster, const QString &group, const QString &topic, const QString &logName,
                          int max = 1000000, int partition = -1) const
    {
        QStringList args{QStringLiteral("consume"),
                         QStringLiteral("--group"),
                         group,
                         QStringLiteral("--topic"),
                         topic,
                         QStringLiteral("--max"),
                         QString::number(max),
                         QStringLiteral("--log"),
                         log(logName),
                         QStringLiteral("--timeout"),
                         QStringLiteral("120")};
        if (partition >= 0)
            args << QStringLiteral("--assign") << QString::number(partition);
        return m_lab.traffic(cluster, args, 180000);
    }

    // Exact offsets for a group without members, on primary.
    ProcessResult commit(const QString &group, const QString &topic, const std::map<int, qint64> &offsets) const
    {
        QStringList pairs;
        for (const auto &[p, o] : offsets)
            pairs << QStringLiteral("%1=%2").arg(p).arg(o);
        return m_lab.traffic(QStringLiteral("primary"), commitArgs(group, topic, pairs.join(QLatin1Char(','))));
    }

    ProcessResult stopMirrorMaker() const { return m_lab.lab({QStringLiteral("mm2"), QStringLiteral("stop")}, 120000); }

    // Without offset syncs to groups (the lab's setting); offset.lag.max 0 is the lab's own,
    // 100 MirrorMaker's default. Restarts MirrorMaker when it runs with other settings.
    ProcessResult startMirrorMaker(int offsetLagMax) const
    {
        return m_lab.lab({QStringLiteral("mm2"), QStringLiteral("start"), QStringLiteral("--sync-group-offsets"),
                          QStringLiteral("false"), QStringLiteral("--offset-lag-max"), QString::number(offsetLagMax)},
                         240000);
    }

    // Moves the log start of partitions on primary (what retention does), with Kafka's own
    // kafka-delete-records.
    ProcessResult deleteRecordsBefore(const QString &topic, const std::map<int, qint64> &offsets) const
    {
        QStringList parts;
        for (const auto &[p, o] : offsets)
            parts << QStringLiteral("{\"topic\":\"%1\",\"partition\":%2,\"offset\":%3}").arg(topic).arg(p).arg(o);
        const QString path = QDir(m_logDir).filePath(topic + QStringLiteral("-delete.json"));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return {-1, {}, QStringLiteral("cannot write %1").arg(path)};
        f.write(QStringLiteral("{\"version\":1,\"partitions\":[%1]}").arg(parts.join(QLatin1Char(','))).toUtf8());
        f.close();
        return m_lab.lab({QStringLiteral("tool"), QStringLiteral("java-class"),
                          QStringLiteral("org.apache.kafka.tools.DeleteRecordsCommand"), QStringLiteral("--cluster"),
                          QStringLiteral("primary"), QStringLiteral("--"), QStringLiteral("--offset-json-file"), path});
    }

private:
    const LabClient &m_lab;
    QString m_config;
    QString m_logDir;
};

} // namespace lagscope::test
