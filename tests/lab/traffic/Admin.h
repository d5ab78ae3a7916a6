#pragma once
// Topic creation through the Admin API, shared by `create-topic` and `demo`.
#include "Kafka.h"

#include <string>
#include <vector>

namespace lagscope::traffic {

struct TopicRequest {
    std::string name;
    int partitions = 1;
    int replication = -1; // -1: the broker's default.replication.factor
    std::vector<KeyValue> configs;
};

enum class TopicOutcome {
    Created,
    AlreadyExisted
};

// Creates the topic and waits until its metadata is visible, so that the next command
// (usually a produce) does not race the controller. An existing topic with the requested
// partition count is fine; a different count is an error because tests rely on it.
Result<TopicOutcome> ensureTopic(const std::string &bootstrap, const TopicRequest &request, const Deadline &deadline);

} // namespace lagscope::traffic
