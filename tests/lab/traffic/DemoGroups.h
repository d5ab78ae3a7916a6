#pragma once
// The demo's consumer groups, one behaviour per function. Each runs on its own thread
// until stopRequested(), owns its GroupMembers, and publishes progress through a
// GroupStatus that the demo's main thread reads for the periodic status lines.
#include <atomic>
#include <cstdint>
#include <string>

namespace lagscope::traffic {

struct DemoSettings {
    std::string bootstrap;
    std::string protocol = "classic";
    int auditRunSec = 60;
    int auditPauseSec = 90;
    int rebalanceEverySec = 45;
    int slowRate = 30; // analytics-slow records/s, below the clicks production rate
};

struct GroupStatus {
    explicit GroupStatus(const char *groupName) : name(groupName) { }
    const char *const name;
    std::atomic<int> members{0};
    std::atomic<int> partitions{0};
    std::atomic<uint64_t> consumed{0};
    std::atomic<int64_t> lag{-1}; // estimate from cached watermarks, -1 unknown
    std::atomic<uint64_t> commitFailures{0};
    std::atomic<const char *> phase{"starting"}; // string literals only
    std::atomic<int64_t> nextChangeMs{0};        // steadyMs() of the next planned change, 0 none
};

int64_t steadyMs();

void runBillingHealthy(const DemoSettings &settings, GroupStatus &status);
void runAnalyticsSlow(const DemoSettings &settings, GroupStatus &status);
void runAuditStopping(const DemoSettings &settings, GroupStatus &status);
void runSearchRebalancing(const DemoSettings &settings, GroupStatus &status);

} // namespace lagscope::traffic
