#pragma once
// Filters a GroupTableModel by one case-insensitive text matched against the group id and
// each of its topics, and sorts by GroupTableModel::SortRole (raw numbers, not display text).
// Both read the model's rows directly instead of through data(): at 5,000 groups a sort or
// a keystroke otherwise spent most of its time building and checking indexes and variants
// (docs/PERFORMANCE.md, "GUI at the large fixture"). The order and the rows kept are those
// of a plain QSortFilterProxyModel on the same roles.
// Thread: GUI thread only. Ownership: owned by its parent; does not own its source model.

#include "models/TextFilterProxy.h"

namespace lagscope {

class GroupTableModel;

class GroupFilterProxy final : public TextFilterProxy {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupFilterProxy)

public:
    explicit GroupFilterProxy(QObject *parent = nullptr);

    void setSourceModel(QAbstractItemModel *model) override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    const GroupTableModel *m_groups = nullptr; // the source model, when it is one
};

} // namespace lagscope
