#pragma once
// The failover plans of several groups as one table, one row per group and partition:
// source topic/partition, committed offset (with its age when cached), remote topic, the
// target's offset before, the new offset, the method, re-read, skipped (red unless 0) and
// not-replicated (amber) records. Thread: GUI. Owned by its parent (the Plan page).

#include "actions/FailoverPlan.h"
#include "models/ColumnTableModel.h"

#include <vector>

namespace lagscope {

// One row of FailoverPlanModel: a partition of one group's plan.
struct FailoverPlanRow {
    QString group;
    QString targetGroup;
    failover::PlannedFailoverPartition partition;
};

class FailoverPlanModel final : public ColumnTableModel<FailoverPlanRow> {
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
    static constexpr int SortRole = kTableSortRole;

    explicit FailoverPlanModel(QObject *parent = nullptr);

    void setPlans(const std::vector<failover::FailoverPlan> &plans);
    void clear() { setPlans({}); }

private:
    using Row = FailoverPlanRow;

    static const Columns &columns();
    QVariant cellData(const Row &row, int column, int role) const override;
};

} // namespace lagscope
