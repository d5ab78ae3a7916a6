#include "replication/FlowTableModel.h"

#include "replication/ReplicationFormat.h"

#include <algorithm>

namespace lagscope {

FlowTableModel::FlowTableModel(QObject *parent) : ColumnTableModel(columns(), parent) { }

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

const FlowTableModel::Columns &FlowTableModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Flow"),
         .display = [](const Row &row) { return row.name; },
         .sort = [](const Row &row) { return row.name; },
         .toolTip = [](const Row &row) { return tr("MirrorMaker 2 flow %1").arg(row.key); }},
        {.header = QT_TR_NOOP("Health"),
         .display = [](const Row &row) { return mirror::flowHealthName(row.health); },
         .sort =
             [](const Row &row) { return int(row.health); }, // Ok < Lagging < Stalled < Broken: worst last ascending
         .foreground = [](const Row &row) { return flowHealthTone(row.health); }},
        {.header = QT_TR_NOOP("Reason"),
         .display = [](const Row &row) { return row.reason; },
         .sort = [](const Row &row) { return row.reason; },
         .toolTip = [](const Row &row) { return row.reason; }},
        {.header = QT_TR_NOOP("Replication latency"),
         .alignment = right,
         .display = [](const Row &row) { return formatDurationMs(row.latencyMs); },
         .sort = [](const Row &row) { return row.latencyMs; },
         .toolTip =
             [](const Row &row) {
                 return row.latencyMs < 0 ? tr("No heartbeat of this flow seen on the target yet")
                                          : tr("Age of the newest heartbeat replicated to the target");
             },
         .foreground = [](const Row &row) { return toneIf(row.latencyMs < 0, StatusTone::Muted); }},
        {.header = QT_TR_NOOP("Records behind"),
         .alignment = right,
         .display = [](const Row &row) { return row.behindKnown ? formatCount(row.recordsBehind) : unknownText(); },
         .sort = [](const Row &row) { return row.behindKnown ? row.recordsBehind : qint64(-1); },
         .toolTip = [](const Row &row) -> QVariant {
             if (!row.behindKnown)
                 return tr("Unknown while a cluster cannot be read");
             return row.worstPartition.isEmpty() ? QVariant() : QVariant(tr("Most behind: %1").arg(row.worstPartition));
         },
         .foreground = [](const Row &row) { return toneIf(!row.behindKnown, StatusTone::Muted); }},
        {.header = QT_TR_NOOP("Groups checkpointed"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 return tr("%1 of %2").arg(formatCount(row.groupsCheckpointed), formatCount(row.groups));
             },
         .sort = [](const Row &row) { return row.groupsCheckpointed; },
         .toolTip =
             [](const Row &) {
                 return tr("Groups with a checkpoint for every partition they committed on the source");
             }},
        {.header = QT_TR_NOOP("Last update"),
         .display =
             [](const Row &row) {
                 return row.takenAt.isValid()
                            ? QLocale().toString(row.takenAt.toLocalTime().time(), QStringLiteral("HH:mm:ss"))
                            : unknownText();
             },
         .sort = [](const Row &row) { return row.takenAt.isValid() ? row.takenAt.toMSecsSinceEpoch() : qint64(-1); }},
    };
    return table;
}

QVariant FlowTableModel::cellData(const Row &row, int, int role) const
{
    return role == FlowKeyRole ? QVariant(row.key) : QVariant();
}

} // namespace lagscope
