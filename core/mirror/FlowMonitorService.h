#pragma once
// Runs one FlowPoller per configured MirrorMaker 2 flow, each on its own QThread (as
// MonitorService does for clusters), and re-publishes their snapshots on the thread that
// owns the service (the GUI thread in the app).
//
// Thread: create, use and destroy on one thread. Signals are emitted there (queued).
// Ownership: owns its threads and pollers; the destructor cancels every poll in progress,
// stops the threads and waits for them — at most one request deadline.

#include "config/Config.h"
#include "mirror/FlowHealth.h"
#include "mirror/FlowPoller.h"
#include "mirror/FlowSnapshot.h"
#include "util/AppPaths.h"

#include <QObject>
#include <QStringList>

#include <map>
#include <vector>

class QThread;

namespace lagscope::mirror {

class FlowMonitorService final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowMonitorService)

public:
    // Flows whose source or target cluster is not in config.clusters are skipped, with a
    // line in problems() saying which. Without settings, the flows are polled as often and
    // with the same request deadline as the clusters (config.pollIntervalMs, requestTimeoutMs).
    explicit FlowMonitorService(const AppConfig &config, QObject *parent = nullptr)
        : FlowMonitorService(config, settingsFor(config), parent)
    {
    }
    FlowMonitorService(const AppConfig &config, FlowPollerSettings settings, QObject *parent = nullptr);
    ~FlowMonitorService() override;

    void start();
    // As MonitorService::finish(): every flow poll in flight completes and publishes, then the
    // pollers stop. Blocks for at most one poll's deadline.
    void finish();
    void refreshAll();

    // A flow the user confirmed while running (a discovered one): polled like the configured
    // ones from now on, started at once if the service runs. False (with a line in
    // problems()) when a cluster is unknown or the flow is already polled.
    bool addFlow(const ReplicationFlowConfig &flow);

    // Flow labels ("primary->dr" with the MirrorMaker aliases), in configuration order.
    QStringList flows() const { return m_order; }
    QStringList problems() const { return m_problems; }
    // The latest snapshot of a flow, null before its first poll.
    FlowSnapshotPtr latest(const QString &flow) const;

    static FlowPollerSettings settingsFor(const AppConfig &config)
    {
        FlowPollerSettings s;
        s.pollIntervalMs = config.pollIntervalMs;
        s.requestTimeoutMs = config.requestTimeoutMs;
        s.failoverCacheDir = appDataDir();
        return s;
    }

Q_SIGNALS:
    void updated(std::shared_ptr<const lagscope::mirror::FlowSnapshot> snapshot,
                 std::vector<lagscope::mirror::FlowEvent> events);

private:
    struct Worker {
        QThread *thread = nullptr;
        FlowPoller *poller = nullptr;
    };
    void onUpdate(const FlowSnapshotPtr &snapshot, const std::vector<FlowEvent> &events);
    bool addWorker(const ReplicationFlowConfig &flow);

    std::vector<ClusterConfig> m_clusters;
    FlowPollerSettings m_settings;
    bool m_started = false;

    std::vector<Worker> m_workers;
    std::map<QString, FlowSnapshotPtr> m_latest;
    QStringList m_order;
    QStringList m_problems;
};

} // namespace lagscope::mirror
