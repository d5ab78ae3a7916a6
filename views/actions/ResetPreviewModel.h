#pragma once
// The planned offsets of a reset as a table: topic, partition, current, new, delta, warnings.
// Skipped records (new > current) are red, re-read records amber.
// Thread: GUI. Owned by its parent (the reset dialog).

#include "actions/ResetPlan.h"

#include <QAbstractTableModel>

namespace lagscope {

class ResetPreviewModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ResetPreviewModel)

public:
    enum Column { Topic, Partition, Current, New, Delta, Warnings, NB_COLUMNS };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit ResetPreviewModel(QObject *parent = nullptr);

    void setPlan(const ResetPlan &plan);
    void clear();
    const ResetPlan &plan() const { return m_plan; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ResetPlan m_plan;
};

} // namespace lagscope
