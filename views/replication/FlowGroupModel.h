#pragma once
// Failover readiness of the consumer groups of one MirrorMaker 2 flow, one row per group:
// partitions it committed, how many have a checkpoint, the records a consumer failing over
// now would read again, partitions without a checkpoint, and the age of its oldest
// checkpoint. Rows are keyed by group id and updated incrementally; applying another
// flow's snapshot simply replaces the rows.
// Thread: GUI thread only. Ownership: a plain QObject owned by its parent; it keeps the
// last snapshot applied.

#include "mirror/FlowSnapshot.h"
#include "models/IncrementalTableModel.h"

namespace lagscope {

class FlowGroupModel final : public IncrementalTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowGroupModel)

public:
    enum Column { Group, Partitions, Checkpointed, Reread, WithoutCheckpoint, OldestCheckpointAge, NB_COLUMNS };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit FlowGroupModel(QObject *parent = nullptr);

    void apply(const mirror::FlowSnapshotPtr &snapshot); // null clears
    mirror::FlowSnapshotPtr snapshot() const { return m_snapshot; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString group;
        int partitions = 0;
        int checkpointed = 0;
        bool rereadKnown = false;
        qint64 reread = 0;
        QStringList withoutCheckpoint; // "topic-partition"
        qint64 oldestCheckpointAgeMs = -1;
        bool stale = false;

        friend bool operator==(const Row &, const Row &) = default;
    };

    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;

    mirror::FlowSnapshotPtr m_snapshot;
    std::vector<Row> m_rows;
};

} // namespace lagscope
