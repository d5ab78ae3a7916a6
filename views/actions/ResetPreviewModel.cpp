#include "actions/ResetPreviewModel.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace lagscope {

ResetPreviewModel::ResetPreviewModel(QObject *parent) : QAbstractTableModel(parent) {}

void ResetPreviewModel::setPlan(const ResetPlan &plan)
{
    beginResetModel();
    m_plan = plan;
    endResetModel();
}

void ResetPreviewModel::clear() { setPlan({}); }

int ResetPreviewModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_plan.partitions.size());
}

int ResetPreviewModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : NB_COLUMNS; }

QVariant ResetPreviewModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const PlannedPartition &p = m_plan.partitions[size_t(index.row())];
    const QLocale locale;
    if (role == SortRole) {
        switch (index.column()) {
        case Topic: return p.tp.topic;
        case Partition: return p.tp.partition;
        case Current: return p.current ? QVariant(qlonglong(*p.current)) : QVariant(qlonglong(-1));
        case New: return qlonglong(p.newOffset);
        case Delta: return qlonglong(p.delta);
        case Warnings: return p.warnings.join(QLatin1Char('\n'));
        default: return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Topic: return p.tp.topic;
        case Partition: return QString::number(p.tp.partition);
        case Current: return p.current ? QString::number(*p.current) : QStringLiteral("-");
        case New: return QString::number(p.newOffset);
        case Delta:
            if (!p.current)
                return QStringLiteral("-");
            return p.delta > 0 ? QStringLiteral("+%1").arg(p.delta) : QString::number(p.delta);
        case Warnings: return p.warnings.join(QStringLiteral("; "));
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != Topic && index.column() != Warnings)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (index.column() == Delta && p.current && p.delta != 0) {
        if (role == Qt::ForegroundRole)
            return QBrush(p.delta > 0 ? QColor(0xd0, 0x21, 0x21) : QColor(0xc7, 0x7c, 0x02));
        if (role == Qt::ToolTipRole)
            return p.delta > 0 ? tr("%1 records will never be consumed by this group").arg(p.delta)
                               : tr("%1 records will be consumed again by this group").arg(-p.delta);
    }
    if (index.column() == Warnings && role == Qt::ToolTipRole && !p.warnings.isEmpty())
        return p.warnings.join(QLatin1Char('\n'));
    return {};
}

QVariant ResetPreviewModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Topic: return tr("Topic");
    case Partition: return tr("Partition");
    case Current: return tr("Current");
    case New: return tr("New");
    case Delta: return tr("Delta");
    case Warnings: return tr("Warnings");
    default: return {};
    }
}

} // namespace lagscope
