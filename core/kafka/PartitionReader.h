#pragma once
// Reads the records of one partition at a time by assignment, never joining a group and
// never committing: for MirrorMaker 2's internal topics, which Lagscope only observes; and
// counts what a read_committed consumer receives of many partitions at once, for the exact
// lag of transactional topics (monitor/ExactLag).
//
// Thread: used by one thread at a time (like KafkaClient); may be created on one thread and
// moved to another. Ownership: held through std::unique_ptr by whoever reads.
// Every call takes a Deadline; failures are error values.

#include "config/Config.h"
#include "kafka/KafkaClient.h"
#include "model/TopicPartition.h"
#include "util/Deadline.h"
#include "util/Result.h"

#include <QByteArray>

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace lagscope {

struct RawRecord {
    qint64 offset = -1;
    qint64 timestampMs = -1; // -1 when the record has none
    QByteArray key;          // null when the record has no key
    QByteArray value;        // null for a tombstone
    // Header names and values in record order (failover matches replicas on them).
    std::vector<std::pair<QByteArray, QByteArray>> headers = {};
};

struct PartitionRead {
    std::vector<RawRecord> records; // in offset order
    // Where the next read should start: one past the last record returned, or the offset
    // asked for when nothing was returned.
    qint64 nextOffset = -1;
    // The read reached the partition's end as it was during the call.
    bool atEnd = false;
    // The topic does not exist (yet): not an error, there is just nothing to read.
    bool topicMissing = false;
};

// Offsets [from, to) of one partition, to be read as a read_committed consumer reads them.
struct VisibleRange {
    TopicPartition partition;
    qint64 from = 0;
    qint64 to = 0;
};

struct VisibleOffsets {
    std::vector<qint64> offsets; // of the records received in [from, to), ascending
    // Where reading ended: `to` (or beyond) once the whole range was read; below `to` at the
    // partition's last stable offset, where an open transaction's records begin: they are
    // neither received nor skipped until the transaction ends. -1 with an error.
    qint64 readTo = -1;
    QString error; // the partition cannot be read (no READ permission, the offset is gone…)
};

class PartitionReader final {
public:
    // Special values of `fromOffset`, as librdkafka spells them.
    static constexpr qint64 kEarliest = -2;

    static Result<std::unique_ptr<PartitionReader>> create(const ClusterConfig &cluster, const ClientOptions &options);
    ~PartitionReader();
    PartitionReader(const PartitionReader &) = delete;
    PartitionReader &operator=(const PartitionReader &) = delete;

    const QString &clusterName() const;

    // Records of `partition` from `fromOffset` (kEarliest for the log start) up to the end
    // the partition had when the call began, at most `maxRecords` of them. An offset out of
    // range (the log was truncated or the topic recreated) restarts at the earliest record:
    // callers notice because the first record's offset is below `fromOffset`.
    // When the deadline passes after some records arrived, those are returned with atEnd
    // false; when it passes with none, that is an error.
    Result<PartitionRead> read(const TopicPartition &partition, qint64 fromOffset, int maxRecords, Deadline deadline);

    // The offsets of the records of each range that a read_committed consumer receives:
    // transaction markers and aborted records are never received. All ranges are read at
    // once (one fetch per partition leader for short ranges); a partition appears at most
    // once. Partitions whose read has not ended by the deadline are absent from the answer.
    Result<std::map<TopicPartition, VisibleOffsets>> visibleOffsets(const std::vector<VisibleRange> &ranges,
                                                                    Deadline deadline);

    struct Impl;

private:
    explicit PartitionReader(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

} // namespace lagscope
