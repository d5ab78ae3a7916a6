#pragma once
// The topics of one cluster snapshot: partitions, replication, health and message counts.
// Internal topics (__consumer_offsets, …) are rows like any other, flagged by InternalRole
// so that a proxy can hide them.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent; it keeps a
// reference to the last snapshot applied.

#include "models/SnapshotTableModel.h"
#include "model/ClusterSnapshot.h"

#include <optional>

namespace lagscope {

// One row of TopicTableModel: what it shows of a topic, compared to find the changed rows.
struct TopicTableRow {
    QString name;
    bool internal = false;
    int partitions = 0;
    int replicationFactor = 0;
    int underReplicated = 0;
    int offline = 0;
    std::optional<std::int64_t> messages; // over the partitions whose offsets are known
    int partitionsWithOffsets = 0;

    const QString &key() const { return name; } // rows are kept sorted by topic name
    friend bool operator==(const TopicTableRow &, const TopicTableRow &) = default;
};

class TopicTableModel final : public SnapshotTableModel<TopicTableRow, ClusterSnapshot> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TopicTableModel)

public:
    enum Column {
        Name,
        Partitions,
        ReplicationFactor,
        UnderReplicated,
        Offline,
        TotalMessages,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole,
        InternalRole, // bool, the same on every column of a row
    };

    explicit TopicTableModel(QObject *parent = nullptr);

private:
    using Row = TopicTableRow;

    static const Columns &columns();
    std::vector<Row> rowsOf(const ClusterSnapshot &snapshot) const override;
    QVariant cellData(const Row &row, int column, int role) const override;
};

} // namespace lagscope
