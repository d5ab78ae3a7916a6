#include "models/EventFilterProxy.h"

#include "models/EventLogModel.h"

namespace lagscope {

EventFilterProxy::EventFilterProxy(QObject *parent) : TextFilterProxy(parent) { setSortRole(EventLogModel::SortRole); }

void EventFilterProxy::setMinimumSeverity(EventSeverity severity)
{
    if (severity == m_minimum)
        return;
    m_minimum = severity;
    invalidateFilter();
}

void EventFilterProxy::setCluster(const QString &cluster)
{
    if (cluster == m_cluster)
        return;
    m_cluster = cluster;
    invalidateFilter();
}

bool EventFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QAbstractItemModel *source = sourceModel();
    const auto value = [&](int column, int role) { return source->index(sourceRow, column, sourceParent).data(role); };
    if (value(EventLogModel::Severity, EventLogModel::SortRole).toInt() < int(m_minimum))
        return false;
    if (!m_cluster.isEmpty() && value(EventLogModel::Cluster, EventLogModel::SortRole).toString() != m_cluster)
        return false;
    if (!hasFilterText())
        return true;
    for (const int column :
         {EventLogModel::Cluster, EventLogModel::Kind, EventLogModel::Subject, EventLogModel::Message})
        if (matchesText(value(column, Qt::DisplayRole).toString()))
            return true;
    return matchesText(value(EventLogModel::Subject, EventLogModel::GroupRole).toString());
}

} // namespace lagscope
