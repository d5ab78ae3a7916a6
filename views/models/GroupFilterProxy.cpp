#include "models/GroupFilterProxy.h"

#include "models/GroupTableModel.h"

#include <algorithm>

namespace lagscope {

GroupFilterProxy::GroupFilterProxy(QObject *parent) : TextFilterProxy(parent)
{
    setSortRole(GroupTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

bool GroupFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!hasFilterText())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, GroupTableModel::Group, sourceParent);
    if (matchesText(index.data(GroupTableModel::SortRole).toString()))
        return true;
    const QStringList topics = index.data(GroupTableModel::TopicsRole).toStringList();
    return std::any_of(topics.begin(), topics.end(), [this](const QString &topic) { return matchesText(topic); });
}

} // namespace lagscope
