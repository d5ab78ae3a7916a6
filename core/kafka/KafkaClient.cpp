#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"
#include "kafka/RdkafkaConf.h"
#include "kafka/TlsRejection.h"
#include "util/SecretMasker.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QThread>

#include <thread>

#include <openssl/x509_vfy.h>

namespace lagscope {

QString rdError(rd_kafka_resp_err_t err) { return fromUtf8(rd_kafka_err2str(err)); }
QString fromUtf8(const char *s) { return s ? QString::fromUtf8(s) : QString(); }

bool isAuthenticationError(int err)
{
    switch (err) {
    case RD_KAFKA_RESP_ERR__AUTHENTICATION:
    case RD_KAFKA_RESP_ERR__SSL:
    case RD_KAFKA_RESP_ERR_SASL_AUTHENTICATION_FAILED:
    case RD_KAFKA_RESP_ERR_UNSUPPORTED_SASL_MECHANISM:
    case RD_KAFKA_RESP_ERR_ILLEGAL_SASL_STATE: return true;
    default: return false;
    }
}

bool refusesSignIn(int err, const QString &reason, bool signedInBefore)
{
    if (!isAuthenticationError(err))
        return false;
    return !(signedInBefore && reason.contains(rdError(RD_KAFKA_RESP_ERR_ILLEGAL_SASL_STATE)));
}

QString KafkaClient::authenticationFailure(const QString &error)
{
    const qsizetype at = error.indexOf(kAuthenticationFailed);
    return at < 0 ? QString() : error.mid(at);
}

namespace {

void onError(rd_kafka_t *, int err, const char *reason, void *opaque)
{
    auto *d = static_cast<KafkaClient::Impl *>(opaque);
    // "all brokers down" repeats what the transport error already said; keep the cause.
    if (err == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN)
        return;
    const QString text = maskSecrets(fromUtf8(reason));
    std::lock_guard lock(d->mutex);
    d->lastBrokerError = text;
    if (refusesSignIn(err, text, d->signedIn))
        d->authenticationError = d->tlsRejection.isEmpty() ? text : d->tlsRejection + QStringLiteral(" — ") + text;
}

// Keeps OpenSSL's verdict (returns 1 only for a certificate it accepted) and notes why it
// rejected one, with a hint at the setting to check.
int onCertificateVerify(rd_kafka_t *, const char *broker, int32_t, int *x509Error, int depth, const char *, size_t,
                        char *, size_t, void *opaque)
{
    if (*x509Error == X509_V_OK)
        return 1;
    auto *d = static_cast<KafkaClient::Impl *>(opaque);
    const QString text = describeCertificateRejection(broker, *x509Error, depth);
    std::lock_guard lock(d->mutex);
    d->tlsRejection = text;
    return 0;
}

int onStats(rd_kafka_t *, char *json, size_t len, void *opaque)
{
    auto *d = static_cast<KafkaClient::Impl *>(opaque);
    std::lock_guard lock(d->mutex);
    d->lastStats = QByteArray(json, static_cast<qsizetype>(len));
    ++d->statsEmitted;
    return 0; // librdkafka frees json
}

} // namespace

QString KafkaClient::Impl::failure(const QString &what, const QString &why)
{
    QString broker;
    QString authentication;
    {
        std::lock_guard lock(mutex);
        broker = lastBrokerError;
        authentication = authenticationError;
    }
    const QString where = cluster == bootstrap ? cluster : QStringLiteral("%1 (%2)").arg(cluster, bootstrap);
    if (!authentication.isEmpty())
        return maskSecrets(QStringLiteral("cluster '%1': %2%3").arg(where, kAuthenticationFailed, authentication));
    QString message = QStringLiteral("cluster '%1': %2: %3").arg(where, what, why);
    if (!broker.isEmpty() && !why.contains(broker))
        message += QStringLiteral(" (last broker error: %1)").arg(broker);
    return maskSecrets(message);
}

namespace {

// Group operations go to the group's coordinator, found through librdkafka's coordinator
// requests (see ~KafkaClient).
bool coordinatorBound(rd_kafka_admin_op_t op)
{
    switch (op) {
    case RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS:
    case RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS:
    case RD_KAFKA_ADMIN_OP_DELETECONSUMERGROUPOFFSETS:
    case RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS:
    case RD_KAFKA_ADMIN_OP_DELETEGROUPS: return true;
    default: return false;
    }
}

// How long the destructor waits for unanswered coordinator requests to end (a coordinator
// that just moved answers within a second or two) before it leaves the handle's
// destruction to a thread of its own.
constexpr int kTeardownGraceMs = 1500;

} // namespace

void KafkaClient::Impl::keepUnanswered(rd_kafka_admin_op_t op, rd::Queue queue, rd_kafka_event_type_t type,
                                       size_t outstanding, bool timedOut)
{
    if (!coordinatorBound(op))
        return;
    if (timedOut)
        ++stuckRequests;
    if (outstanding > 0)
        unanswered.push_back({std::move(queue), type, outstanding});
}

bool KafkaClient::Impl::settleUnanswered(int waitMs)
{
    for (auto &u : unanswered) {
        while (u.outstanding > 0) {
            rd::Event ev(rd_kafka_queue_poll(u.queue.get(), waitMs));
            if (!ev)
                break;
            if (rd_kafka_event_type(ev.get()) != u.type)
                continue;
            --u.outstanding;
            if (rd_kafka_event_error(ev.get()) == RD_KAFKA_RESP_ERR__TIMED_OUT)
                ++stuckRequests;
        }
    }
    std::erase_if(unanswered, [](const Unanswered &u) { return u.outstanding == 0; });
    return hasUnanswered();
}

KafkaClient::KafkaClient(std::unique_ptr<Impl> impl) : d(std::move(impl)) { }

Result<std::vector<rd::Event>> KafkaClient::Impl::awaitAdmin(Pending pending, Deadline deadline)
{
    std::vector<rd::Event> events(pending.count);
    size_t received = 0;
    while (received < pending.count) {
        // Short slices, so a cancel request is noticed quickly.
        rd::Event ev(rd_kafka_queue_poll(pending.queue.get(), std::min(100, deadline.remainingMs())));
        if (!ev) {
            if (!cancelled() && !deadline.expired() && !authenticationFailed())
                continue;
            const QString why =
                cancelled() ? QStringLiteral("cancelled") : QStringLiteral("no answer before the deadline");
            keepUnanswered(pending.op, std::move(pending.queue), pending.type, pending.count - received, false);
            serve();
            return Result<std::vector<rd::Event>>::failure(failure(pending.what, why));
        }
        if (rd_kafka_event_type(ev.get()) != pending.type)
            continue;
        if (const rd_kafka_resp_err_t err = rd_kafka_event_error(ev.get());
            err != RD_KAFKA_RESP_ERR_NO_ERROR && !pending.errorsPerEvent) {
            const QString why = fromUtf8(rd_kafka_event_error_string(ev.get()));
            keepUnanswered(pending.op, std::move(pending.queue), pending.type, pending.count - received - 1,
                           err == RD_KAFKA_RESP_ERR__TIMED_OUT);
            serve();
            return Result<std::vector<rd::Event>>::failure(failure(pending.what, why));
        }
        if (rd_kafka_event_error(ev.get()) == RD_KAFKA_RESP_ERR__TIMED_OUT)
            keepUnanswered(pending.op, nullptr, pending.type, 0, true); // its lookup may live on
        const auto index = reinterpret_cast<size_t>(rd_kafka_event_opaque(ev.get()));
        if (index < pending.count && !events[index]) {
            events[index] = std::move(ev);
            ++received;
        }
    }
    serve();
    return events;
}

int KafkaClient::Impl::adminLifetimeMs(rd_kafka_admin_op_t op, Deadline deadline, bool batched)
{
    const int remaining = deadline.remainingMs();
    if (coordinatorBound(op) && !batched)
        return std::max(kAdminLifetimeMs, remaining);
    // A tenth of the time (at most a second) is left for the answer to reach us.
    return std::max(1, remaining - std::min(1000, remaining / 10));
}

bool KafkaClient::awaitUnansweredRequests(Deadline deadline)
{
    d->serve();
    while (d->settleUnanswered(std::clamp(deadline.remainingMs(), 0, 100)) && !deadline.expired() && !d->cancelled()
           && !d->stuckRequests)
        d->serve();
    return !d->hasUnanswered();
}

// librdkafka 2.15.1's rd_kafka_destroy() never returns while a coordinator request (the
// lookup behind every group operation) still waits for a coordinator that is down: each
// FindCoordinator answer "coordinator not available" is retried, and once its retries are
// used up the request's reference is dropped on the floor (the response handler ignores
// rd_kafka_buf_retry() refusing). That request then never ends, and keeps its reference to
// the coordinator's broker object; rd_kafka_destroy() joins that broker's thread, which
// waits for the last reference to go: forever, even after the broker is back. Seen when a
// reset's commit or read-back was left unanswered because the group's coordinator was
// killed (tst_resetbrokerkill), and then the client (or lagscopectl) was closed.
// So when such a request may still be alive, the handle is destroyed on a detached thread
// that owns all the state librdkafka's callbacks use: it ends normally if librdkafka
// manages it, and otherwise blocks there instead of in the caller (a dialog being closed,
// lagscopectl exiting). Otherwise the handle is destroyed here, as always.
KafkaClient::~KafkaClient()
{
    if (!d || !d->hasUnanswered())
        return;
    const Deadline grace = Deadline::inMs(kTeardownGraceMs);
    while (d->settleUnanswered(std::clamp(grace.remainingMs(), 0, 100)) && !grace.expired() && !d->stuckRequests) { }
    if (!d->hasUnanswered())
        return;
    std::thread([impl = std::move(d)]() mutable { impl.reset(); }).detach();
}

const QString &KafkaClient::clusterName() const { return d->cluster; }

QString KafkaClient::librdkafkaVersion() { return fromUtf8(rd_kafka_version_str()); }

QStringList KafkaClient::librdkafkaPatches()
{
    return QString::fromLatin1(LAGSCOPE_RDKAFKA_PATCHES).split(QLatin1Char(','), Qt::SkipEmptyParts);
}

bool KafkaClient::batchedGroupOffsets() { return LAGSCOPE_RDKAFKA_BATCHED_GROUP_OFFSETS != 0; }

bool KafkaClient::batchedGroupDescribe() { return LAGSCOPE_RDKAFKA_BATCHED_GROUP_DESCRIBE != 0; }

bool KafkaClient::groupEpochs() { return LAGSCOPE_RDKAFKA_GROUP_EPOCHS != 0; }

Result<std::unique_ptr<KafkaClient>> KafkaClient::create(const ClusterConfig &cluster, const ClientOptions &options)
{
    using R = Result<std::unique_ptr<KafkaClient>>;
    auto impl = std::make_unique<Impl>();
    impl->cluster = cluster.name;
    impl->bootstrap = cluster.bootstrapServers;
    impl->options = options;

    auto made = rd::makeConf(cluster, QStringLiteral("lagscope"), options.requestTimeoutMs,
                             {
                                 {"statistics.interval.ms", QString::number(std::max(0, options.statisticsIntervalMs))},
                                 // See the handle type below: a consumer with a group id it never joins or commits.
                                 {"group.id", QStringLiteral("lagscope-admin")},
                                 {"enable.auto.commit", QStringLiteral("false")},
                                 {"enable.auto.offset.store", QStringLiteral("false")},
                             });
    if (!made)
        return R(made.error());
    rd::Conf conf = std::move(*made);
    if (Status signIn = impl->signIn.prepare(conf.get(), cluster, options.requestTimeoutMs); !signIn)
        return R::failure(maskSecrets(QStringLiteral("cluster '%1' (%2): %3")
                                          .arg(cluster.name, cluster.bootstrapServers, signIn.errorMessage())));
    rd::setCallbacks(conf, cluster, impl.get(), onError, onCertificateVerify);
    rd_kafka_conf_set_stats_cb(conf.get(), onStats);
    impl->secured = cluster.security.usesSasl() || cluster.security.usesTls();

    // A consumer handle with a group id, although it never subscribes: librdkafka 2.15.1
    // answers a NOT_COORDINATOR reply to an admin OffsetFetch by messaging the handle's own
    // consumer group, and crashes on a null one (librdkafka issue #5040). That reply comes
    // whenever a group coordinator moves, e.g. when a broker restarts.
    auto handle = rd::newConsumer(conf, cluster.name);
    if (!handle)
        return R(handle.error());
    impl->rk = std::move(*handle);
    impl->signIn.started(impl->rk.get());
    return std::unique_ptr<KafkaClient>(new KafkaClient(std::move(impl)));
}

// The id of the broker that answered a Metadata request. A bootstrap connection has no id
// (-1) but a name, "host:port/bootstrap", which the answer's broker list has under its id.
int answeringBrokerId(const rd_kafka_metadata_t &md)
{
    if (md.orig_broker_id >= 0)
        return md.orig_broker_id;
    const QByteArray name(md.orig_broker_name ? md.orig_broker_name : "");
    const QByteArray address = name.left(name.indexOf('/'));
    for (int i = 0; i < md.broker_cnt; ++i)
        if (address == QByteArray(md.brokers[i].host) + ':' + QByteArray::number(md.brokers[i].port))
            return md.brokers[i].id;
    return -1;
}

Result<ClusterMetadata> KafkaClient::metadata(Deadline deadline)
{
    return metadata(deadline, [] {});
}

Result<ClusterMetadata> KafkaClient::metadata(Deadline deadline, const std::function<void()> &answered)
{
    using R = Result<ClusterMetadata>;
    // DescribeCluster adds what the metadata struct lacks: racks, controller, cluster id, and
    // (patch 0011, Kafka 4.0+) the fenced brokers. It follows Metadata, to the broker that has
    // just answered it (see Impl::answeringBroker): sent at once to the broker that answered
    // the poll before, it failed the whole poll whenever that broker had died since
    // (tst_pollcoordinatordown), at the price of one round trip saved.
    const bool askFenced = fencedBrokers() && !d->fencingUnsupported;
    const rd_kafka_metadata_t *raw = nullptr;
    rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR__TIMED_OUT;
    // In slices, so that a cancel request is honoured within half a second.
    do {
        d->serve();
        err = rd_kafka_metadata(d->rk.get(), 1, nullptr, &raw, std::clamp(deadline.remainingMs(), 1, 500));
    } while ((err == RD_KAFKA_RESP_ERR__TIMED_OUT || (err == RD_KAFKA_RESP_ERR__TRANSPORT && d->secured))
             && !deadline.expired() && !d->cancelled() && !d->authenticationFailed());
    rd::Metadata md(raw);
    d->serve();
    // (A secured connection's handshake can drop a first attempt on a busy host; librdkafka
    // reconnects, so the loop above retries transport errors until the deadline.)
    // A refused login closes the connection: the request fails as a transport error and the
    // authentication error arrives through the error callback a moment later. Wait for it
    // briefly, so the user reads "Authentication failed" rather than "transport failure".
    if (err == RD_KAFKA_RESP_ERR__TRANSPORT && d->secured) {
        const Deadline verdict = Deadline::inMs(std::min(1500, deadline.remainingMs()));
        while (!d->authenticationFailed() && !verdict.expired() && !d->cancelled())
            rd_kafka_poll(d->rk.get(), 50);
    }
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR)
        return R::failure(d->failure(QStringLiteral("metadata"), rdError(err)));
    {
        std::lock_guard lock(d->mutex);
        d->signedIn = true;
    }
    d->answeringBroker = answeringBrokerId(*md);
    Impl::Pending describing = startDescribeCluster(*d, askFenced, deadline);
    answered();

    ClusterMetadata out;
    for (int i = 0; i < md->broker_cnt; ++i) {
        const auto &b = md->brokers[i];
        out.brokers.push_back({b.id, fromUtf8(b.host), b.port, {}});
    }
    for (int i = 0; i < md->topic_cnt; ++i) {
        const auto &t = md->topics[i];
        TopicInfo topic;
        topic.name = fromUtf8(t.topic);
        topic.internal = topic.name.startsWith(QStringLiteral("__"));
        if (t.err)
            topic.error = rdError(t.err);
        for (int p = 0; p < t.partition_cnt; ++p) {
            const auto &mp = t.partitions[p];
            PartitionInfo part;
            part.partition = mp.id;
            part.leader = mp.leader;
            part.replicas.assign(mp.replicas, mp.replicas + mp.replica_cnt);
            part.isr.assign(mp.isrs, mp.isrs + mp.isr_cnt);
            if (mp.err)
                part.error = rdError(mp.err);
            topic.partitions.push_back(std::move(part));
        }
        std::sort(topic.partitions.begin(), topic.partitions.end(),
                  [](const PartitionInfo &a, const PartitionInfo &b) { return a.partition < b.partition; });
        out.topics.push_back(std::move(topic));
    }
    std::sort(out.topics.begin(), out.topics.end(),
              [](const TopicInfo &a, const TopicInfo &b) { return a.name < b.name; });

    auto described = finishDescribeCluster(*d, std::move(describing), askFenced, deadline);
    if (!described)
        return R(described.error());
    const auto *res = rd_kafka_event_DescribeCluster_result(described->front().get());
    addClusterDescription(res, askFenced && !d->fencingUnsupported, out);
    return out;
}

std::map<int, QString> KafkaClient::brokerConnectionStates()
{
    d->serve();
    QByteArray json;
    {
        std::lock_guard lock(d->mutex);
        json = d->lastStats;
    }
    std::map<int, QString> states;
    const QJsonObject brokers = QJsonDocument::fromJson(json).object().value(QStringLiteral("brokers")).toObject();
    for (auto it = brokers.begin(); it != brokers.end(); ++it) {
        const QJsonObject b = it.value().toObject();
        const int id = b.value(QStringLiteral("nodeid")).toInt(-1);
        if (id >= 0)
            states[id] = b.value(QStringLiteral("state")).toString();
    }
    return states;
}

Result<RequestCounts> KafkaClient::requestCounts(Deadline deadline)
{
    using R = Result<RequestCounts>;
    if (d->options.statisticsIntervalMs <= 0)
        return R::failure(QStringLiteral("statistics are off for cluster '%1'").arg(d->cluster));
    qint64 seen = 0;
    {
        std::lock_guard lock(d->mutex);
        seen = d->statsEmitted;
    }
    // Two emissions later the counters surely include every request sent before this call.
    QByteArray json;
    while (true) {
        rd_kafka_poll(d->rk.get(), std::min(100, deadline.remainingMs()));
        std::lock_guard lock(d->mutex);
        if (d->statsEmitted >= seen + 2) {
            json = d->lastStats;
            break;
        }
        if (deadline.expired())
            return R::failure(QStringLiteral("no statistics from cluster '%1' before the deadline").arg(d->cluster));
    }
    RequestCounts counts;
    const QJsonObject brokers = QJsonDocument::fromJson(json).object().value(QStringLiteral("brokers")).toObject();
    for (auto it = brokers.begin(); it != brokers.end(); ++it) {
        const QJsonObject b = it.value().toObject();
        const int id = b.value(QStringLiteral("nodeid")).toInt(-1);
        const QJsonObject req = b.value(QStringLiteral("req")).toObject();
        for (auto r = req.begin(); r != req.end(); ++r)
            counts[id][r.key()] += r.value().toInteger();
    }
    return counts;
}

} // namespace lagscope
