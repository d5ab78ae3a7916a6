#pragma once
// The lag report: what a person asked for (ReportRequest) and what the history store says
// about it (Report), as plain values. Built by report/ReportBuilder.h, written as CSV and
// JSON by report/ReportCsv.h and report/ReportJson.h, and as PDF by the views layer.
// docs/REPORTS.md documents every field and how each number is computed.
//
// Thread: any (values). Times: UTC milliseconds since the epoch unless a QDateTime.

#include "model/TopicPartition.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace lagscope {

struct ReportRequest {
    QDateTime from;       // UTC, inclusive
    QDateTime to;         // UTC, inclusive
    QStringList clusters; // empty: every cluster in the history
    QString groupPattern; // regular expression matched against the whole group name; empty: all
    // A breach is a stretch of time during which the group's total lag was above this many
    // records. Unset: no breach section.
    std::optional<qint64> slaLagRecords;
    // The same on lag in seconds (needs recorded lag seconds, docs/LAG-STATUS.md).
    std::optional<double> slaLagSeconds;
    bool partitionDetail = false;
};

// Max, time-weighted average and time-weighted 95th percentile of a lag over the range.
// Polls stand for the time until the next poll, buckets for their span (see ReportStats.h).
struct LagStats {
    qint64 max = -1; // -1: no known value in the range
    double avg = 0;
    qint64 p95 = -1;
    int samples = 0;      // samples with a known value
    qint64 coveredMs = 0; // time those samples stand for
    bool known() const { return max >= 0; }
};

struct BreachStats {
    int count = 0;
    qint64 totalMs = 0;
    qint64 longestMs = 0;
    qint64 longestStartMs = -1; // -1: no breach
};

// Lag-seconds samples that were lower bounds ("at least N s", docs/LAG-STATUS.md): they enter
// the statistics as N, so with any of them max, avg and p95 are lower bounds as well.
struct LagSecondsBounds {
    int lowerBoundSamples = 0;
    qint64 lowerBoundMs = 0; // the time they stand for
};

// Time spent in one state (Kafka's group state, or a lag status, docs/LAG-STATUS.md).
struct StateTime {
    QString state;
    qint64 ms = 0;
};

// One stretch of the state timeline: [startMs, endMs) in `state`.
struct StateSpan {
    qint64 startMs = 0;
    qint64 endMs = 0;
    QString state;
};

// One rebalance, as the history records it (the rebalance detector): Lagscope sees a group only at poll
// times, so start and end are each known to lie between two polls, and the duration
// between a lower and an upper bound.
struct ReportRebalance {
    qint64 startAfterMs = 0;
    qint64 startByMs = 0;
    qint64 endAfterMs = 0;
    qint64 endByMs = 0;
    qint64 minDurationMs = 0;
    qint64 maxDurationMs = 0;
    QString trigger; // "member joined", "assignment changed"…
    int membersBefore = 0;
    int membersAfter = 0;
    int partitionsMoved = 0;
};

struct RebalanceSummary {
    int count = 0;
    qint64 minTotalMs = 0; // the sums of the duration bounds
    qint64 maxTotalMs = 0;
    std::vector<ReportRebalance> list;
};

struct SeriesPoint {
    qint64 timeMs = 0;
    qint64 value = 0;
};

// The newest sample of the group within the range.
struct CurrentState {
    qint64 timeMs = -1; // -1: none
    QString state;
    int members = 0;
    qint64 totalLag = -1;
    qint64 maxPartitionLag = -1;
    QString lagStatus;                // empty unless statuses are recorded
    std::optional<double> lagSeconds; // unset unless lag seconds are recorded
    bool lagSecondsAtLeast = false;   // lagSeconds is a lower bound
};

struct TopicReport {
    QString topic;
    LagStats lag; // sum of the topic's partition lags
};

struct PartitionReport {
    TopicPartition partition;
    LagStats lag;
    qint64 committed = -1; // newest known in the range
    qint64 logEnd = -1;
};

struct GroupReport {
    QString cluster;
    QString group;
    LagStats lag;                // the group's total lag, in records
    qint64 maxPartitionLag = -1; // the largest single-partition lag seen
    // Lag in seconds (the age of the group's oldest unconsumed record), in milliseconds
    // (LagStats holds integers); unset: not recorded (see Report::lagSecondsNote). Per group
    // only: the history keeps lag seconds per group, not per topic.
    std::optional<LagStats> lagSeconds;
    // Some sample's lag seconds was a lower bound ("at least"), so max, avg and p95 may be
    // too (lagSecondsBounds says how many and for how long).
    bool lagSecondsAtLeast = false;
    LagSecondsBounds lagSecondsBounds;
    std::optional<BreachStats> breach;                 // unset: no records threshold asked
    std::optional<BreachStats> breachSeconds;          // unset: no seconds threshold or no lag seconds
    std::vector<StateTime> groupStates;                // Kafka's group state, longest first
    std::optional<std::vector<StateTime>> lagStatuses; // unset: not recorded; longest first
    qint64 lagStatusNoDataMs = 0;                      // range time without a recorded status (gaps in polling…)
    std::optional<RebalanceSummary> rebalances;        // unset: not recorded
    CurrentState current;
    std::vector<TopicReport> topics;
    std::vector<PartitionReport> partitions; // only with ReportRequest::partitionDetail
    // For charts: the total lag and each topic's lag over time, and the state timeline.
    std::vector<SeriesPoint> totalSeries;
    std::map<QString, std::vector<SeriesPoint>> topicSeries;
    std::vector<StateSpan> stateTimeline;
    std::vector<StateSpan> statusTimeline; // lag statuses; empty when not recorded
};

struct Report {
    // 2: rebalances filled from the history (the rebalance detector); lag_seconds_at_least and
    //    lag_status_timeline added (filled once lag statuses are recorded).
    // 3: lag seconds and lag statuses filled from the history; lag_seconds_lower_bounds,
    //    lag_status_no_data_seconds and current.lag_seconds_at_least added.
    static constexpr int kSchemaVersion = 3;
    ReportRequest request;
    QDateTime generatedAt; // UTC
    QString historyPath;
    qint64 retentionMs = 0; // how far back the history keeps data
    std::vector<GroupReport> groups;
    // Why a section is missing, for every reader to show instead of inventing data; empty
    // when the section is available.
    QString lagSecondsNote;
    QString lagStatusNote;
    QString rebalanceNote;
    QStringList notes; // other remarks (groups without data in the range, …)
};

} // namespace lagscope
