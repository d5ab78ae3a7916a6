#include "kafka/PartitionReader.h"

#include "kafka/KafkaClientImpl.h" // rdError, fromUtf8
#include "kafka/RdkafkaConf.h"
#include "kafka/RdkafkaHandles.h"
#include "kafka/TlsRejection.h"
#include "util/SecretMasker.h"

#include <algorithm>
#include <mutex>

#include <openssl/x509_vfy.h>

namespace lagscope {

namespace {

struct TopicDeleter {
    void operator()(rd_kafka_topic_t *p) const { rd_kafka_topic_destroy(p); }
};
struct MessageDeleter {
    void operator()(rd_kafka_message_t *p) const { rd_kafka_message_destroy(p); }
};
using TopicHandle = std::unique_ptr<rd_kafka_topic_t, TopicDeleter>;
using Message = std::unique_ptr<rd_kafka_message_t, MessageDeleter>;

bool isMissingTopic(rd_kafka_resp_err_t err)
{
    return err == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_OR_PART || err == RD_KAFKA_RESP_ERR__UNKNOWN_TOPIC
           || err == RD_KAFKA_RESP_ERR_UNKNOWN_TOPIC_ID;
}

QByteArray bytes(const void *data, size_t len)
{
    if (!data)
        return {};
    return QByteArray(static_cast<const char *>(data), static_cast<qsizetype>(len));
}

// A fetched message as a record: offset, timestamp, key, value and headers.
RawRecord recordOf(rd_kafka_message_t *msg)
{
    RawRecord r;
    r.offset = msg->offset;
    rd_kafka_timestamp_type_t type = RD_KAFKA_TIMESTAMP_NOT_AVAILABLE;
    r.timestampMs = rd_kafka_message_timestamp(msg, &type);
    r.key = bytes(msg->key, msg->key_len);
    r.value = bytes(msg->payload, msg->len);
    rd_kafka_headers_t *headers = nullptr;
    if (rd_kafka_message_headers(msg, &headers) == RD_KAFKA_RESP_ERR_NO_ERROR && headers) {
        const char *name = nullptr;
        const void *value = nullptr;
        size_t size = 0;
        for (size_t i = 0; rd_kafka_header_get_all(headers, i, &name, &value, &size) == RD_KAFKA_RESP_ERR_NO_ERROR; ++i)
            r.headers.emplace_back(QByteArray(name), bytes(value, size));
    }
    return r;
}

} // namespace

struct PartitionReader::Impl {
    QString cluster;
    QString bootstrap;
    ClientOptions options;
    rd::SignIn signIn; // outlives rk: librdkafka's token callback uses it
    rd::Handle rk;

    // The handle goes first: its shutdown may still run the error callback, which writes
    // the members below (see KafkaClient::Impl).
    ~Impl() { rk.reset(); }

    // Written by the error and certificate callbacks (librdkafka's threads).
    std::mutex mutex;
    QString lastBrokerError;
    QString tlsRejection; // why OpenSSL refused the broker's certificate, see TlsRejection.h

    bool cancelled() const { return options.cancel && options.cancel->load(); }
    // A refused certificate stays refused: no use waiting for the deadline.
    bool tlsRejected()
    {
        std::lock_guard lock(mutex);
        return !tlsRejection.isEmpty();
    }

    QString failure(const QString &what, const QString &why)
    {
        QString broker;
        QString tls;
        {
            std::lock_guard lock(mutex);
            broker = lastBrokerError;
            tls = tlsRejection;
        }
        const QString where = cluster == bootstrap ? cluster : QStringLiteral("%1 (%2)").arg(cluster, bootstrap);
        QString message = QStringLiteral("cluster '%1': %2: %3").arg(where, what, why);
        if (!tls.isEmpty())
            message += QStringLiteral(" (%1)").arg(tls);
        if (!broker.isEmpty() && !why.contains(broker))
            message += QStringLiteral(" (last broker error: %1)").arg(broker);
        // Error texts may quote configuration (a SASL JAAS line, a key password): masked here,
        // where every error of this class is made.
        return maskSecrets(message);
    }

    // Partition count of `topic`, 0 when it does not exist.
    Result<int> partitionCount(const QString &topic, Deadline deadline);
};

namespace {

void onReaderError(rd_kafka_t *, int err, const char *reason, void *opaque)
{
    if (err == RD_KAFKA_RESP_ERR__ALL_BROKERS_DOWN)
        return; // repeats the transport error that came before
    auto *d = static_cast<PartitionReader::Impl *>(opaque);
    const QString text = maskSecrets(fromUtf8(reason));
    std::lock_guard lock(d->mutex);
    d->lastBrokerError = text;
}

// The same verdict as the admin client's (a refused certificate stays refused), with the
// reason kept for failure().
int onReaderCertificateVerify(rd_kafka_t *, const char *broker, int32_t, int *x509Error, int depth, const char *,
                              size_t, char *, size_t, void *opaque)
{
    if (*x509Error == X509_V_OK)
        return 1;
    auto *d = static_cast<PartitionReader::Impl *>(opaque);
    const QString text = describeCertificateRejection(broker, *x509Error, depth);
    std::lock_guard lock(d->mutex);
    d->tlsRejection = text;
    return 0;
}

} // namespace

PartitionReader::PartitionReader(std::unique_ptr<Impl> impl) : d(std::move(impl)) { }
PartitionReader::~PartitionReader() = default;

const QString &PartitionReader::clusterName() const { return d->cluster; }

Result<std::unique_ptr<PartitionReader>> PartitionReader::create(const ClusterConfig &cluster,
                                                                 const ClientOptions &options)
{
    using R = Result<std::unique_ptr<PartitionReader>>;
    auto impl = std::make_unique<Impl>();
    impl->cluster = cluster.name;
    impl->bootstrap = cluster.bootstrapServers;
    impl->options = options;

    auto made = rd::makeConf(cluster, QStringLiteral("lagscope-reader"), options.requestTimeoutMs,
                             {
                                 // rd_kafka_assign() refuses a consumer without a group id ("Requires a consumer with
                                 // group.id configured", rdkafka_subscription.c). The group is never joined (no
                                 // subscribe) and never committed to, so it never appears on the broker.
                                 {"group.id", QStringLiteral("lagscope-reader")},
                                 {"enable.auto.commit", QStringLiteral("false")},
                                 {"enable.auto.offset.store", QStringLiteral("false")},
                                 {"enable.partition.eof", QStringLiteral("true")},
                                 {"auto.offset.reset", QStringLiteral("earliest")},
                                 // librdkafka's default, spelled out: visibleOffsets() is about what such a
                                 // consumer receives, and MirrorMaker's topics are not transactional.
                                 {"isolation.level", QStringLiteral("read_committed")},
                                 {"allow.auto.create.topics", QStringLiteral("false")},
                                 // At the end of a partition the broker holds an empty fetch this long before the
                                 // reply that tells us we are at the end: keep it short, reads end there.
                                 {"fetch.wait.max.ms", QStringLiteral("100")},
                             });
    if (!made)
        return R(made.error());
    rd::Conf conf = std::move(*made);
    if (Status signIn = impl->signIn.prepare(conf.get(), cluster, options.requestTimeoutMs); !signIn)
        return R::failure(maskSecrets(QStringLiteral("cluster '%1' (%2): %3")
                                          .arg(cluster.name, cluster.bootstrapServers, signIn.errorMessage())));
    rd::setCallbacks(conf, cluster, impl.get(), onReaderError, onReaderCertificateVerify);

    auto handle = rd::newConsumer(conf, cluster.name);
    if (!handle)
        return R(handle.error());
    impl->rk = std::move(*handle);
    impl->signIn.started(impl->rk.get());
    // Errors and logs arrive through rd_kafka_consumer_poll(), which read() calls anyway.
    rd_kafka_poll_set_consumer(impl->rk.get());
    return std::unique_ptr<PartitionReader>(new PartitionReader(std::move(impl)));
}

Result<int> PartitionReader::Impl::partitionCount(const QString &topic, Deadline deadline)
{
    using R = Result<int>;
    // A metadata request for this one topic (allow.auto.create.topics=false: it is never
    // created by asking) rather than for the whole cluster.
    TopicHandle rkt(rd_kafka_topic_new(rk.get(), topic.toUtf8().constData(), nullptr));
    if (!rkt)
        return R::failure(failure(QStringLiteral("topic '%1'").arg(topic), rdError(rd_kafka_last_error())));
    const rd_kafka_metadata_t *raw = nullptr;
    rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR__TIMED_OUT;
    do {
        err = rd_kafka_metadata(rk.get(), 0, rkt.get(), &raw, std::clamp(deadline.remainingMs(), 1, 500));
    } while (err == RD_KAFKA_RESP_ERR__TIMED_OUT && !deadline.expired() && !cancelled() && !tlsRejected());
    rd::Metadata md(raw);
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR)
        return R::failure(failure(QStringLiteral("metadata of topic '%1'").arg(topic), rdError(err)));
    for (int i = 0; i < md->topic_cnt; ++i) {
        const auto &t = md->topics[i];
        if (fromUtf8(t.topic) != topic)
            continue;
        if (isMissingTopic(t.err))
            return 0;
        if (t.err != RD_KAFKA_RESP_ERR_NO_ERROR)
            return R::failure(failure(QStringLiteral("metadata of topic '%1'").arg(topic), rdError(t.err)));
        return t.partition_cnt;
    }
    return 0;
}

Result<PartitionRead> PartitionReader::read(const TopicPartition &partition, qint64 fromOffset, int maxRecords,
                                            Deadline deadline)
{
    using R = Result<PartitionRead>;
    const QString what = QStringLiteral("reading %1").arg(partition.toString());
    PartitionRead out;
    out.nextOffset = fromOffset;

    auto count = d->partitionCount(partition.topic, deadline);
    if (!count)
        return R(count.error());
    if (*count == 0) {
        out.topicMissing = true;
        return out;
    }
    if (partition.partition < 0 || partition.partition >= *count)
        return R::failure(d->failure(what, QStringLiteral("the topic has %1 partition(s)").arg(*count)));

    const QByteArray topic = partition.topic.toUtf8();
    // The end as it is now: a partition written to all the time (MirrorMaker's offset syncs)
    // never answers an empty fetch, so without this bound a read would chase its end until
    // the deadline. Control records at the end (transactions) are never returned; the
    // PARTITION_EOF below ends the read there.
    int64_t low = -1;
    int64_t high = -1;
    if (rd_kafka_query_watermark_offsets(d->rk.get(), topic.constData(), partition.partition, &low, &high,
                                         std::clamp(deadline.remainingMs(), 1, 5000))
        != RD_KAFKA_RESP_ERR_NO_ERROR)
        high = -1; // unknown: the fetch loop still ends at PARTITION_EOF
    // Already at the end: nothing to fetch. (Beyond it, the log was truncated or recreated:
    // the fetch below is out of range and starts over at the earliest record.)
    if (high >= 0 && fromOffset == high) {
        out.atEnd = true;
        return out;
    }

    rd::PartitionList list(rd_kafka_topic_partition_list_new(1));
    rd_kafka_topic_partition_list_add(list.get(), topic.constData(), partition.partition)->offset = fromOffset;
    if (const rd_kafka_resp_err_t err = rd_kafka_assign(d->rk.get(), list.get()); err != RD_KAFKA_RESP_ERR_NO_ERROR)
        return R::failure(d->failure(what, QStringLiteral("assign: %1").arg(rdError(err))));
    // Unassigning also drops whatever was prefetched beyond what we returned.
    struct Unassign {
        rd_kafka_t *rk;
        ~Unassign() { rd_kafka_assign(rk, nullptr); }
    } unassign{d->rk.get()};

    QString lastError;
    while (static_cast<int>(out.records.size()) < maxRecords) {
        if (d->cancelled())
            return R::failure(d->failure(what, QStringLiteral("cancelled")));
        if (deadline.expired())
            break;
        Message msg(rd_kafka_consumer_poll(d->rk.get(), std::clamp(deadline.remainingMs(), 1, 100)));
        if (!msg)
            continue;
        const bool ours = msg->rkt && rd_kafka_topic_name(msg->rkt) == topic && msg->partition == partition.partition;
        if (msg->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
            if (ours) {
                out.atEnd = true;
                break;
            }
            continue;
        }
        if (msg->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            if (isMissingTopic(msg->err) || msg->err == RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION) {
                // Deleted between the metadata request and the fetch.
                out.topicMissing = out.records.empty();
                out.atEnd = true;
                break;
            }
            lastError = fromUtf8(rd_kafka_message_errstr(msg.get()));
            if (msg->err == RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED)
                return R::failure(d->failure(what, lastError));
            continue; // transient: librdkafka retries on its own
        }
        if (!ours)
            continue;
        RawRecord r = recordOf(msg.get());
        out.nextOffset = r.offset + 1;
        out.records.push_back(std::move(r));
        if (high >= 0 && out.nextOffset >= high) {
            out.atEnd = true;
            break;
        }
    }
    if (!out.atEnd && out.records.empty() && maxRecords > 0)
        return R::failure(d->failure(what, lastError.isEmpty()
                                               ? QStringLiteral("no answer before the deadline")
                                               : QStringLiteral("%1 (until the deadline)").arg(lastError)));
    return out;
}

namespace {

// Errors after which reading this partition cannot end well: reported, not retried.
bool permanentReadError(rd_kafka_resp_err_t err)
{
    return isMissingTopic(err) || err == RD_KAFKA_RESP_ERR__UNKNOWN_PARTITION
           || err == RD_KAFKA_RESP_ERR_TOPIC_AUTHORIZATION_FAILED || err == RD_KAFKA_RESP_ERR_OFFSET_OUT_OF_RANGE
           || err == RD_KAFKA_RESP_ERR__AUTO_OFFSET_RESET;
}

using OpenRanges = std::map<std::pair<QByteArray, int>, std::pair<const VisibleRange *, VisibleOffsets>>;

// Ends the ranges whose consumer position reached their end. librdkafka moves the position
// past a commit or abort marker when rd_kafka_consumer_poll() consumes it (and past the
// aborted records before an abort marker), not only past the records it returns.
void finishAtPosition(rd_kafka_t *rk, OpenRanges &open, std::map<TopicPartition, VisibleOffsets> &done)
{
    rd::PartitionList list(rd_kafka_topic_partition_list_new(int(open.size())));
    for (const auto &[key, entry] : open)
        rd_kafka_topic_partition_list_add(list.get(), key.first.constData(), key.second);
    if (rd_kafka_position(rk, list.get()) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return;
    for (int i = 0; i < list->cnt; ++i) {
        const rd_kafka_topic_partition_t &p = list->elems[i];
        const auto it = open.find({QByteArray(p.topic), p.partition});
        if (p.err != RD_KAFKA_RESP_ERR_NO_ERROR || p.offset < 0 || it == open.end() || p.offset < it->second.first->to)
            continue;
        it->second.second.readTo = p.offset;
        done[it->second.first->partition] = std::move(it->second.second);
        open.erase(it);
    }
}

} // namespace

Result<std::map<TopicPartition, VisibleOffsets>>
PartitionReader::visibleOffsets(const std::vector<VisibleRange> &ranges, Deadline deadline)
{
    using R = Result<std::map<TopicPartition, VisibleOffsets>>;
    std::map<TopicPartition, VisibleOffsets> done;
    if (ranges.empty())
        return done;
    // The ranges still being read, by how librdkafka names a partition.
    OpenRanges open;
    rd::PartitionList list(rd_kafka_topic_partition_list_new(int(ranges.size())));
    for (const VisibleRange &r : ranges) {
        const QByteArray topic = r.partition.topic.toUtf8();
        if (!open.try_emplace({topic, r.partition.partition}, &r, VisibleOffsets{}).second)
            continue; // asked twice: one assignment per partition
        rd_kafka_topic_partition_list_add(list.get(), topic.constData(), r.partition.partition)->offset = r.from;
    }
    const QString what = QStringLiteral("reading %1 partition(s) as read_committed").arg(open.size());
    if (const rd_kafka_resp_err_t err = rd_kafka_assign(d->rk.get(), list.get()); err != RD_KAFKA_RESP_ERR_NO_ERROR)
        return R::failure(d->failure(what, QStringLiteral("assign: %1").arg(rdError(err))));
    struct Unassign {
        rd_kafka_t *rk;
        ~Unassign() { rd_kafka_assign(rk, nullptr); }
    } unassign{d->rk.get()};

    while (!open.empty()) {
        if (d->cancelled())
            return R::failure(d->failure(what, QStringLiteral("cancelled")));
        if (deadline.expired())
            break;
        // Short polls: a marker is no message, but polling consumes it and moves the
        // position past it, which ends a range without waiting for the broker's empty
        // answer at the end (fetch.wait.max.ms) that PARTITION_EOF needs.
        Message msg(rd_kafka_consumer_poll(d->rk.get(), std::clamp(deadline.remainingMs(), 1, 10)));
        if (!msg) {
            finishAtPosition(d->rk.get(), open, done);
            continue;
        }
        if (!msg->rkt)
            continue;
        const auto it = open.find({QByteArray(rd_kafka_topic_name(msg->rkt)), msg->partition});
        if (it == open.end())
            continue;
        const VisibleRange &range = *it->second.first;
        VisibleOffsets &read = it->second.second;
        const auto finish = [&](qint64 readTo, const QString &error) {
            read.readTo = readTo;
            read.error = error;
            done[range.partition] = std::move(read);
            open.erase(it);
        };
        if (msg->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
            // The fetch position: past every marker and aborted batch fetched, at the last
            // stable offset (librdkafka signals the end at it, not at the high watermark).
            finish(msg->offset, {});
        } else if (msg->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            if (permanentReadError(msg->err))
                finish(-1, fromUtf8(rd_kafka_message_errstr(msg.get())));
        } else if (msg->offset < range.from) {
            // auto.offset.reset moved the read to the log start: `from` is no longer in the log.
            finish(-1, QStringLiteral("offset %1 is no longer in the log").arg(range.from));
        } else {
            if (msg->offset < range.to)
                read.offsets.push_back(msg->offset);
            if (msg->offset + 1 >= range.to)
                finish(msg->offset + 1, {});
        }
    }
    return done;
}

} // namespace lagscope
