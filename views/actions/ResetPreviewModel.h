#pragma once
// The planned offsets of a reset as a table: topic, partition, current, new, delta, warnings.
// Skipped records (new > current) are red, re-read records amber.
// Thread: GUI. Owned by its parent (the reset dialog).

#include "actions/ResetPlan.h"
#include "models/ColumnTableModel.h"

namespace lagscope {

// The rows are the plan's partitions.
class ResetPreviewModel final : public ColumnTableModel<PlannedPartition> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResetPreviewModel)

public:
    enum Column {
        Topic,
        Partition,
        Current,
        New,
        Delta,
        Warnings,
        NB_COLUMNS
    };
    static constexpr int SortRole = kTableSortRole;

    explicit ResetPreviewModel(QObject *parent = nullptr);

    void setPlan(const ResetPlan &plan);
    void clear();
    const ResetPlan &plan() const { return m_plan; }

private:
    static const Columns &columns();
    QVariant cellData(const PlannedPartition &p, int column, int role) const override;

    ResetPlan m_plan;
};

} // namespace lagscope
