#include "failover/FailoverPlanModel.h"

#include "failover/FailoverWizard.h"

#include <QBrush>

namespace lagscope {

using namespace failover;

FailoverPlanModel::FailoverPlanModel(QObject *parent) : ColumnTableModel(columns(), parent) { m_rowNumbers = false; }

void FailoverPlanModel::setPlans(const std::vector<FailoverPlan> &plans)
{
    beginResetModel();
    m_rows.clear();
    for (const auto &plan : plans)
        for (const auto &p : plan.partitions)
            m_rows.push_back({plan.group, plan.targetGroup, p});
    endResetModel();
}

const FailoverPlanModel::Columns &FailoverPlanModel::columns()
{
    const auto opt = [](const std::optional<qint64> &v) { return v ? qlonglong(*v) : qlonglong(-1); };
    // The error when there is one, else how the offset was found.
    const auto how = [](const Row &row) {
        return row.partition.error.isEmpty() ? row.partition.note : row.partition.error;
    };
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Group"),
         .display =
             [](const Row &row) {
                 return row.group == row.targetGroup ? row.group : tr("%1 → %2").arg(row.group, row.targetGroup);
             },
         .sort = [](const Row &row) { return row.group; }},
        {.header = QT_TR_NOOP("Source topic"),
         .display = [](const Row &row) { return row.partition.from.topic; },
         .sort = [](const Row &row) { return row.partition.from.topic; }},
        {.header = QT_TR_NOOP("Part."),
         .alignment = right,
         .display = [](const Row &row) { return QString::number(row.partition.from.partition); },
         .sort = [](const Row &row) { return row.partition.from.partition; }},
        {.header = QT_TR_NOOP("Committed"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 const PlannedFailoverPartition &p = row.partition;
                 if (!p.committed)
                     return QStringLiteral("-");
                 return p.committedAgeMs < 0
                            ? QString::number(*p.committed)
                            : tr("%1 (%2)").arg(*p.committed).arg(failoverui::ageText(p.committedAgeMs));
             },
         .sort = [opt](const Row &row) { return opt(row.partition.committed); }},
        {.header = QT_TR_NOOP("Target topic"),
         .display = [](const Row &row) { return row.partition.to.topic; },
         .sort = [](const Row &row) { return row.partition.to.topic; }},
        {.header = QT_TR_NOOP("Target now"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 return row.partition.targetBefore ? QString::number(*row.partition.targetBefore) : QStringLiteral("-");
             },
         .sort = [opt](const Row &row) { return opt(row.partition.targetBefore); }},
        {.header = QT_TR_NOOP("New offset"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 return row.partition.newOffset < 0 ? tr("none") : QString::number(row.partition.newOffset);
             },
         .sort = [](const Row &row) { return qlonglong(row.partition.newOffset); }},
        {.header = QT_TR_NOOP("Method"),
         .display =
             [](const Row &row) {
                 return row.partition.newOffset < 0 ? tr("FAILED") : methodName(row.partition.method);
             },
         .sort = [](const Row &row) { return methodName(row.partition.method); },
         .toolTip = how},
        {.header = QT_TR_NOOP("Re-read"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 const PlannedFailoverPartition &p = row.partition;
                 if (p.reread < 0)
                     return QStringLiteral("-");
                 return p.rereadExact || p.reread == 0 ? QString::number(p.reread) : tr("≤ %1").arg(p.reread);
             },
         .sort = [](const Row &row) { return qlonglong(row.partition.reread); }},
        {.header = QT_TR_NOOP("Skipped"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 return row.partition.skipped < 0 ? tr("unknown") : QString::number(row.partition.skipped);
             },
         .sort = [](const Row &row) { return qlonglong(row.partition.skipped); },
         .toolTip =
             [](const Row &row) {
                 return row.partition.skipped != 0
                            ? QVariant(tr("records the group has not consumed that the new offset jumps over"))
                            : QVariant();
             }},
        {.header = QT_TR_NOOP("Not replicated"),
         .alignment = right,
         .display =
             [](const Row &row) {
                 return row.partition.notReplicated < 0 ? QStringLiteral("-")
                                                        : QString::number(row.partition.notReplicated);
             },
         .sort = [](const Row &row) { return qlonglong(row.partition.notReplicated); },
         .toolTip =
             [](const Row &row) {
                 return row.partition.notReplicated > 0
                            ? QVariant(tr("records on %1 not (yet) on the target").arg(row.partition.from.toString()))
                            : QVariant();
             }},
        {.header = QT_TR_NOOP("How"), .display = how, .sort = how, .toolTip = how},
    };
    return table;
}

QVariant FailoverPlanModel::cellData(const Row &row, int column, int role) const
{
    // The wizard's own red and amber (its preflight levels), as brushes.
    if (role != Qt::ForegroundRole)
        return QVariant();
    const PlannedFailoverPartition &p = row.partition;
    if ((column == Skipped && p.skipped != 0) || (column == Method && p.newOffset < 0)
        || (column == Note && !p.error.isEmpty()))
        return QBrush(failoverui::levelColor(PreflightCheck::Red));
    if (column == NotReplicated && p.notReplicated > 0)
        return QBrush(failoverui::levelColor(PreflightCheck::Amber));
    return QVariant();
}

} // namespace lagscope
