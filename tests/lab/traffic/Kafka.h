#pragma once
// Shared plumbing for every subcommand: stop flag, deadlines, client construction with the
// lab's short timeouts, RAII for librdkafka handles, metadata and commit helpers.
// Everything here may be used from any thread; one rd_kafka_t belongs to one thread.
#include "Result.h"

#include <librdkafka/rdkafka.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace lagscope::traffic {

// SIGINT/SIGTERM only set a flag; every loop polls it so shutdown is always orderly
// (consumers leave their group, producers flush) instead of dying mid-request.
void installStopHandlers();
bool stopRequested();
void requestStop();
// Sleeps in short slices; returns false as soon as a stop was requested.
bool sleepUnlessStopped(std::chrono::milliseconds duration);

class Deadline {
public:
    explicit Deadline(std::chrono::milliseconds budget) : m_end(std::chrono::steady_clock::now() + budget) { }
    bool expired() const { return std::chrono::steady_clock::now() >= m_end; }
    // Never negative, capped so it is safe as an int timeout for librdkafka.
    int remainingMs(int cap = 3600 * 1000) const;

private:
    std::chrono::steady_clock::time_point m_end;
};

struct HandleDeleter {
    void operator()(rd_kafka_t *rk) const;
};
struct ConfDeleter {
    void operator()(rd_kafka_conf_t *conf) const { rd_kafka_conf_destroy(conf); }
};
struct ListDeleter {
    void operator()(rd_kafka_topic_partition_list_t *list) const { rd_kafka_topic_partition_list_destroy(list); }
};
struct QueueDeleter {
    void operator()(rd_kafka_queue_t *queue) const { rd_kafka_queue_destroy(queue); }
};
struct EventDeleter {
    void operator()(rd_kafka_event_t *event) const { rd_kafka_event_destroy(event); }
};
using Handle = std::unique_ptr<rd_kafka_t, HandleDeleter>;
using ConfPtr = std::unique_ptr<rd_kafka_conf_t, ConfDeleter>;
using ListPtr = std::unique_ptr<rd_kafka_topic_partition_list_t, ListDeleter>;
using QueuePtr = std::unique_ptr<rd_kafka_queue_t, QueueDeleter>;
using EventPtr = std::unique_ptr<rd_kafka_event_t, EventDeleter>;

using KeyValue = std::pair<std::string, std::string>;

// Base configuration shared by producers, consumers and admin clients.
Result<ConfPtr> makeConf(const std::string &bootstrap, const std::string &clientId,
                         const std::vector<KeyValue> &extra = {});
// Takes ownership of conf (librdkafka does on success; we destroy it on failure).
Result<Handle> newClient(rd_kafka_type_t type, ConfPtr conf);

// Partition count of an existing topic whose partitions all have a leader. Retries until
// the deadline because a topic that was just created may not be in every broker's metadata
// cache yet, or not led yet. Uses an all-topics
// request so that a broker with auto.create.topics.enable never creates it by accident.
Result<int> partitionCount(rd_kafka_t *rk, const std::string &topic, const Deadline &deadline);

using Partition = std::pair<std::string, int32_t>;
using PartitionOffset = std::pair<Partition, int64_t>;

struct CommitOutcome {
    std::vector<Partition> committed;
    std::string firstError; // empty when every partition was committed
};
// Commits exact offsets for rk's group and waits for the broker's answer until deadline.
// leaderEpochs: the leader epoch to store with a partition's offset (that of the last record
// consumed, as Kafka's consumers commit); partitions absent from it are committed without.
Result<CommitOutcome> commitOffsets(rd_kafka_t *rk, const std::vector<PartitionOffset> &offsets,
                                    const Deadline &deadline, const std::map<Partition, int32_t> &leaderEpochs = {});

std::vector<std::string> split(const std::string &text, char separator);
std::string errorText(rd_kafka_resp_err_t err);

} // namespace lagscope::traffic
