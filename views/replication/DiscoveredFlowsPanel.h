#pragma once
// "Discovered flows": MirrorMaker 2 flows found from the clusters' topic names, offered to
// the user and never trusted on their own. Each row says what it was found from and what
// is only guessed; "Monitor" is the user's confirmation (for this session), "Copy YAML"
// gives the configuration entry that keeps it for good.
//
// Thread: GUI only. Ownership: a QWidget owned by its parent (the Replication page).

#include "mirror/FlowDiscovery.h"

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace lagscope {

class DiscoveredFlowsPanel final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DiscoveredFlowsPanel)

public:
    enum Column {
        Flow,
        Clusters,
        Naming,
        Evidence,
        State,
        ColumnCount
    };

    explicit DiscoveredFlowsPanel(QWidget *parent = nullptr);

    // Replaces the candidates (the selection follows the flow's label when it stays).
    void setCandidates(std::vector<mirror::DiscoveredFlow> candidates);
    const std::vector<mirror::DiscoveredFlow> &candidates() const { return m_candidates; }
    int count() const { return int(m_candidates.size()); }

    void selectRow(int row);
    int selectedRow() const;
    // What the buttons do, for the selected row; false when nothing (monitorable) is selected.
    bool monitorSelected();
    QString selectedYaml() const;
    bool copySelectedYaml();

    QTableWidget *table() const { return m_table; }

Q_SIGNALS:
    void monitorRequested(const lagscope::ReplicationFlowConfig &flow);

private:
    void updateDetails();

    QTableWidget *m_table = nullptr;
    QLabel *m_details = nullptr;
    QPushButton *m_monitor = nullptr;
    QPushButton *m_copy = nullptr;
    std::vector<mirror::DiscoveredFlow> m_candidates;
};

} // namespace lagscope
