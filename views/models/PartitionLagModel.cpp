#include "models/PartitionLagModel.h"

#include "models/LagStatusFormat.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"
#include "monitor/OrphanedOffsets.h"

#include <algorithm>

namespace lagscope {

PartitionLagModel::PartitionLagModel(QObject *parent) : SnapshotTableModel(columns(), parent) { }

std::vector<PartitionLagModel::Row> PartitionLagModel::rowsOf(const ClusterSnapshot &snapshot) const
{
    std::vector<Row> rows;
    const GroupState *group = snapshot.group(m_groupId);
    if (!group)
        return rows;
    rows.reserve(group->partitions.size());
    for (const PartitionLag &p : group->partitions) {
        rows.push_back(Row{p.partition, p.committed, p.logEnd, p.lag, p.memberId, p.clientId, p.host, p.verdict,
                           p.lagTime, p.drain, p.consumeRate});
        rows.back().orphan = p.orphan;
        rows.back().retention = p.retention;
    }
    return rows;
}

void PartitionLagModel::setGroup(const SnapshotPtr &snapshot, const QString &groupId)
{
    if (groupId == m_groupId) {
        apply(snapshot);
        return;
    }
    m_groupId = groupId;
    resetTo(snapshot);
}

bool PartitionLagModel::groupFound() const { return snapshot() && snapshot()->group(m_groupId); }

// Without a lag (no commit yet, or no log end) the rules judge nothing, and their OK only
// means "not alarming": the table shows "–" so that it does not read as caught up.
bool PartitionLagModel::notJudged(const Row &row) { return !row.lag && row.verdict.status == LagStatus::Ok; }

const PartitionLagModel::Columns &PartitionLagModel::columns()
{
    const auto orUnknown = [](const QString &s) { return s.isEmpty() ? unknownText() : s; };
    const auto mutedIfEmpty = [](const QString &s) { return toneIf(s.isEmpty(), StatusTone::Muted); };
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Topic"),
         .display = [](const Row &row) { return row.tp.topic; },
         .sort = [](const Row &row) { return row.tp.topic; },
         .toolTip =
             [](const Row &row) {
                 return row.orphan == OrphanReason::None
                            ? row.tp.topic
                            : tr("%1\nOrphaned offset: %2").arg(row.tp.topic, orphanReasonText(row.orphan));
             },
         .background = [](const Row &row) { return toneIf(row.orphan != OrphanReason::None, StatusTone::Warning); }},
        {.header = QT_TR_NOOP("Partition"),
         .alignment = right,
         .display = [](const Row &row) { return QString::number(row.tp.partition); },
         .sort = [](const Row &row) { return row.tp.partition; }},
        {.header = QT_TR_NOOP("Status"),
         .display = [](const Row &row) { return notJudged(row) ? unknownText() : lagStatusName(row.verdict.status); },
         .sort = [](const Row &row) { return notJudged(row) ? -1 : lagStatusSeverity(row.verdict.status); },
         .toolTip =
             [](const Row &row) {
                 return notJudged(row) ? tr("Not judged: %1").arg(row.verdict.reason) : lagStatusToolTip(row.verdict);
             },
         .foreground =
             [](const Row &row) { return notJudged(row) ? StatusTone::Muted : lagStatusTone(row.verdict.status); },
         .background =
             [](const Row &row) {
                 return toneIf(row.verdict.status != LagStatus::Ok, lagStatusTone(row.verdict.status));
             }},
        countColumn<Row>(QT_TR_NOOP("Committed"), &Row::committed,
                         {.toolTip =
                              [](const Row &row) {
                                  return row.committed
                                             ? QVariant()
                                             : QVariant(tr("The group has no committed offset for this partition"));
                              },
                          .foreground = [](const Row &row) { return toneIf(!row.committed, StatusTone::Muted); }}),
        countColumn<Row>(QT_TR_NOOP("Log end"), &Row::logEnd,
                         {.toolTip =
                              [](const Row &row) {
                                  return row.logEnd
                                             ? QVariant()
                                             : QVariant(tr("Log end offset unknown (no leader, or not fetched)"));
                              },
                          .foreground = [](const Row &row) { return toneIf(!row.logEnd, StatusTone::Muted); }}),
        countColumn<Row>(QT_TR_NOOP("Lag"), &Row::lag,
                         {.toolTip = [](const Row &row) -> QVariant {
                              // The exact lag leaves out what no consumer will receive
                              // (monitor/ExactLag): say why it is below log end − committed.
                              if (row.lag && row.committed && row.logEnd && *row.logEnd - *row.committed > *row.lag)
                                  return tr("Log end − committed is %1; %2 of those offsets are transaction markers "
                                            "or aborted records, which no read_committed consumer receives")
                                      .arg(*row.logEnd - *row.committed)
                                      .arg(*row.logEnd - *row.committed - *row.lag);
                              if (row.lag)
                                  return QVariant();
                              return !row.committed ? tr("No committed offset, so no lag")
                                                    : tr("Log end offset unknown, so no lag");
                          },
                          .foreground = [](const Row &row) { return toneIf(!row.lag, StatusTone::Muted); }}),
        {.header = QT_TR_NOOP("Lag time"),
         .alignment = right,
         .display = [](const Row &row) { return lagTimeText(row.lagTime); },
         .sort = [](const Row &row) { return lagTimeSortValue(row.lagTime); },
         .toolTip = [](const Row &row) { return lagTimeToolTip(row.lagTime); },
         .foreground = [](const Row &row) { return toneIf(!row.lagTime, StatusTone::Muted); }},
        {.header = QT_TR_NOOP("Time to drain"),
         .alignment = right,
         .display = [](const Row &row) { return drainText(row.drain); },
         .sort = [](const Row &row) { return drainSortValue(row.drain); },
         .toolTip =
             [](const Row &row) {
                 QString text = drainToolTip(row.drain, false);
                 if (row.consumeRate)
                     text += QLatin1Char('\n')
                             + tr("Consume rate: %1 records/s").arg(QString::number(*row.consumeRate, 'f', 1));
                 return text;
             },
         .foreground = [](const Row &row) { return toneIf(!row.drain, StatusTone::Muted); }},
        {.header = QT_TR_NOOP("Loss in"),
         .headerToolTip = QT_TR_NOOP("When retention is forecast to delete records the group has not read"),
         .alignment = right,
         .display = [](const Row &row) { return retentionText(row.retention); },
         .sort = [](const Row &row) { return retentionSortValue(row.retention); },
         .toolTip = [](const Row &row) { return retentionToolTip(row.retention); }},
        {.header = QT_TR_NOOP("Member"),
         .display = [orUnknown](const Row &row) { return orUnknown(row.memberId); },
         .sort = [](const Row &row) { return row.memberId; },
         .toolTip =
             [](const Row &row) { return row.memberId.isEmpty() ? tr("Not assigned to any member") : row.memberId; },
         .foreground = [mutedIfEmpty](const Row &row) { return mutedIfEmpty(row.memberId); }},
        {.header = QT_TR_NOOP("Client"),
         .display = [orUnknown](const Row &row) { return orUnknown(row.clientId); },
         .sort = [](const Row &row) { return row.clientId; },
         .foreground = [mutedIfEmpty](const Row &row) { return mutedIfEmpty(row.clientId); }},
        {.header = QT_TR_NOOP("Host"),
         .display = [orUnknown](const Row &row) { return orUnknown(row.host); },
         .sort = [](const Row &row) { return row.host; },
         .foreground = [mutedIfEmpty](const Row &row) { return mutedIfEmpty(row.host); }},
    };
    return table;
}

} // namespace lagscope
