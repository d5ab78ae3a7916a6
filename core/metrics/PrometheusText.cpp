#include "metrics/PrometheusText.h"

#include "monitor/BrokerLifecycle.h"

#include <functional>

namespace lagscope {

QString escapeLabelValue(const QString &value)
{
    QString out;
    out.reserve(value.size());
    for (const QChar c : value) {
        if (c == QLatin1Char('\\'))
            out += QStringLiteral("\\\\");
        else if (c == QLatin1Char('"'))
            out += QStringLiteral("\\\"");
        else if (c == QLatin1Char('\n'))
            out += QStringLiteral("\\n");
        else
            out += c;
    }
    return out;
}

namespace {

using Labels = std::initializer_list<std::pair<const char *, QString>>;
using Emit = std::function<void(Labels, double)>;

QByteArray number(double v)
{
    // Integers (offsets, lags, counts) exactly; seconds with millisecond precision.
    if (v == double(qint64(v)) && v < 9.0e15 && v > -9.0e15)
        return QByteArray::number(qint64(v));
    return QByteArray::number(v, 'f', 3);
}

// One metric family: its HELP and TYPE lines, then every sample `body` emits (the text format
// wants a family's samples together).
void family(QByteArray &out, const char *name, const char *type, const char *help,
            const std::function<void(const Emit &)> &body)
{
    out += QByteArray("# HELP ") + name + ' ' + help + "\n# TYPE " + name + ' ' + type + '\n';
    body([&out, name](Labels labels, double value) {
        out += name;
        char sep = '{';
        for (const auto &[key, text] : labels) {
            out += sep;
            out += key;
            out += "=\"";
            out += escapeLabelValue(text).toUtf8();
            out += '"';
            sep = ',';
        }
        if (sep == ',')
            out += '}';
        out += ' ';
        out += number(value);
        out += '\n';
    });
}

// The groups of the cluster polls that reached their cluster: an unreachable cluster's
// snapshot carries the last data seen, which a scrape must not present as current.
void forEachGroup(const MetricsInput &in, const std::function<void(const QString &, const GroupState &)> &f)
{
    for (const auto &[name, s] : in.clusters)
        if (s && s->reachable)
            for (const GroupState &g : s->groups)
                if (!g.unread())
                    f(name, g);
}

// Calls f for every partition that gets per-partition series; returns how many were left out.
qint64 forEachPartition(const MetricsInput &in, const MetricsOptions &options,
                        const std::function<void(const QString &, const GroupState &, const PartitionLag &)> &f)
{
    qint64 shown = 0;
    qint64 omitted = 0;
    forEachGroup(in, [&](const QString &cluster, const GroupState &g) {
        for (const PartitionLag &p : g.partitions) {
            if (!p.committed)
                continue;
            if (!options.partitions || shown >= options.maxPartitions) {
                ++omitted;
                continue;
            }
            ++shown;
            if (f)
                f(cluster, g, p);
        }
    });
    return omitted;
}

void groupFamilies(QByteArray &out, const MetricsInput &in, const MetricsOptions &options)
{
    family(out, "kafka_consumergroup_group_lag", "gauge",
           "Records of the partition the group has not consumed yet: log end offset minus committed offset.",
           [&](const Emit &emit) {
               forEachPartition(in, options, [&](const QString &c, const GroupState &g, const PartitionLag &p) {
                   if (p.lag)
                       emit({{"cluster_name", c},
                             {"group", g.groupId},
                             {"topic", p.partition.topic},
                             {"partition", QString::number(p.partition.partition)}},
                            double(*p.lag));
               });
           });
    family(out, "kafka_consumergroup_group_offset", "gauge", "The group's committed offset of the partition.",
           [&](const Emit &emit) {
               forEachPartition(in, options, [&](const QString &c, const GroupState &g, const PartitionLag &p) {
                   emit({{"cluster_name", c},
                         {"group", g.groupId},
                         {"topic", p.partition.topic},
                         {"partition", QString::number(p.partition.partition)}},
                        double(*p.committed));
               });
           });
    family(out, "kafka_consumergroup_group_lag_seconds", "gauge",
           "Age of the partition's oldest unconsumed record, from sampled log end offsets (a lower bound when "
           "lagscope_consumergroup_group_lag_seconds_lower_bound is 1).",
           [&](const Emit &emit) {
               forEachPartition(in, options, [&](const QString &c, const GroupState &g, const PartitionLag &p) {
                   if (p.lagTime)
                       emit({{"cluster_name", c},
                             {"group", g.groupId},
                             {"topic", p.partition.topic},
                             {"partition", QString::number(p.partition.partition)}},
                            p.lagTime->seconds);
               });
           });
    family(out, "lagscope_metrics_partitions_omitted", "gauge",
           "Committed partitions without per-partition series: switched off, or beyond the partition limit.",
           [&](const Emit &emit) { emit({}, double(forEachPartition(in, options, nullptr))); });

    family(out, "kafka_consumergroup_group_max_lag", "gauge", "The largest lag of the group's partitions.",
           [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   emit({{"cluster_name", c}, {"group", g.groupId}}, double(g.maxLag));
               });
           });
    family(out, "kafka_consumergroup_group_sum_lag", "gauge", "The sum of the lags of the group's partitions.",
           [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   emit({{"cluster_name", c}, {"group", g.groupId}}, double(g.totalLag));
               });
           });
    family(out, "kafka_consumergroup_group_topic_sum_lag", "gauge",
           "The sum of the lags of the group's partitions of one topic.", [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   std::map<QString, qint64> perTopic;
                   for (const PartitionLag &p : g.partitions)
                       if (p.lag)
                           perTopic[p.partition.topic] += *p.lag;
                   for (const auto &[topic, lag] : perTopic)
                       emit({{"cluster_name", c}, {"group", g.groupId}, {"topic", topic}}, double(lag));
               });
           });
    family(out, "kafka_consumergroup_group_max_lag_seconds", "gauge",
           "Age of the group's oldest unconsumed record over all its partitions; absent while unknown.",
           [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   if (g.maxLagTime)
                       emit({{"cluster_name", c}, {"group", g.groupId}}, g.maxLagTime->seconds);
               });
           });
    family(out, "lagscope_consumergroup_group_lag_seconds_lower_bound", "gauge",
           "1 when the group's lag seconds is a lower bound: its oldest unconsumed record is older than the "
           "sampled history.",
           [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   if (g.maxLagTime)
                       emit({{"cluster_name", c}, {"group", g.groupId}}, g.maxLagTime->atLeast ? 1 : 0);
               });
           });
    family(out, "lagscope_consumergroup_status", "gauge",
           "1 for the group's lag status (OK, WARN, REWIND, STALL, STOP, RISK, ERR; docs/LAG-STATUS.md).",
           [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   emit({{"cluster_name", c}, {"group", g.groupId}, {"status", lagStatusName(g.verdict.status)}}, 1);
               });
           });
    family(out, "lagscope_consumergroup_members", "gauge", "Members of the group.", [&](const Emit &emit) {
        forEachGroup(in, [&](const QString &c, const GroupState &g) {
            emit({{"cluster_name", c}, {"group", g.groupId}}, double(g.members.size()));
        });
    });
    family(out, "lagscope_consumergroup_rebalances_last_hour", "gauge",
           "Rebalances of the group that completed in the hour before the poll.", [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   emit({{"cluster_name", c}, {"group", g.groupId}}, g.rebalancesLastHour);
               });
           });
    family(out, "lagscope_consumergroup_rebalances_total", "counter",
           "Rebalances of the group completed since the collector started.", [&](const Emit &emit) {
               forEachGroup(in, [&](const QString &c, const GroupState &g) {
                   const auto counts = in.counts.find(c);
                   qint64 n = 0;
                   if (counts != in.counts.end())
                       if (const auto it = counts->second.rebalances.find(g.groupId);
                           it != counts->second.rebalances.end())
                           n = it->second;
                   emit({{"cluster_name", c}, {"group", g.groupId}}, double(n));
               });
           });
}

void clusterFamilies(QByteArray &out, const MetricsInput &in)
{
    family(out, "lagscope_broker_state", "gauge",
           "1 for the broker's state: Online, Unreachable, Offline, Fenced or Stopping (docs/BROKER-STATES.md).",
           [&](const Emit &emit) {
               for (const auto &[name, s] : in.clusters)
                   if (s && s->reachable)
                       for (const BrokerState &b : s->brokers)
                           emit({{"cluster_name", name},
                                 {"broker", QString::number(b.info.id)},
                                 {"state", brokerStatusName(b.status)}},
                                1);
           });
    family(out, "lagscope_cluster_up", "gauge", "1 when the cluster's latest poll reached it.", [&](const Emit &emit) {
        for (const auto &[name, s] : in.clusters)
            if (s)
                emit({{"cluster_name", name}}, s->reachable ? 1 : 0);
    });
    family(out, "lagscope_cluster_poll_duration_seconds", "gauge", "How long the cluster's latest poll took.",
           [&](const Emit &emit) {
               for (const auto &[name, s] : in.clusters)
                   if (s)
                       emit({{"cluster_name", name}}, double(s->pollDurationMs) / 1000.0);
           });
    family(out, "lagscope_cluster_polls_total", "counter", "Polls of the cluster since the collector started.",
           [&](const Emit &emit) {
               for (const auto &[name, c] : in.counts)
                   emit({{"cluster_name", name}}, double(c.polls));
           });
    family(out, "lagscope_cluster_poll_errors_total", "counter",
           "Polls of the cluster since the collector started that failed or were incomplete.", [&](const Emit &emit) {
               for (const auto &[name, c] : in.counts)
                   emit({{"cluster_name", name}}, double(c.failedPolls));
           });
}

void flowFamilies(QByteArray &out, const MetricsInput &in)
{
    family(out, "lagscope_flow_replication_latency_seconds", "gauge",
           "Age of the newest MirrorMaker 2 heartbeat of the flow seen on the target; absent when none was seen.",
           [&](const Emit &emit) {
               for (const auto &[label, f] : in.flows)
                   if (f && f->heartbeatAgeMs >= 0)
                       emit({{"flow", label}}, double(f->heartbeatAgeMs) / 1000.0);
           });
    family(out, "lagscope_flow_records_behind", "gauge",
           "Records on the source not yet on the target, over every replicated partition.", [&](const Emit &emit) {
               for (const auto &[label, f] : in.flows)
                   if (f && f->sourceReachable && f->targetReachable) {
                       qint64 behind = 0;
                       for (const auto &t : f->topics)
                           behind += t.recordsBehind();
                       emit({{"flow", label}}, double(behind));
                   }
           });
    family(out, "lagscope_flow_health", "gauge", "1 for the flow's health: OK, Lagging, Stalled or Broken.",
           [&](const Emit &emit) {
               for (const auto &[label, f] : in.flows)
                   if (f)
                       emit({{"flow", label}, {"health", mirror::flowHealthName(f->health)}}, 1);
           });
    family(out, "lagscope_flow_failover_reread_records", "gauge",
           "Records the group would consume again if it failed over to the target now (its checkpoints behind its "
           "commits).",
           [&](const Emit &emit) {
               for (const auto &[label, f] : in.flows)
                   if (f)
                       for (const auto &g : f->groups)
                           emit({{"flow", label}, {"group", g.group}}, double(g.rereadOnFailover));
           });
    family(out, "lagscope_flow_failover_untranslatable_partitions", "gauge",
           "Partitions the group committed on the source that have no checkpoint: a failover has no offset for them.",
           [&](const Emit &emit) {
               for (const auto &[label, f] : in.flows)
                   if (f)
                       for (const auto &g : f->groups)
                           emit({{"flow", label}, {"group", g.group}}, double(g.withoutCheckpoint.size()));
           });
    family(out, "lagscope_flow_poll_duration_seconds", "gauge", "How long the flow's latest poll took.",
           [&](const Emit &emit) {
               for (const auto &[label, f] : in.flows)
                   if (f)
                       emit({{"flow", label}}, double(f->pollMs) / 1000.0);
           });
}

void historyFamilies(QByteArray &out, const HistoryMetricCounts &h)
{
    family(out, "lagscope_history_writer", "gauge",
           "1 when this process writes the cluster's history in the shared database (it holds the lease), 0 when "
           "another process does.",
           [&](const Emit &emit) {
               for (const auto &[cluster, writing] : h.writer)
                   emit({{"cluster_name", cluster}}, writing ? 1.0 : 0.0);
           });
    family(out, "lagscope_history_buffered_writes", "gauge",
           "Writes (polls, flow polls, alert events) kept in memory because the shared history's database is "
           "unreachable.",
           [&](const Emit &emit) { emit({}, double(h.buffered)); });
    family(out, "lagscope_history_dropped_writes_total", "counter",
           "Writes (polls, flow polls, alert events) dropped from the full in-memory buffer while the database was "
           "unreachable.",
           [&](const Emit &emit) { emit({}, double(h.dropped)); });
}

} // namespace

QByteArray renderPrometheusText(const MetricsInput &input, const MetricsOptions &options)
{
    QByteArray out;
    groupFamilies(out, input, options);
    clusterFamilies(out, input);
    flowFamilies(out, input);
    if (input.history.shared)
        historyFamilies(out, input.history);
    return out;
}

} // namespace lagscope
