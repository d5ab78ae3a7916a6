#pragma once
// Reads the records of one partition at a time by assignment, never joining a group and
// never committing: for MirrorMaker 2's internal topics, which Lagscope only observes.
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

    struct Impl;

private:
    explicit PartitionReader(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

} // namespace lagscope
