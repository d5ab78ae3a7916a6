#include "models/EventLogModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <algorithm>

namespace lagscope {

EventLogModel::EventLogModel(QObject *parent) : ColumnTableModel(columns(), parent) { }

QString EventLogModel::severityText(EventSeverity severity)
{
    switch (severity) {
    case EventSeverity::Info: return tr("Info");
    case EventSeverity::Warning: return tr("Warning");
    case EventSeverity::Error: return tr("Error");
    }
    return unknownText();
}

void EventLogModel::removeOldest(int count)
{
    count = std::min(count, int(m_rows.size()));
    if (count <= 0)
        return;
    beginRemoveRows(QModelIndex(), 0, count - 1);
    m_rows.erase(m_rows.begin(), m_rows.begin() + count);
    endRemoveRows();
}

void EventLogModel::append(const std::vector<ClusterEvent> &events)
{
    if (events.empty())
        return;
    // Of a batch larger than the whole log only its newest part would survive anyway.
    const size_t take = std::min(events.size(), size_t(m_capacity));
    const auto firstNew = events.end() - std::ptrdiff_t(take);
    removeOldest(int(m_rows.size() + take) - m_capacity);

    const int first = int(m_rows.size());
    beginInsertRows(QModelIndex(), first, first + int(take) - 1);
    m_rows.insert(m_rows.end(), firstNew, events.end());
    endInsertRows();
}

void EventLogModel::clear()
{
    if (m_rows.empty())
        return;
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void EventLogModel::setCapacity(int capacity)
{
    m_capacity = std::max(1, capacity);
    removeOldest(int(m_rows.size()) - m_capacity);
}

const EventLogModel::Columns &EventLogModel::columns()
{
    using Event = ClusterEvent;
    static const Columns table{
        {.header = QT_TR_NOOP("Time"),
         .display =
             [](const Event &e) {
                 return e.time.isValid() ? e.time.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                                         : unknownText();
             },
         .sort = [](const Event &e) { return e.time.isValid() ? e.time.toMSecsSinceEpoch() : qint64(0); },
         .toolTip =
             [](const Event &e) {
                 return e.time.isValid() ? QVariant(e.time.toUTC().toString(Qt::ISODateWithMs)) : QVariant();
             }},
        {.header = QT_TR_NOOP("Cluster"),
         .display = [](const Event &e) { return e.cluster; },
         .sort = [](const Event &e) { return e.cluster; }},
        {.header = QT_TR_NOOP("Severity"),
         .display = [](const Event &e) { return severityText(e.severity); },
         .sort = [](const Event &e) { return int(e.severity); },
         .foreground = [](const Event &e) -> std::optional<StatusTone> {
             if (e.severity == EventSeverity::Error)
                 return StatusTone::Error;
             if (e.severity == EventSeverity::Warning)
                 return StatusTone::Warning;
             return std::nullopt;
         }},
        {.header = QT_TR_NOOP("Kind"),
         .display = [](const Event &e) { return eventKindName(e.kind); },
         .sort = [](const Event &e) { return eventKindName(e.kind); }},
        {.header = QT_TR_NOOP("Subject"),
         .display = [](const Event &e) { return e.subject; },
         .sort = [](const Event &e) { return e.subject; }},
        {.header = QT_TR_NOOP("Message"),
         .display = [](const Event &e) { return e.message; },
         .sort = [](const Event &e) { return e.message; },
         .toolTip = [](const Event &e) { return e.message; }},
    };
    return table;
}

QVariant EventLogModel::cellData(const ClusterEvent &event, int, int role) const
{
    return role == GroupRole ? QVariant(event.group) : QVariant();
}

} // namespace lagscope
