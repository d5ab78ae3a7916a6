#pragma once
// Filters a GroupTableModel by one case-insensitive text matched against the group id and
// each of its topics, and sorts by GroupTableModel::SortRole (raw numbers, not display text).
// Thread: GUI thread only. Ownership: owned by its parent; does not own its source model.

#include <QSortFilterProxyModel>

namespace lagscope {

class GroupFilterProxy final : public QSortFilterProxyModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(GroupFilterProxy)

public:
    explicit GroupFilterProxy(QObject *parent = nullptr);

    QString filterText() const { return m_text; }
    void setFilterText(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
};

} // namespace lagscope
