#include "GroupMember.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace lagscope::traffic {

namespace {

struct MessageDeleter {
    void operator()(rd_kafka_message_t *message) const { rd_kafka_message_destroy(message); }
};

ListPtr toList(const std::set<Partition> &partitions)
{
    ListPtr list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    for (const auto &[topic, partition] : partitions)
        rd_kafka_topic_partition_list_add(list.get(), topic.c_str(), partition);
    return list;
}

void reportError(const std::string &clientId, const std::string &what, rd_kafka_error_t *error)
{
    if (!error)
        return;
    std::fprintf(stderr, "lagscope-traffic: [%s] %s: %s\n", clientId.c_str(), what.c_str(),
                 rd_kafka_error_string(error));
    rd_kafka_error_destroy(error);
}

} // namespace

Result<MemberOptions> memberOptions(const Args &args, const std::string &clientSuffix)
{
    MemberOptions options;
    options.bootstrap = args.value("bootstrap");
    options.group = args.value("group");
    options.clientId = args.value("client-id", "traffic-" + options.group + "-" + clientSuffix);
    options.protocol = args.value("protocol", "classic");
    options.topics = split(args.value("topic"), ',');
    // Static membership (KIP-345; KIP-848 groups take it too).
    if (const std::string instance = args.value("instance-id"); !instance.empty())
        options.extraConfig.emplace_back("group.instance.id", instance);
    if (options.protocol != "classic" && options.protocol != "consumer")
        return Error{"--protocol must be classic or consumer"};
    if (options.topics.empty())
        return Error{"--topic is empty"};
    return options;
}

Result<std::unique_ptr<GroupMember>> GroupMember::create(const MemberOptions &options)
{
    std::unique_ptr<GroupMember> member(new GroupMember(options));
    std::vector<KeyValue> extra = {
        {"group.id", options.group},
        {"group.protocol", options.protocol},
        // Commits are explicit lists of what we consumed; auto-commit would blur the numbers.
        {"enable.auto.commit", "false"},
        {"auto.offset.reset", "earliest"},
        {"enable.partition.eof", options.partitionEof ? "true" : "false"},
        {"max.poll.interval.ms", "45000"},
        // A subscription that raced its topic's creation ("Subscribed topic not available")
        // is assigned at the next metadata refresh: seconds here, not the default 5 minutes.
        {"topic.metadata.refresh.interval.ms", "5000"},
    };
    // With group.protocol=consumer these are broker-side settings and librdkafka rejects them.
    if (options.protocol == "classic") {
        extra.emplace_back("session.timeout.ms", "10000");
        extra.emplace_back("heartbeat.interval.ms", "3000");
    }
    extra.insert(extra.end(), options.extraConfig.begin(), options.extraConfig.end());
    auto conf = makeConf(options.bootstrap, options.clientId, extra);
    if (!conf.ok())
        return Error{conf.error()};
    rd_kafka_conf_set_rebalance_cb(conf.value().get(), rebalanceTrampoline);
    rd_kafka_conf_set_opaque(conf.value().get(), member.get());
    auto client = newClient(RD_KAFKA_CONSUMER, std::move(conf.value()));
    if (!client.ok())
        return Error{client.error()};
    member->m_rk = std::move(client.value());
    // Serve errors and rebalances from consumer_poll(), i.e. on the member's own thread.
    rd_kafka_poll_set_consumer(member->m_rk.get());
    return member;
}

GroupMember::~GroupMember()
{
    if (m_rk && !m_closed)
        (void)close(Deadline(std::chrono::seconds(5)));
}

namespace {

// Sets each partition's start to the group's committed offset, or the beginning when it has
// none (auto.offset.reset=earliest), asking until the coordinator answers. Assigning
// OFFSET_STORED leaves that lookup to librdkafka, which gave up on "Not coordinator" right
// after a lab start and never fetched those partitions (a drill consumed 0 records in 60 s).
Status resumeFromCommitted(rd_kafka_t *rk, rd_kafka_topic_partition_list_t *list, const Deadline &deadline)
{
    std::string problem = "no answer";
    while (!stopRequested()) {
        rd_kafka_resp_err_t err = rd_kafka_committed(rk, list, std::max(1000, deadline.remainingMs(5000)));
        for (int i = 0; i < list->cnt && !err; ++i)
            err = list->elems[i].err;
        if (!err) {
            for (int i = 0; i < list->cnt; ++i) {
                if (list->elems[i].offset < 0)
                    list->elems[i].offset = RD_KAFKA_OFFSET_BEGINNING;
            }
            return okStatus();
        }
        problem = errorText(err);
        if (deadline.expired())
            break;
        sleepUnlessStopped(std::chrono::milliseconds(250));
    }
    return Error{"the group's committed offsets: " + problem};
}

} // namespace

Status GroupMember::start()
{
    if (!m_options.manualPartitions.empty()) {
        ListPtr list(rd_kafka_topic_partition_list_new(0));
        for (const auto &topic : m_options.topics) {
            for (const int32_t partition : m_options.manualPartitions) {
                rd_kafka_topic_partition_list_add(list.get(), topic.c_str(), partition);
                m_assigned.emplace(topic, partition);
            }
        }
        if (auto resolved = resumeFromCommitted(m_rk.get(), list.get(), Deadline(std::chrono::seconds(30)));
            !resolved.ok())
            return resolved;
        if (const rd_kafka_resp_err_t err = rd_kafka_assign(m_rk.get(), list.get()))
            return Error{"assign: " + errorText(err)};
        return okStatus();
    }
    ListPtr list(rd_kafka_topic_partition_list_new(static_cast<int>(m_options.topics.size())));
    for (const auto &topic : m_options.topics)
        rd_kafka_topic_partition_list_add(list.get(), topic.c_str(), RD_KAFKA_PARTITION_UA);
    if (const rd_kafka_resp_err_t err = rd_kafka_subscribe(m_rk.get(), list.get()))
        return Error{"subscribe: " + errorText(err)};
    return okStatus();
}

GroupMember::Polled GroupMember::poll(int timeoutMs)
{
    std::unique_ptr<rd_kafka_message_t, MessageDeleter> message(rd_kafka_consumer_poll(m_rk.get(), timeoutMs));
    if (!message)
        return Polled::Nothing;
    const Partition tp(message->rkt ? rd_kafka_topic_name(message->rkt) : "", message->partition);
    if (message->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) {
        if (m_assigned.count(tp))
            m_atEof.insert(tp);
        return Polled::Eof;
    }
    if (message->err) {
        m_lastError = rd_kafka_message_errstr(message.get());
        return Polled::Error;
    }
    if (m_frozen)
        return Polled::Nothing; // left over from before the pause; not ours to count
    m_next[tp] = message->offset + 1;
    if (const int32_t epoch = rd_kafka_message_leader_epoch(message.get()); epoch >= 0)
        m_leaderEpoch[tp] = epoch;
    m_atEof.erase(tp);
    m_lastValue.assign(static_cast<const char *>(message->payload ? message->payload : ""),
                       message->payload ? message->len : 0);
    return Polled::Message;
}

Result<int> GroupMember::commitConsumed(const Deadline &deadline)
{
    std::set<Partition> changed;
    for (const auto &[tp, next] : m_next) {
        const auto last = m_lastCommitted.find(tp);
        if (last == m_lastCommitted.end() || last->second != next)
            changed.insert(tp);
    }
    return commitPartitions(changed, deadline);
}

Result<int> GroupMember::commitAllAgain(const Deadline &deadline)
{
    std::set<Partition> all;
    for (const auto &entry : m_next)
        all.insert(entry.first);
    return commitPartitions(all, deadline);
}

Result<int> GroupMember::commitPartitions(const std::set<Partition> &which, const Deadline &deadline)
{
    std::vector<PartitionOffset> offsets;
    for (const auto &tp : which) {
        if (const auto it = m_next.find(tp); it != m_next.end())
            offsets.emplace_back(tp, it->second);
    }
    if (offsets.empty())
        return 0;
    auto outcome = commitOffsets(m_rk.get(), offsets, deadline, m_leaderEpoch);
    if (!outcome.ok())
        return Error{outcome.error()};
    for (const auto &tp : outcome.value().committed) {
        m_committedEver.insert(tp);
        m_lastCommitted[tp] = m_next[tp];
    }
    if (!outcome.value().firstError.empty())
        return Error{"commit failed for " + outcome.value().firstError};
    return static_cast<int>(outcome.value().committed.size());
}

Result<int> GroupMember::commitExact(const std::vector<PartitionOffset> &offsets, const Deadline &deadline)
{
    auto outcome = commitOffsets(m_rk.get(), offsets, deadline);
    if (!outcome.ok())
        return Error{outcome.error()};
    m_committedEver.insert(outcome.value().committed.begin(), outcome.value().committed.end());
    if (!outcome.value().firstError.empty())
        return Error{"commit failed for " + outcome.value().firstError};
    return static_cast<int>(outcome.value().committed.size());
}

void GroupMember::freeze()
{
    m_frozen = true;
    if (m_assigned.empty())
        return;
    ListPtr list = toList(m_assigned);
    rd_kafka_pause_partitions(m_rk.get(), list.get());
}

bool GroupMember::allAssignedAtEof() const
{
    if (m_assigned.empty())
        return false;
    for (const auto &tp : m_assigned) {
        if (!m_atEof.count(tp))
            return false;
    }
    return true;
}

int64_t GroupMember::queryLag(const Deadline &deadline)
{
    // Partitions not consumed from yet: their position is the committed offset.
    std::map<Partition, int64_t> positions(m_next);
    std::set<Partition> unknown;
    for (const auto &tp : m_assigned) {
        if (!positions.count(tp))
            unknown.insert(tp);
    }
    if (!unknown.empty()) {
        ListPtr list = toList(unknown);
        if (!rd_kafka_committed(m_rk.get(), list.get(), std::max(1, deadline.remainingMs()))) {
            for (int i = 0; i < list->cnt; ++i)
                positions[{list->elems[i].topic, list->elems[i].partition}] = list->elems[i].offset; // may be INVALID
        }
    }
    int64_t lag = -1;
    for (const auto &tp : m_assigned) {
        const auto position = positions.find(tp);
        if (position == positions.end() || deadline.expired())
            continue;
        int64_t low = -1;
        int64_t high = -1;
        if (rd_kafka_query_watermark_offsets(m_rk.get(), tp.first.c_str(), tp.second, &low, &high,
                                             std::max(1, deadline.remainingMs()))
            || high < 0)
            continue;
        const int64_t from = position->second >= 0 ? position->second : low; // auto.offset.reset=earliest
        lag = std::max<int64_t>(lag, 0) + std::max<int64_t>(0, high - from);
    }
    return lag;
}

Status GroupMember::close(const Deadline &deadline)
{
    if (m_closed)
        return okStatus();
    m_closed = true;
    // The queue variant of consumer_close lets us bound the wait; rebalance events still
    // arrive on it and go through onRebalance, so revoked partitions get committed.
    QueuePtr queue(rd_kafka_queue_new(m_rk.get()));
    if (rd_kafka_error_t *error = rd_kafka_consumer_close_queue(m_rk.get(), queue.get())) {
        const std::string text = rd_kafka_error_string(error);
        rd_kafka_error_destroy(error);
        return Error{"close: " + text};
    }
    while (!rd_kafka_consumer_closed(m_rk.get())) {
        if (deadline.expired())
            return Error{"close: did not leave the group before the deadline"};
        EventPtr event(rd_kafka_queue_poll(queue.get(), 100));
        if (event && rd_kafka_event_type(event.get()) == RD_KAFKA_EVENT_REBALANCE)
            onRebalance(rd_kafka_event_error(event.get()), rd_kafka_event_topic_partition_list(event.get()));
    }
    return okStatus();
}

void GroupMember::rebalanceTrampoline(rd_kafka_t *, rd_kafka_resp_err_t err,
                                      rd_kafka_topic_partition_list_t *partitions, void *opaque)
{
    static_cast<GroupMember *>(opaque)->onRebalance(err, partitions);
}

void GroupMember::onRebalance(rd_kafka_resp_err_t err, rd_kafka_topic_partition_list_t *partitions)
{
    rd_kafka_t *rk = m_rk.get();
    // KIP-848 groups and cooperative-sticky hand over partitions incrementally; the eager
    // classic assignors replace the whole assignment.
    const bool incremental = std::strcmp(rd_kafka_rebalance_protocol(rk), "COOPERATIVE") == 0;
    std::set<Partition> changed;
    for (int i = 0; partitions && i < partitions->cnt; ++i)
        changed.emplace(partitions->elems[i].topic, partitions->elems[i].partition);

    if (err == RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS) {
        if (incremental)
            reportError(clientId(), "incremental assign", rd_kafka_incremental_assign(rk, partitions));
        else
            rd_kafka_assign(rk, partitions);
        for (const auto &tp : changed) {
            m_assigned.insert(tp);
            m_atEof.erase(tp);
        }
        if (m_frozen && partitions)
            rd_kafka_pause_partitions(rk, partitions);
        return;
    }

    if (err == RD_KAFKA_RESP_ERR__REVOKE_PARTITIONS && m_options.commitOnRevoke && !m_frozen
        && !rd_kafka_assignment_lost(rk)) {
        // Like a well-behaved application: hand partitions over with their progress saved.
        if (auto committed = commitPartitions(changed, Deadline(std::chrono::seconds(5))); !committed.ok())
            std::fprintf(stderr, "lagscope-traffic: [%s] commit on revoke: %s\n", clientId().c_str(),
                         committed.error().c_str());
    } else if (err != RD_KAFKA_RESP_ERR__REVOKE_PARTITIONS) {
        m_lastError = "rebalance error: " + errorText(err);
    }
    const bool partial = incremental && err == RD_KAFKA_RESP_ERR__REVOKE_PARTITIONS;
    if (partial) {
        reportError(clientId(), "incremental unassign", rd_kafka_incremental_unassign(rk, partitions));
    } else {
        rd_kafka_assign(rk, nullptr);
        changed = m_assigned; // the whole assignment is gone
    }
    for (const auto &tp : changed) {
        m_assigned.erase(tp);
        m_atEof.erase(tp);
        m_next.erase(tp);
        m_leaderEpoch.erase(tp);
        m_lastCommitted.erase(tp);
    }
}

} // namespace lagscope::traffic
