#include "actions/ResetPreviewModel.h"

#include "models/StatusColors.h"

#include <QBrush>
#include <QColor>

namespace lagscope {

ResetPreviewModel::ResetPreviewModel(QObject *parent) : ColumnTableModel(columns(), parent) { m_rowNumbers = false; }

void ResetPreviewModel::setPlan(const ResetPlan &plan)
{
    beginResetModel();
    m_plan = plan;
    m_rows = plan.partitions;
    endResetModel();
}

void ResetPreviewModel::clear() { setPlan({}); }

const ResetPreviewModel::Columns &ResetPreviewModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Topic"),
         .display = [](const PlannedPartition &p) { return p.tp.topic; },
         .sort = [](const PlannedPartition &p) { return p.tp.topic; }},
        {.header = QT_TR_NOOP("Partition"),
         .alignment = right,
         .display = [](const PlannedPartition &p) { return QString::number(p.tp.partition); },
         .sort = [](const PlannedPartition &p) { return p.tp.partition; }},
        {.header = QT_TR_NOOP("Current"),
         .alignment = right,
         .display =
             [](const PlannedPartition &p) { return p.current ? QString::number(*p.current) : QStringLiteral("-"); },
         .sort = [](const PlannedPartition &p) { return p.current ? qlonglong(*p.current) : qlonglong(-1); }},
        {.header = QT_TR_NOOP("New"),
         .alignment = right,
         .display = [](const PlannedPartition &p) { return QString::number(p.newOffset); },
         .sort = [](const PlannedPartition &p) { return qlonglong(p.newOffset); }},
        {.header = QT_TR_NOOP("Delta"),
         .alignment = right,
         .display =
             [](const PlannedPartition &p) {
                 if (!p.current)
                     return QStringLiteral("-");
                 return p.delta > 0 ? QStringLiteral("+%1").arg(p.delta) : QString::number(p.delta);
             },
         .sort = [](const PlannedPartition &p) { return qlonglong(p.delta); },
         .toolTip = [](const PlannedPartition &p) -> QVariant {
             if (!p.current || p.delta == 0)
                 return QVariant();
             return p.delta > 0 ? tr("%1 records will never be consumed by this group").arg(p.delta)
                                : tr("%1 records will be consumed again by this group").arg(-p.delta);
         }},
        {.header = QT_TR_NOOP("Warnings"),
         .display = [](const PlannedPartition &p) { return p.warnings.join(QStringLiteral("; ")); },
         .sort = [](const PlannedPartition &p) { return p.warnings.join(QLatin1Char('\n')); },
         .toolTip =
             [](const PlannedPartition &p) {
                 return p.warnings.isEmpty() ? QVariant() : QVariant(p.warnings.join(QLatin1Char('\n')));
             }},
    };
    return table;
}

QVariant ResetPreviewModel::cellData(const PlannedPartition &p, int column, int role) const
{
    // Skipping is an error's colour, reading again a warning's.
    if (role == Qt::ForegroundRole && column == Delta && p.current && p.delta != 0)
        return QBrush(statusForeground(p.delta > 0 ? StatusTone::Error : StatusTone::Warning));
    return QVariant();
}

} // namespace lagscope
