#pragma once
// The partitions of ONE consumer group in a snapshot: lag status (why: tooltip), committed
// offset, log end, lag in records and seconds, time to drain and the member that owns each.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent; it keeps a
// reference to the last snapshot applied.

#include "models/IncrementalTableModel.h"
#include "model/ClusterSnapshot.h"

#include <optional>

namespace lagscope {

class PartitionLagModel final : public IncrementalTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartitionLagModel)

public:
    enum Column { Topic, Partition, Status, Committed, LogEnd, Lag, LagSeconds, Drain, Member, Client, Host, NB_COLUMNS };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit PartitionLagModel(QObject *parent = nullptr);

    // Shows groupId from snapshot. Switching to another group resets the model (the rows
    // have nothing in common); the same group again is the same as apply(snapshot).
    void setGroup(const SnapshotPtr &snapshot, const QString &groupId);
    // A newer snapshot of the same group: rows matched by topic-partition, incrementally.
    // A group missing from the snapshot shows no rows (groupFound() tells why).
    void apply(const SnapshotPtr &snapshot);

    QString groupId() const { return m_groupId; }
    SnapshotPtr snapshot() const { return m_snapshot; }
    bool groupFound() const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        TopicPartition tp;
        std::optional<std::int64_t> committed;
        std::optional<std::int64_t> logEnd;
        std::optional<std::int64_t> lag;
        QString memberId;
        QString clientId;
        QString host;
        LagVerdict verdict;
        std::optional<LagTime> lagTime;
        std::optional<DrainTime> drain;
        std::optional<double> consumeRate;

        friend bool operator==(const Row &, const Row &) = default;
    };

    std::vector<Row> rowsOf(const SnapshotPtr &snapshot) const;
    static bool notJudged(const Row &row);
    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;

    SnapshotPtr m_snapshot;
    QString m_groupId;
    std::vector<Row> m_rows;
};

} // namespace lagscope
