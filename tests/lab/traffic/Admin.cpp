#include "Admin.h"

#include "Commands.h"

#include <cstdio>

namespace lagscope::traffic {

namespace {

// Issues CreateTopics and returns the per-topic error code (NO_ERROR when created).
Result<rd_kafka_resp_err_t> sendCreateTopics(rd_kafka_t *rk, const TopicRequest &request, const Deadline &deadline)
{
    char errstr[512];
    rd_kafka_NewTopic_t *newTopic =
        rd_kafka_NewTopic_new(request.name.c_str(), request.partitions, request.replication, errstr, sizeof errstr);
    if (!newTopic)
        return Error{std::string("invalid topic request: ") + errstr};
    for (const auto &[key, value] : request.configs)
        rd_kafka_NewTopic_set_config(newTopic, key.c_str(), value.c_str());

    rd_kafka_AdminOptions_t *options = rd_kafka_AdminOptions_new(rk, RD_KAFKA_ADMIN_OP_CREATETOPICS);
    const int budget = std::max(1000, deadline.remainingMs());
    rd_kafka_AdminOptions_set_request_timeout(options, budget, errstr, sizeof errstr);
    // Ask the broker to answer only once the topic exists on the controller.
    rd_kafka_AdminOptions_set_operation_timeout(options, std::max(500, budget - 500), errstr, sizeof errstr);

    QueuePtr queue(rd_kafka_queue_new(rk));
    rd_kafka_CreateTopics(rk, &newTopic, 1, options, queue.get());
    rd_kafka_NewTopic_destroy(newTopic);
    rd_kafka_AdminOptions_destroy(options);

    EventPtr event(rd_kafka_queue_poll(queue.get(), std::max(1, deadline.remainingMs())));
    if (!event)
        return Error{"CreateTopics: no answer before the deadline"};
    if (const rd_kafka_resp_err_t err = rd_kafka_event_error(event.get()))
        return Error{"CreateTopics: " + std::string(rd_kafka_event_error_string(event.get()))};
    const rd_kafka_CreateTopics_result_t *result = rd_kafka_event_CreateTopics_result(event.get());
    size_t count = 0;
    const rd_kafka_topic_result_t **topics = result ? rd_kafka_CreateTopics_result_topics(result, &count) : nullptr;
    if (count != 1)
        return Error{"CreateTopics: unexpected answer"};
    const rd_kafka_resp_err_t err = rd_kafka_topic_result_error(topics[0]);
    if (err && err != RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS) {
        const char *message = rd_kafka_topic_result_error_string(topics[0]);
        return Error{"cannot create topic " + request.name + ": " + (message ? message : errorText(err))};
    }
    return err;
}

} // namespace

Result<TopicOutcome> ensureTopic(const std::string &bootstrap, const TopicRequest &request, const Deadline &deadline)
{
    auto conf = makeConf(bootstrap, "traffic-admin");
    if (!conf.ok())
        return Error{conf.error()};
    auto client = newClient(RD_KAFKA_PRODUCER, std::move(conf.value()));
    if (!client.ok())
        return Error{client.error()};
    rd_kafka_t *rk = client.value().get();

    auto created = sendCreateTopics(rk, request, deadline);
    if (!created.ok())
        return Error{created.error()};
    const bool existed = created.value() == RD_KAFKA_RESP_ERR_TOPIC_ALREADY_EXISTS;

    auto partitions = partitionCount(rk, request.name, deadline);
    if (!partitions.ok())
        return Error{"topic " + request.name + " not visible in metadata: " + partitions.error()};
    if (partitions.value() != request.partitions)
        return Error{"topic " + request.name + " already exists with " + std::to_string(partitions.value())
                     + " partitions, not " + std::to_string(request.partitions)};
    return existed ? TopicOutcome::AlreadyExisted : TopicOutcome::Created;
}

namespace {

int runCreateTopic(const Args &args)
{
    const std::string name = "create-topic";
    TopicRequest request;
    request.name = args.value("topic");
    auto partitions = args.integer("partitions", 1, 1, 100000);
    auto replication = args.integer("replication", -1, -1, 32767);
    auto timeout = args.integer("timeout", 30, 1, 3600);
    for (const auto *number : {&partitions, &replication, &timeout}) {
        if (!number->ok())
            return usageFailure(name, number->error());
    }
    if (replication.value() == 0)
        return usageFailure(name, "--replication must be -1 (broker default) or at least 1");
    request.partitions = static_cast<int>(partitions.value());
    request.replication = static_cast<int>(replication.value());
    for (const auto &entry : args.values("config")) {
        const auto eq = entry.find('=');
        if (eq == std::string::npos || eq == 0)
            return usageFailure(name, "--config expects key=value, got '" + entry + "'");
        request.configs.emplace_back(entry.substr(0, eq), entry.substr(eq + 1));
    }

    auto outcome = ensureTopic(args.value("bootstrap"), request, Deadline(std::chrono::seconds(timeout.value())));
    if (!outcome.ok())
        return runtimeFailure(name, outcome.error());
    std::printf("%s topic %s (%d partitions)\n", outcome.value() == TopicOutcome::Created ? "created" : "existing",
                request.name.c_str(), request.partitions);
    return 0;
}

} // namespace

const Command &createTopicCommand()
{
    static const Command command{
        {"create-topic",
         "create a topic (idempotent) and wait until it is visible",
         "Create a topic with the Admin API and wait until it is visible. An existing topic with the same\n"
         "partition count is accepted (exit 0); a different partition count is an error (exit 1).",
         {bootstrapOption(),
          {"topic", "T", "topic name", true},
          {"partitions", "N", "partition count", true},
          {"replication", "R", "replication factor (default: the broker's default)"},
          {"config", "k=v", "topic config, repeatable (e.g. retention.ms=-1)", false, true},
          {"timeout", "SEC", "deadline for the whole operation (default 30)"}}},
        runCreateTopic};
    return command;
}

} // namespace lagscope::traffic
