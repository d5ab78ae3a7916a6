// ListOffsets by timestamp for KafkaClient (used by time-based offset resets).
#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"

namespace lagscope {

Result<LogOffsetsResult> KafkaClient::offsetsForTimes(const std::vector<TopicPartition> &partitions, qint64 timestampMs,
                                                      Deadline deadline)
{
    using R = Result<LogOffsetsResult>;
    LogOffsetsResult out;
    if (partitions.empty())
        return out;
    // Negative offsets are librdkafka's special specs (earliest, latest, max timestamp):
    // a timestamp before the epoch cannot be asked for, and no record has one either.
    const int64_t wanted = std::max<qint64>(timestampMs, 0);
    rd::PartitionList list = listOffsetsRequest(partitions, wanted);
    auto events = d->admin(RD_KAFKA_ADMIN_OP_LISTOFFSETS, 1, RD_KAFKA_EVENT_LISTOFFSETS_RESULT, deadline,
                           QStringLiteral("list offsets by timestamp"),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                               rd_kafka_ListOffsets(d->rk.get(), list.get(), o, q);
                           });
    if (!events)
        return R(events.error());
    // No record at or after the timestamp: librdkafka answers a negative offset, kept as -1.
    TopicNames topicName;
    collectListOffsets(events->front().get(), topicName, out, [](int64_t offset) { return offset < 0 ? -1 : offset; });
    return out;
}

} // namespace lagscope
