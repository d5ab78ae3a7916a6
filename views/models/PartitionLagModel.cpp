#include "models/PartitionLagModel.h"

#include "models/LagStatusFormat.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <algorithm>

namespace lagscope {

PartitionLagModel::PartitionLagModel(QObject *parent)
    : IncrementalTableModel(parent)
{
}

std::vector<PartitionLagModel::Row> PartitionLagModel::rowsOf(const SnapshotPtr &snapshot) const
{
    std::vector<Row> rows;
    const GroupState *group = snapshot ? snapshot->group(m_groupId) : nullptr;
    if (!group)
        return rows;
    rows.reserve(group->partitions.size());
    for (const PartitionLag &p : group->partitions)
        rows.push_back(Row{p.partition, p.committed, p.logEnd, p.lag, p.memberId, p.clientId, p.host, p.verdict,
                           p.lagTime, p.drain, p.consumeRate});
    return rows;
}

void PartitionLagModel::setGroup(const SnapshotPtr &snapshot, const QString &groupId)
{
    if (groupId == m_groupId) {
        apply(snapshot);
        return;
    }
    beginResetModel();
    m_groupId = groupId;
    m_snapshot = snapshot;
    m_rows = rowsOf(snapshot);
    std::sort(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) { return a.tp < b.tp; });
    m_rows.erase(std::unique(m_rows.begin(), m_rows.end(), [](const Row &a, const Row &b) { return a.tp == b.tp; }),
                 m_rows.end());
    endResetModel();
}

void PartitionLagModel::apply(const SnapshotPtr &snapshot)
{
    if (snapshot == m_snapshot)
        return;
    m_snapshot = snapshot;
    updateRows(m_rows, rowsOf(snapshot), [](const Row &r) { return r.tp; });
}

bool PartitionLagModel::groupFound() const
{
    return m_snapshot && m_snapshot->group(m_groupId);
}

int PartitionLagModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int PartitionLagModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

// Without a lag (no commit yet, or no log end) the rules judge nothing, and their OK only
// means "not alarming": the table shows "–" so that it does not read as caught up.
bool PartitionLagModel::notJudged(const Row &row)
{
    return !row.lag && row.verdict.status == LagStatus::Ok;
}

QVariant PartitionLagModel::display(const Row &row, int column) const
{
    const auto orUnknown = [](const QString &s) { return s.isEmpty() ? unknownText() : s; };
    switch (column) {
    case Topic:
        return row.tp.topic;
    case Partition:
        return QString::number(row.tp.partition);
    case Committed:
        return formatCount(row.committed);
    case LogEnd:
        return formatCount(row.logEnd);
    case Lag:
        return formatCount(row.lag);
    case Status:
        return notJudged(row) ? unknownText() : lagStatusName(row.verdict.status);
    case LagSeconds:
        return lagTimeText(row.lagTime);
    case Drain:
        return drainText(row.drain);
    case Member:
        return orUnknown(row.memberId);
    case Client:
        return orUnknown(row.clientId);
    case Host:
        return orUnknown(row.host);
    }
    return QVariant();
}

QVariant PartitionLagModel::sortValue(const Row &row, int column) const
{
    switch (column) {
    case Topic:
        return row.tp.topic;
    case Partition:
        return row.tp.partition;
    case Committed:
        return lagscope::sortValue(row.committed);
    case LogEnd:
        return lagscope::sortValue(row.logEnd);
    case Lag:
        return lagscope::sortValue(row.lag);
    case Status:
        return notJudged(row) ? -1 : lagStatusSeverity(row.verdict.status);
    case LagSeconds:
        return lagTimeSortValue(row.lagTime);
    case Drain:
        return drainSortValue(row.drain);
    case Member:
        return row.memberId;
    case Client:
        return row.clientId;
    case Host:
        return row.host;
    }
    return QVariant();
}

QVariant PartitionLagModel::toolTip(const Row &row, int column) const
{
    switch (column) {
    case Committed:
        return row.committed ? QVariant() : QVariant(tr("The group has no committed offset for this partition"));
    case LogEnd:
        return row.logEnd ? QVariant() : QVariant(tr("Log end offset unknown (no leader, or not fetched)"));
    case Lag:
        if (row.lag)
            return QVariant();
        return !row.committed ? tr("No committed offset, so no lag") : tr("Log end offset unknown, so no lag");
    case Status:
        return notJudged(row) ? tr("Not judged: %1").arg(row.verdict.reason) : lagStatusToolTip(row.verdict);
    case LagSeconds:
        return lagTimeToolTip(row.lagTime);
    case Drain: {
        QString text = drainToolTip(row.drain, false);
        if (row.consumeRate)
            text += QLatin1Char('\n') + tr("Consume rate: %1 records/s").arg(QString::number(*row.consumeRate, 'f', 1));
        return text;
    }
    case Member:
        return row.memberId.isEmpty() ? tr("Not assigned to any member") : row.memberId;
    }
    return QVariant();
}

QVariant PartitionLagModel::data(const QModelIndex &index, int role) const
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
    case Qt::TextAlignmentRole:
        if (column == Partition || column == Committed || column == LogEnd || column == Lag || column == LagSeconds
            || column == Drain)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    case Qt::BackgroundRole:
        if (column == Status && row.verdict.status != LagStatus::Ok)
            return statusBackground(lagStatusTone(row.verdict.status));
        return QVariant();
    case Qt::ForegroundRole: {
        if (column == Status)
            return statusForeground(notJudged(row) ? StatusTone::Muted : lagStatusTone(row.verdict.status));
        const bool unknown = (column == LagSeconds && !row.lagTime) || (column == Drain && !row.drain)
            || (column == Committed && !row.committed) || (column == LogEnd && !row.logEnd) || (column == Lag && !row.lag) || (column == Member && row.memberId.isEmpty())
            || (column == Client && row.clientId.isEmpty()) || (column == Host && row.host.isEmpty());
        return unknown ? QVariant(statusForeground(StatusTone::Muted)) : QVariant();
    }
    }
    return QVariant();
}

QVariant PartitionLagModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return IncrementalTableModel::headerData(section, orientation, role);
    switch (section) {
    case Topic:
        return tr("Topic");
    case Partition:
        return tr("Partition");
    case Committed:
        return tr("Committed");
    case LogEnd:
        return tr("Log end");
    case Lag:
        return tr("Lag");
    case Status:
        return tr("Status");
    case LagSeconds:
        return tr("Lag time");
    case Drain:
        return tr("Time to drain");
    case Member:
        return tr("Member");
    case Client:
        return tr("Client");
    case Host:
        return tr("Host");
    }
    return QVariant();
}

} // namespace lagscope
