// `produce`: a deterministic producer so tests know exactly what is in each partition.
#include "Commands.h"
#include "Kafka.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace lagscope::traffic {

namespace {

struct DeliveryTally {
    int64_t delivered = 0;
    int64_t failed = 0;
    std::string firstError;
};

// Runs on the thread that calls rd_kafka_poll/flush, i.e. the command's own thread.
void onDelivery(rd_kafka_t *, const rd_kafka_message_t *message, void *opaque)
{
    auto *tally = static_cast<DeliveryTally *>(opaque);
    if (message->err == RD_KAFKA_RESP_ERR_NO_ERROR) {
        ++tally->delivered;
        return;
    }
    if (tally->failed++ == 0)
        tally->firstError = rd_kafka_err2str(message->err);
}

struct ProduceOptions {
    std::string topic;
    int64_t count = 0;
    int32_t partition = -1; // -1: round-robin over all partitions
    int64_t rate = 0;
    std::string keyPrefix;
    std::string valuePrefix;
    int64_t timestampStart = 0; // 0: let the producer stamp the current time
    int64_t timestampStep = 0;
    int64_t keys = 0;                // > 0: keys cycle over this many (compaction removes older records)
    std::vector<int64_t> runLengths; // non-empty: runs of identical records, lengths cycling
};

// What one record carries. Without runs `seq` is the record's number; with runs it is the
// run's, so that every record of a run is byte-identical (key, value, header, timestamp).
struct RecordContent {
    std::string key;
    std::string value;
    std::string run; // the "run" header; empty: no header
    int64_t timestamp = 0;
};

RecordContent contentOf(const ProduceOptions &options, int64_t seq, int64_t runStartMs)
{
    RecordContent c;
    c.key = options.keyPrefix + "-" + std::to_string(options.keys > 0 ? seq % options.keys : seq);
    c.value = options.valuePrefix + "-" + std::to_string(seq);
    if (!options.runLengths.empty())
        c.run = std::to_string(seq);
    // A run needs one explicit timestamp: the producer would stamp each record itself.
    c.timestamp = options.timestampStart ? options.timestampStart + seq * options.timestampStep : runStartMs;
    return c;
}

// Enqueues one record, waiting for queue space if needed; only fails on real errors.
Status enqueue(rd_kafka_t *rk, const ProduceOptions &options, const RecordContent &c, int32_t partition)
{
    const Deadline deadline(std::chrono::seconds(30));
    while (true) {
        // RD_KAFKA_V_HEADER copies the header, like RD_KAFKA_MSG_F_COPY the key and value.
        const rd_kafka_resp_err_t err =
            c.run.empty()
                ? rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(options.topic.c_str()), RD_KAFKA_V_PARTITION(partition),
                                    RD_KAFKA_V_KEY(c.key.data(), c.key.size()),
                                    RD_KAFKA_V_VALUE(const_cast<char *>(c.value.data()), c.value.size()),
                                    RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_TIMESTAMP(c.timestamp),
                                    RD_KAFKA_V_END)
                : rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(options.topic.c_str()), RD_KAFKA_V_PARTITION(partition),
                                    RD_KAFKA_V_KEY(c.key.data(), c.key.size()),
                                    RD_KAFKA_V_VALUE(const_cast<char *>(c.value.data()), c.value.size()),
                                    RD_KAFKA_V_HEADER("run", c.run.data(), static_cast<ssize_t>(c.run.size())),
                                    RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_TIMESTAMP(c.timestamp),
                                    RD_KAFKA_V_END);
        if (err == RD_KAFKA_RESP_ERR_NO_ERROR)
            return okStatus();
        if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL)
            return Error{"produce to " + options.topic + "[" + std::to_string(partition) + "]: " + errorText(err)};
        if (deadline.expired())
            return Error{"producer queue stayed full for 30 s (broker unreachable?)"};
        rd_kafka_poll(rk, 50); // serve delivery reports to make room
    }
}

int runProduce(const Args &args)
{
    const std::string name = "produce";
    ProduceOptions options;
    options.topic = args.value("topic");
    options.keyPrefix = args.value("key-prefix", "key");
    options.valuePrefix = args.value("value-prefix", "value");
    auto count = args.integer("count", 0, 0, int64_t{1} << 40);
    auto partition = args.integer("partition", -1, 0, 1000000);
    auto rate = args.integer("rate", 0, 0, 10000000);
    auto tsStart = args.integer("timestamp-start", 0, 1, int64_t{1} << 50);
    auto tsStep = args.integer("timestamp-step", 0, -(int64_t{1} << 40), int64_t{1} << 40);
    auto timeout = args.integer("timeout", 60, 1, 86400);
    auto keys = args.integer("keys", 0, 1, int64_t{1} << 40);
    for (const auto *number : {&count, &partition, &rate, &tsStart, &tsStep, &timeout, &keys}) {
        if (!number->ok())
            return usageFailure(name, number->error());
    }
    for (const auto &item : split(args.value("run-length"), ',')) {
        auto length = parseInteger(item, "--run-length");
        if (!length.ok())
            return usageFailure(name, length.error());
        if (length.value() < 1 || length.value() > 1000000)
            return usageFailure(name, "--run-length: every length must be between 1 and 1000000");
        options.runLengths.push_back(length.value());
    }
    if (args.has("run-length") && options.runLengths.empty())
        return usageFailure(name, "--run-length is empty");
    if (args.has("timestamp-step") && !args.has("timestamp-start"))
        return usageFailure(name, "--timestamp-step needs --timestamp-start");
    options.count = count.value();
    options.partition = static_cast<int32_t>(partition.value());
    options.rate = rate.value();
    options.timestampStart = tsStart.value();
    options.timestampStep = tsStep.value();
    options.keys = keys.value();
    if (options.timestampStart
        && options.timestampStart + (options.count ? options.count - 1 : 0) * options.timestampStep <= 0)
        return usageFailure(name, "--timestamp-step would produce timestamps <= 0");

    DeliveryTally tally;
    auto conf = makeConf(args.value("bootstrap"), args.value("client-id", "traffic-producer"),
                         {
                             // Idempotence keeps retries from duplicating records: tests count them.
                             {"enable.idempotence", "true"},
                             {"linger.ms", "5"},
                             // Bounded delivery time, so the flush below has a real deadline.
                             {"message.timeout.ms", "30000"},
                         });
    if (!conf.ok())
        return runtimeFailure(name, conf.error());
    rd_kafka_conf_set_dr_msg_cb(conf.value().get(), onDelivery);
    rd_kafka_conf_set_opaque(conf.value().get(), &tally);
    auto client = newClient(RD_KAFKA_PRODUCER, std::move(conf.value()));
    if (!client.ok())
        return runtimeFailure(name, client.error());
    rd_kafka_t *rk = client.value().get();

    auto partitions = partitionCount(rk, options.topic, Deadline(std::chrono::seconds(10)));
    if (!partitions.ok())
        return runtimeFailure(name, partitions.error());
    if (options.partition >= partitions.value())
        return runtimeFailure(name, "topic " + options.topic + " has only " + std::to_string(partitions.value())
                                        + " partitions");

    const Deadline overall(std::chrono::seconds(timeout.value()));
    const auto start = std::chrono::steady_clock::now();
    int64_t sent = 0;
    // With runs: the current run's number, where it started and how long it is.
    int64_t run = -1;
    int64_t runStart = 0;
    int64_t runLength = 0;
    int64_t runStartMs = 0;
    for (; sent < options.count && !stopRequested() && !overall.expired(); ++sent) {
        if (options.rate > 0) {
            // Pace against the start time rather than sleeping 1/rate per record, so that
            // slow sends do not accumulate into a lower effective rate.
            const auto due = start + std::chrono::microseconds(sent * 1000000 / options.rate);
            while (std::chrono::steady_clock::now() < due && !stopRequested())
                rd_kafka_poll(
                    rk, static_cast<int>(std::clamp<int64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                                 due - std::chrono::steady_clock::now())
                                                                 .count(),
                                                             0, 100)));
            if (stopRequested())
                break;
        }
        int64_t seq = sent;
        if (!options.runLengths.empty()) {
            if (run < 0 || sent - runStart >= runLength) {
                ++run;
                runStart = sent;
                runLength = options.runLengths[static_cast<size_t>(run) % options.runLengths.size()];
                runStartMs = std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
            }
            seq = run;
        }
        // Round-robin by record, or with runs by run: a run stays in one partition.
        const int32_t target =
            options.partition >= 0 ? options.partition : static_cast<int32_t>(seq % partitions.value());
        if (auto status = enqueue(rk, options, contentOf(options, seq, runStartMs), target); !status.ok())
            return runtimeFailure(name, status.error());
        rd_kafka_poll(rk, 0);
    }

    const rd_kafka_resp_err_t flushErr = rd_kafka_flush(rk, std::max(1000, overall.remainingMs()));
    if (flushErr)
        return runtimeFailure(name,
                              std::to_string(rd_kafka_outq_len(rk)) + " records still undelivered at the deadline");
    if (tally.failed)
        return runtimeFailure(name, std::to_string(tally.failed) + " records failed: " + tally.firstError);
    std::printf("produced %lld\n", static_cast<long long>(tally.delivered));
    std::fflush(stdout);
    if (sent < options.count)
        return runtimeFailure(name, stopRequested() ? "interrupted" : "timed out before producing every record");
    return 0;
}

} // namespace

const Command &produceCommand()
{
    static const Command command{
        {"produce",
         "produce N predictable records (round-robin partitions, optional rate/timestamps)",
         "Produce --count records with key <key-prefix>-<seq> and value <value-prefix>-<seq>, seq counting\n"
         "from 0. Without --partition record i goes to partition i % partitions, so every partition gets a\n"
         "predictable share. --keys N makes the key <key-prefix>-<seq % N> (overwrites, for compacted\n"
         "topics). --run-length groups the records into runs of byte-identical records: seq numbers the\n"
         "run, every record of run i has the same key, value, header run=<i> and timestamp (the run's\n"
         "start), and run i goes to partition i % partitions. Prints 'produced N' once all records are\n"
         "acknowledged.",
         {bootstrapOption(),
          {"topic", "T", "topic (must exist)", true},
          {"count", "N", "number of records", true},
          {"partition", "P", "send every record to this partition"},
          {"rate", "R", "records per second, 0 = as fast as possible (default 0)"},
          {"key-prefix", "K", "key prefix (default 'key')"},
          {"value-prefix", "V", "value prefix (default 'value')"},
          {"timestamp-start", "MS", "explicit CreateTime of record 0, epoch ms"},
          {"timestamp-step", "MS", "added per record (per run) to --timestamp-start (default 0)"},
          {"keys", "N", "keys cycle over N values: <key-prefix>-<seq % N>"},
          {"run-length", "R[,R2...]", "runs of R identical records; a list cycles (e.g. 1,200,7)"},
          {"client-id", "C", "client.id (default traffic-producer)"},
          {"timeout", "SEC", "deadline for producing and flushing (default 60)"}}},
        runProduce};
    return command;
}

} // namespace lagscope::traffic
