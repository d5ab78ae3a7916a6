// ListOffsets by timestamp for KafkaClient (used by time-based offset resets).
#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"

namespace lagscope {

Result<LogOffsetsResult> KafkaClient::offsetsForTimes(const std::vector<TopicPartition> &partitions,
                                                      qint64 timestampMs, Deadline deadline)
{
    using R = Result<LogOffsetsResult>;
    LogOffsetsResult out;
    if (partitions.empty())
        return out;
    // Negative offsets are librdkafka's special specs (earliest, latest, max timestamp):
    // a timestamp before the epoch cannot be asked for, and no record has one either.
    const int64_t wanted = std::max<qint64>(timestampMs, 0);
    rd::PartitionList list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    for (const auto &tp : partitions)
        rd_kafka_topic_partition_list_add(list.get(), tp.topic.toUtf8().constData(), tp.partition)->offset = wanted;
    auto events = d->admin(RD_KAFKA_ADMIN_OP_LISTOFFSETS, 1, RD_KAFKA_EVENT_LISTOFFSETS_RESULT, deadline,
                           QStringLiteral("list offsets by timestamp"),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                               rd_kafka_ListOffsets(d->rk.get(), list.get(), o, q);
                           });
    if (!events)
        return R(events.error());
    const auto *res = rd_kafka_event_ListOffsets_result(events->front().get());
    size_t count = 0;
    const rd_kafka_ListOffsetsResultInfo_t **infos = rd_kafka_ListOffsets_result_infos(res, &count);
    for (size_t i = 0; i < count; ++i) {
        const rd_kafka_topic_partition_t *tp = rd_kafka_ListOffsetsResultInfo_topic_partition(infos[i]);
        const TopicPartition key{fromUtf8(tp->topic), tp->partition};
        if (tp->err != RD_KAFKA_RESP_ERR_NO_ERROR)
            out.errors[key] = rdError(tp->err);
        else
            out.offsets[key] = tp->offset < 0 ? -1 : tp->offset;
    }
    return out;
}

} // namespace lagscope
