#include "models/GroupFilterProxy.h"

#include "models/GroupTableModel.h"

#include <algorithm>

namespace lagscope {

GroupFilterProxy::GroupFilterProxy(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(GroupTableModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void GroupFilterProxy::setFilterText(const QString &text)
{
    const QString trimmed = text.trimmed();
    if (trimmed == m_text)
        return;
    m_text = trimmed;
    invalidateFilter();
}

bool GroupFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_text.isEmpty())
        return true;
    const QModelIndex index = sourceModel()->index(sourceRow, GroupTableModel::Group, sourceParent);
    if (index.data(GroupTableModel::SortRole).toString().contains(m_text, Qt::CaseInsensitive))
        return true;
    const QStringList topics = index.data(GroupTableModel::TopicsRole).toStringList();
    return std::any_of(topics.begin(), topics.end(),
                       [this](const QString &topic) { return topic.contains(m_text, Qt::CaseInsensitive); });
}

} // namespace lagscope
