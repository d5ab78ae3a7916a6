// DescribeCluster, as metadata() asks it: racks, the controller, the cluster id and, with
// librdkafka patch 0011 on Kafka 4.0 or later, the fenced brokers (KIP-1073).
#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"

#include <algorithm>

namespace lagscope {

bool KafkaClient::fencedBrokers() { return LAGSCOPE_RDKAFKA_FENCED_BROKERS != 0; }

void targetAnsweringBroker(const KafkaClient::Impl &d, rd_kafka_AdminOptions_t *options)
{
    if (d.answeringBroker >= 0)
        rd_kafka_AdminOptions_set_broker(options, d.answeringBroker, nullptr, 0);
}

KafkaClient::Impl::Pending startDescribeCluster(KafkaClient::Impl &d, bool includeFenced, Deadline deadline)
{
    KafkaClient::Impl::Pending pending =
        d.startAdmin(RD_KAFKA_ADMIN_OP_DESCRIBECLUSTER, 1, RD_KAFKA_EVENT_DESCRIBECLUSTER_RESULT,
                     KafkaClient::Impl::adminLifetimeMs(RD_KAFKA_ADMIN_OP_DESCRIBECLUSTER, deadline),
                     QStringLiteral("describe cluster"), [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                         targetAnsweringBroker(d, o);
#if LAGSCOPE_RDKAFKA_FENCED_BROKERS
                         if (includeFenced)
                             if (rd_kafka_error_t *error = rd_kafka_AdminOptions_set_include_fenced_brokers(o, 1))
                                 rd_kafka_error_destroy(error); // only fails for another request type
#else
            Q_UNUSED(includeFenced);
#endif
                         rd_kafka_DescribeCluster(d.rk.get(), o, q);
                     });
    // The event's error is looked at below: "unsupported" is an answer, not a failure.
    pending.errorsPerEvent = includeFenced;
    return pending;
}

Result<std::vector<rd::Event>> finishDescribeCluster(KafkaClient::Impl &d, KafkaClient::Impl::Pending pending,
                                                     bool includeFenced, Deadline deadline)
{
    using R = Result<std::vector<rd::Event>>;
    const QString what = pending.what;
    auto events = d.awaitAdmin(std::move(pending), deadline);
    if (!events || !includeFenced)
        return events;
    rd_kafka_event_t *ev = events->front().get();
    const rd_kafka_resp_err_t err = rd_kafka_event_error(ev);
    if (err == RD_KAFKA_RESP_ERR_NO_ERROR)
        return events;
    if (err != RD_KAFKA_RESP_ERR__UNSUPPORTED_FEATURE)
        return R::failure(d.failure(what, fromUtf8(rd_kafka_event_error_string(ev))));
    // Older than Kafka 4.0: the plain request, and never the fenced one again with this client.
    d.fencingUnsupported = true;
    return d.awaitAdmin(startDescribeCluster(d, false, deadline), deadline);
}

void addClusterDescription(const rd_kafka_DescribeCluster_result_t *res, bool fencedListed, ClusterMetadata &out)
{
    out.clusterId = fromUtf8(rd_kafka_DescribeCluster_result_cluster_id(res));
    if (const rd_kafka_Node_t *controller = rd_kafka_DescribeCluster_result_controller(res))
        out.controllerId = rd_kafka_Node_id(controller);
    size_t nodeCount = 0;
    const rd_kafka_Node_t **nodes = rd_kafka_DescribeCluster_result_nodes(res, &nodeCount);
    for (size_t i = 0; i < nodeCount; ++i) {
        const rd_kafka_Node_t *node = nodes[i];
        const int id = rd_kafka_Node_id(node);
        const QString rack = fromUtf8(rd_kafka_Node_rack(node));
        const auto known =
            std::find_if(out.brokers.begin(), out.brokers.end(), [&](const BrokerInfo &b) { return b.id == id; });
        if (known != out.brokers.end())
            known->rack = rack;
#if LAGSCOPE_RDKAFKA_FENCED_BROKERS
        // Metadata leaves fenced brokers out; one listed unfenced here but missing from
        // Metadata was registered between the two answers and shows up next poll.
        else if (rd_kafka_Node_is_fenced(node))
            out.fencedBrokers.push_back({id, fromUtf8(rd_kafka_Node_host(node)), rd_kafka_Node_port(node), rack});
#endif
    }
    out.fencingKnown = fencedListed;
    if (!fencedListed)
        out.fencingUnknownWhy =
            KafkaClient::fencedBrokers()
                ? QStringLiteral("the brokers are older than Kafka 4.0 and cannot list fenced brokers (KIP-1073)")
                : QStringLiteral("this build's librdkafka lacks Lagscope's patch 0011, which lists fenced brokers");
    const auto byId = [](const BrokerInfo &a, const BrokerInfo &b) { return a.id < b.id; };
    std::sort(out.brokers.begin(), out.brokers.end(), byId);
    std::sort(out.fencedBrokers.begin(), out.fencedBrokers.end(), byId);
}

} // namespace lagscope
