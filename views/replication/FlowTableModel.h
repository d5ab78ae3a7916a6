#pragma once
// The MirrorMaker 2 flows being watched, one row per flow: health, reason, replication
// latency (heartbeat age), records behind, groups checkpointed and time of the last poll.
// Each apply() brings the newest snapshot of one flow; rows are keyed by
// FlowIdentity::label() and updated incrementally (see IncrementalTableModel).
// Thread: GUI thread only. Ownership: a plain QObject owned by its parent; it keeps the
// latest snapshot of every flow applied.

#include "mirror/FlowSnapshot.h"
#include "models/IncrementalTableModel.h"

#include <QDateTime>

#include <map>

namespace lagscope {

class FlowTableModel final : public IncrementalTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowTableModel)

public:
    enum Column { Flow, Health, Reason, Latency, RecordsBehind, GroupsCheckpointed, LastUpdate, NB_COLUMNS };
    enum Role {
        SortRole = Qt::UserRole + 1,
        FlowKeyRole, // QString FlowIdentity::label(); on every column of a row
    };

    explicit FlowTableModel(QObject *parent = nullptr);

    void apply(const mirror::FlowSnapshotPtr &snapshot);
    mirror::FlowSnapshotPtr snapshot(const QString &flowKey) const;
    int rowOf(const QString &flowKey) const; // -1 when unknown

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
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

        friend bool operator==(const Row &, const Row &) = default;
    };

    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;
    QVariant toolTip(const Row &row, int column) const;

    std::map<QString, mirror::FlowSnapshotPtr> m_snapshots;
    std::vector<Row> m_rows;
};

} // namespace lagscope
