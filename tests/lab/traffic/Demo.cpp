// `demo`: a small, lively cluster for demos and manual testing — steady producers and four
// consumer groups whose lag behaves in four recognisably different ways.
#include "Admin.h"
#include "Commands.h"
#include "DemoGroups.h"

#include <cstdio>
#include <random>
#include <thread>

namespace lagscope::traffic {

namespace {

struct DemoTopic {
    const char *name;
    int partitions;
    int ratePerSec;
    std::atomic<uint64_t> produced{0};
};

struct ProducerStatus {
    DemoTopic topics[3] = {{"orders", 6, 50}, {"payments", 3, 10}, {"clicks", 4, 100}};
    std::atomic<uint64_t> failed{0};
};

// Plausible JSON so that message browsers in Lagscope have something realistic to show.
std::string makeValue(const std::string &topic, uint64_t seq, std::mt19937 &rng, std::string &key)
{
    static const char *const kPages[] = {"/", "/search", "/product", "/cart", "/checkout"};
    static const char *const kMethods[] = {"card", "paypal", "invoice"};
    const int customer = static_cast<int>(rng() % 500);
    const int cents = 500 + static_cast<int>(rng() % 20000);
    const std::string amount = std::to_string(cents / 100) + "." + std::to_string(100 + cents % 100).substr(1);
    if (topic == "orders") {
        key = "customer-" + std::to_string(customer);
        return "{\"order_id\":" + std::to_string(seq) + ",\"customer\":\"" + key
               + "\",\"items\":" + std::to_string(1 + rng() % 5) + ",\"amount\":" + amount + ",\"currency\":\"EUR\"}";
    }
    if (topic == "payments") {
        key = "order-" + std::to_string(seq * 5);
        return "{\"payment_id\":" + std::to_string(seq) + ",\"order_id\":" + std::to_string(seq * 5) + ",\"method\":\""
               + kMethods[rng() % 3] + "\",\"status\":\"captured\",\"amount\":" + amount + "}";
    }
    key = "session-" + std::to_string(rng() % 2000);
    return "{\"session\":\"" + key + "\",\"page\":\"" + kPages[rng() % 5] + "/" + std::to_string(rng() % 100)
           + "\",\"customer\":\"customer-" + std::to_string(customer) + "\"}";
}

void onDemoDelivery(rd_kafka_t *, const rd_kafka_message_t *message, void *opaque)
{
    if (message->err)
        ++static_cast<ProducerStatus *>(opaque)->failed;
}

void runProducer(const DemoSettings &settings, ProducerStatus &status)
{
    auto conf =
        makeConf(settings.bootstrap, "traffic-demo-producer", {{"linger.ms", "20"}, {"message.timeout.ms", "30000"}});
    if (!conf.ok()) {
        std::fprintf(stderr, "lagscope-traffic demo: producer: %s\n", conf.error().c_str());
        return;
    }
    rd_kafka_conf_set_dr_msg_cb(conf.value().get(), onDemoDelivery);
    rd_kafka_conf_set_opaque(conf.value().get(), &status);
    auto client = newClient(RD_KAFKA_PRODUCER, std::move(conf.value()));
    if (!client.ok()) {
        std::fprintf(stderr, "lagscope-traffic demo: producer: %s\n", client.error().c_str());
        return;
    }
    rd_kafka_t *rk = client.value().get();
    std::mt19937 rng(42);
    const int64_t start = steadyMs();
    while (!stopRequested()) {
        const int64_t elapsed = steadyMs() - start;
        for (auto &topic : status.topics) {
            auto due = static_cast<uint64_t>(elapsed * topic.ratePerSec / 1000);
            // After an outage resume at the normal rate instead of bursting the backlog.
            if (due > topic.produced + topic.ratePerSec * 5)
                topic.produced = due - topic.ratePerSec;
            while (topic.produced < due) {
                std::string key;
                const std::string value = makeValue(topic.name, topic.produced, rng, key);
                const rd_kafka_resp_err_t err =
                    rd_kafka_producev(rk, RD_KAFKA_V_TOPIC(topic.name), RD_KAFKA_V_KEY(key.data(), key.size()),
                                      RD_KAFKA_V_VALUE(const_cast<char *>(value.data()), value.size()),
                                      RD_KAFKA_V_MSGFLAGS(RD_KAFKA_MSG_F_COPY), RD_KAFKA_V_END);
                if (err) {
                    if (err != RD_KAFKA_RESP_ERR__QUEUE_FULL)
                        ++status.failed;
                    break;
                }
                ++topic.produced;
            }
        }
        rd_kafka_poll(rk, 20);
    }
    if (rd_kafka_flush(rk, 5000))
        std::fprintf(stderr, "lagscope-traffic demo: producer: %d records undelivered at shutdown\n",
                     rd_kafka_outq_len(rk));
}

void printStatus(int64_t sinceStartSec, const ProducerStatus &producer, uint64_t (&lastProduced)[3],
                 GroupStatus *const (&groups)[4], uint64_t (&lastConsumed)[4])
{
    std::printf("[demo +%llds] producer           ", static_cast<long long>(sinceStartSec));
    for (int i = 0; i < 3; ++i) {
        const uint64_t now = producer.topics[i].produced;
        std::printf(" %s=+%llu", producer.topics[i].name, static_cast<unsigned long long>(now - lastProduced[i]));
        lastProduced[i] = now;
    }
    std::printf(" failed=%llu\n", static_cast<unsigned long long>(producer.failed.load()));
    for (int i = 0; i < 4; ++i) {
        const GroupStatus &g = *groups[i];
        const uint64_t consumed = g.consumed;
        const int64_t lag = g.lag;
        std::printf("[demo +%llds] %-19s members=%d partitions=%d consumed=+%llu lag~%s %s",
                    static_cast<long long>(sinceStartSec), g.name, g.members.load(), g.partitions.load(),
                    static_cast<unsigned long long>(consumed - lastConsumed[i]),
                    lag < 0 ? "?" : std::to_string(lag).c_str(), g.phase.load());
        if (const int64_t change = g.nextChangeMs; change > 0)
            std::printf(" %llds", static_cast<long long>(std::max<int64_t>(0, change - steadyMs()) / 1000));
        if (const uint64_t failures = g.commitFailures; failures > 0)
            std::printf(" commit-failures=%llu", static_cast<unsigned long long>(failures));
        std::printf("\n");
        lastConsumed[i] = consumed;
    }
    std::fflush(stdout);
}

int runDemo(const Args &args)
{
    const std::string name = "demo";
    DemoSettings settings;
    settings.bootstrap = args.value("bootstrap");
    settings.protocol = args.value("protocol", "classic");
    if (settings.protocol != "classic" && settings.protocol != "consumer")
        return usageFailure(name, "--protocol must be classic or consumer");
    auto interval = args.integer("status-interval", 10, 1, 3600);
    auto auditRun = args.integer("audit-run", 60, 1, 86400);
    auto auditPause = args.integer("audit-pause", 90, 1, 86400);
    auto rebalanceEvery = args.integer("rebalance-every", 45, 1, 86400);
    for (const auto *number : {&interval, &auditRun, &auditPause, &rebalanceEvery}) {
        if (!number->ok())
            return usageFailure(name, number->error());
    }
    settings.auditRunSec = static_cast<int>(auditRun.value());
    settings.auditPauseSec = static_cast<int>(auditPause.value());
    settings.rebalanceEverySec = static_cast<int>(rebalanceEvery.value());

    ProducerStatus producer;
    for (const auto &topic : producer.topics) {
        auto outcome =
            ensureTopic(settings.bootstrap, {topic.name, topic.partitions, -1, {}}, Deadline(std::chrono::seconds(30)));
        if (!outcome.ok())
            return runtimeFailure(name, outcome.error());
        std::printf("[demo] topic %s: %s\n", topic.name,
                    outcome.value() == TopicOutcome::Created ? "created" : "exists");
    }

    GroupStatus billing("billing-healthy"), analytics("analytics-slow"), audit("audit-stopping"),
        search("search-rebalancing");
    GroupStatus *const groups[4] = {&billing, &analytics, &audit, &search};
    std::vector<std::thread> threads;
    threads.emplace_back(runProducer, std::cref(settings), std::ref(producer));
    threads.emplace_back(runBillingHealthy, std::cref(settings), std::ref(billing));
    threads.emplace_back(runAnalyticsSlow, std::cref(settings), std::ref(analytics));
    threads.emplace_back(runAuditStopping, std::cref(settings), std::ref(audit));
    threads.emplace_back(runSearchRebalancing, std::cref(settings), std::ref(search));
    std::printf("[demo] running; SIGINT/SIGTERM stops it\n");
    std::fflush(stdout);

    const int64_t start = steadyMs();
    uint64_t lastProduced[3] = {};
    uint64_t lastConsumed[4] = {};
    while (sleepUnlessStopped(std::chrono::seconds(interval.value())))
        printStatus((steadyMs() - start) / 1000, producer, lastProduced, groups, lastConsumed);

    std::printf("[demo] stopping\n");
    std::fflush(stdout);
    for (auto &thread : threads)
        thread.join();
    std::printf("[demo] stopped after %llds\n", static_cast<long long>((steadyMs() - start) / 1000));
    return 0;
}

} // namespace

const Command &demoCommand()
{
    static const Command command{
        {"demo",
         "steady demo traffic with four differently behaving consumer groups",
         "Run lively demo traffic until SIGINT/SIGTERM: topics orders(6) payments(3) clicks(4) at 50/10/100\n"
         "records/s, and groups billing-healthy (keeps up), analytics-slow (30 records/s, lag grows),\n"
         "audit-stopping (runs 60 s, gone 90 s, repeat) and search-rebalancing (1-3 members, one joins or\n"
         "leaves every 45 s). Prints one status line per group every 10 s.",
         {bootstrapOption(),
          protocolOption(),
          {"status-interval", "SEC", "seconds between status lines (default 10)"},
          {"audit-run", "SEC", "audit-stopping run time (default 60)"},
          {"audit-pause", "SEC", "audit-stopping pause (default 90)"},
          {"rebalance-every", "SEC", "search-rebalancing member change period (default 45)"}}},
        runDemo};
    return command;
}

} // namespace lagscope::traffic
