#include "models/TopicTableModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <QFont>

namespace lagscope {

TopicTableModel::TopicTableModel(QObject *parent) : SnapshotTableModel(columns(), parent) { }

std::vector<TopicTableModel::Row> TopicTableModel::rowsOf(const ClusterSnapshot &snapshot) const
{
    std::vector<Row> next;
    next.reserve(snapshot.topics.size());
    for (const TopicState &t : snapshot.topics) {
        Row row{t.name,
                t.internal,
                int(t.partitions.size()),
                t.replicationFactor(),
                t.underReplicatedCount(),
                t.offlineCount(),
                std::nullopt,
                0};
        std::int64_t sum = 0;
        for (const PartitionState &p : t.partitions) {
            if (p.logStart >= 0 && p.logEnd >= p.logStart) {
                sum += p.logEnd - p.logStart;
                ++row.partitionsWithOffsets;
            }
        }
        if (row.partitionsWithOffsets > 0)
            row.messages = sum;
        next.push_back(std::move(row));
    }
    return next;
}

const TopicTableModel::Columns &TopicTableModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Name"),
         .display = [](const Row &row) { return row.name; },
         .sort = [](const Row &row) { return row.name; },
         .toolTip = [](const Row &row) { return row.internal ? tr("%1 (internal topic)").arg(row.name) : row.name; },
         .foreground = [](const Row &row) { return toneIf(row.internal, StatusTone::Muted); }},
        countColumn<Row>(QT_TR_NOOP("Partitions"), &Row::partitions),
        {.header = QT_TR_NOOP("Replication factor"),
         .alignment = right,
         .display =
             [](const Row &row) { return row.partitions > 0 ? formatCount(row.replicationFactor) : unknownText(); },
         .sort = [](const Row &row) { return row.replicationFactor; }},
        countColumn<Row>(
            QT_TR_NOOP("Under-replicated"), &Row::underReplicated,
            {.toolTip = [](const Row &) { return tr("Partitions with fewer in-sync replicas than replicas"); },
             .foreground = [](const Row &row) { return toneIf(row.underReplicated > 0, StatusTone::Warning); }}),
        countColumn<Row>(QT_TR_NOOP("Offline"), &Row::offline,
                         {.toolTip = [](const Row &) { return tr("Partitions without a leader"); },
                          .foreground = [](const Row &row) { return toneIf(row.offline > 0, StatusTone::Error); }}),
        countColumn<Row>(
            QT_TR_NOOP("Total messages"), &Row::messages,
            {.toolTip =
                 [](const Row &row) {
                     if (!row.messages)
                         return tr("Log offsets unknown (no leader, or not fetched yet)");
                     if (row.partitionsWithOffsets < row.partitions)
                         return tr("Log end minus log start over %1 of %2 partitions; the others have unknown offsets")
                             .arg(row.partitionsWithOffsets)
                             .arg(row.partitions);
                     return tr("Log end minus log start, summed over all partitions");
                 },
             .foreground = [](const Row &row) { return toneIf(!row.messages, StatusTone::Muted); }}),
    };
    return table;
}

QVariant TopicTableModel::cellData(const Row &row, int column, int role) const
{
    switch (role) {
    case InternalRole: return row.internal;
    case Qt::FontRole:
        if (column == Name && row.internal) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return QVariant();
    case Qt::BackgroundRole: // the whole row
        if (row.offline > 0)
            return statusBackground(StatusTone::Error);
        if (row.underReplicated > 0)
            return statusBackground(StatusTone::Warning);
        return QVariant();
    }
    return QVariant();
}

} // namespace lagscope
