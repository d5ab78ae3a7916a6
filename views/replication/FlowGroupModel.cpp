#include "replication/FlowGroupModel.h"

#include "replication/ReplicationFormat.h"

#include <algorithm>

namespace lagscope {

namespace {

constexpr int kTooltipPartitions = 20;

} // namespace

FlowGroupModel::FlowGroupModel(QObject *parent)
    : IncrementalTableModel(parent)
{
}

void FlowGroupModel::apply(const mirror::FlowSnapshotPtr &snapshot)
{
    if (snapshot == m_snapshot)
        return;
    m_snapshot = snapshot;

    std::vector<Row> next;
    if (snapshot) {
        next.reserve(snapshot->groups.size());
        for (const mirror::GroupFlow &g : snapshot->groups) {
            Row row;
            row.group = g.group;
            row.partitions = int(g.partitions.size());
            for (const auto &p : g.partitions) {
                if (p.hasCheckpoint) {
                    ++row.checkpointed;
                    row.oldestCheckpointAgeMs = std::max(row.oldestCheckpointAgeMs, p.checkpointAgeMs);
                }
                if (p.checkpointBehindCommit() >= 0)
                    row.rereadKnown = true;
            }
            row.reread = g.rereadOnFailover;
            for (const auto &tp : g.withoutCheckpoint)
                row.withoutCheckpoint << tp.toString();
            row.stale = snapshot->staleCheckpointGroups.contains(g.group);
            next.push_back(std::move(row));
        }
    }
    updateRows(m_rows, std::move(next), [](const Row &r) { return r.group; });
}

int FlowGroupModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FlowGroupModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant FlowGroupModel::display(const Row &row, int column) const
{
    switch (column) {
    case Group:
        return row.group;
    case Partitions:
        return formatCount(row.partitions);
    case Checkpointed:
        return formatCount(row.checkpointed);
    case Reread:
        return row.rereadKnown ? formatCount(row.reread) : unknownText();
    case WithoutCheckpoint:
        return formatCount(qint64(row.withoutCheckpoint.size()));
    case OldestCheckpointAge:
        return formatDurationMs(row.oldestCheckpointAgeMs);
    }
    return QVariant();
}

QVariant FlowGroupModel::sortValue(const Row &row, int column) const
{
    switch (column) {
    case Group:
        return row.group;
    case Partitions:
        return row.partitions;
    case Checkpointed:
        return row.checkpointed;
    case Reread:
        return row.rereadKnown ? row.reread : qint64(-1);
    case WithoutCheckpoint:
        return int(row.withoutCheckpoint.size());
    case OldestCheckpointAge:
        return row.oldestCheckpointAgeMs;
    }
    return QVariant();
}

QVariant FlowGroupModel::toolTip(const Row &row, int column) const
{
    switch (column) {
    case Reread:
        return row.rereadKnown ? tr("Records between the checkpoints and the group's real commits on the source: "
                                    "what a consumer failing over now would read again")
                               : tr("No partition has both a checkpoint and a commit on the source");
    case WithoutCheckpoint: {
        if (row.withoutCheckpoint.isEmpty())
            return QVariant();
        QStringList lines = row.withoutCheckpoint.mid(0, kTooltipPartitions);
        if (row.withoutCheckpoint.size() > kTooltipPartitions)
            lines << tr("… and %n more", nullptr, int(row.withoutCheckpoint.size() - kTooltipPartitions));
        return QString(tr("No translated offset after a failover for:") + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
    }
    case OldestCheckpointAge:
        return row.stale ? QVariant(tr("Stale: the group committed past its checkpoint long ago")) : QVariant();
    }
    return QVariant();
}

QVariant FlowGroupModel::data(const QModelIndex &index, int role) const
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
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::ForegroundRole:
        if (column == WithoutCheckpoint && !row.withoutCheckpoint.isEmpty())
            return statusForeground(StatusTone::Warning);
        if (column == OldestCheckpointAge && row.stale)
            return statusForeground(StatusTone::Warning);
        if ((column == Reread && !row.rereadKnown) || (column == OldestCheckpointAge && row.oldestCheckpointAgeMs < 0))
            return statusForeground(StatusTone::Muted);
        return QVariant();
    case Qt::TextAlignmentRole:
        if (column != Group)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    }
    return QVariant();
}

QVariant FlowGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return IncrementalTableModel::headerData(section, orientation, role);
    switch (section) {
    case Group:
        return tr("Group");
    case Partitions:
        return tr("Partitions");
    case Checkpointed:
        return tr("Checkpointed");
    case Reread:
        return tr("Re-read on failover");
    case WithoutCheckpoint:
        return tr("Without checkpoint");
    case OldestCheckpointAge:
        return tr("Oldest checkpoint");
    }
    return QVariant();
}

} // namespace lagscope
