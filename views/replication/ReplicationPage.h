#pragma once
// The Replication page: every watched MirrorMaker 2 flow in a table, and for the selected
// flow a header with its verdict, the failover readiness of its groups, a compact chart of
// the replication latencies this page has seen, and the recent flow events.
//
// Thread: GUI thread only. Ownership: a QWidget owned by its parent; it owns its models
// and keeps, per flow, the latest snapshot and the latency points it was given.

#include "mirror/FlowHealth.h"
#include "mirror/FlowSnapshot.h"

#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QCustomPlot;
class QLabel;
class QListWidget;
class QSortFilterProxyModel;
class QTableView;

namespace lagscope {

class FlowGroupModel;
class FlowTableModel;

class ReplicationPage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReplicationPage)

public:
    static constexpr int kMaxEvents = 200;
    static constexpr int kMaxLatencyPoints = 720;

    explicit ReplicationPage(QWidget *parent = nullptr);
    ~ReplicationPage() override;

    void apply(std::shared_ptr<const mirror::FlowSnapshot> snapshot, const std::vector<mirror::FlowEvent> &events);

    QString selectedFlow() const { return m_selected; } // FlowIdentity::label(), "" when none
    void selectFlow(const QString &flowKey);

    FlowTableModel *flowModel() const { return m_flows; }
    FlowGroupModel *groupModel() const { return m_groups; }
    int latencyPointCount() const; // of the selected flow

private:
    void onCurrentFlowChanged();
    void showSelected();
    void updateHeader(const mirror::FlowSnapshot *snapshot);
    void updateChart();

    FlowTableModel *m_flows = nullptr;
    FlowGroupModel *m_groups = nullptr;
    QSortFilterProxyModel *m_flowProxy = nullptr;
    QSortFilterProxyModel *m_groupProxy = nullptr;
    QTableView *m_flowTable = nullptr;
    QTableView *m_groupTable = nullptr;
    QLabel *m_header = nullptr;
    QListWidget *m_events = nullptr;
    QCustomPlot *m_chart = nullptr;
    QString m_selected;
    // Per flow: (time in s since the epoch, latency in s), oldest first.
    std::map<QString, std::vector<std::pair<double, double>>> m_latency;
};

} // namespace lagscope
