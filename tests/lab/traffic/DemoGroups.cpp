#include "DemoGroups.h"

#include "GroupMember.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

namespace lagscope::traffic {

namespace {

using MemberPtr = std::unique_ptr<GroupMember>;
constexpr auto kCommitDeadline = std::chrono::seconds(5);
constexpr auto kCloseDeadline = std::chrono::seconds(8);

MemberPtr startMember(const DemoSettings &settings, const std::string &group, int n, std::vector<std::string> topics,
                      std::vector<KeyValue> extraConfig = {})
{
    MemberOptions options;
    options.extraConfig = std::move(extraConfig);
    options.bootstrap = settings.bootstrap;
    options.group = group;
    options.clientId = "traffic-" + group + "-" + std::to_string(n);
    options.protocol = settings.protocol;
    options.topics = std::move(topics);
    auto member = GroupMember::create(options);
    if (!member.ok()) {
        std::fprintf(stderr, "lagscope-traffic demo: %s: %s\n", options.clientId.c_str(), member.error().c_str());
        return nullptr;
    }
    if (auto started = member.value()->start(); !started.ok()) {
        std::fprintf(stderr, "lagscope-traffic demo: %s: %s\n", options.clientId.c_str(), started.error().c_str());
        return nullptr;
    }
    return std::move(member.value());
}

void closeMember(MemberPtr &member)
{
    if (auto closed = member->close(Deadline(kCloseDeadline)); !closed.ok())
        std::fprintf(stderr, "lagscope-traffic demo: %s: %s\n", member->clientId().c_str(), closed.error().c_str());
    member.reset();
}

// The periodic commit every demo group does ("commits every second"), plus a status refresh.
void commitAndPublish(std::vector<std::pair<int, MemberPtr>> &members, GroupStatus &status, bool withLag = true)
{
    int partitions = 0;
    int64_t lag = -1;
    for (auto &[n, member] : members) {
        if (auto committed = member->commitConsumed(Deadline(kCommitDeadline)); !committed.ok()) {
            ++status.commitFailures;
            std::fprintf(stderr, "lagscope-traffic demo: %s: %s\n", member->clientId().c_str(),
                         committed.error().c_str());
        }
        partitions += static_cast<int>(member->assignedCount());
        if (const int64_t memberLag = withLag ? member->queryLag(Deadline(std::chrono::seconds(2))) : -1;
            memberLag >= 0)
            lag = std::max<int64_t>(lag, 0) + memberLag;
    }
    status.members = static_cast<int>(members.size());
    status.partitions = partitions;
    status.lag = lag;
}

// Polls all members round-robin until keepGoing() turns false or a stop is requested.
// ratePerSec > 0 throttles the group's total consumption, which is what makes lag grow.
void consumeWhile(std::vector<std::pair<int, MemberPtr>> &members, GroupStatus &status, int ratePerSec,
                  const std::function<bool()> &keepGoing)
{
    int64_t nextCommit = steadyMs() + 1000;
    double nextDue = static_cast<double>(steadyMs());
    while (!stopRequested() && keepGoing()) {
        const int64_t now = steadyMs();
        if (now >= nextCommit) {
            commitAndPublish(members, status);
            nextCommit = now + 1000;
        }
        if (ratePerSec > 0 && now < nextDue) {
            sleepUnlessStopped(std::chrono::milliseconds(static_cast<int64_t>(nextDue) - now + 1));
            continue;
        }
        bool gotAny = false;
        for (auto &[n, member] : members) {
            // A single member can block for a short poll; several must share the thread.
            const auto polled = member->poll(members.size() == 1 ? 100 : 0);
            if (polled == GroupMember::Polled::Message) {
                gotAny = true;
                ++status.consumed;
                if (ratePerSec > 0)
                    nextDue = std::max(nextDue, static_cast<double>(now) - 1000.0) + 1000.0 / ratePerSec;
            } else if (polled == GroupMember::Polled::Error) {
                std::fprintf(stderr, "lagscope-traffic demo: %s: %s\n", member->clientId().c_str(),
                             member->lastError().c_str());
            }
        }
        if (!gotAny && members.size() > 1)
            sleepUnlessStopped(std::chrono::milliseconds(20));
    }
    // Final commit on the way out; skip the lag queries so that shutdown stays quick.
    commitAndPublish(members, status, !stopRequested());
}

void runSteady(const DemoSettings &settings, GroupStatus &status, std::vector<std::string> topics, int ratePerSec)
{
    std::vector<KeyValue> extraConfig;
    if (ratePerSec > 0) {
        // A small prefetch makes librdkafka interleave partitions, so a slow member falls
        // behind on all of them evenly instead of draining one partition's big batch at a time.
        extraConfig = {{"queued.min.messages", "20"}, {"max.partition.fetch.bytes", "4096"}};
    }
    std::vector<std::pair<int, MemberPtr>> members;
    members.emplace_back(1, startMember(settings, status.name, 1, std::move(topics), std::move(extraConfig)));
    if (!members.back().second) {
        status.phase = "failed to start";
        return;
    }
    status.members = 1;
    status.phase = ratePerSec > 0 ? "consuming slowly" : "consuming";
    consumeWhile(members, status, ratePerSec, [] { return true; });
    closeMember(members.back().second);
    status.members = 0;
    status.phase = "stopped";
}

} // namespace

int64_t steadyMs()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

void runBillingHealthy(const DemoSettings &settings, GroupStatus &status)
{
    runSteady(settings, status, {"orders", "payments"}, 0);
}

void runAnalyticsSlow(const DemoSettings &settings, GroupStatus &status)
{
    runSteady(settings, status, {"clicks"}, settings.slowRate);
}

void runAuditStopping(const DemoSettings &settings, GroupStatus &status)
{
    while (!stopRequested()) {
        std::vector<std::pair<int, MemberPtr>> members;
        members.emplace_back(1, startMember(settings, status.name, 1, {"payments"}));
        if (members.back().second) {
            const int64_t stopAt = steadyMs() + settings.auditRunSec * int64_t{1000};
            status.members = 1;
            status.phase = "running, stops in";
            status.nextChangeMs = stopAt;
            consumeWhile(members, status, 0, [stopAt] { return steadyMs() < stopAt; });
            closeMember(members.back().second);
        }
        if (stopRequested())
            break;
        // A group without members: its committed offsets stay while the lag grows.
        status.members = 0;
        status.partitions = 0;
        status.lag = -1; // nobody is looking at the partitions now
        status.phase = "stopped (no members), restarts in";
        status.nextChangeMs = steadyMs() + settings.auditPauseSec * int64_t{1000};
        sleepUnlessStopped(std::chrono::seconds(settings.auditPauseSec));
    }
    status.members = 0;
    status.nextChangeMs = 0;
    status.phase = "stopped";
}

void runSearchRebalancing(const DemoSettings &settings, GroupStatus &status)
{
    // Member count walks 1,2,3,2,1,2,... so every step is one join or one leave.
    static constexpr int kPattern[] = {1, 2, 3, 2};
    std::vector<std::pair<int, MemberPtr>> members;
    std::size_t step = 0;
    while (!stopRequested()) {
        const int target = kPattern[step++ % std::size(kPattern)];
        while (static_cast<int>(members.size()) > target) {
            closeMember(members.back().second); // leaving triggers a rebalance
            members.pop_back();
        }
        while (static_cast<int>(members.size()) < target) {
            int n = 1; // reuse the lowest free client id, like a restarted pod would
            while (std::any_of(members.begin(), members.end(), [n](const auto &entry) { return entry.first == n; }))
                ++n;
            MemberPtr member = startMember(settings, status.name, n, {"orders"});
            if (!member)
                break;
            members.emplace_back(n, std::move(member));
        }
        status.members = static_cast<int>(members.size());
        status.phase = "rebalancing, next change in";
        const int64_t changeAt = steadyMs() + settings.rebalanceEverySec * int64_t{1000};
        status.nextChangeMs = changeAt;
        if (members.empty()) {
            sleepUnlessStopped(std::chrono::seconds(settings.rebalanceEverySec));
            continue;
        }
        consumeWhile(members, status, 0, [changeAt] { return steadyMs() < changeAt; });
    }
    // Leave in parallel: closed one by one, each remaining member would first have to sit
    // through the rebalance its predecessor's leave triggered.
    std::vector<std::thread> closers;
    for (auto &entry : members)
        closers.emplace_back([&member = entry.second] { closeMember(member); });
    for (auto &closer : closers)
        closer.join();
    members.clear();
    status.members = 0;
    status.nextChangeMs = 0;
    status.phase = "stopped";
}

} // namespace lagscope::traffic
