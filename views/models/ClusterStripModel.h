#pragma once
// One row per cluster for the triage home: status, brokers online, and the last polls'
// total lag and poll time as sparklines — what a glance at ten clusters needs.
// Thread: GUI thread only. Ownership: owned by its parent (the triage page).

#include "model/ClusterSnapshot.h"
#include "triage/Triage.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <deque>
#include <map>

namespace lagscope {

class ClusterStripModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ClusterStripModel)

public:
    enum Column {
        ClusterColumn,
        StatusColumn,
        BrokersColumn,
        LagColumn,
        LagTrendColumn,
        PollColumn,
        PollTrendColumn,
        ColumnCount
    };
    static constexpr int TrendRole = Qt::UserRole + 1; // QList<qint64>, oldest first
    static constexpr int kTrendPolls = 60;

    // clusters: in configuration order, the rows' order.
    explicit ClusterStripModel(const QStringList &clusters, QObject *parent = nullptr);

    void apply(const SnapshotPtr &snapshot);
    // The worst triage row of each cluster sets its Status cell.
    void setTriage(const std::map<QString, ClusterTriage> &triage);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    struct Row {
        QString cluster;
        SnapshotPtr latest;
        ClusterTriage triage;
        std::deque<qint64> lag;
        std::deque<qint64> pollMs;
    };
    std::vector<Row> m_rows;
};

} // namespace lagscope
