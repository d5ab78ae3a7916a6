#pragma once
// The history store: each group's points (aggregates and partition offsets, in delta-coded
// blocks: store/GroupPoints.h), events, rebalances and flow samples in one SQLite file (Qt
// SQL, WAL mode) or a team's PostgreSQL database (QPSQL; the SQL differences are in
// store/SqlDialect.h), so charts have history the moment Lagscope starts.
//
// Threads and ownership: a HistoryStore is used from exactly one thread, the one that
// opened it (the GUI thread or a dedicated writer thread), because a QSqlDatabase
// connection belongs to the thread that created it. Each instance has its own connection
// name, so several stores (or tests) can coexist. The caller owns the store through the
// unique_ptr that open() returns.
//
// Retention and downsampling tiers are described in store/RetentionPolicy.h. Reads merge
// the tiers transparently: raw rows where they still exist, buckets further back.
//
// Times: all timestamps are UTC milliseconds since the epoch. Functions whose result
// depends on the current time take it as a parameter, so tests can simulate days.

#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"
#include "model/Rebalance.h"
#include "model/TopicPartition.h"
#include "store/RetentionPolicy.h"
#include "util/Result.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <vector>

namespace lagscope {

class HistoryStore final {
public:
    // One point of a group's lag chart. For a bucket: the bucket start, the maximum total
    // and maximum partition lag in it, and the last member count and state.
    struct GroupSample {
        qint64 timeMs = 0;
        qint64 totalLag = 0;
        qint64 maxLag = 0;
        int members = 0;
        QString state;
        friend bool operator==(const GroupSample &, const GroupSample &) = default;
    };

    // A group's lag verdict at one poll (for a bucket: the worst status and the largest lag
    // seconds in it). status is empty for polls written before verdicts existed; maxLagSeconds
    // is -1 when unknown, and a lower bound when lagSecondsAtLeast (docs/LAG-STATUS.md).
    struct GroupStatusSample {
        qint64 timeMs = 0;
        QString status; // "OK", "WARN", "ERR", "STOP", "STALL", "REWIND"
        double maxLagSeconds = -1;
        bool lagSecondsAtLeast = false;
        friend bool operator==(const GroupStatusSample &, const GroupStatusSample &) = default;
    };

    // One point of a partition. -1 stands for unknown (no commit yet, no leader…). For a
    // bucket: its start, the last committed and log-end offsets, the maximum lag.
    struct PartitionSample {
        qint64 timeMs = 0;
        qint64 committed = -1;
        qint64 logEnd = -1;
        qint64 lag = -1;
        friend bool operator==(const PartitionSample &, const PartitionSample &) = default;
    };

    // One point of a topic's line in a group chart: the sum of the partitions' lags. In
    // buckets that is the sum of each partition's maximum, an upper bound of the true peak.
    struct TopicSample {
        qint64 timeMs = 0;
        qint64 totalLag = 0;
        friend bool operator==(const TopicSample &, const TopicSample &) = default;
    };

    // One poll of a MirrorMaker 2 flow (mirror::flowSampleOf makes it from a snapshot).
    // -1 stands for unknown. For a bucket: its start and the maximum of each value in it
    // (health too: the worst verdict of the bucket).
    struct FlowSample {
        qint64 timeMs = 0;
        qint64 latencyMs = -1;       // replication latency (newest heartbeat's age)
        qint64 checkpointAgeMs = -1; // oldest checkpoint that lags its group's commits
        qint64 recordsBehind = -1;   // over all replicated partitions
        int health = -1;             // mirror::FlowHealth as a number, higher is worse
        friend bool operator==(const FlowSample &, const FlowSample &) = default;
    };

    // Opens or creates the file (and its directory). A file that is not a database, is
    // corrupt or cannot be read is renamed to "<path>.corrupt-<yyyyMMdd-HHmmss>" (local
    // time; with its -wal and -shm files) and a fresh one is created; warnings() then says
    // so. Fails when no usable file can be made, when the policy is invalid, when another
    // process holds the file locked, or when the file was written by a newer Lagscope
    // (left untouched: it is not corrupt). Checks every page (PRAGMA quick_check), which
    // takes time proportional to the file size: open it on the writer thread.
    //
    // OpenMode::Reader is for a second connection to a file a Writer has already opened
    // (the GUI's chart queries while the recorder thread writes): no integrity check, no
    // schema creation and no moving aside — two connections creating one file at once
    // would otherwise take each other's half-made schema for damage. A file that is not
    // ready is an error for a reader.
    //
    // `path` may also name a PostgreSQL database (store/HistoryLocation.h,
    // "postgresql://USER@HOST:PORT/DB"): a team's shared history, with the same tables,
    // retention and reads. Then nothing is moved aside or checked page by page; a failure to
    // connect (within 10 s) or an unusable database is an error that leaves it untouched.
    enum class OpenMode {
        Writer,
        Reader
    };
    static Result<std::unique_ptr<HistoryStore>> open(const QString &path, RetentionPolicy policy = {},
                                                      OpenMode mode = OpenMode::Writer);

    // <AppDataLocation>/history.sqlite
    static QString defaultPath();

    ~HistoryStore();
    HistoryStore(const HistoryStore &) = delete;
    HistoryStore &operator=(const HistoryStore &) = delete;

    // Messages for a person about what open() had to do (a file moved aside, WAL
    // unavailable…); empty when all went well.
    QStringList warnings() const;
    QString path() const;
    const RetentionPolicy &policy() const;

    // Writes one poll in one transaction: a raw sample per group partition whose
    // committed or log-end offset is known, and one aggregate per group. Snapshots of an
    // unreachable cluster are ignored: they carry no offsets, only the absence of them.
    Status appendSnapshot(const ClusterSnapshot &snapshot);
    // The same for several polls (of one or more clusters) in one transaction: a writer
    // thread that coalesces a burst pays for one commit.
    Status appendSnapshots(const std::vector<SnapshotPtr> &snapshots);

    Status appendEvents(const std::vector<ClusterEvent> &events);
    // Events of a cluster with from <= time <= to, oldest first; only those of `group`
    // when it is not empty.
    Result<std::vector<ClusterEvent>> events(const QString &cluster, const QDateTime &from, const QDateTime &to,
                                             const QString &group = {}) const;
    // Events of a cluster of the given kinds with from <= time <= to, oldest first: the brokers
    // page reads a week of broker events without every group's.
    Result<std::vector<ClusterEvent>> eventsOfKinds(const QString &cluster, const std::vector<EventKind> &kinds,
                                                    const QDateTime &from, const QDateTime &to) const;
    // Of a cluster's events of the given kinds before `before` (time < before), the newest of
    // each subject, oldest first: where each broker stood when a range starts.
    Result<std::vector<ClusterEvent>> latestEventsBefore(const QString &cluster, const std::vector<EventKind> &kinds,
                                                         const QDateTime &before) const;

    // The earliest time the history holds anything of a cluster: its oldest poll (or bucket
    // start, up to a bucket before the polls it stands for) or event. Invalid when it holds
    // nothing of it. Index seeks only: cheap enough for every reload of a chart.
    Result<QDateTime> historyStart(const QString &cluster) const;

    // Completed rebalances (model/Rebalance.h), in one transaction.
    Status appendRebalances(const std::vector<Rebalance> &rebalances);
    // Rebalances of a cluster that ended (endBy) with from <= end <= to, oldest first; only
    // those of `group` when it is not empty. Invalid from/to: unbounded.
    Result<std::vector<Rebalance>> rebalances(const QString &cluster, const QDateTime &from, const QDateTime &to,
                                              const QString &group = {}) const;

    // Samples whose time (bucket: whose span) overlaps [from, to], oldest first. An
    // unknown cluster or group gives an empty history, not an error.
    Result<std::vector<GroupSample>> groupHistory(const QString &cluster, const QString &group, const QDateTime &from,
                                                  const QDateTime &to) const;
    // The group's lag status per poll (per bucket further back), oldest first; what reports
    // need for the time spent in each status.
    Result<std::vector<GroupStatusSample>> groupStatusHistory(const QString &cluster, const QString &group,
                                                              const QDateTime &from, const QDateTime &to) const;
    Result<std::map<TopicPartition, std::vector<PartitionSample>>>
    partitionHistory(const QString &cluster, const QString &group, const QDateTime &from, const QDateTime &to) const;
    Result<std::map<QString, std::vector<TopicSample>>> topicHistory(const QString &cluster, const QString &group,
                                                                     const QDateTime &from, const QDateTime &to) const;

    // A flow's samples, by its label ("primary->dr"); its events go through appendEvents
    // with the label as the cluster. Same tiers and retention as the groups' samples.
    Status appendFlowSample(const QString &flow, const FlowSample &sample);
    Result<std::vector<FlowSample>> flowHistory(const QString &flow, const QDateTime &from, const QDateTime &to) const;

    // Failover readiness of a flow's groups (mirror::readinessOf makes them from a snapshot):
    // the records a consumer failing over now would read again (-1: unknown) and the
    // committed partitions without a checkpoint. One row per flow and poll holds every group
    // (store/ReadinessPoints.h); same tiers and retention as the groups' samples, a bucket
    // keeping the worst of each value. A flow without groups writes nothing.
    struct GroupReadiness {
        QString group;
        qint64 reread = -1;
        qint64 untranslatable = 0;
    };
    struct ReadinessSample {
        qint64 timeMs = 0;
        qint64 reread = -1;
        qint64 untranslatable = 0;
        friend bool operator==(const ReadinessSample &, const ReadinessSample &) = default;
    };
    Status appendFlowReadiness(const QString &flow, qint64 timeMs, const std::vector<GroupReadiness> &groups);
    // One group's samples whose time (bucket: whose span) overlaps [from, to], oldest first;
    // an unknown flow or group gives an empty history.
    Result<std::vector<ReadinessSample>> readinessHistory(const QString &flow, const QString &group,
                                                          const QDateTime &from, const QDateTime &to) const;

    // For reports (store/HistoryStoreReport.cpp) --------------------------------------
    // Every group with samples in the history, ordered by cluster and name.
    struct StoredGroup {
        QString cluster;
        QString group;
    };
    Result<std::vector<StoredGroup>> storedGroups() const;
    // The topics a group has ever had partitions of in the history (dictionary, not samples).
    Result<QStringList> groupTopics(const QString &cluster, const QString &group) const;
    // Where each tier of a cluster's history lies in time: samples of the raw tier are
    // polls, the others buckets. Tiers never overlap (compaction moves rows), so a sample's
    // time says which tier, hence how long a span, it stands for. Invalid spans: tier empty.
    struct TierSpans {
        qint64 rawFromMs = -1;  // oldest raw poll (-1: none)
        qint64 fineFromMs = -1; // oldest fine bucket start
        qint64 coarseFromMs = -1;
        qint64 newestMs = -1; // newest poll or bucket of any tier
        // 0 for a poll, the bucket size for a bucket.
        qint64 spanOf(qint64 timeMs, const RetentionPolicy &policy) const;
        qint64 oldestMs() const;
    };
    Result<TierSpans> tierSpans(const QString &cluster) const;

    // Packs the recent polls of whole 10-minute spans into blocks, moves points that aged
    // out of a tier into the next tier's buckets and deletes what is older than the
    // retention, in one transaction (docs/ARCHITECTURE.md, "History encoding"). Idempotent;
    // meant to run every few minutes, on a writer thread rather than the GUI thread: at 500
    // groups × 20 partitions, packing 10 minutes of polls and ageing 10 minutes of raw
    // blocks takes a few hundred ms of CPU (and the first run after a long pause
    // proportionally longer).
    Status compact(const QDateTime &now);

    // Database plus write-ahead log, in bytes (PostgreSQL: the whole database's size).
    qint64 fileSizeBytes() const;

private:
    struct Private;
    explicit HistoryStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace lagscope
