#pragma once
// Value types of an offset reset: what the user asked for (ResetSpec, ResetScope), what was
// gathered from the cluster (ResetInputs) and the planned result (ResetPlan). Plain values,
// safe to copy across threads; the planner (ResetPlanner.h) turns the first three into the
// last with the semantics of `kafka-consumer-groups.sh --reset-offsets`.

#include "model/ConsumerGroup.h"
#include "model/TopicPartition.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace lagscope {

// How the new offsets are chosen. One spec per reset, as in the tool.
struct ResetSpec {
    enum Kind {
        ToEarliest,    // log start offset
        ToLatest,      // log end offset
        ToCurrent,     // committed offset; log end offset where there is none
        ToOffset,      // `value`, clamped to [log start, log end]
        ShiftBy,       // committed + `value` (may be negative), clamped
        ToDatetime,    // first offset whose timestamp >= `value` (epoch ms), not clamped
        ByDuration,    // same as ToDatetime: the CALLER computes now - D (see
                       // resetTimestampForDuration()) and passes it in `value`, so that the
                       // planner stays a pure function without a clock
        FromFile,      // `fileOffsets` (this group's part of a CSV plan), clamped
        CopyFromGroup, // `fileOffsets` = committed offsets of `sourceGroup`, clamped
        Manual,        // `fileOffsets` = per-partition edits, clamped
    };

    Kind kind = ToCurrent;
    // ToOffset: the offset. ShiftBy: the shift. ToDatetime and ByDuration: the timestamp
    // (epoch milliseconds) that ListOffsets is asked about.
    qint64 value = 0;
    // FromFile, CopyFromGroup and Manual: the requested offset per partition.
    std::map<TopicPartition, qint64> fileOffsets;
    // CopyFromGroup: the group the offsets come from (for messages only).
    QString sourceGroup;

    bool isTimeBased() const { return kind == ToDatetime || kind == ByDuration; }
};

// Which partitions a reset touches: `--all-topics` or a list of `--topic t[:p,p…]`.
struct ResetScope {
    bool allTopics = false;
    // Topic name and the partitions given with it; an empty vector means every partition
    // of the topic.
    std::vector<std::pair<QString, std::vector<int>>> topics;

    bool isEmpty() const { return !allTopics && topics.empty(); }
};

// Everything the planner needs from the cluster, gathered beforehand.
struct ResetInputs {
    QString group;
    CommittedOffsets committed; // of `group`; partitions without a commit are absent
    LogOffsets logStart;
    LogOffsets logEnd;
    // The partitions of each existing topic (from metadata). A topic absent here does not
    // exist.
    std::map<QString, std::vector<int>> topicPartitions;
    // Partitions whose metadata shows no leader: the tool refuses to reset them.
    std::set<TopicPartition> withoutLeader;
    // ListOffsets-by-timestamp answers for time-based specs; -1 means the partition has no
    // record at or after the timestamp.
    std::map<TopicPartition, qint64> offsetsForTimes;
};

struct PlannedPartition {
    TopicPartition tp;
    std::optional<qint64> current; // the group's committed offset, if any
    qint64 newOffset = 0;
    // newOffset - current when current is known (negative: messages are read again,
    // positive: messages are skipped); 0 otherwise.
    qint64 delta = 0;
    std::optional<qint64> logStart;
    std::optional<qint64> logEnd;
    // The offset asked for when it was moved into [log start, log end].
    std::optional<qint64> requested;
    QStringList warnings; // the tool's wording, in the order it would print them

    bool clamped() const { return requested.has_value(); }
    bool changes() const { return !current || *current != newOffset; }
};

struct ResetPlan {
    QString group;
    std::vector<PlannedPartition> partitions; // sorted by topic, then partition
    QStringList warnings;                     // about the plan as a whole (skipped partitions, empty scope)

    // Plan warnings followed by every partition's warnings, in partition order.
    QStringList allWarnings() const
    {
        QStringList all = warnings;
        for (const auto &p : partitions)
            all += p.warnings;
        return all;
    }
};

// A parsed `--export` / `--from-file` CSV: offsets per group.
struct ResetFilePlan {
    bool withGroup = false; // the file had the group,topic,partition,offset format
    std::map<QString, std::map<TopicPartition, qint64>> offsetsByGroup;
    QStringList warnings; // e.g. a partition listed twice (the later line wins, as in Kafka)
};

} // namespace lagscope
