#include "models/EventLogModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <algorithm>

namespace lagscope {

EventLogModel::EventLogModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

QString EventLogModel::severityText(EventSeverity severity)
{
    switch (severity) {
    case EventSeverity::Info:
        return tr("Info");
    case EventSeverity::Warning:
        return tr("Warning");
    case EventSeverity::Error:
        return tr("Error");
    }
    return unknownText();
}

void EventLogModel::removeOldest(int count)
{
    count = std::min(count, int(m_events.size()));
    if (count <= 0)
        return;
    beginRemoveRows(QModelIndex(), 0, count - 1);
    m_events.erase(m_events.begin(), m_events.begin() + count);
    endRemoveRows();
}

void EventLogModel::append(const std::vector<ClusterEvent> &events)
{
    if (events.empty())
        return;
    // Of a batch larger than the whole log only its newest part would survive anyway.
    const size_t take = std::min(events.size(), size_t(m_capacity));
    const auto firstNew = events.end() - std::ptrdiff_t(take);
    removeOldest(int(m_events.size() + take) - m_capacity);

    const int first = int(m_events.size());
    beginInsertRows(QModelIndex(), first, first + int(take) - 1);
    m_events.insert(m_events.end(), firstNew, events.end());
    endInsertRows();
}

void EventLogModel::clear()
{
    if (m_events.empty())
        return;
    beginResetModel();
    m_events.clear();
    endResetModel();
}

void EventLogModel::setCapacity(int capacity)
{
    m_capacity = std::max(1, capacity);
    removeOldest(int(m_events.size()) - m_capacity);
}

int EventLogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_events.size());
}

int EventLogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant EventLogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const ClusterEvent &e = m_events[size_t(index.row())];
    const int column = index.column();

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Time:
            return e.time.isValid() ? e.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                                    : unknownText();
        case Cluster:
            return e.cluster;
        case Severity:
            return severityText(e.severity);
        case Kind:
            return eventKindName(e.kind);
        case Subject:
            return e.subject;
        case Message:
            return e.message;
        }
        return QVariant();
    case SortRole:
        switch (column) {
        case Time:
            return e.time.isValid() ? e.time.toMSecsSinceEpoch() : qint64(0);
        case Cluster:
            return e.cluster;
        case Severity:
            return int(e.severity);
        case Kind:
            return eventKindName(e.kind);
        case Subject:
            return e.subject;
        case Message:
            return e.message;
        }
        return QVariant();
    case GroupRole:
        return e.group;
    case Qt::ToolTipRole:
        if (column == Time && e.time.isValid())
            return e.time.toUTC().toString(Qt::ISODateWithMs);
        if (column == Message)
            return e.message;
        return QVariant();
    case Qt::ForegroundRole:
        if (column != Severity)
            return QVariant();
        if (e.severity == EventSeverity::Error)
            return statusForeground(StatusTone::Error);
        if (e.severity == EventSeverity::Warning)
            return statusForeground(StatusTone::Warning);
        return QVariant();
    }
    return QVariant();
}

QVariant EventLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Time:
        return tr("Time");
    case Cluster:
        return tr("Cluster");
    case Severity:
        return tr("Severity");
    case Kind:
        return tr("Kind");
    case Subject:
        return tr("Subject");
    case Message:
        return tr("Message");
    }
    return QVariant();
}

} // namespace lagscope
