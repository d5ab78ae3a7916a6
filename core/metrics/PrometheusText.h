#pragma once
// The Prometheus text exposition (format 0.0.4) of what the monitor knows now: per consumer
// group and partition lag, lag seconds, status and rebalances; per broker state; per
// MirrorMaker 2 flow replication latency, health and failover readiness; per cluster poll
// duration, polls and errors. Names and labels, and how many series they make, are in
// docs/METRICS.md; where kafka-lag-exporter has a metric of the same meaning, the name and
// its labels are the same, so existing dashboards and rules keep working.
//
// Pure: no I/O, no clock; usable from any thread.

#include "mirror/FlowSnapshot.h"
#include "model/ClusterSnapshot.h"

#include <QByteArray>
#include <QString>

#include <map>

namespace lagscope {

struct MetricsOptions {
    // Per-partition series (lag, committed offset, lag seconds): three per partition a group
    // committed on. Off, a group costs a fixed number of series whatever its topics.
    bool partitions = true;
    // At most this many partitions get their series, in cluster, group, topic order; the rest
    // are counted in lagscope_metrics_partitions_omitted (docs/METRICS.md, "Cardinality").
    int maxPartitions = 20000;
};

// What a scrape shows of one cluster besides its latest poll: counts since the collector
// started.
struct ClusterMetricCounts {
    qint64 polls = 0;
    qint64 failedPolls = 0;               // unreachable, or an incomplete poll (ClusterSnapshot::error)
    std::map<QString, qint64> rebalances; // completed rebalances per group seen in a poll
};

// A history shared in PostgreSQL (store/HistoryRecorder.h): what this process writes, and the
// polls it keeps in memory while the database is away.
struct HistoryMetricCounts {
    bool shared = false;
    std::map<QString, bool> writer; // by cluster: this process writes its history
    qint64 buffered = 0;
    qint64 dropped = 0;
};

struct MetricsInput {
    std::map<QString, SnapshotPtr> clusters; // the latest poll of each cluster
    std::map<QString, ClusterMetricCounts> counts;
    std::map<QString, mirror::FlowSnapshotPtr> flows; // by flow label
    HistoryMetricCounts history{};
};

QByteArray renderPrometheusText(const MetricsInput &input, const MetricsOptions &options);

// A label value as the text format writes it: backslash, double quote and line feed escaped.
QString escapeLabelValue(const QString &value);

} // namespace lagscope
