#pragma once
// The MirrorMaker 2 flows being watched, one row per flow: health, reason, replication
// latency (heartbeat age), records behind, groups checkpointed and time of the last poll.
// Each apply() brings the newest snapshot of one flow; rows are keyed by
// FlowIdentity::label() and updated incrementally (see IncrementalTableModel).
// Thread: GUI thread only. Ownership: a plain QObject owned by its parent; it keeps the
// latest snapshot of every flow applied.

#include "mirror/FlowSnapshot.h"
#include "models/ColumnTableModel.h"

#include <QDateTime>

#include <map>

namespace lagscope {

// One row of FlowTableModel: what it shows of a flow, compared to find the changed rows.
struct FlowTableRow {
    QString key;
    QString name;
    mirror::FlowHealth health = mirror::FlowHealth::Broken;
    QString reason;
    qint64 latencyMs = -1;
    bool behindKnown = false;
    qint64 recordsBehind = 0;
    QString worstPartition;
    int groups = 0;
    int groupsCheckpointed = 0;
    QDateTime takenAt;

    friend bool operator==(const FlowTableRow &, const FlowTableRow &) = default;
};

class FlowTableModel final : public ColumnTableModel<FlowTableRow> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowTableModel)

public:
    enum Column {
        Flow,
        Health,
        Reason,
        Latency,
        RecordsBehind,
        GroupsCheckpointed,
        LastUpdate,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole,
        FlowKeyRole, // QString FlowIdentity::label(); on every column of a row
    };

    explicit FlowTableModel(QObject *parent = nullptr);

    void apply(const mirror::FlowSnapshotPtr &snapshot);
    mirror::FlowSnapshotPtr snapshot(const QString &flowKey) const;
    int rowOf(const QString &flowKey) const; // -1 when unknown

private:
    using Row = FlowTableRow;

    static const Columns &columns();
    QVariant cellData(const Row &row, int column, int role) const override;

    std::map<QString, mirror::FlowSnapshotPtr> m_snapshots;
};

} // namespace lagscope
