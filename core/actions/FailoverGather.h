#pragma once
// Gathering a failover's inputs from both clusters (and the failover cache), for one group
// or many. Blocking; run it on a worker thread in the GUI, on the main thread in the CLI.
//
//   FailoverRequest r{from, to, flow, ...};
//   auto gathered = gatherFailover(r, callbacks);          // reads, refreshes the cache
//   for (auto &g : gathered->groups) {
//       FailoverPlan plan = planFailover(g, {mode, fallback});
//       auto checks = preflightFailover(g, plan, {...});   // show; stop on any red
//       applyFailover(...);                                // FailoverExecutor.h
//   }
//
// When the from-cluster does not answer, the gather does not fail: it returns
// fromReachable == false with the cached committed offsets, syncs and log ends (disaster
// mode) and the live checkpoints from the target.
//
// Direction: `flow` is the MirrorMaker flow used. Forward when flow.sourceCluster is the
// from-cluster (topic t -> remote topic); inverse (failback) when flow.sourceCluster is the
// to-cluster (remote topic on from -> original topic on to, syncs read backwards).

#include "actions/FailoverPlan.h"
#include "config/Config.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <memory>

namespace lagscope::failover {

struct FailoverCallbacks {
    // Called on the gathering thread: what is being done, `done` of `total` steps.
    std::function<void(const QString &group, const QString &step, int done, int total)> progress;
    // Set from any thread to give up (calls in flight end at once, the gather returns an error).
    std::shared_ptr<std::atomic_bool> cancel;

    bool cancelled() const { return cancel && cancel->load(); }
    void report(const QString &group, const QString &step, int done, int total) const
    {
        if (progress)
            progress(group, step, done, total);
    }
};

struct FailoverRequest {
    ClusterConfig from;
    ClusterConfig to;
    ReplicationFlowConfig flow;
    QStringList groups;                      // groups on the from-cluster
    bool allGroups = false;                  // every group with commits on translatable topics
    std::map<QString, QString> targetGroups; // from-group -> group id on the to-cluster (default: same)
    bool exactMatching = true;               // read records on both sides (exact mode)
    QString cacheDir;                        // directory of the failover cache; empty: no cache
    int requestTimeoutMs = 10000;
    qint64 maxTargetScan = 200000; // records read on the to-side per partition while matching
};

struct FailoverGathered {
    bool fromReachable = false;
    QString fromError;
    bool inverse = false;
    QString cachePath;
    qint64 cacheSavedAtMs = -1;  // when the cache used (disaster) or refreshed was written
    bool cacheRefreshed = false; // this gather wrote the cache (the source answered)
    std::vector<FailoverGroupInputs> groups;
    QStringList warnings;
};

// Fails only when the to-cluster cannot be read, the request is inconsistent, or on cancel.
Result<FailoverGathered> gatherFailover(const FailoverRequest &request, const FailoverCallbacks &callbacks = {});

// The flow that links two clusters, forward (from -> to) preferred, else the reverse one
// (used backwards for failback); null when the configuration has neither.
const ReplicationFlowConfig *findFlow(const AppConfig &config, const QString &from, const QString &to, bool *inverse);

} // namespace lagscope::failover
