#pragma once
// The event log: ClusterEvents of every cluster in the order they arrived, newest last,
// capped so that a long-running console does not grow without bound (the oldest rows go).
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent.

#include "model/ClusterEvent.h"
#include "models/ColumnTableModel.h"

#include <deque>
#include <vector>

namespace lagscope {

class EventLogModel final : public ColumnTableModel<ClusterEvent, std::deque<ClusterEvent>> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogModel)

public:
    enum Column {
        Time,
        Cluster,
        Severity,
        Kind,
        Subject,
        Message,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole, // Time: UTC ms since epoch; Severity: int; others: strings
        GroupRole,                 // the event's group id (empty when none), any column
    };
    static constexpr int kDefaultCapacity = 10000;

    explicit EventLogModel(QObject *parent = nullptr);

    // Appends at the bottom in one rowsInserted; first removes the oldest rows (one
    // rowsRemoved at the top) if the log would exceed capacity().
    void append(const std::vector<ClusterEvent> &events);
    void clear();

    int capacity() const { return m_capacity; }
    void setCapacity(int capacity); // at least 1; trims the oldest rows at once
    const ClusterEvent &event(int row) const { return m_rows[size_t(row)]; }

    static QString severityText(EventSeverity severity);

private:
    static const Columns &columns();
    QVariant cellData(const ClusterEvent &event, int column, int role) const override;
    void removeOldest(int count);

    int m_capacity = kDefaultCapacity;
};

} // namespace lagscope
