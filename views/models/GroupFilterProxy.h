#pragma once
// Filters a GroupTableModel by one case-insensitive text matched against the group id and
// each of its topics, and sorts by GroupTableModel::SortRole (raw numbers, not display text).
// Thread: GUI thread only. Ownership: owned by its parent; does not own its source model.

#include "models/TextFilterProxy.h"

namespace lagscope {

class GroupFilterProxy final : public TextFilterProxy {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupFilterProxy)

public:
    explicit GroupFilterProxy(QObject *parent = nullptr);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
};

} // namespace lagscope
