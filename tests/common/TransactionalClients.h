#pragma once
// A transactional producer and a read_committed consumer (tst_exactlag_lab, bench_exactlag),
// written with librdkafka's own API as an application would: init_transactions / begin /
// produce / commit or abort, and a consumer that reads every partition to its end and
// commits. Header-only; the caller links Lagscope::rdkafka. Main thread.

#include "util/Deadline.h"

#include <librdkafka/rdkafka.h>

#include <QByteArray>
#include <QString>
#include <QtDebug>

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace lagscope::test {

struct RdDestroy {
    void operator()(rd_kafka_t *rk) const { rd_kafka_destroy(rk); }
};
using RdHandle = std::unique_ptr<rd_kafka_t, RdDestroy>;

using RdSettings = std::vector<std::pair<const char *, QByteArray>>;

// A handle with these settings, or null (with a warning that says why).
inline RdHandle makeHandle(rd_kafka_type_t type, const RdSettings &settings)
{
    rd_kafka_conf_t *conf = rd_kafka_conf_new();
    char error[512];
    for (const auto &[key, value] : settings)
        if (rd_kafka_conf_set(conf, key, value.constData(), error, sizeof error) != RD_KAFKA_CONF_OK) {
            qWarning("%s: %s", key, error);
            rd_kafka_conf_destroy(conf);
            return {};
        }
    rd_kafka_t *rk = rd_kafka_new(type, conf, error, sizeof error);
    if (!rk) {
        qWarning("rd_kafka_new: %s", error);
        rd_kafka_conf_destroy(conf); // rd_kafka_new takes the conf over only when it succeeds
    }
    return RdHandle(rk);
}

// Whether a transactional call succeeded; warns with librdkafka's reason when not.
inline bool succeeded(rd_kafka_error_t *error, const char *what)
{
    if (!error)
        return true;
    qWarning("%s: %s", what, rd_kafka_error_string(error));
    rd_kafka_error_destroy(error);
    return false;
}

class TransactionalProducer {
public:
    bool start(const QString &bootstrap, const QString &transactionalId)
    {
        // A transaction left open by the test stays open for its whole run.
        m_rk = makeHandle(RD_KAFKA_PRODUCER, {{"bootstrap.servers", bootstrap.toUtf8()},
                                              {"transactional.id", transactionalId.toUtf8()},
                                              {"transaction.timeout.ms", "300000"}});
        return m_rk && succeeded(rd_kafka_init_transactions(m_rk.get(), 30000), "init_transactions");
    }
    bool begin() { return succeeded(rd_kafka_begin_transaction(m_rk.get()), "begin_transaction"); }
    // `count` records to one partition, flushed (written to the log) before it returns.
    bool produce(const QString &topic, int partition, int count)
    {
        const QByteArray name = topic.toUtf8();
        for (int i = 0; i < count; ++i) {
            const QByteArray value = QByteArray::number(i);
            const rd_kafka_resp_err_t err =
                rd_kafka_producev(m_rk.get(), RD_KAFKA_V_TOPIC(name.constData()), RD_KAFKA_V_PARTITION(partition),
                                  RD_KAFKA_V_VALUE(const_cast<char *>(value.constData()), size_t(value.size())),
                                  RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
            if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
                qWarning("produce: %s", rd_kafka_err2str(err));
                return false;
            }
        }
        return rd_kafka_flush(m_rk.get(), 30000) == RD_KAFKA_RESP_ERR_NO_ERROR;
    }
    bool commit() { return succeeded(rd_kafka_commit_transaction(m_rk.get(), 30000), "commit_transaction"); }
    bool abort() { return succeeded(rd_kafka_abort_transaction(m_rk.get(), 30000), "abort_transaction"); }

private:
    RdHandle m_rk;
};

// How a consumer that got everything commits: the offsets after the last record it received
// (what an application committing record offset + 1 does), or librdkafka's stored offsets,
// which also move past the markers it fetched (rd_kafka_commit with no list).
enum class CommitWay {
    AfterLastRecord,
    StoredOffsets
};

struct Consumed {
    int records = 0;
    std::map<int, qint64> committed; // partition → the offset committed
    bool ok = false;
};

// Reads partitions 0..partitions-1 of `topic` from the start to their end as a
// read_committed consumer of `group` (assigned, not subscribed: no rebalance to wait for),
// commits `way`, and reads the commits back.
inline Consumed consumeAll(const QString &bootstrap, const QString &group, const QString &topic, int partitions,
                           CommitWay way)
{
    Consumed out;
    RdHandle rk = makeHandle(
        RD_KAFKA_CONSUMER,
        {{"bootstrap.servers", bootstrap.toUtf8()},
         {"group.id", group.toUtf8()},
         {"isolation.level", "read_committed"},
         {"enable.partition.eof", "true"},
         {"enable.auto.commit", "false"},
         {"enable.auto.offset.store", way == CommitWay::StoredOffsets ? QByteArray("true") : QByteArray("false")},
         {"auto.offset.reset", "earliest"}});
    if (!rk)
        return out;
    rd_kafka_poll_set_consumer(rk.get());
    const QByteArray name = topic.toUtf8();
    std::unique_ptr<rd_kafka_topic_partition_list_t, decltype(&rd_kafka_topic_partition_list_destroy)> list(
        rd_kafka_topic_partition_list_new(partitions), &rd_kafka_topic_partition_list_destroy);
    for (int p = 0; p < partitions; ++p)
        rd_kafka_topic_partition_list_add(list.get(), name.constData(), p)->offset = RD_KAFKA_OFFSET_BEGINNING;
    if (rd_kafka_assign(rk.get(), list.get()) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return out;
    std::map<int, qint64> next;
    std::map<int, bool> atEnd;
    const Deadline deadline = Deadline::inMs(30000);
    while (int(atEnd.size()) < partitions && !deadline.expired()) {
        rd_kafka_message_t *msg = rd_kafka_consumer_poll(rk.get(), 100);
        if (!msg)
            continue;
        if (msg->err == RD_KAFKA_RESP_ERR__PARTITION_EOF)
            atEnd[msg->partition] = true;
        else if (msg->err == RD_KAFKA_RESP_ERR_NO_ERROR) {
            ++out.records;
            next[msg->partition] = msg->offset + 1;
        }
        rd_kafka_message_destroy(msg);
    }
    if (int(atEnd.size()) < partitions) {
        qWarning("%s did not reach the end of every partition of %s", qPrintable(group), qPrintable(topic));
        return out;
    }
    rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR_NO_ERROR;
    if (way == CommitWay::AfterLastRecord) {
        std::unique_ptr<rd_kafka_topic_partition_list_t, decltype(&rd_kafka_topic_partition_list_destroy)> offsets(
            rd_kafka_topic_partition_list_new(partitions), &rd_kafka_topic_partition_list_destroy);
        for (const auto &[p, offset] : next)
            rd_kafka_topic_partition_list_add(offsets.get(), name.constData(), p)->offset = offset;
        err = rd_kafka_commit(rk.get(), offsets.get(), 0);
    } else {
        err = rd_kafka_commit(rk.get(), nullptr, 0);
    }
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        qWarning("commit: %s", rd_kafka_err2str(err));
        return out;
    }
    if (rd_kafka_committed(rk.get(), list.get(), 10000) != RD_KAFKA_RESP_ERR_NO_ERROR)
        return out;
    for (int i = 0; i < list->cnt; ++i)
        out.committed[list->elems[i].partition] = list->elems[i].offset;
    rd_kafka_consumer_close(rk.get());
    out.ok = true;
    return out;
}

} // namespace lagscope::test
