#pragma once
// The Replication page: every watched MirrorMaker 2 flow in a table, and for the selected
// flow a header with its verdict, the failover readiness of its groups, its replication
// latency over time (from the history store, FlowLatencyChart), the failover readiness of the
// selected group over time (FlowReadinessChart, in a tab next to the latency), and the recent
// flow events.
//
// Thread: GUI thread only. Ownership: a QWidget owned by its parent; it owns its models
// and keeps, per flow, the latest snapshot and the latency points it was given.

#include "config/Config.h"
#include "mirror/FlowHealth.h"
#include "mirror/FlowSnapshot.h"
#include "model/ClusterSnapshot.h"

#include <QWidget>

#include <functional>
#include <map>
#include <memory>
#include <vector>

class QLabel;
class QListWidget;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;

namespace lagscope {

class DiscoveredFlowsPanel;
class FlowGroupModel;
class FlowLatencyChart;
class FlowReadinessChart;
class HistoryReader;
class FlowTableModel;

class ReplicationPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicationPage)

public:
    static constexpr int kMaxEvents = 200;

    explicit ReplicationPage(QWidget *parent = nullptr);
    ~ReplicationPage() override;

    void apply(std::shared_ptr<const mirror::FlowSnapshot> snapshot, const std::vector<mirror::FlowEvent> &events);

    QString selectedFlow() const { return m_selected; } // FlowIdentity::label(), "" when none
    void selectFlow(const QString &flowKey);

    FlowTableModel *flowModel() const { return m_flows; }
    FlowGroupModel *groupModel() const { return m_groups; }
    FlowLatencyChart *latencyChart() const { return m_chart; }
    FlowReadinessChart *readinessChart() const { return m_readiness; }
    // Selects a group of the selected flow in the groups table: its readiness chart shows.
    void selectGroup(const QString &group);
    int latencyPointCount() const; // of the selected flow, shown in the chart

    // The history the latency chart reads (null: only what this page has seen). Borrowed.
    void setHistory(HistoryReader *history);

    // Discovery: the flows already monitored, and every cluster poll (its topic names).
    // Flows found in the topic names and not monitored are offered in "Discovered flows".
    void setConfiguredFlows(std::vector<ReplicationFlowConfig> flows);
    void applyClusterSnapshot(const SnapshotPtr &snapshot);
    DiscoveredFlowsPanel *discoveredFlows() const { return m_discovered; }

    // Why failing over from one cluster to another is not possible (read-only target…);
    // empty: possible. Set by the window, which knows the configuration.
    void setFailoverCheck(std::function<QString(const QString &from, const QString &to)> check);

Q_SIGNALS:
    // The user confirmed a discovered flow: whoever runs the flow monitors should add it.
    void monitorRequested(const lagscope::ReplicationFlowConfig &flow);
    void discoveredCountChanged(int count);
    // "Fail over all groups…" (source -> target) or "Fail back all groups…" (target -> source)
    // of the selected flow: the window opens the failover wizard.
    void failoverAllRequested(const QString &from, const QString &to);

private:
    void rediscover();
    void onCurrentFlowChanged();
    void onCurrentGroupChanged();
    void showSelected();
    void updateHeader(const mirror::FlowSnapshot *snapshot);
    void updateFailoverButtons(const mirror::FlowSnapshot *snapshot);

    FlowTableModel *m_flows = nullptr;
    FlowGroupModel *m_groups = nullptr;
    QSortFilterProxyModel *m_flowProxy = nullptr;
    QSortFilterProxyModel *m_groupProxy = nullptr;
    QTableView *m_flowTable = nullptr;
    QTableView *m_groupTable = nullptr;
    QLabel *m_header = nullptr;
    QListWidget *m_events = nullptr;
    FlowLatencyChart *m_chart = nullptr;
    FlowReadinessChart *m_readiness = nullptr;
    QTabWidget *m_charts = nullptr;
    DiscoveredFlowsPanel *m_discovered = nullptr;
    QPushButton *m_failoverAll = nullptr;
    QPushButton *m_failbackAll = nullptr;
    std::function<QString(const QString &, const QString &)> m_failoverCheck;
    QString m_selected;
    std::vector<ReplicationFlowConfig> m_configured;
    std::map<QString, QStringList> m_topics; // cluster -> topic names, from its latest reachable poll
};

} // namespace lagscope
