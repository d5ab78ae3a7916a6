#pragma once
// Every answer the history store gives about a file, as JSON: what the charts, reports and
// alerts ask (group, status, partition and topic history, events, flows, tier spans), over
// the whole history and over windows that cut through each tier. Two schemas that give
// the same dump give the same charts.
//
// tests/unit/data/history-v4.sqlite was written by the version 4 store (the one that kept a
// row per partition and poll) and history-v4.json is this dump of it, made by that code;
// tst_historymigration opens the file with today's store and compares the dumps.

#include "store/HistoryStore.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lagscope::test {

inline QJsonArray dumpGroupHistory(const std::vector<HistoryStore::GroupSample> &samples)
{
    QJsonArray out;
    for (const auto &s : samples)
        out.append(QJsonArray{double(s.timeMs), double(s.totalLag), double(s.maxLag), s.members, s.state});
    return out;
}

inline QJsonArray dumpStatusHistory(const std::vector<HistoryStore::GroupStatusSample> &samples)
{
    QJsonArray out;
    for (const auto &s : samples)
        out.append(QJsonArray{double(s.timeMs), s.status, s.maxLagSeconds, s.lagSecondsAtLeast});
    return out;
}

inline QJsonObject
dumpPartitionHistory(const std::map<TopicPartition, std::vector<HistoryStore::PartitionSample>> &history)
{
    QJsonObject out;
    for (const auto &[tp, samples] : history) {
        QJsonArray rows;
        for (const auto &s : samples)
            rows.append(QJsonArray{double(s.timeMs), double(s.committed), double(s.logEnd), double(s.lag)});
        out.insert(tp.topic + QLatin1Char('-') + QString::number(tp.partition), rows);
    }
    return out;
}

inline QJsonObject dumpTopicHistory(const std::map<QString, std::vector<HistoryStore::TopicSample>> &history)
{
    QJsonObject out;
    for (const auto &[topic, samples] : history) {
        QJsonArray rows;
        for (const auto &s : samples)
            rows.append(QJsonArray{double(s.timeMs), double(s.totalLag)});
        out.insert(topic, rows);
    }
    return out;
}

// One group over [from, to]; a failed query is dumped as its error, so a dump comparison
// shows it.
inline QJsonObject dumpGroup(const HistoryStore &store, const QString &cluster, const QString &group,
                             const QDateTime &from, const QDateTime &to)
{
    QJsonObject out;
    const auto groups = store.groupHistory(cluster, group, from, to);
    out.insert(QStringLiteral("group"), groups ? QJsonValue(dumpGroupHistory(*groups)) : groups.errorMessage());
    const auto statuses = store.groupStatusHistory(cluster, group, from, to);
    out.insert(QStringLiteral("status"), statuses ? QJsonValue(dumpStatusHistory(*statuses)) : statuses.errorMessage());
    const auto partitions = store.partitionHistory(cluster, group, from, to);
    out.insert(QStringLiteral("partitions"),
               partitions ? QJsonValue(dumpPartitionHistory(*partitions)) : partitions.errorMessage());
    const auto topics = store.topicHistory(cluster, group, from, to);
    out.insert(QStringLiteral("topics"), topics ? QJsonValue(dumpTopicHistory(*topics)) : topics.errorMessage());
    return out;
}

// Every stored group over the whole history and over `windows`, plus the cluster-wide
// answers. `flows` are the flow labels to dump.
inline QJsonObject dumpHistory(const HistoryStore &store, const std::vector<std::pair<QDateTime, QDateTime>> &windows,
                               const QStringList &flows)
{
    QJsonObject out;
    const auto groups = store.storedGroups();
    if (!groups)
        return QJsonObject{{QStringLiteral("error"), groups.errorMessage()}};
    QStringList clusters;
    for (const auto &g : *groups) {
        if (!clusters.contains(g.cluster))
            clusters << g.cluster;
        QJsonArray ranges{dumpGroup(store, g.cluster, g.group, {}, {})};
        for (const auto &[from, to] : windows)
            ranges.append(dumpGroup(store, g.cluster, g.group, from, to));
        const auto topics = store.groupTopics(g.cluster, g.group);
        out.insert(g.cluster + QLatin1Char('/') + g.group,
                   QJsonObject{{QStringLiteral("ranges"), ranges},
                               {QStringLiteral("topics"),
                                topics ? QJsonValue(QJsonArray::fromStringList(*topics)) : topics.errorMessage()}});
    }
    for (const QString &cluster : clusters) {
        const auto spans = store.tierSpans(cluster);
        if (spans)
            out.insert(cluster + QStringLiteral("/spans"),
                       QJsonArray{double(spans->rawFromMs), double(spans->fineFromMs), double(spans->coarseFromMs),
                                  double(spans->newestMs)});
        const auto start = store.historyStart(cluster);
        out.insert(cluster + QStringLiteral("/start"), start ? start->toString(Qt::ISODateWithMs) : QString());
        const auto events = store.events(cluster, {}, {});
        QJsonArray eventRows;
        for (const auto &e : events ? *events : std::vector<ClusterEvent>{})
            eventRows.append(
                QJsonArray{e.time.toString(Qt::ISODateWithMs), eventKindName(e.kind), e.subject, e.group, e.message});
        out.insert(cluster + QStringLiteral("/events"), eventRows);
        const auto rebalances = store.rebalances(cluster, {}, {});
        out.insert(cluster + QStringLiteral("/rebalances"), rebalances ? double(rebalances->size()) : -1.0);
    }
    for (const QString &flow : flows) {
        const auto samples = store.flowHistory(flow, {}, {});
        QJsonArray rows;
        for (const auto &s : samples ? *samples : std::vector<HistoryStore::FlowSample>{})
            rows.append(QJsonArray{double(s.timeMs), double(s.latencyMs), double(s.checkpointAgeMs),
                                   double(s.recordsBehind), s.health});
        out.insert(QStringLiteral("flow/") + flow, rows);
    }
    return out;
}

} // namespace lagscope::test

namespace lagscope::test {

// The sample file's clock: its last poll, and the windows its dump queries besides the whole
// history (one in each tier and one across each tier boundary, at unaligned times).
inline QDateTime sampleFileEnd() { return QDateTime(QDate(2024, 3, 10), QTime(12, 0), Qt::UTC); }

inline std::vector<std::pair<QDateTime, QDateTime>> sampleFileWindows()
{
    const QDateTime end = sampleFileEnd();
    return {{end.addSecs(-40 * 3600), end.addSecs(-29 * 3600 + 17)},
            {end.addSecs(-25 * 3600 - 90), end.addSecs(-23 * 3600 + 30)},
            {end.addSecs(-6 * 3600 - 1830), end.addSecs(-5 * 3600 - 7)},
            {end.addSecs(-1050), end.addSecs(-120)},
            {end.addSecs(-3 * 3600), end.addSecs(3600)}};
}

} // namespace lagscope::test
