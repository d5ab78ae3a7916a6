// `member`: a long-running group member whose behaviour the lag status tests need: keeps up,
// consumes slowly (--rate), stalls (--stall-after: stops consuming but keeps committing the
// same offsets), or stops (--run: leaves the group after SEC seconds, or on SIGTERM).
#include "Commands.h"
#include "GroupMember.h"

#include <chrono>
#include <cstdio>

namespace lagscope::traffic {

namespace {

int64_t nowMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

int runMember(const Args &args)
{
    const std::string name = "member";
    auto parsed = memberOptions(args, "member");
    if (!parsed.ok())
        return usageFailure(name, parsed.error());
    MemberOptions &options = parsed.value();
    auto rate = args.integer("rate", 0, 0, 1000000);
    auto interval = args.integer("commit-interval", 1000, 50, 3600000);
    auto stallAfter = args.integer("stall-after", -1, 0, int64_t{1} << 40);
    auto run = args.integer("run", 0, 0, 86400);
    for (const auto *number : {&rate, &interval, &stallAfter, &run}) {
        if (!number->ok())
            return usageFailure(name, number->error());
    }
    if (rate.value() > 0) {
        // A small prefetch spreads a slow member's progress over all its partitions.
        options.extraConfig = {{"queued.min.messages", "20"}, {"max.partition.fetch.bytes", "4096"}};
    }

    auto created = GroupMember::create(options);
    if (!created.ok())
        return runtimeFailure(name, created.error());
    GroupMember &member = *created.value();
    if (auto started = member.start(); !started.ok())
        return runtimeFailure(name, started.error());

    const int64_t start = nowMs();
    int64_t nextCommit = start + interval.value();
    double nextDue = static_cast<double>(start);
    int64_t consumed = 0;
    int64_t commits = 0;
    bool stalled = false;
    std::printf("member %s joined %s\n", options.clientId.c_str(), options.group.c_str());
    std::fflush(stdout);
    while (!stopRequested() && (run.value() == 0 || nowMs() - start < run.value() * 1000)) {
        const int64_t now = nowMs();
        if (now >= nextCommit) {
            // A stalled member commits the same offsets again and again, like an application
            // stuck on one record that still runs its periodic commit.
            auto committed = stalled ? member.commitAllAgain(Deadline(std::chrono::seconds(5)))
                                     : member.commitConsumed(Deadline(std::chrono::seconds(5)));
            if (!committed.ok())
                std::fprintf(stderr, "lagscope-traffic member: commit: %s\n", committed.error().c_str());
            else
                commits += committed.value() > 0 ? 1 : 0;
            nextCommit = now + interval.value();
        }
        if (!stalled && stallAfter.value() >= 0 && consumed >= stallAfter.value()) {
            member.freeze();
            stalled = true;
            std::printf("member %s stalled after %lld records\n", options.clientId.c_str(),
                        static_cast<long long>(consumed));
            std::fflush(stdout);
        }
        if (rate.value() > 0 && now < nextDue) {
            sleepUnlessStopped(
                std::chrono::milliseconds(std::min<int64_t>(static_cast<int64_t>(nextDue) - now + 1, 100)));
            continue;
        }
        switch (member.poll(100)) {
        case GroupMember::Polled::Message:
            ++consumed;
            if (rate.value() > 0)
                nextDue =
                    std::max(nextDue, static_cast<double>(now) - 1000.0) + 1000.0 / static_cast<double>(rate.value());
            break;
        case GroupMember::Polled::Error:
            std::fprintf(stderr, "lagscope-traffic member: %s\n", member.lastError().c_str());
            break;
        default: break;
        }
    }
    if (!stalled)
        (void)member.commitConsumed(Deadline(std::chrono::seconds(5)));
    const auto closed = member.close(Deadline(std::chrono::seconds(15)));
    std::printf("member %s left: consumed %lld, %lld commits\n", options.clientId.c_str(),
                static_cast<long long>(consumed), static_cast<long long>(commits));
    std::fflush(stdout);
    return closed.ok() ? 0 : runtimeFailure(name, closed.error());
}

} // namespace

const Command &memberCommand()
{
    static const Command command{
        {"member",
         "a long-running group member: healthy, slow, stalled or stopping",
         "Join --group and consume, committing the consumed positions every --commit-interval ms, until\n"
         "SIGINT/SIGTERM or --run seconds; then leave the group cleanly. --rate throttles consumption;\n"
         "--stall-after N stops consuming after N records but keeps committing the same offsets.",
         {bootstrapOption(),
          {"group", "G", "consumer group id", true},
          {"topic", "T[,T2...]", "topics to subscribe to", true},
          {"rate", "R", "records per second, 0 = as fast as possible (default 0)"},
          {"commit-interval", "MS", "time between commits (default 1000)"},
          {"stall-after", "N", "stop consuming after N records, keep committing the same offsets"},
          {"run", "SEC", "leave the group after SEC seconds (default: run until signalled)"},
          protocolOption(),
          {"client-id", "C", "client.id (default traffic-<group>-member)"}}},
        runMember};
    return command;
}

} // namespace lagscope::traffic
