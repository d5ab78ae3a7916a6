#pragma once
// Keeps the latest two reachable polls of every cluster as they reach the GUI thread and,
// after each, looks for split brains on the configured MirrorMaker 2 flows
// (monitor/SplitBrain): publishes the open ones and the started/ended events.
//
// Thread: GUI (the thread of the MonitorService whose updates it is given).
// Ownership: owned by the desktop session (or a test); holds snapshots, no connections.

#include "config/Config.h"
#include "monitor/ClusterPoller.h"
#include "monitor/SplitBrain.h"

#include <QObject>

#include <map>
#include <vector>

namespace lagscope {

class SplitBrainMonitor final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SplitBrainMonitor)

public:
    explicit SplitBrainMonitor(std::vector<ReplicationFlowConfig> flows, QObject *parent = nullptr);

    // A flow confirmed in the GUI joins the configured ones.
    void setFlows(std::vector<ReplicationFlowConfig> flows);
    const std::vector<ActiveSplitBrain> &active() const { return m_tracker.active(); }
    std::vector<const ActiveSplitBrain *> of(const QString &cluster, const QString &group) const
    {
        return m_tracker.of(cluster, group);
    }
    // What findSplitBrains() takes, as this monitor holds it now (for the triage home).
    const std::map<QString, SnapshotPtr> &latest() const { return m_latest; }
    const std::map<QString, SnapshotPtr> &previous() const { return m_previous; }

public Q_SLOTS:
    void apply(const lagscope::PollUpdate &update);

Q_SIGNALS:
    // After every poll whose findings changed the open split brains (or what they saw).
    void changed();
    void events(const std::vector<lagscope::ClusterEvent> &events);

private:
    std::vector<ReplicationFlowConfig> m_flows;
    std::map<QString, SnapshotPtr> m_latest;        // any poll
    std::map<QString, SnapshotPtr> m_lastReachable; // the latest reachable poll
    std::map<QString, SnapshotPtr> m_previous;      // the reachable poll before that
    SplitBrainTracker m_tracker;
};

} // namespace lagscope
