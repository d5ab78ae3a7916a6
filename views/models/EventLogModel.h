#pragma once
// The event log: ClusterEvents of every cluster in the order they arrived, newest last,
// capped so that a long-running console does not grow without bound (the oldest rows go).
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent.

#include "model/ClusterEvent.h"

#include <QAbstractTableModel>

#include <deque>
#include <vector>

namespace lagscope {

class EventLogModel final : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogModel)

public:
    enum Column { Time, Cluster, Severity, Kind, Subject, Message, NB_COLUMNS };
    enum Role {
        SortRole = Qt::UserRole + 1, // Time: UTC ms since epoch; Severity: int; others: strings
        GroupRole,                   // the event's group id (empty when none), any column
    };
    static constexpr int kDefaultCapacity = 10000;

    explicit EventLogModel(QObject *parent = nullptr);

    // Appends at the bottom in one rowsInserted; first removes the oldest rows (one
    // rowsRemoved at the top) if the log would exceed capacity().
    void append(const std::vector<ClusterEvent> &events);
    void clear();

    int capacity() const { return m_capacity; }
    void setCapacity(int capacity); // at least 1; trims the oldest rows at once
    const ClusterEvent &event(int row) const { return m_events[size_t(row)]; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString severityText(EventSeverity severity);

private:
    void removeOldest(int count);

    std::deque<ClusterEvent> m_events;
    int m_capacity = kDefaultCapacity;
};

} // namespace lagscope
