#pragma once
// Cross-data-center consumer failover (and failback): the value types.
//
// The pipeline, GUI-independent, for one group or many:
//   gatherFailover()   (FailoverGather.h)   reads both clusters (and the failover cache when
//                                           the source is gone) into FailoverGroupInputs;
//   planFailover()     (FailoverPlanner.h)  pure: per partition the new target offset, the
//                                           method that produced it, re-reads and skips;
//   preflightFailover()(FailoverPlanner.h)  pure: green/amber/red checks with reasons;
//   applyFailover()    (FailoverExecutor.h) backup → commit → verify → audit on the target,
//                                           through the offset-reset executor (undo = restore
//                                           the backup, `lagscopectl undo`).
// Every step reports progress through FailoverCallbacks and honours its cancel flag.
//
// Direction: a plan maps partitions of the "from" cluster to partitions of the "to"
// cluster. Forward (primary -> dr over the flow primary->dr): `orders` -> `primary.orders`.
// Inverse (failback dr -> primary over the same flow): `primary.orders` -> `orders`, with
// the flow's offset syncs read backwards. Offset pairs below are always (from, to).
//
// Plain values, safe to copy across threads.

#include "kafka/PartitionReader.h" // RawRecord
#include "model/TopicPartition.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace lagscope::failover {

// What the user allows the planner to use.
enum class Mode {
    Auto,
    Exact,
    OffsetSync,
    Checkpoint
};
// What produced one partition's new offset.
// ExactAmbiguous: found by matching, but identical records left several candidate positions
// and the earliest was taken (it may re-read up to `reread` records, never skip). LogStart:
// the group committed at or below the source's log start (an empty partition at 0): every
// record still there is unconsumed, so the target's log start.
enum class Method {
    None,
    Exact,
    ExactAmbiguous,
    OffsetSync,
    Checkpoint,
    LogStart,
    FallbackEarliest,
    FallbackLatest
};
// What to do with a partition that no method can translate.
enum class Fallback {
    Fail,
    Earliest,
    Latest
};

QString modeName(Mode mode); // "auto", "exact", "offset-sync", "checkpoint"
// "exact", "exact-ambiguous", "offset-sync", "checkpoint", "log-start", "earliest", "latest", "none"
QString methodName(Method method);
QString fallbackName(Fallback fallback); // "fail", "earliest", "latest"
std::optional<Mode> parseMode(const QString &text);
std::optional<Fallback> parseFallback(const QString &text);

// One offset sync seen from the plan's direction: record `from` on the from-cluster is
// record `to` on the to-cluster.
struct OffsetPair {
    qint64 from = -1;
    qint64 to = -1;
    bool operator==(const OffsetPair &) const = default;
};

// Where the replica of the group's position was found by reading records on both sides
// (ReplicaMatcher.h), or why it was not.
struct ReplicaMatch {
    enum Kind {
        NotSearched,
        Found,
        NotFound,
        NoSourceRecords
    };
    Kind kind = NotSearched;
    qint64 newOffset = -1;         // on the to-cluster: the replica of the anchor (the first
                                   // record at or after C that exists on the source), or one
                                   // past the replica of the last record before C
    qint64 anchorOffset = -1;      // the anchor's offset on the source; -1: none read
    bool anchorReplicated = false; // the anchor is already on the target
    int candidates = 0;            // possible positions seen; > 1: identical runs, earliest taken
    qint64 lastCandidate = -1;     // newOffset of the last candidate seen
    bool complete = false;         // every place the truth can be (up to upperBound) was read
    bool ambiguous = false;        // more than one candidate, or not complete
    // Highest newOffset the truth can have, from the newest offset sync at or below the
    // anchor and the target records read (holes in the target's offsets allowed); -1 unknown.
    qint64 upperBound = -1;
    int runLength = 0; // records compared at the chosen position
    qint64 targetRecordsRead = 0;
    QString note;
};

// Everything known about one partition of the group, gathered beforehand.
struct PartitionInputs {
    TopicPartition from; // on the from-cluster (where the group consumed)
    TopicPartition to;   // its counterpart on the to-cluster
    // The group's committed offset on the from-cluster (C). Live when the cluster answered,
    // otherwise the newest value the cache kept, with when it was seen.
    std::optional<qint64> committed;
    bool committedLive = false;
    qint64 committedSeenAtMs = -1;
    // Offset syncs of the partition, any order (the planner sorts).
    std::vector<OffsetPair> syncs;
    // The to-partition has no offset gaps between replicas (MirrorMaker's producer writes
    // it: true forward, false for failback to an original topic that may have gaps). Lets
    // the planner bound re-reads from the newest sync below C.
    bool toContiguous = true;
    // MirrorMaker's newest checkpoint for the group and partition (forward direction only).
    std::optional<OffsetPair> checkpoint; // (upstream, downstream)
    qint64 checkpointTimestampMs = -1;
    // The to-partition's log; -1 when unknown (e.g. the topic does not exist there).
    qint64 toLogStart = -1;
    qint64 toLogEnd = -1;
    // The from-partition's log (end live or cached with its time; start live only); -1 unknown.
    qint64 fromLogStart = -1;
    qint64 fromLogEnd = -1;
    qint64 fromLogEndSeenAtMs = -1;
    // The target group's committed offset before the failover, if any.
    std::optional<qint64> targetCommitted;
    ReplicaMatch exact;
};

// What became of one topic the group has commits on.
struct TopicTranslation {
    enum Status {
        Translated,
        NotReplicated,
        Untranslatable
    };
    QString topic;       // on the from-cluster
    QString targetTopic; // its counterpart's name on the to-cluster (empty: none)
    Status status = Translated;
    QString reason; // why it is not translated
    bool operator==(const TopicTranslation &) const = default;
};
QString topicStatusName(TopicTranslation::Status status); // "translated", "not-replicated", "untranslatable"

// A partition of a translated topic the group never committed: on the target its consumer
// starts where its auto.offset.reset says.
struct UncommittedPartition {
    TopicPartition from;
    TopicPartition to;
    qint64 toLogStart = -1;
    qint64 toLogEnd = -1;
};

struct FailoverGroupInputs {
    QString fromCluster;
    QString toCluster;
    QString group;             // on the from-cluster
    QString targetGroup;       // on the to-cluster (the same id unless mapped)
    bool fromReachable = true; // false: disaster mode, cached data only
    qint64 nowMs = 0;          // the time the inputs were gathered (ages are against it)
    std::vector<PartitionInputs> partitions;
    // Every topic the group has commits on, in name order, with what becomes of it.
    std::vector<TopicTranslation> topics;
    std::vector<UncommittedPartition> uncommitted;
    // State of the groups as described (empty when unknown).
    QString fromGroupState;
    int fromGroupMembers = 0;
    QString targetGroupState;
    int targetGroupMembers = 0;
    bool targetReadOnly = false;
    QStringList warnings; // gathering problems worth showing (a read that timed out…)
};

struct PlanOptions {
    Mode mode = Mode::Auto;
    Fallback fallback = Fallback::Fail;
};

struct PlannedFailoverPartition {
    TopicPartition from;
    TopicPartition to;
    std::optional<qint64> committed; // C
    qint64 committedAgeMs = -1;      // -1: live
    std::optional<qint64> targetBefore;
    qint64 newOffset = -1; // -1: none (the partition fails the plan)
    Method method = Method::None;
    // Records the group will read again on the target: exact count when `rereadExact`,
    // else an upper bound; -1 unknown.
    qint64 reread = -1;
    bool rereadExact = false;
    // Records the group has not consumed that the new offset jumps over. Must be 0; -1 means
    // unknown but possible (e.g. the latest fallback).
    qint64 skipped = 0;
    // Records on the from-cluster not (yet) on the to-cluster, -1 unknown. Lost with the
    // source in disaster mode; still coming in a planned switchover while MirrorMaker runs.
    qint64 notReplicated = -1;
    int exactCandidates = 0; // positions exact matching found (> 1: identical runs)
    QString note;            // how the offset was found, in words
    QString error;           // why there is no offset
};

struct FailoverPlan {
    QString fromCluster;
    QString toCluster;
    QString group;
    QString targetGroup;
    bool disaster = false;
    Mode mode = Mode::Auto;
    Fallback fallback = Fallback::Fail;
    std::vector<PlannedFailoverPartition> partitions; // sorted by from-partition
    std::vector<TopicTranslation> topics;             // every committed topic
    std::vector<UncommittedPartition> uncommitted;
    QStringList warnings;

    // Some partition has no offset (fallback "fail" or nothing to translate).
    bool hasErrors() const;
    // Some partition skips or may skip records.
    bool skips() const;
    qint64 totalReread() const;  // known parts only
    qint64 totalSkipped() const; // known parts only
    // Committed topics the plan leaves as they are (not replicated, untranslatable).
    QStringList untranslatedTopics() const;
};

// The committed topics of `inputs` that are not translated, "topic (reason)".
QStringList untranslatedTopicReasons(const std::vector<TopicTranslation> &topics);

// Same timestamp, key, value and headers: what MirrorMaker preserves (offsets differ).
bool sameContent(const RawRecord &a, const RawRecord &b);

} // namespace lagscope::failover
