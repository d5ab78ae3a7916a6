#pragma once
// Keeps the triage list current: the latest snapshot of every cluster and flow and the
// firing alerts, rebuilt into one list (buildTriage) whenever any of them changes, with how
// long each row has been so (TriageSince). The desktop app's home page and the cluster
// tree read it; `lagscopectl triage` runs one over its own polls.
//
// Thread: the thread it lives on (the GUI thread in the app); its slots take the pollers'
// queued signals. Ownership: a QObject; does not own the AlertService it reads.

#include "triage/Triage.h"

#include "mirror/FlowSnapshot.h"
#include "monitor/ClusterPoller.h"

#include <QObject>

#include <map>

namespace lagscope {

class AlertService;
class SplitBrainMonitor;

class TriageService final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TriageService)

public:
    explicit TriageService(QObject *parent = nullptr);

    // Firing alerts are read from it on every rebuild (and its changes rebuild).
    void setAlerts(const AlertService *alerts);
    // Or from an evaluator the caller feeds (lagscopectl: no commands run, nothing saved).
    void setAlerts(const AlertEvaluator *evaluator) { m_evaluator = evaluator; }
    // The open split brains are read from it on every rebuild (and its changes rebuild).
    void setSplitBrains(const SplitBrainMonitor *splitBrains);

    const std::vector<TriageItem> &items() const { return m_items; }
    const std::vector<mirror::FlowSnapshotPtr> &flows() const { return m_flowList; }
    // The rows that concern one cluster (flow rows count for both ends), for its tree status.
    ClusterTriage forCluster(const QString &cluster) const { return clusterTriage(m_items, cluster, m_flowList); }
    SnapshotPtr latest(const QString &cluster) const;

public Q_SLOTS:
    void applyCluster(const lagscope::PollUpdate &update);
    void applyFlow(std::shared_ptr<const lagscope::mirror::FlowSnapshot> snapshot);
    void rebuild();

Q_SIGNALS:
    void changed();

private:
    const AlertService *m_alerts = nullptr;
    const AlertEvaluator *m_evaluator = nullptr;
    const SplitBrainMonitor *m_splitBrains = nullptr;
    std::map<QString, SnapshotPtr> m_latest;
    std::map<QString, mirror::FlowSnapshotPtr> m_flows;
    std::vector<mirror::FlowSnapshotPtr> m_flowList;
    std::vector<TriageItem> m_items;
    TriageSince m_since;
    QStringList m_firstLooks; // clusters and flows whose first poll the next rebuild brings
};

} // namespace lagscope
