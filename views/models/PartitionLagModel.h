#pragma once
// The partitions of ONE consumer group in a snapshot: lag status (why: tooltip), committed
// offset, log end, lag in records and seconds, time to drain and the member that owns each.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent; it keeps a
// reference to the last snapshot applied.

#include "models/SnapshotTableModel.h"
#include "model/ClusterSnapshot.h"

#include <optional>

namespace lagscope {

// One row of PartitionLagModel: what it shows of a partition, compared to find the changed rows.
struct PartitionLagRow {
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
    OrphanReason orphan = OrphanReason::None; // marked in the topic column
    // Set after the others, in rowsOf().
    std::optional<RetentionForecast> retention = std::nullopt;

    const TopicPartition &key() const { return tp; } // rows are kept sorted by topic-partition
    friend bool operator==(const PartitionLagRow &, const PartitionLagRow &) = default;
};

class PartitionLagModel final : public SnapshotTableModel<PartitionLagRow, ClusterSnapshot> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PartitionLagModel)

public:
    enum Column {
        Topic,
        Partition,
        Status,
        Committed,
        LogEnd,
        Lag,
        LagSeconds,
        Drain,
        Retention,
        Member,
        Client,
        Host,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole
    };

    explicit PartitionLagModel(QObject *parent = nullptr);

    // Shows groupId from snapshot. Switching to another group resets the model (the rows
    // have nothing in common); the same group again is the same as apply(snapshot).
    void setGroup(const SnapshotPtr &snapshot, const QString &groupId);
    // apply(): a newer snapshot of the same group, rows matched by topic-partition,
    // incrementally. A group missing from the snapshot shows no rows (groupFound() tells why).

    QString groupId() const { return m_groupId; }
    bool groupFound() const;

private:
    using Row = PartitionLagRow;

    static const Columns &columns();
    std::vector<Row> rowsOf(const ClusterSnapshot &snapshot) const override;
    static bool notJudged(const Row &row);

    QString m_groupId;
};

} // namespace lagscope
