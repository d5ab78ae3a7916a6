#include "replication/FlowTableModel.h"

#include "replication/ReplicationFormat.h"

#include <algorithm>

namespace lagscope {

FlowTableModel::FlowTableModel(QObject *parent)
    : IncrementalTableModel(parent)
{
}

void FlowTableModel::apply(const mirror::FlowSnapshotPtr &snapshot)
{
    if (!snapshot)
        return;
    auto &slot = m_snapshots[snapshot->flow.label()];
    if (slot == snapshot)
        return;
    slot = snapshot;

    std::vector<Row> next;
    next.reserve(m_snapshots.size());
    for (const auto &[key, s] : m_snapshots) {
        Row row;
        row.key = key;
        row.name = flowDisplayName(s->flow);
        row.health = s->health;
        row.reason = s->reason;
        row.latencyMs = s->heartbeatAgeMs;
        // Records behind are only known when both sides were read.
        row.behindKnown = s->sourceReachable && s->targetReachable;
        for (const auto &t : s->topics)
            row.recordsBehind += t.recordsBehind();
        s->maxRecordsBehind(&row.worstPartition);
        row.groups = int(s->groups.size());
        row.groupsCheckpointed = int(std::count_if(s->groups.begin(), s->groups.end(), [](const mirror::GroupFlow &g) {
            return g.withoutCheckpoint.empty()
                && std::any_of(g.partitions.begin(), g.partitions.end(),
                               [](const mirror::GroupPartitionFlow &p) { return p.hasCheckpoint; });
        }));
        row.takenAt = s->takenAt;
        next.push_back(std::move(row));
    }
    updateRows(m_rows, std::move(next), [](const Row &r) { return r.key; });
}

mirror::FlowSnapshotPtr FlowTableModel::snapshot(const QString &flowKey) const
{
    const auto it = m_snapshots.find(flowKey);
    return it == m_snapshots.end() ? nullptr : it->second;
}

int FlowTableModel::rowOf(const QString &flowKey) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), flowKey,
                                     [](const Row &r, const QString &key) { return r.key < key; });
    return it != m_rows.end() && it->key == flowKey ? int(it - m_rows.begin()) : -1;
}

int FlowTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FlowTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant FlowTableModel::display(const Row &row, int column) const
{
    switch (column) {
    case Flow:
        return row.name;
    case Health:
        return mirror::flowHealthName(row.health);
    case Reason:
        return row.reason;
    case Latency:
        return formatDurationMs(row.latencyMs);
    case RecordsBehind:
        return row.behindKnown ? formatCount(row.recordsBehind) : unknownText();
    case GroupsCheckpointed:
        return tr("%1 of %2").arg(formatCount(row.groupsCheckpointed), formatCount(row.groups));
    case LastUpdate:
        return row.takenAt.isValid() ? QLocale().toString(row.takenAt.toLocalTime().time(), QStringLiteral("HH:mm:ss"))
                                     : unknownText();
    }
    return QVariant();
}

QVariant FlowTableModel::sortValue(const Row &row, int column) const
{
    switch (column) {
    case Flow:
        return row.name;
    case Health:
        return int(row.health); // Ok < Lagging < Stalled < Broken: worst last ascending
    case Reason:
        return row.reason;
    case Latency:
        return row.latencyMs;
    case RecordsBehind:
        return row.behindKnown ? row.recordsBehind : qint64(-1);
    case GroupsCheckpointed:
        return row.groupsCheckpointed;
    case LastUpdate:
        return row.takenAt.isValid() ? row.takenAt.toMSecsSinceEpoch() : qint64(-1);
    }
    return QVariant();
}

QVariant FlowTableModel::toolTip(const Row &row, int column) const
{
    switch (column) {
    case Flow:
        return tr("MirrorMaker 2 flow %1").arg(row.key);
    case Reason:
        return row.reason;
    case Latency:
        return row.latencyMs < 0 ? tr("No heartbeat of this flow seen on the target yet")
                                 : tr("Age of the newest heartbeat replicated to the target");
    case RecordsBehind:
        if (!row.behindKnown)
            return tr("Unknown while a cluster cannot be read");
        return row.worstPartition.isEmpty() ? QVariant() : QVariant(tr("Most behind: %1").arg(row.worstPartition));
    case GroupsCheckpointed:
        return tr("Groups with a checkpoint for every partition they committed on the source");
    }
    return QVariant();
}

QVariant FlowTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const Row &row = m_rows[size_t(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(row, column);
    case SortRole:
        return sortValue(row, column);
    case FlowKeyRole:
        return row.key;
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::ForegroundRole:
        if (column == Health)
            return statusForeground(flowHealthTone(row.health));
        if ((column == Latency && row.latencyMs < 0) || (column == RecordsBehind && !row.behindKnown))
            return statusForeground(StatusTone::Muted);
        return QVariant();
    case Qt::TextAlignmentRole:
        if (column == Latency || column == RecordsBehind || column == GroupsCheckpointed)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    }
    return QVariant();
}

QVariant FlowTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return IncrementalTableModel::headerData(section, orientation, role);
    switch (section) {
    case Flow:
        return tr("Flow");
    case Health:
        return tr("Health");
    case Reason:
        return tr("Reason");
    case Latency:
        return tr("Replication latency");
    case RecordsBehind:
        return tr("Records behind");
    case GroupsCheckpointed:
        return tr("Groups checkpointed");
    case LastUpdate:
        return tr("Last update");
    }
    return QVariant();
}

} // namespace lagscope
