#include "models/GroupFilterProxy.h"

#include "models/GroupTableModel.h"

#include <algorithm>

namespace lagscope {

GroupFilterProxy::GroupFilterProxy(QObject *parent) : TextFilterProxy(parent)
{
    setSortRole(GroupTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void GroupFilterProxy::setSourceModel(QAbstractItemModel *model)
{
    m_groups = qobject_cast<const GroupTableModel *>(model);
    TextFilterProxy::setSourceModel(model);
}

bool GroupFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!hasFilterText())
        return true;
    if (!m_groups) {
        const QModelIndex index = sourceModel()->index(sourceRow, GroupTableModel::Group, sourceParent);
        const QStringList topics = index.data(GroupTableModel::TopicsRole).toStringList();
        return matchesText(index.data(GroupTableModel::SortRole).toString())
               || std::any_of(topics.begin(), topics.end(), [this](const QString &t) { return matchesText(t); });
    }
    const GroupTableRow &row = m_groups->rowAt(sourceRow);
    return matchesText(row.groupId)
           || std::any_of(row.topics.begin(), row.topics.end(), [this](const QString &t) { return matchesText(t); });
}

// The comparison of QSortFilterProxyModel::lessThan for the types the model sorts by
// (integers, doubles, strings with the proxy's case sensitivity); any other type goes to it.
bool GroupFilterProxy::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    if (!m_groups || sortRole() != GroupTableModel::SortRole || left.column() != right.column())
        return TextFilterProxy::lessThan(left, right);
    const QVariant l = m_groups->sortValueAt(left.row(), left.column());
    const QVariant r = m_groups->sortValueAt(right.row(), right.column());
    if (l.isValid() && r.isValid() && l.metaType() == r.metaType()) {
        switch (l.metaType().id()) {
        case QMetaType::Int: return l.toInt() < r.toInt();
        case QMetaType::LongLong: return l.toLongLong() < r.toLongLong();
        case QMetaType::Double: return l.toDouble() < r.toDouble();
        case QMetaType::QString:
            if (!isSortLocaleAware())
                return QString::compare(l.toString(), r.toString(), sortCaseSensitivity()) < 0;
            break;
        default: break;
        }
    }
    return TextFilterProxy::lessThan(left, right);
}

} // namespace lagscope
