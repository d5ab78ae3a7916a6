#pragma once
// Private state of KafkaClient, shared by its .cpp files. Never included outside core/kafka.

#include "kafka/KafkaClient.h"
#include "kafka/RdkafkaHandles.h"
#include "kafka/SignIn.h"

#include <QByteArray>
#include <QString>

#include <mutex>
#include <vector>

namespace lagscope {

struct KafkaClient::Impl {
    QString cluster;
    QString bootstrap;
    ClientOptions options;
    rd::SignIn signIn; // outlives rk (see ~Impl): librdkafka's token callback uses it
    rd::Handle rk;

    // The handle goes first: rd_kafka_destroy() joins librdkafka's threads, which may still
    // run the error, statistics and certificate callbacks below — against this struct. With
    // the default member order the strings and the mutex they write were already freed
    // (a heap corruption seen in CI right after a refused login was dropped).
    ~Impl()
    {
        unanswered.clear();
        rk.reset();
    }

    // Coordinator-bound admin requests (group offsets, group descriptions) that admin()
    // stopped waiting for while librdkafka still works on them. While one of them waits for
    // a coordinator that is down, rd_kafka_destroy() can block forever (see
    // KafkaClient::~KafkaClient), so the destructor needs to know.
    struct Unanswered {
        rd::Queue queue;
        rd_kafka_event_type_t type;
        size_t outstanding = 0;
    };
    std::vector<Unanswered> unanswered;
    // Requests librdkafka timed out itself (kAdminLifetimeMs): that does not end their
    // coordinator lookup, which may live on for good.
    int stuckRequests = 0;
    bool hasUnanswered() const { return !unanswered.empty() || stuckRequests > 0; }
    // Takes the results that arrived meanwhile, waiting up to waitMs for each queue; drops
    // the requests that are over. Returns hasUnanswered().
    bool settleUnanswered(int waitMs);
    void keepUnanswered(rd_kafka_admin_op_t op, rd::Queue queue, rd_kafka_event_type_t type, size_t outstanding,
                        bool timedOut);

    // Written by librdkafka callbacks (log_cb runs on librdkafka's own threads).
    std::mutex mutex;
    QString lastBrokerError;
    // Set by the error callback when SASL or TLS refused us: waiting longer cannot help, so
    // requests give up at once and failure() says "Authentication failed: <reason>".
    QString authenticationError;
    // What OpenSSL said about the certificate it rejected (from the verify callback), which
    // librdkafka's own error message leaves out: "hostname mismatch", "unable to get local
    // issuer certificate"…
    QString tlsRejection;
    bool secured = false;  // SASL or TLS configured: a dropped connection may be a refused login
    bool signedIn = false; // a request was answered: the credentials were accepted once (refusesSignIn)
    // A broker refused DescribeCluster v2 (Kafka < 4.0): fenced brokers are not asked for again.
    bool fencingUnsupported = false;
    // The broker that answered the last Metadata request (-1: none yet, or a bootstrap
    // address). DescribeCluster and DescribeQuorum go to it: by default librdkafka sends them
    // to the "controller" of Metadata, which on KRaft is any broker, and one that Lagscope
    // cannot reach would stall the whole poll until its deadline.
    int answeringBroker = -1;
    QByteArray lastStats;
    qint64 statsEmitted = 0;

    bool cancelled() const { return options.cancel && options.cancel->load(); }
    bool authenticationFailed()
    {
        std::lock_guard lock(mutex);
        return !authenticationError.isEmpty();
    }

    // Serves error, statistics and log callbacks queued on the main queue.
    void serve()
    {
        rd_kafka_poll(rk.get(), 0);
        if (!unanswered.empty())
            settleUnanswered(0);
    }

    // "cluster 'x' (bootstrap): what failed: why", with the last broker-level error when
    // that says more (e.g. "Connection refused") than the request's own error.
    QString failure(const QString &what, const QString &why);

    // Admin requests started and not yet awaited. Requests of different kinds started one
    // after the other and then awaited are in flight together: one round trip, not several.
    // Every started request must be awaited (awaitAdmin), also when an earlier one failed, so
    // that the unanswered ones of a group operation are kept for the destructor.
    struct Pending {
        rd_kafka_admin_op_t op;
        rd_kafka_event_type_t type;
        size_t count = 0;
        QString what;
        rd::Queue queue;
        // One request per group (unpatched librdkafka): an event's error is its group's,
        // kept with the results instead of failing the whole call.
        bool errorsPerEvent = false;
    };

    // Starts `count` admin requests with `start(options, queue, index)`. lifetimeMs is
    // librdkafka's own timeout of each (see adminLifetimeMs()).
    template <typename Start>
    Pending startAdmin(rd_kafka_admin_op_t op, size_t count, rd_kafka_event_type_t type, int lifetimeMs,
                       const QString &what, Start start);
    // Their result events, in index order. Fails as a whole if any event is missing at the
    // deadline or carries an error.
    Result<std::vector<rd::Event>> awaitAdmin(Pending pending, Deadline deadline);

    // startAdmin() and awaitAdmin() at once.
    template <typename Start>
    Result<std::vector<rd::Event>> admin(rd_kafka_admin_op_t op, size_t count, rd_kafka_event_type_t type,
                                         Deadline deadline, const QString &what, Start start)
    {
        return awaitAdmin(startAdmin(op, count, type, adminLifetimeMs(op, deadline), what, start), deadline);
    }

    // librdkafka's own timeout for a request we wait for until `deadline`.
    //
    // librdkafka 2.15.1 aborts (rd_kafka_enq_once_del_source_return: refcnt > 0) when a
    // single-group admin request times out while its coordinator is down and the coordinator
    // then comes back: rd_kafka_admin_coord_request() drops the eonce's last reference and
    // the failure path drops it again. Seen here when a broker that coordinated groups was
    // killed. So the timeout of those is set far beyond ours (kAdminLifetimeMs): we stop
    // waiting at our deadline (late results are dropped; the queue of a group operation is
    // kept in `unanswered` until they came, for the destructor) and the request normally
    // completes once a new coordinator is elected.
    //
    // Every other request (batched: a group request of the patched librdkafka with many
    // groups, which does not take that path) ends a little before our deadline. A request
    // sent to several brokers then answers with what the others said and an error for the
    // one that is down (a broker killed but not yet fenced, or one librdkafka still waits
    // for after it left the metadata), instead of missing our deadline as a whole.
    static int adminLifetimeMs(rd_kafka_admin_op_t op, Deadline deadline, bool batched = false);
};

// DescribeCluster of metadata() (kafka/KafkaCluster.cpp): started with or without the fenced
// brokers (patch 0011), awaited with a fall-back to a plain one when the broker is older than
// Kafka 4.0 (which sets Impl::fencingUnsupported), and its answer added to `out`.
KafkaClient::Impl::Pending startDescribeCluster(KafkaClient::Impl &d, bool includeFenced, Deadline deadline);
Result<std::vector<rd::Event>> finishDescribeCluster(KafkaClient::Impl &d, KafkaClient::Impl::Pending pending,
                                                     bool includeFenced, Deadline deadline);
void addClusterDescription(const rd_kafka_DescribeCluster_result_t *res, bool fencedListed, ClusterMetadata &out);
// Sends an admin request to Impl::answeringBroker, when one is known.
void targetAnsweringBroker(const KafkaClient::Impl &d, rd_kafka_AdminOptions_t *options);
// The id of the broker that answered a Metadata request (kafka/KafkaClient.cpp); -1 if unknown.
int answeringBrokerId(const rd_kafka_metadata_t &md);

// DescribeQuorum (kafka/KafkaQuorum.cpp, patch 0012), started and awaited apart so that the
// poll's first round trip carries it.
inline constexpr QStringView kNoQuorumPatch = u"the controller quorum needs librdkafka with Lagscope's patch 0012 "
                                              u"(DescribeMetadataQuorum); this build has a librdkafka without it";
#if LAGSCOPE_RDKAFKA_METADATA_QUORUM
KafkaClient::Impl::Pending startQuorum(KafkaClient::Impl &d, Deadline deadline);
Result<QuorumInfo> finishQuorum(Result<std::vector<rd::Event>> events);
#endif

// How long librdkafka keeps an admin request alive (see adminLifetimeMs() for why it exceeds ours).
inline constexpr int kAdminLifetimeMs = 5 * 60 * 1000;

QString rdError(rd_kafka_resp_err_t err);
// SASL and TLS failures (wrong password, unknown user, unsupported mechanism, handshake or
// certificate verification failure), as opposed to a broker that is down.
bool isAuthenticationError(int err);
// Whether an error of librdkafka's error callback means the sign-in was refused, so that
// requests give up at once. An authentication error is, except a SASL state error ("Request
// not valid in current SASL state") on a client that has signed in before: that is
// librdkafka's periodic re-authentication (KIP-368, when the broker limits a session to its
// token's lifetime) meeting the broker at a bad moment. librdkafka drops that connection and
// signs in afresh; counted as a refusal, it failed a poll with "Authentication failed" while
// the credentials were good (CI, tst_enterprisesignin, 5-s OIDC tokens on a loaded machine).
bool refusesSignIn(int err, const QString &reason, bool signedInBefore);
QString fromUtf8(const char *s);

// Topic names of an answer as QStrings, converted once per run of the same name: answers
// list a topic's partitions together, and the copies share one string (no allocation per
// partition; 100,000 of them on a large cluster's poll).
class TopicNames {
public:
    const QString &operator()(const char *name)
    {
        if (!name)
            name = "";
        if (m_utf8 != name) {
            m_utf8 = name;
            m_name = QString::fromUtf8(name);
        }
        return m_name;
    }

private:
    QByteArray m_utf8;
    QString m_name;
};

// A ListOffsets request for these partitions, each asking for `offset` (a timestamp, or one
// of librdkafka's negative specs: earliest, latest).
inline rd::PartitionList listOffsetsRequest(const std::vector<TopicPartition> &partitions, int64_t offset)
{
    rd::PartitionList list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    for (const auto &tp : partitions)
        rd_kafka_topic_partition_list_add(list.get(), tp.topic.toUtf8().constData(), tp.partition)->offset = offset;
    return list;
}

// Adds the partitions of one ListOffsets result to `out`: each partition's offset, mapped by
// `offsetOf`, or its error.
template <typename OffsetOf>
void collectListOffsets(rd_kafka_event_t *event, TopicNames &topicName, LogOffsetsResult &out, OffsetOf offsetOf)
{
    const auto *res = rd_kafka_event_ListOffsets_result(event);
    size_t count = 0;
    const rd_kafka_ListOffsetsResultInfo_t **infos = rd_kafka_ListOffsets_result_infos(res, &count);
    for (size_t i = 0; i < count; ++i) {
        const rd_kafka_topic_partition_t *tp = rd_kafka_ListOffsetsResultInfo_topic_partition(infos[i]);
        TopicPartition key{topicName(tp->topic), tp->partition};
        if (tp->err != RD_KAFKA_RESP_ERR_NO_ERROR)
            out.errors.emplace(std::move(key), rdError(tp->err));
        else
            out.offsets.emplace_hint(out.offsets.end(), std::move(key), offsetOf(tp->offset));
    }
}

template <typename Start>
KafkaClient::Impl::Pending KafkaClient::Impl::startAdmin(rd_kafka_admin_op_t op, size_t count,
                                                         rd_kafka_event_type_t type, int lifetimeMs,
                                                         const QString &what, Start start)
{
    serve();
    Pending pending{op, type, count, what, rd::Queue(rd_kafka_queue_new(rk.get()))};
    for (size_t i = 0; i < count; ++i) {
        rd::Options opts(rd_kafka_AdminOptions_new(rk.get(), op));
        char err[256];
        rd_kafka_AdminOptions_set_request_timeout(opts.get(), lifetimeMs, err, sizeof err);
        // The index travels with the request so results can be put back in order.
        rd_kafka_AdminOptions_set_opaque(opts.get(), reinterpret_cast<void *>(i));
        start(opts.get(), pending.queue.get(), i);
    }
    return pending;
}

} // namespace lagscope
