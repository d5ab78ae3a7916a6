#pragma once
// Filters a GroupTableModel by one case-insensitive text matched against the group id and
// each of its topics, and sorts by GroupTableModel::SortRole (raw numbers, not display text).
// Both read the model's rows directly instead of through data(): at 5,000 groups a sort or
// a keystroke otherwise spent most of its time building and checking indexes and variants
// (docs/PERFORMANCE.md, "GUI at the large fixture"). The order and the rows kept are those
// of a plain QSortFilterProxyModel on the same roles.
// Thread: GUI thread only. Ownership: owned by its parent; does not own its source model.

#include "models/TextFilterProxy.h"

#include <vector>

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
    // One row's sort value, unpacked from its QVariant once instead of at each comparison.
    struct SortKey {
        int type = QMetaType::UnknownType; // Int, LongLong, Double and QString compare here
        qint64 number = 0;
        double real = 0;
        QString text;
    };
    SortKey sortKeyAt(int row, int column) const;
    void buildSortKeys(int column) const;
    void dropSortKeys() { m_keyColumn = -1; }
    void insertSortKeys(int first, int last);
    void removeSortKeys(int first, int last);
    void updateSortKeys(const QModelIndex &topLeft, const QModelIndex &bottomRight);

    const GroupTableModel *m_groups = nullptr; // the source model, when it is one
    std::vector<QMetaObject::Connection> m_sourceConnections;
    // The sort keys of column m_keyColumn (-1: none), one per source row, kept in step with
    // the model's rows (see setSourceModel).
    mutable std::vector<SortKey> m_keys;
    mutable int m_keyColumn = -1;
    mutable quint64 m_keysRevision = 0; // the model's valuesRevision() the keys were read at
};

} // namespace lagscope
