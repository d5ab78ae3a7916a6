#include "models/TopicTableModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <QFont>

namespace lagscope {

TopicTableModel::TopicTableModel(QObject *parent)
    : IncrementalTableModel(parent)
{
}

void TopicTableModel::apply(const SnapshotPtr &snapshot)
{
    if (snapshot == m_snapshot)
        return;
    m_snapshot = snapshot;

    std::vector<Row> next;
    if (snapshot) {
        next.reserve(snapshot->topics.size());
        for (const TopicState &t : snapshot->topics) {
            Row row{t.name, t.internal, int(t.partitions.size()), t.replicationFactor(),
                    t.underReplicatedCount(), t.offlineCount(), std::nullopt, 0};
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
    }
    updateRows(m_rows, std::move(next), [](const Row &r) { return r.name; });
}

int TopicTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int TopicTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant TopicTableModel::display(const Row &row, int column) const
{
    switch (column) {
    case Name:
        return row.name;
    case Partitions:
        return formatCount(row.partitions);
    case ReplicationFactor:
        return row.partitions > 0 ? formatCount(row.replicationFactor) : unknownText();
    case UnderReplicated:
        return formatCount(row.underReplicated);
    case Offline:
        return formatCount(row.offline);
    case TotalMessages:
        return formatCount(row.messages);
    }
    return QVariant();
}

QVariant TopicTableModel::sortValue(const Row &row, int column) const
{
    switch (column) {
    case Name:
        return row.name;
    case Partitions:
        return row.partitions;
    case ReplicationFactor:
        return row.replicationFactor;
    case UnderReplicated:
        return row.underReplicated;
    case Offline:
        return row.offline;
    case TotalMessages:
        return lagscope::sortValue(row.messages);
    }
    return QVariant();
}

QVariant TopicTableModel::toolTip(const Row &row, int column) const
{
    switch (column) {
    case Name:
        return row.internal ? tr("%1 (internal topic)").arg(row.name) : row.name;
    case TotalMessages:
        if (!row.messages)
            return tr("Log offsets unknown (no leader, or not fetched yet)");
        if (row.partitionsWithOffsets < row.partitions)
            return tr("Log end minus log start over %1 of %2 partitions; the others have unknown offsets")
                .arg(row.partitionsWithOffsets)
                .arg(row.partitions);
        return tr("Log end minus log start, summed over all partitions");
    case UnderReplicated:
        return tr("Partitions with fewer in-sync replicas than replicas");
    case Offline:
        return tr("Partitions without a leader");
    }
    return QVariant();
}

QVariant TopicTableModel::data(const QModelIndex &index, int role) const
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
    case InternalRole:
        return row.internal;
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::TextAlignmentRole:
        return column == Name ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::FontRole:
        if (column == Name && row.internal) {
            QFont font;
            font.setItalic(true);
            return font;
        }
        return QVariant();
    case Qt::ForegroundRole:
        if (column == Offline && row.offline > 0)
            return statusForeground(StatusTone::Error);
        if (column == UnderReplicated && row.underReplicated > 0)
            return statusForeground(StatusTone::Warning);
        if (column == TotalMessages && !row.messages)
            return statusForeground(StatusTone::Muted);
        if (column == Name && row.internal)
            return statusForeground(StatusTone::Muted);
        return QVariant();
    case Qt::BackgroundRole:
        if (row.offline > 0)
            return statusBackground(StatusTone::Error);
        if (row.underReplicated > 0)
            return statusBackground(StatusTone::Warning);
        return QVariant();
    }
    return QVariant();
}

QVariant TopicTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return IncrementalTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name:
        return tr("Name");
    case Partitions:
        return tr("Partitions");
    case ReplicationFactor:
        return tr("Replication factor");
    case UnderReplicated:
        return tr("Under-replicated");
    case Offline:
        return tr("Offline");
    case TotalMessages:
        return tr("Total messages");
    }
    return QVariant();
}

} // namespace lagscope
