#pragma once
// Private state of KafkaClient, shared by its .cpp files. Never included outside core/kafka.

#include "kafka/KafkaClient.h"
#include "kafka/RdkafkaHandles.h"

#include <QByteArray>
#include <QString>

#include <mutex>
#include <vector>

namespace lagscope {

struct KafkaClient::Impl {
    QString cluster;
    QString bootstrap;
    ClientOptions options;
    rd::Handle rk;

    // Written by librdkafka callbacks (log_cb runs on librdkafka's own threads).
    std::mutex mutex;
    QString lastBrokerError;
    QByteArray lastStats;
    qint64 statsEmitted = 0;

    bool cancelled() const { return options.cancel && options.cancel->load(); }

    // Serves error, statistics and log callbacks queued on the main queue.
    void serve() { rd_kafka_poll(rk.get(), 0); }

    // "cluster 'x' (bootstrap): what failed: why", with the last broker-level error when
    // that says more (e.g. "Connection refused") than the request's own error.
    QString failure(const QString &what, const QString &why);

    // Runs `count` admin requests started by `start(options, queue, index)` and returns their
    // result events, in index order. Fails as a whole if any event is missing at the deadline.
    template <typename Start>
    Result<std::vector<rd::Event>> admin(rd_kafka_admin_op_t op, size_t count, rd_kafka_event_type_t type,
                                         Deadline deadline, const QString &what, Start start);
};

QString rdError(rd_kafka_resp_err_t err);
QString fromUtf8(const char *s);

template <typename Start>
Result<std::vector<rd::Event>> KafkaClient::Impl::admin(rd_kafka_admin_op_t op, size_t count,
                                                        rd_kafka_event_type_t type, Deadline deadline,
                                                        const QString &what, Start start)
{
    serve();
    rd::Queue queue(rd_kafka_queue_new(rk.get()));
    std::vector<rd::Event> events(count);
    for (size_t i = 0; i < count; ++i) {
        rd::Options opts(rd_kafka_AdminOptions_new(rk.get(), op));
        char err[256];
        rd_kafka_AdminOptions_set_request_timeout(opts.get(), std::max(1, deadline.remainingMs()), err, sizeof err);
        // The index travels with the request so results can be put back in order.
        rd_kafka_AdminOptions_set_opaque(opts.get(), reinterpret_cast<void *>(i));
        start(opts.get(), queue.get(), i);
    }
    size_t received = 0;
    while (received < count) {
        // Short slices, so a cancel request is noticed quickly.
        rd::Event ev(rd_kafka_queue_poll(queue.get(), std::min(100, deadline.remainingMs())));
        if (!ev) {
            if (cancelled())
                return Result<std::vector<rd::Event>>::failure(failure(what, QStringLiteral("cancelled")));
            if (!deadline.expired())
                continue;
            serve();
            return Result<std::vector<rd::Event>>::failure(
                failure(what, QStringLiteral("no answer before the deadline")));
        }
        if (rd_kafka_event_type(ev.get()) != type)
            continue;
        if (rd_kafka_event_error(ev.get()) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            const QString why = fromUtf8(rd_kafka_event_error_string(ev.get()));
            serve();
            return Result<std::vector<rd::Event>>::failure(failure(what, why));
        }
        const auto index = reinterpret_cast<size_t>(rd_kafka_event_opaque(ev.get()));
        if (index < count && !events[index]) {
            events[index] = std::move(ev);
            ++received;
        }
    }
    serve();
    return events;
}

} // namespace lagscope
