#pragma once
// The page the app opens on: what is wrong now across every cluster and flow, worst first
// (core/triage), each row opening its page, above one line per cluster with its status,
// brokers and the last polls' total lag and poll time as small charts.
// Thread: GUI. Owned by its parent (the page stack).

#include "model/ClusterSnapshot.h"
#include "triage/Triage.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace lagscope {

class ClusterStripModel;
class TriageModel;

class TriagePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TriagePage)

public:
    TriagePage(const QStringList &clusters, QWidget *parent = nullptr);

    void applyCluster(const SnapshotPtr &snapshot);
    void setItems(const std::vector<TriageItem> &items, const std::map<QString, ClusterTriage> &perCluster);

    QTableView *list() const { return m_list; }
    TriageModel *model() const { return m_model; }

Q_SIGNALS:
    // A row was opened (double click or Enter): show its page.
    void openItem(const lagscope::TriageItem &item);

private:
    QLabel *m_summary = nullptr;
    QTableView *m_clusters = nullptr;
    QTableView *m_list = nullptr;
    ClusterStripModel *m_strip = nullptr;
    TriageModel *m_model = nullptr;
    int m_clusterCount = 0;
};

} // namespace lagscope
