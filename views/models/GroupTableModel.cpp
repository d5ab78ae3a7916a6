#include "models/GroupTableModel.h"

#include "models/LagStatusFormat.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"
#include "monitor/OrphanedOffsets.h"

#include <algorithm>

namespace lagscope {

GroupTableModel::GroupTableModel(QObject *parent) : SnapshotTableModel(columns(), parent) { }

namespace {

// The group's topics as GroupState::topics() gives them, without its hash of seen names: a
// snapshot's partitions are sorted by topic, so each topic is one run of them, and a group
// whose first and last partitions share a topic reads only that one. That spares reading
// every partition of every group (100,000 at the large benchmark fixture, 25 MB) on each
// apply. The list of the row shown now is reused when equal, so that comparing the rows is
// a pointer check.
QStringList topicsOf(const GroupState &g, const QStringList *shown)
{
    QStringList out;
    if (!g.partitions.empty() && g.partitions.front().partition.topic == g.partitions.back().partition.topic) {
        out << g.partitions.front().partition.topic;
    } else {
        for (const PartitionLag &p : g.partitions)
            if (out.isEmpty() || out.last() != p.partition.topic)
                out << p.partition.topic;
        if (!std::is_sorted(out.begin(), out.end()) || std::adjacent_find(out.begin(), out.end()) != out.end())
            out = g.topics(); // not sorted by topic after all: a topic may come back later
    }
    if (shown && *shown == out)
        return *shown;
    return out;
}

// The group id, and what its badge stands for.
QString groupToolTip(const GroupTableRow &row)
{
    QString text = row.groupId;
    if (!row.splitBrain.isEmpty())
        text += QLatin1Char('\n') + GroupTableModel::tr("Split brain: %1").arg(row.splitBrain);
    if (!row.orphanedTopics.isEmpty())
        text += QLatin1Char('\n')
                + GroupTableModel::tr("Orphaned offsets (nobody reads them) on: %1")
                      .arg(row.orphanedTopics.join(QStringLiteral(", ")));
    return text;
}

} // namespace

void GroupTableModel::setSplitBrains(std::map<QString, QString> byGroup)
{
    if (byGroup == m_splitBrains)
        return;
    m_splitBrains = std::move(byGroup);
    if (const auto s = snapshot())
        updateRows(m_rows, rowsOf(*s), [](const Row &row) { return row.key(); });
}

// The trend carries over from the row of the same group the model shows now. The snapshot's
// groups and the rows are both sorted by group id, so one walk finds every old row.
std::vector<GroupTableModel::Row> GroupTableModel::rowsOf(const ClusterSnapshot &snapshot) const
{
    std::vector<Row> next;
    next.reserve(snapshot.groups.size());
    auto old = m_rows.begin();
    for (const GroupState &g : snapshot.groups) {
        if (old != m_rows.end() && g.groupId < old->groupId) // not ascending after all: search
            old = std::lower_bound(m_rows.begin(), m_rows.end(), g.groupId,
                                   [](const Row &r, const QString &key) { return r.groupId < key; });
        while (old != m_rows.end() && old->groupId < g.groupId)
            ++old;
        const Row *shown = old != m_rows.end() && old->groupId == g.groupId ? &*old : nullptr;
        Row row;
        row.groupId = g.groupId;
        row.state = g.state;
        row.members = int(g.members.size());
        row.topics = topicsOf(g, shown ? &shown->topics : nullptr);
        row.lagKnown = std::any_of(g.partitions.begin(), g.partitions.end(),
                                   [](const PartitionLag &p) { return p.lag.has_value(); });
        row.totalLag = g.totalLag;
        row.maxLag = g.maxLag;
        row.rebalances = g.rebalancesLastHour;
        row.verdict = g.verdict;
        row.lagTime = g.maxLagTime;
        row.drain = g.drain;
        row.retention = g.retention;
        row.retentionPartition = g.retentionPartition;
        row.error = g.error;
        row.lastReadAt = g.lastReadAt;
        if (const auto brain = m_splitBrains.find(g.groupId); brain != m_splitBrains.end())
            row.splitBrain = brain->second;
        row.orphanedTopics = orphanedTopics(g);
        const QList<qint64> shownTrend = shown ? shown->trend : QList<qint64>();
        if (row.lagKnown && row.error.isEmpty() && (shownTrend.isEmpty() || shownTrend.last() != row.totalLag)) {
            // Built at its final size: appending to the shared list copied it with room to
            // grow and then shifted it left, for every group whose lag moved.
            const qsizetype keep = std::min<qsizetype>(shownTrend.size(), kTrendLength - 1);
            row.trend.reserve(keep + 1);
            row.trend.append(shownTrend.constEnd() - keep, shownTrend.constEnd());
            row.trend.append(row.totalLag);
        } else {
            row.trend = shownTrend;
        }
        next.push_back(std::move(row));
    }
    return next;
}

const GroupTableModel::Columns &GroupTableModel::columns()
{
    const auto lagCount = [](const Row &row, std::int64_t lag) {
        return row.lagKnown ? formatCount(lag) : unknownText();
    };
    const auto lagSort = [](const Row &row, std::int64_t lag) { return row.lagKnown ? qint64(lag) : qint64(-1); };
    const auto lagToolTip = [](const Row &row) {
        return row.lagKnown ? QVariant() : QVariant(tr("No partition of this group has a known lag"));
    };
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Group"),
         .display = [](const Row &row) { return row.groupId; },
         .sort = [](const Row &row) { return row.groupId; },
         .toolTip = [](const Row &row) { return groupToolTip(row); }, // whole, when the column elides it
         .background = [](const Row &row) { return toneIf(!row.splitBrain.isEmpty(), StatusTone::Error); }},
        {.header = QT_TR_NOOP("State"),
         .display = [](const Row &row) { return row.state.isEmpty() ? unknownText() : row.state; },
         .sort = [](const Row &row) { return row.state; }},
        {.header = QT_TR_NOOP("Status"),
         .display =
             [](const Row &row) { return row.error.isEmpty() ? lagStatusName(row.verdict.status) : unreadText(); },
         // Not knowing sorts with the worst: an unread group needs a look.
         .sort =
             [](const Row &row) {
                 return row.error.isEmpty() ? lagStatusSeverity(row.verdict.status) : kUnreadSeverity;
             },
         .toolTip =
             [](const Row &row) {
                 return row.error.isEmpty() ? lagStatusToolTip(row.verdict) : unreadToolTip(row.error, row.lastReadAt);
             },
         .background = [](const Row &row) -> std::optional<StatusTone> {
             if (!row.error.isEmpty())
                 return StatusTone::Warning;
             if (row.verdict.status != LagStatus::Ok)
                 return lagStatusTone(row.verdict.status);
             return std::nullopt;
         }},
        countColumn<Row>(QT_TR_NOOP("Members"), &Row::members),
        {.header = QT_TR_NOOP("Topics"),
         .display =
             [](const Row &row) {
                 return row.topics.isEmpty() ? unknownText() : row.topics.join(QStringLiteral(", "));
             },
         .sort = [](const Row &row) { return row.topics.join(QLatin1Char(',')); },
         .toolTip =
             [](const Row &row) {
                 return row.topics.isEmpty() ? tr("No committed offsets or assignments") : tooltipList(row.topics);
             }},
        {.header = QT_TR_NOOP("Total lag"),
         .alignment = right,
         .display = [lagCount](const Row &row) { return lagCount(row, row.totalLag); },
         .sort = [lagSort](const Row &row) { return lagSort(row, row.totalLag); },
         .toolTip = lagToolTip},
        {.header = QT_TR_NOOP("Max lag"),
         .headerToolTip = QT_TR_NOOP("Largest lag of one partition of the group (records)"),
         .alignment = right,
         .display = [lagCount](const Row &row) { return lagCount(row, row.maxLag); },
         .sort = [lagSort](const Row &row) { return lagSort(row, row.maxLag); },
         .toolTip = lagToolTip},
        {.header = QT_TR_NOOP("Lag time"),
         .alignment = right,
         .display = [](const Row &row) { return lagTimeText(row.lagTime); },
         .sort = [](const Row &row) { return lagTimeSortValue(row.lagTime); },
         .toolTip =
             [](const Row &row) {
                 return QString(lagTimeToolTip(row.lagTime) + QLatin1Char('\n')
                                + tr("The group's value is its oldest partition's."));
             }},
        {.header = QT_TR_NOOP("Drain"),
         .headerToolTip = QT_TR_NOOP("Time to drain the lag at the current consume rate (the slowest partition)"),
         .alignment = right,
         .display = [](const Row &row) { return drainText(row.drain); },
         .sort = [](const Row &row) { return drainSortValue(row.drain); },
         .toolTip = [](const Row &row) { return drainToolTip(row.drain, true); }},
        {.header = QT_TR_NOOP("Loss in"),
         .headerToolTip = QT_TR_NOOP("When retention is forecast to delete records the group has not read (its soonest "
                                     "partition)"),
         .alignment = right,
         .display = [](const Row &row) { return retentionText(row.retention); },
         .sort = [](const Row &row) { return retentionSortValue(row.retention); },
         .toolTip =
             [](const Row &row) {
                 if (!row.retention)
                     return tr("No partition of this group is forecast to lose records");
                 return QString(row.retentionPartition.toString() + QStringLiteral(": ")
                                + retentionToolTip(row.retention));
             }},
        countColumn<Row>(QT_TR_NOOP("Rebalances/h"), &Row::rebalances,
                         {.toolTip =
                              [](const Row &) {
                                  return tr("Rebalances completed in the last hour (seen by Lagscope's polls; "
                                            "several between two polls count as one)");
                              }}),
        {.header = QT_TR_NOOP("Trend"),
         // No display: SparklineDelegate paints TrendRole.
         // Growth over the remembered window: growing groups sort to the end ascending.
         .sort = [](const Row &row) { return row.trend.isEmpty() ? qint64(0) : row.trend.last() - row.trend.first(); },
         .toolTip =
             [](const Row &row) {
                 if (row.trend.isEmpty())
                     return tr("No lag seen yet");
                 const auto [lo, hi] = std::minmax_element(row.trend.begin(), row.trend.end());
                 return tr("Total lag over the last %n change(s): from %1 to %2, now %3", nullptr,
                           int(row.trend.size()))
                     .arg(formatCount(*lo), formatCount(*hi), formatCount(row.trend.last()));
             }},
    };
    return table;
}

QVariant GroupTableModel::foreground(const Row &row, int column)
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

QVariant GroupTableModel::cellData(const Row &row, int column, int role) const
{
    switch (role) {
    case TrendRole: return QVariant::fromValue(row.trend);
    case TopicsRole: return row.topics;
    case Qt::ForegroundRole: return foreground(row, column);
    case Qt::DecorationRole:
        // The badge: a split brain in the error colour, else orphaned offsets in the warning one.
        if (column == Group && !row.splitBrain.isEmpty())
            return statusForeground(StatusTone::Error);
        if (column == Group && !row.orphanedTopics.isEmpty())
            return statusForeground(StatusTone::Warning);
        break;
    }
    return QVariant();
}

} // namespace lagscope
