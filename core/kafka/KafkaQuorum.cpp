// The KRaft controller quorum request of KafkaClient (librdkafka patch 0012).
#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"

namespace lagscope {

bool KafkaClient::metadataQuorum() { return LAGSCOPE_RDKAFKA_METADATA_QUORUM != 0; }

#if LAGSCOPE_RDKAFKA_METADATA_QUORUM
namespace {

// Kafka's own tools print directory ids in URL-safe base64 without padding; librdkafka gives
// standard base64. The zero id means "none" (a static quorum, or DescribeQuorum before v2).
QString directoryId(const rd_kafka_Uuid_t *uuid)
{
    if (!uuid || (rd_kafka_Uuid_most_significant_bits(uuid) == 0 && rd_kafka_Uuid_least_significant_bits(uuid) == 0))
        return {};
    QString id = fromUtf8(rd_kafka_Uuid_base64str(uuid));
    id.replace(QLatin1Char('+'), QLatin1Char('-')).replace(QLatin1Char('/'), QLatin1Char('_'));
    while (id.endsWith(QLatin1Char('=')))
        id.chop(1);
    return id;
}

std::vector<QuorumReplica> replicas(const rd_kafka_QuorumReplicaState_t **states, size_t count)
{
    std::vector<QuorumReplica> out;
    for (size_t i = 0; i < count; ++i) {
        const auto *s = states[i];
        out.push_back({rd_kafka_QuorumReplicaState_replica_id(s),
                       directoryId(rd_kafka_QuorumReplicaState_replica_directory_id(s)),
                       rd_kafka_QuorumReplicaState_log_end_offset(s),
                       rd_kafka_QuorumReplicaState_last_fetch_timestamp(s),
                       rd_kafka_QuorumReplicaState_last_caught_up_timestamp(s)});
    }
    return out;
}

} // namespace

KafkaClient::Impl::Pending startQuorum(KafkaClient::Impl &d, Deadline deadline)
{
    return d.startAdmin(RD_KAFKA_ADMIN_OP_DESCRIBEMETADATAQUORUM, 1, RD_KAFKA_EVENT_DESCRIBEMETADATAQUORUM_RESULT,
                        KafkaClient::Impl::adminLifetimeMs(RD_KAFKA_ADMIN_OP_DESCRIBEMETADATAQUORUM, deadline),
                        QStringLiteral("describe quorum"),
                        [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                            targetAnsweringBroker(d, o);
                            rd_kafka_DescribeMetadataQuorum(d.rk.get(), o, q);
                        });
}

Result<QuorumInfo> finishQuorum(Result<std::vector<rd::Event>> events)
{
    if (!events)
        return Result<QuorumInfo>(events.error());
    const auto *info = rd_kafka_DescribeMetadataQuorum_result_quorum_info(
        rd_kafka_event_DescribeMetadataQuorum_result(events->front().get()));
    QuorumInfo out;
    out.leaderId = rd_kafka_QuorumInfo_leader_id(info);
    out.leaderEpoch = rd_kafka_QuorumInfo_leader_epoch(info);
    out.highWatermark = rd_kafka_QuorumInfo_high_watermark(info);
    size_t count = 0;
    const auto **voters = rd_kafka_QuorumInfo_voters(info, &count);
    out.voters = replicas(voters, count);
    const auto **observers = rd_kafka_QuorumInfo_observers(info, &count);
    out.observers = replicas(observers, count);
    return out;
}
#endif

Result<QuorumInfo> KafkaClient::describeQuorum(Deadline deadline)
{
#if LAGSCOPE_RDKAFKA_METADATA_QUORUM
    // A client's first request: ask a broker list first, so that DescribeQuorum goes to a
    // broker that answers (see Impl::answeringBroker), not to any that Metadata names.
    if (d->answeringBroker < 0) {
        const rd_kafka_metadata_t *raw = nullptr;
        if (rd_kafka_metadata(d->rk.get(), 0, nullptr, &raw, std::max(1, deadline.remainingMs() / 2))
            == RD_KAFKA_RESP_ERR_NO_ERROR) {
            const rd::Metadata md(raw);
            d->answeringBroker = answeringBrokerId(*md);
        }
    }
    return finishQuorum(d->awaitAdmin(startQuorum(*d, deadline), deadline));
#else
    Q_UNUSED(deadline);
    return Result<QuorumInfo>::failure(kNoQuorumPatch.toString());
#endif
}

} // namespace lagscope
