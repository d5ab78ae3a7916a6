#include "Kafka.h"

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <thread>

namespace lagscope::traffic {

namespace {

// Lock-free atomics are async-signal-safe; a plain bool would not be.
std::atomic<bool> g_stop{false};
static_assert(std::atomic<bool>::is_always_lock_free);

void onSignal(int) { g_stop.store(true); }

// Without an error_cb librdkafka logs errors itself; we prefix them with the client name
// so that lab logs show which member of which group hit the problem.
void onError(rd_kafka_t *rk, int err, const char *reason, void *)
{
    std::fprintf(stderr, "lagscope-traffic: [%s] %s: %s\n", rd_kafka_name(rk),
                 rd_kafka_err2name(static_cast<rd_kafka_resp_err_t>(err)), reason);
}

} // namespace

void installStopHandlers()
{
    struct sigaction action { };
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

bool stopRequested() { return g_stop.load(); }
void requestStop() { g_stop.store(true); }

bool sleepUnlessStopped(std::chrono::milliseconds duration)
{
    const auto end = std::chrono::steady_clock::now() + duration;
    while (!stopRequested()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= end)
            return true;
        std::this_thread::sleep_for(
            std::min<std::chrono::steady_clock::duration>(end - now, std::chrono::milliseconds(100)));
    }
    return false;
}

int Deadline::remainingMs(int cap) const
{
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(m_end - std::chrono::steady_clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left, 0, cap));
}

void HandleDeleter::operator()(rd_kafka_t *rk) const
{
    // Consumers are closed explicitly (with a deadline) before this; a second, blocking
    // close inside rd_kafka_destroy() could hang on an unreachable coordinator.
    rd_kafka_destroy_flags(rk, RD_KAFKA_DESTROY_F_NO_CONSUMER_CLOSE);
}

Result<ConfPtr> makeConf(const std::string &bootstrap, const std::string &clientId, const std::vector<KeyValue> &extra)
{
    ConfPtr conf(rd_kafka_conf_new());
    std::vector<KeyValue> settings = {
        {"bootstrap.servers", bootstrap},
        {"client.id", clientId},
        // Short timeouts: the lab is on loopback, and a hung test is worse than a failed one.
        {"socket.timeout.ms", "10000"},
        {"socket.connection.setup.timeout.ms", "10000"},
        {"reconnect.backoff.max.ms", "2000"},
        // Idle connections are closed by brokers routinely; logging each one is noise.
        {"log.connection.close", "false"},
        // Consumers should notice partitions added by tests within seconds, not 5 minutes.
        {"topic.metadata.refresh.interval.ms", "30000"},
    };
    settings.insert(settings.end(), extra.begin(), extra.end());
    char errstr[512];
    for (const auto &[key, value] : settings) {
        if (rd_kafka_conf_set(conf.get(), key.c_str(), value.c_str(), errstr, sizeof errstr) != RD_KAFKA_CONF_OK)
            return Error{"config " + key + "=" + value + ": " + errstr};
    }
    rd_kafka_conf_set_error_cb(conf.get(), onError);
    return conf;
}

Result<Handle> newClient(rd_kafka_type_t type, ConfPtr conf)
{
    char errstr[512];
    rd_kafka_t *rk = rd_kafka_new(type, conf.get(), errstr, sizeof errstr);
    if (!rk)
        return Error{std::string("cannot create client: ") + errstr};
    conf.release(); // owned by rk now
    return Handle(rk);
}

Result<int> partitionCount(rd_kafka_t *rk, const std::string &topic, const Deadline &deadline)
{
    std::string lastProblem = "no metadata";
    bool answered = false;
    while (true) {
        const rd_kafka_metadata_t *md = nullptr;
        const rd_kafka_resp_err_t err =
            rd_kafka_metadata(rk, 1, nullptr, &md, std::max(1000, deadline.remainingMs(5000)));
        if (err) {
            // Keep an earlier "does not exist" answer: a timeout of the last, short retry
            // would hide the real problem.
            if (!answered)
                lastProblem = "metadata request failed: " + errorText(err);
        } else {
            answered = true;
            lastProblem = "topic " + topic + " does not exist";
            int count = -1;
            for (int i = 0; i < md->topic_cnt; ++i) {
                const auto &t = md->topics[i];
                if (topic != t.topic)
                    continue;
                if (t.err) {
                    lastProblem = "topic " + topic + ": " + errorText(t.err);
                    continue;
                }
                // Ready once every partition has a leader: a group member that joins
                // before that may get no assignment for the topic (the demo's slow group
                // once consumed nothing for minutes after "Subscribed topic not available").
                bool led = t.partition_cnt > 0;
                for (int p = 0; p < t.partition_cnt; ++p)
                    led = led && t.partitions[p].err == RD_KAFKA_RESP_ERR_NO_ERROR && t.partitions[p].leader >= 0;
                if (led)
                    count = t.partition_cnt;
                else
                    lastProblem = "topic " + topic + ": a partition has no leader yet";
            }
            rd_kafka_metadata_destroy(md);
            if (count > 0)
                return count;
        }
        if (deadline.expired() || stopRequested())
            return Error{lastProblem};
        sleepUnlessStopped(std::chrono::milliseconds(250));
    }
}

Result<CommitOutcome> commitOffsets(rd_kafka_t *rk, const std::vector<PartitionOffset> &offsets,
                                    const Deadline &deadline, const std::map<Partition, int32_t> &leaderEpochs)
{
    CommitOutcome outcome;
    if (offsets.empty())
        return outcome;
    ListPtr list(rd_kafka_topic_partition_list_new(static_cast<int>(offsets.size())));
    for (const auto &[tp, offset] : offsets) {
        rd_kafka_topic_partition_t *added = rd_kafka_topic_partition_list_add(list.get(), tp.first.c_str(), tp.second);
        added->offset = offset;
        if (const auto epoch = leaderEpochs.find(tp); epoch != leaderEpochs.end())
            rd_kafka_topic_partition_set_leader_epoch(added, epoch->second);
    }

    // A private queue turns the commit into an event we can wait for with our own
    // deadline; rd_kafka_commit(sync) would wait as long as librdkafka likes.
    QueuePtr queue(rd_kafka_queue_new(rk));
    const rd_kafka_resp_err_t err = rd_kafka_commit_queue(rk, list.get(), queue.get(), nullptr, nullptr);
    if (err)
        return Error{"commit: " + errorText(err)};
    while (true) {
        EventPtr event(rd_kafka_queue_poll(queue.get(), std::max(1, deadline.remainingMs())));
        if (!event)
            return Error{"commit: no answer from the group coordinator in time"};
        if (rd_kafka_event_type(event.get()) != RD_KAFKA_EVENT_OFFSET_COMMIT)
            continue;
        const rd_kafka_topic_partition_list_t *result = rd_kafka_event_topic_partition_list(event.get());
        if (const rd_kafka_resp_err_t eventErr = rd_kafka_event_error(event.get()); eventErr && !result)
            return Error{"commit: " + errorText(eventErr)};
        for (int i = 0; result && i < result->cnt; ++i) {
            const auto &p = result->elems[i];
            if (p.err == RD_KAFKA_RESP_ERR_NO_ERROR)
                outcome.committed.emplace_back(p.topic, p.partition);
            else if (outcome.firstError.empty())
                outcome.firstError =
                    std::string(p.topic) + "[" + std::to_string(p.partition) + "]: " + errorText(p.err);
        }
        if (outcome.committed.empty() && outcome.firstError.empty()) {
            if (const rd_kafka_resp_err_t eventErr = rd_kafka_event_error(event.get()))
                outcome.firstError = errorText(eventErr);
        }
        return outcome;
    }
}

std::vector<std::string> split(const std::string &text, char separator)
{
    std::vector<std::string> parts;
    std::string::size_type start = 0;
    while (start <= text.size()) {
        const auto end = text.find(separator, start);
        const std::string part = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!part.empty())
            parts.push_back(part);
        if (end == std::string::npos)
            break;
        start = end + 1;
    }
    return parts;
}

std::string errorText(rd_kafka_resp_err_t err)
{
    return std::string(rd_kafka_err2name(err)) + " (" + rd_kafka_err2str(err) + ")";
}

} // namespace lagscope::traffic
