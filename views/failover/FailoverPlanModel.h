#pragma once
// The failover plans of several groups as one table, one row per group and partition:
// source topic/partition, committed offset (with its age when cached), remote topic, the
// target's offset before, the new offset, the method, re-read, skipped (red unless 0) and
// not-replicated (amber) records. Thread: GUI. Owned by its parent (the Plan page).

#include "actions/FailoverPlan.h"

#include <QAbstractTableModel>

#include <vector>

namespace lagscope {

class FailoverPlanModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverPlanModel)

public:
    enum Column {
        Group,
        Topic,
        Partition,
        Committed,
        TargetTopic,
        TargetBefore,
        NewOffset,
        Method,
        Reread,
        Skipped,
        NotReplicated,
        Note,
        NB_COLUMNS
    };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit FailoverPlanModel(QObject *parent = nullptr);

    void setPlans(const std::vector<failover::FailoverPlan> &plans);
    void clear() { setPlans({}); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString group;
        QString targetGroup;
        failover::PlannedFailoverPartition partition;
    };
    std::vector<Row> m_rows;
};

} // namespace lagscope
