#pragma once
// Failover readiness of the consumer groups of one MirrorMaker 2 flow, one row per group:
// partitions it committed, how many have a checkpoint, the records a consumer failing over
// now would read again, partitions without a checkpoint, and the age of its oldest
// checkpoint. Rows are keyed by group id and updated incrementally; applying another
// flow's snapshot simply replaces the rows.
// Thread: GUI thread only. Ownership: a plain QObject owned by its parent; it keeps the
// last snapshot applied.

#include "mirror/FlowSnapshot.h"
#include "models/SnapshotTableModel.h"

namespace lagscope {

// One row of FlowGroupModel: what it shows of a group, compared to find the changed rows.
struct FlowGroupRow {
    QString group;
    int partitions = 0;
    int checkpointed = 0;
    bool rereadKnown = false;
    qint64 reread = 0;
    QStringList withoutCheckpoint; // "topic-partition"
    qint64 oldestCheckpointAgeMs = -1;
    bool stale = false;

    const QString &key() const { return group; }
    friend bool operator==(const FlowGroupRow &, const FlowGroupRow &) = default;
};

class FlowGroupModel final : public SnapshotTableModel<FlowGroupRow, mirror::FlowSnapshot> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowGroupModel)

public:
    enum Column {
        Group,
        Partitions,
        Checkpointed,
        Reread,
        WithoutCheckpoint,
        OldestCheckpointAge,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole
    };

    explicit FlowGroupModel(QObject *parent = nullptr);

private:
    using Row = FlowGroupRow;

    static const Columns &columns();
    std::vector<Row> rowsOf(const mirror::FlowSnapshot &snapshot) const override;
};

} // namespace lagscope
