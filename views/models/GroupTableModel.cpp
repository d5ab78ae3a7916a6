#include "models/GroupTableModel.h"

#include "models/LagStatusFormat.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <algorithm>

namespace lagscope {

namespace {

// Beyond this many topics the tooltip would no longer fit a screen.
constexpr int kTooltipTopics = 20;

} // namespace

GroupTableModel::GroupTableModel(QObject *parent)
    : IncrementalTableModel(parent)
{
}

const GroupTableModel::Row *GroupTableModel::findRow(const QString &groupId) const
{
    const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), groupId,
                                     [](const Row &r, const QString &key) { return r.groupId < key; });
    return it != m_rows.end() && it->groupId == groupId ? &*it : nullptr;
}

void GroupTableModel::apply(const SnapshotPtr &snapshot)
{
    if (snapshot == m_snapshot)
        return;
    m_snapshot = snapshot;

    std::vector<Row> next;
    if (snapshot) {
        next.reserve(snapshot->groups.size());
        for (const GroupState &g : snapshot->groups) {
            Row row;
            row.groupId = g.groupId;
            row.state = g.state;
            row.members = int(g.members.size());
            row.topics = g.topics();
            row.lagKnown = std::any_of(g.partitions.begin(), g.partitions.end(),
                                       [](const PartitionLag &p) { return p.lag.has_value(); });
            row.totalLag = g.totalLag;
            row.maxLag = g.maxLag;
            row.rebalances = g.rebalancesLastHour;
            row.verdict = g.verdict;
            row.lagTime = g.maxLagTime;
            row.drain = g.drain;
            row.error = g.error;
            row.lastReadAt = g.lastReadAt;
            if (const Row *old = findRow(g.groupId))
                row.trend = old->trend;
            if (row.lagKnown && row.error.isEmpty() && (row.trend.isEmpty() || row.trend.last() != row.totalLag)) {
                row.trend.append(row.totalLag);
                if (row.trend.size() > kTrendLength)
                    row.trend.remove(0, row.trend.size() - kTrendLength);
            }
            next.push_back(std::move(row));
        }
    }
    updateRows(m_rows, std::move(next), [](const Row &r) { return r.groupId; });
}

int GroupTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int GroupTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant GroupTableModel::display(const Row &row, int column) const
{
    switch (column) {
    case Group:
        return row.groupId;
    case State:
        return row.state.isEmpty() ? unknownText() : row.state;
    case Status:
        return row.error.isEmpty() ? lagStatusName(row.verdict.status) : unreadText();
    case LagSeconds:
        return lagTimeText(row.lagTime);
    case Drain:
        return drainText(row.drain);
    case Members:
        return formatCount(row.members);
    case Topics:
        return row.topics.isEmpty() ? unknownText() : row.topics.join(QStringLiteral(", "));
    case TotalLag:
        return row.lagKnown ? formatCount(row.totalLag) : unknownText();
    case MaxLag:
        return row.lagKnown ? formatCount(row.maxLag) : unknownText();
    case Rebalances:
        return formatCount(row.rebalances);
    case Trend:
        return QVariant(); // painted by SparklineDelegate from TrendRole
    }
    return QVariant();
}

QVariant GroupTableModel::sortValue(const Row &row, int column) const
{
    switch (column) {
    case Group:
        return row.groupId;
    case State:
        return row.state;
    case Status:
        // Not knowing sorts with the worst: an unread group needs a look.
        return row.error.isEmpty() ? lagStatusSeverity(row.verdict.status) : kUnreadSeverity;
    case LagSeconds:
        return lagTimeSortValue(row.lagTime);
    case Drain:
        return drainSortValue(row.drain);
    case Members:
        return row.members;
    case Topics:
        return row.topics.join(QLatin1Char(','));
    case TotalLag:
        return row.lagKnown ? qint64(row.totalLag) : qint64(-1);
    case MaxLag:
        return row.lagKnown ? qint64(row.maxLag) : qint64(-1);
    case Rebalances:
        return row.rebalances;
    case Trend:
        // Growth over the remembered window: growing groups sort to the end ascending.
        return row.trend.isEmpty() ? qint64(0) : row.trend.last() - row.trend.first();
    }
    return QVariant();
}

QVariant GroupTableModel::toolTip(const Row &row, int column) const
{
    switch (column) {
    case Group:
        return row.groupId; // whole, when the column elides it
    case Topics: {
        if (row.topics.isEmpty())
            return tr("No committed offsets or assignments");
        QStringList lines = row.topics.mid(0, kTooltipTopics);
        if (row.topics.size() > kTooltipTopics)
            lines << tr("… and %n more", nullptr, int(row.topics.size() - kTooltipTopics));
        return lines.join(QLatin1Char('\n'));
    }
    case Status:
        if (!row.error.isEmpty())
            return unreadToolTip(row.error, row.lastReadAt);
        return lagStatusToolTip(row.verdict);
    case LagSeconds:
        return QString(lagTimeToolTip(row.lagTime) + QLatin1Char('\n') + tr("The group's value is its oldest partition's."));
    case Drain:
        return drainToolTip(row.drain, true);
    case TotalLag:
    case MaxLag:
        return row.lagKnown ? QVariant() : QVariant(tr("No partition of this group has a known lag"));
    case Rebalances:
        return tr("Rebalances completed in the last hour (seen by Lagscope's polls; "
                  "several between two polls count as one)");
    case Trend: {
        if (row.trend.isEmpty())
            return tr("No lag seen yet");
        const auto [lo, hi] = std::minmax_element(row.trend.begin(), row.trend.end());
        return tr("Total lag over the last %n change(s): from %1 to %2, now %3", nullptr, int(row.trend.size()))
            .arg(formatCount(*lo), formatCount(*hi), formatCount(row.trend.last()));
    }
    }
    return QVariant();
}

QVariant GroupTableModel::foreground(const Row &row, int column) const
{
    if (!row.error.isEmpty() && column == Status)
        return statusForeground(StatusTone::Warning);
    // An unread group's values are old: greyed, as values that may no longer hold.
    if (!row.error.isEmpty() && column != Group)
        return statusForeground(StatusTone::Muted);
    if (column == State) {
        if (row.state == QLatin1String("Dead"))
            return statusForeground(StatusTone::Error);
        if (row.state.contains(QLatin1String("Rebalance")) || row.state == QLatin1String("Assigning")
            || row.state == QLatin1String("Reconciling"))
            return statusForeground(StatusTone::Warning);
        if (row.state == QLatin1String("Empty") || row.state.isEmpty() || row.state == QLatin1String("Unknown"))
            return statusForeground(StatusTone::Muted);
        return QVariant();
    }
    if (column == Status)
        return statusForeground(lagStatusTone(row.verdict.status));
    if ((column == LagSeconds && !row.lagTime) || (column == Drain && !row.drain))
        return statusForeground(StatusTone::Muted);
    if ((column == TotalLag || column == MaxLag) && !row.lagKnown)
        return statusForeground(StatusTone::Muted);
    if (column == Rebalances)
        return row.rebalances == 0 ? statusForeground(StatusTone::Muted) : QVariant();
    return QVariant();
}

QVariant GroupTableModel::data(const QModelIndex &index, int role) const
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
    case TrendRole:
        return QVariant::fromValue(row.trend);
    case TopicsRole:
        return row.topics;
    case Qt::ToolTipRole:
        return toolTip(row, column);
    case Qt::ForegroundRole:
        return foreground(row, column);
    case Qt::BackgroundRole:
        if (column == Status && !row.error.isEmpty())
            return statusBackground(StatusTone::Warning);
        if (column == Status && row.verdict.status != LagStatus::Ok)
            return statusBackground(lagStatusTone(row.verdict.status));
        return QVariant();
    case Qt::TextAlignmentRole:
        if (column == Members || column == TotalLag || column == MaxLag || column == LagSeconds || column == Drain
            || column == Rebalances)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return QVariant();
    }
    return QVariant();
}

QVariant GroupTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == MaxLag)
        return tr("Largest lag of one partition of the group (records)");
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == Drain)
        return tr("Time to drain the lag at the current consume rate (the slowest partition)");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return IncrementalTableModel::headerData(section, orientation, role);
    switch (section) {
    case Group:
        return tr("Group");
    case State:
        return tr("State");
    case Status:
        return tr("Status");
    case LagSeconds:
        return tr("Lag time");
    case Drain:
        return tr("Drain");
    case Members:
        return tr("Members");
    case Topics:
        return tr("Topics");
    case TotalLag:
        return tr("Total lag");
    case MaxLag:
        return tr("Max lag");
    case Rebalances:
        return tr("Rebalances/h");
    case Trend:
        return tr("Trend");
    }
    return QVariant();
}

} // namespace lagscope
