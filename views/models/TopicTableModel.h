#pragma once
// The topics of one cluster snapshot: partitions, replication, health and message counts.
// Internal topics (__consumer_offsets, …) are rows like any other, flagged by InternalRole
// so that a proxy can hide them.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent; it keeps a
// reference to the last snapshot applied.

#include "models/IncrementalTableModel.h"
#include "model/ClusterSnapshot.h"

#include <optional>

namespace lagscope {

class TopicTableModel final : public IncrementalTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicTableModel)

public:
    enum Column { Name, Partitions, ReplicationFactor, UnderReplicated, Offline, TotalMessages, NB_COLUMNS };
    enum Role {
        SortRole = Qt::UserRole + 1,
        InternalRole, // bool, the same on every column of a row
    };

    explicit TopicTableModel(QObject *parent = nullptr);

    // Rows are matched by topic name and kept sorted by it; see IncrementalTableModel.
    void apply(const SnapshotPtr &snapshot);
    SnapshotPtr snapshot() const { return m_snapshot; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        bool internal = false;
        int partitions = 0;
        int replicationFactor = 0;
        int underReplicated = 0;
        int offline = 0;
        std::optional<std::int64_t> messages; // over the partitions whose offsets are known
        int partitionsWithOffsets = 0;

        friend bool operator==(const Row &, const Row &) = default;
    };

    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;

    SnapshotPtr m_snapshot;
    std::vector<Row> m_rows;
};

} // namespace lagscope
