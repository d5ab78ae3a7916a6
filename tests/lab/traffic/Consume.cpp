// `consume` and `commit`: a real group member with predictable commits, and a way to
// place a group's offsets exactly without consuming.
#include "Commands.h"
#include "GroupMember.h"

#include <cstdio>

namespace lagscope::traffic {

namespace {

Result<std::vector<int32_t>> parsePartitionList(const std::string &text)
{
    std::vector<int32_t> partitions;
    for (const auto &item : split(text, ',')) {
        auto number = parseInteger(item, "--assign");
        if (!number.ok())
            return Error{number.error()};
        if (number.value() < 0 || number.value() > 1000000)
            return Error{"--assign: partition " + item + " out of range"};
        partitions.push_back(static_cast<int32_t>(number.value()));
    }
    if (partitions.empty())
        return Error{"--assign needs at least one partition"};
    return partitions;
}

// Fails early and clearly on a missing topic or partition instead of waiting for a timeout.
Status checkTopics(rd_kafka_t *rk, const std::vector<std::string> &topics, const std::vector<int32_t> &partitions)
{
    for (const auto &topic : topics) {
        auto count = partitionCount(rk, topic, Deadline(std::chrono::seconds(10)));
        if (!count.ok())
            return Error{count.error()};
        for (const int32_t partition : partitions) {
            if (partition >= count.value())
                return Error{"topic " + topic + " has no partition " + std::to_string(partition)};
        }
    }
    return okStatus();
}

int runConsume(const Args &args)
{
    const std::string name = "consume";
    auto parsed = memberOptions(args, "1");
    if (!parsed.ok())
        return usageFailure(name, parsed.error());
    MemberOptions &options = parsed.value();
    options.partitionEof = true; // "caught up" is how a bounded consume ends
    const std::string commitMode = args.value("commit", "sync");
    auto max = args.integer("max", 0, 0, int64_t{1} << 40);
    auto timeout = args.integer("timeout", 60, 1, 86400);
    auto commitEvery = args.integer("commit-every", 0, 0, int64_t{1} << 40);
    for (const auto *number : {&max, &timeout, &commitEvery}) {
        if (!number->ok())
            return usageFailure(name, number->error());
    }
    if (commitMode != "sync" && commitMode != "none")
        return usageFailure(name, "--commit must be sync or none");
    if (args.has("assign")) {
        auto partitions = parsePartitionList(args.value("assign"));
        if (!partitions.ok())
            return usageFailure(name, partitions.error());
        options.manualPartitions = partitions.value();
    }
    options.commitOnRevoke = commitMode == "sync";

    auto created = GroupMember::create(options);
    if (!created.ok())
        return runtimeFailure(name, created.error());
    GroupMember &member = *created.value();
    if (auto checked = checkTopics(member.handle(), options.topics, options.manualPartitions); !checked.ok())
        return runtimeFailure(name, checked.error());
    if (auto started = member.start(); !started.ok())
        return runtimeFailure(name, started.error());

    // --log: the value of every record processed, one per line (failover drills count
    // lost and duplicated sequence numbers from it).
    std::FILE *log = nullptr;
    if (args.has("log")) {
        log = std::fopen(args.value("log").c_str(), "a");
        if (!log)
            return runtimeFailure(name, "cannot open --log " + args.value("log"));
    }
    const Deadline deadline(std::chrono::seconds(timeout.value()));
    int64_t consumed = 0;
    bool caughtUp = false;
    std::string commitError;
    while (consumed < max.value() && !stopRequested() && !deadline.expired() && commitError.empty()) {
        switch (member.poll(200)) {
        case GroupMember::Polled::Message:
            ++consumed;
            if (log)
                std::fprintf(log, "%s\n", member.lastValue().c_str());
            if (commitMode == "sync" && commitEvery.value() > 0 && consumed % commitEvery.value() == 0) {
                if (log)
                    std::fflush(log); // what is committed has been logged
                if (auto committed = member.commitConsumed(Deadline(std::chrono::seconds(15))); !committed.ok())
                    commitError = committed.error();
            }
            break;
        case GroupMember::Polled::Eof: caughtUp = member.allAssignedAtEof(); break;
        case GroupMember::Polled::Error:
            std::fprintf(stderr, "lagscope-traffic consume: warning: %s\n", member.lastError().c_str());
            break;
        case GroupMember::Polled::Nothing: break;
        }
        if (caughtUp)
            break;
    }
    const bool finished = consumed >= max.value() || caughtUp;
    if (log)
        std::fclose(log);

    if (commitMode == "sync" && commitError.empty()) {
        if (auto committed = member.commitConsumed(Deadline(std::chrono::seconds(15))); !committed.ok())
            commitError = committed.error();
    }
    std::printf("consumed %lld committed %zu partitions\n", static_cast<long long>(consumed),
                member.committedPartitionCount());
    std::fflush(stdout);

    if (args.has("stay") && finished && commitError.empty() && !stopRequested()) {
        // Keep the membership (heartbeats, and polls for max.poll.interval.ms) without
        // consuming further, so the committed offsets stay exactly as printed.
        member.freeze();
        while (!stopRequested()) {
            if (member.poll(200) == GroupMember::Polled::Error)
                std::fprintf(stderr, "lagscope-traffic consume: warning: %s\n", member.lastError().c_str());
        }
    }
    const auto closed = member.close(Deadline(std::chrono::seconds(15)));
    if (!commitError.empty())
        return runtimeFailure(name, commitError);
    if (!closed.ok())
        return runtimeFailure(name, closed.error());
    if (!finished)
        return runtimeFailure(name, stopRequested()
                                        ? "interrupted"
                                        : "timed out before reaching --max or the end of every assigned partition");
    return 0;
}

int runCommit(const Args &args)
{
    const std::string name = "commit";
    auto parsed = memberOptions(args, "commit");
    if (!parsed.ok())
        return usageFailure(name, parsed.error());
    MemberOptions &options = parsed.value();
    options.commitOnRevoke = false;
    const std::string topic = args.value("topic");

    std::vector<PartitionOffset> offsets;
    std::vector<int32_t> partitions;
    for (const auto &item : split(args.value("offsets"), ',')) {
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            return usageFailure(name, "--offsets expects P=O[,P=O...], got '" + item + "'");
        auto partition = parseInteger(item.substr(0, eq), "--offsets partition");
        auto offset = parseInteger(item.substr(eq + 1), "--offsets offset");
        if (!partition.ok() || !offset.ok())
            return usageFailure(name, partition.ok() ? offset.error() : partition.error());
        if (partition.value() < 0 || partition.value() > 1000000 || offset.value() < 0)
            return usageFailure(name, "--offsets: partition and offset must be >= 0 in '" + item + "'");
        partitions.push_back(static_cast<int32_t>(partition.value()));
        offsets.push_back({{topic, partitions.back()}, offset.value()});
    }
    if (offsets.empty())
        return usageFailure(name, "--offsets is empty");

    auto created = GroupMember::create(options);
    if (!created.ok())
        return runtimeFailure(name, created.error());
    GroupMember &member = *created.value();
    if (auto checked = checkTopics(member.handle(), {topic}, partitions); !checked.ok())
        return runtimeFailure(name, checked.error());
    // Not a member: the broker accepts this commit only while the group has no members.
    auto committed = member.commitExact(offsets, Deadline(std::chrono::seconds(15)));
    (void)member.close(Deadline(std::chrono::seconds(5)));
    if (!committed.ok())
        return runtimeFailure(name, committed.error() + " (the group must have no active members)");
    std::printf("committed %d partitions\n", committed.value());
    return 0;
}

} // namespace

const Command &consumeCommand()
{
    static const Command command{
        {"consume",
         "consume as a real group member, commit what was consumed, leave cleanly",
         "Join --group as a real member, consume up to --max records (or until every assigned partition\n"
         "is at its end), commit the consumed positions synchronously, leave the group cleanly and print\n"
         "'consumed N committed K partitions'.",
         {bootstrapOption(),
          {"group", "G", "consumer group id", true},
          {"topic", "T[,T2...]", "topics to subscribe to", true},
          {"max", "N", "stop after N records", true},
          {"commit", "sync|none", "commit the consumed positions before leaving (default sync)"},
          protocolOption(),
          {"client-id", "C", "client.id (default traffic-<group>-1)"},
          {"instance-id", "I",
           "group.instance.id: a static member (default none). It sends no LeaveGroup when\n"
           "                              it exits: the group keeps it until its session times out"},
          {"assign", "P[,P...]",
           "manual assignment of these partitions (no rebalance); starts at the\n"
           "                              committed offsets or earliest and commits only these"},
          {"stay", "", "after committing stay a live, idle member until SIGINT/SIGTERM"},
          {"log", "FILE", "append the value of every consumed record to FILE, one per line"},
          {"commit-every", "N", "also commit the consumed positions after every N records"},
          {"timeout", "SEC", "deadline for consuming (default 60); exit 1 if reached"}}},
        runConsume};
    return command;
}

const Command &commitCommand()
{
    static const Command command{
        {"commit",
         "commit exact offsets for a group that has no active members",
         "Commit exact offsets for a group without consuming. The group must have no active members.",
         {bootstrapOption(),
          {"group", "G", "consumer group id", true},
          {"topic", "T", "topic", true},
          {"offsets", "P=O[,P=O...]", "partition=offset pairs", true},
          protocolOption(),
          {"client-id", "C", "client.id (default traffic-<group>-commit)"}}},
        runCommit};
    return command;
}

} // namespace lagscope::traffic
