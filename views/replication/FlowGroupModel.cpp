#include "replication/FlowGroupModel.h"

#include "replication/ReplicationFormat.h"

#include <algorithm>

namespace lagscope {

FlowGroupModel::FlowGroupModel(QObject *parent) : SnapshotTableModel(columns(), parent) { }

std::vector<FlowGroupModel::Row> FlowGroupModel::rowsOf(const mirror::FlowSnapshot &snapshot) const
{
    std::vector<Row> next;
    next.reserve(snapshot.groups.size());
    for (const mirror::GroupFlow &g : snapshot.groups) {
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
        row.stale = snapshot.staleCheckpointGroups.contains(g.group);
        next.push_back(std::move(row));
    }
    return next;
}

const FlowGroupModel::Columns &FlowGroupModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Group"),
         .display = [](const Row &row) { return row.group; },
         .sort = [](const Row &row) { return row.group; }},
        countColumn<Row>(QT_TR_NOOP("Partitions"), &Row::partitions),
        countColumn<Row>(QT_TR_NOOP("Checkpointed"), &Row::checkpointed),
        {.header = QT_TR_NOOP("Re-read on failover"),
         .alignment = right,
         .display = [](const Row &row) { return row.rereadKnown ? formatCount(row.reread) : unknownText(); },
         .sort = [](const Row &row) { return row.rereadKnown ? row.reread : qint64(-1); },
         .toolTip =
             [](const Row &row) {
                 return row.rereadKnown
                            ? tr("Records between the checkpoints and the group's real commits on the source: "
                                 "what a consumer failing over now would read again")
                            : tr("No partition has both a checkpoint and a commit on the source");
             },
         .foreground = [](const Row &row) { return toneIf(!row.rereadKnown, StatusTone::Muted); }},
        {.header = QT_TR_NOOP("Without checkpoint"),
         .alignment = right,
         .display = [](const Row &row) { return formatCount(qint64(row.withoutCheckpoint.size())); },
         .sort = [](const Row &row) { return int(row.withoutCheckpoint.size()); },
         .toolTip = [](const Row &row) -> QVariant {
             if (row.withoutCheckpoint.isEmpty())
                 return QVariant();
             return QString(tr("No translated offset after a failover for:") + QLatin1Char('\n')
                            + tooltipList(row.withoutCheckpoint));
         },
         .foreground = [](const Row &row) { return toneIf(!row.withoutCheckpoint.isEmpty(), StatusTone::Warning); }},
        {.header = QT_TR_NOOP("Oldest checkpoint"),
         .alignment = right,
         .display = [](const Row &row) { return formatDurationMs(row.oldestCheckpointAgeMs); },
         .sort = [](const Row &row) { return row.oldestCheckpointAgeMs; },
         .toolTip =
             [](const Row &row) {
                 return row.stale ? QVariant(tr("Stale: the group committed past its checkpoint long ago"))
                                  : QVariant();
             },
         .foreground = [](const Row &row) -> std::optional<StatusTone> {
             if (row.stale)
                 return StatusTone::Warning;
             return toneIf(row.oldestCheckpointAgeMs < 0, StatusTone::Muted);
         }},
    };
    return table;
}

} // namespace lagscope
