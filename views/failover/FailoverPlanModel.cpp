#include "failover/FailoverPlanModel.h"

#include "failover/FailoverWizard.h"

#include <QBrush>

namespace lagscope {

using namespace failover;

FailoverPlanModel::FailoverPlanModel(QObject *parent) : QAbstractTableModel(parent) {}

void FailoverPlanModel::setPlans(const std::vector<FailoverPlan> &plans)
{
    beginResetModel();
    m_rows.clear();
    for (const auto &plan : plans)
        for (const auto &p : plan.partitions)
            m_rows.push_back({plan.group, plan.targetGroup, p});
    endResetModel();
}

int FailoverPlanModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int FailoverPlanModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : NB_COLUMNS; }

QVariant FailoverPlanModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows[size_t(index.row())];
    const PlannedFailoverPartition &p = row.partition;
    auto opt = [](const std::optional<qint64> &v) { return v ? qlonglong(*v) : qlonglong(-1); };
    if (role == SortRole) {
        switch (index.column()) {
        case Group: return row.group;
        case Topic: return p.from.topic;
        case Partition: return p.from.partition;
        case Committed: return opt(p.committed);
        case TargetTopic: return p.to.topic;
        case TargetBefore: return opt(p.targetBefore);
        case NewOffset: return qlonglong(p.newOffset);
        case Method: return methodName(p.method);
        case Reread: return qlonglong(p.reread);
        case Skipped: return qlonglong(p.skipped);
        case NotReplicated: return qlonglong(p.notReplicated);
        case Note: return p.error.isEmpty() ? p.note : p.error;
        default: return {};
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Group: return row.group == row.targetGroup ? row.group : tr("%1 → %2").arg(row.group, row.targetGroup);
        case Topic: return p.from.topic;
        case Partition: return QString::number(p.from.partition);
        case Committed:
            if (!p.committed)
                return QStringLiteral("-");
            return p.committedAgeMs < 0 ? QString::number(*p.committed)
                                        : tr("%1 (%2)").arg(*p.committed).arg(failoverui::ageText(p.committedAgeMs));
        case TargetTopic: return p.to.topic;
        case TargetBefore: return p.targetBefore ? QString::number(*p.targetBefore) : QStringLiteral("-");
        case NewOffset: return p.newOffset < 0 ? tr("none") : QString::number(p.newOffset);
        case Method: return p.newOffset < 0 ? tr("FAILED") : methodName(p.method);
        case Reread:
            if (p.reread < 0)
                return QStringLiteral("-");
            return p.rereadExact || p.reread == 0 ? QString::number(p.reread) : tr("≤ %1").arg(p.reread);
        case Skipped: return p.skipped < 0 ? tr("unknown") : QString::number(p.skipped);
        case NotReplicated: return p.notReplicated < 0 ? QStringLiteral("-") : QString::number(p.notReplicated);
        case Note: return p.error.isEmpty() ? p.note : p.error;
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() != Group && index.column() != Topic &&
        index.column() != TargetTopic && index.column() != Method && index.column() != Note)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if ((index.column() == Skipped && p.skipped != 0) || (index.column() == Method && p.newOffset < 0) ||
            (index.column() == Note && !p.error.isEmpty()))
            return QBrush(failoverui::levelColor(PreflightCheck::Red));
        if (index.column() == NotReplicated && p.notReplicated > 0)
            return QBrush(failoverui::levelColor(PreflightCheck::Amber));
    }
    if (role == Qt::ToolTipRole) {
        if (index.column() == Note || index.column() == Method)
            return p.error.isEmpty() ? p.note : p.error;
        if (index.column() == Skipped && p.skipped != 0)
            return tr("records the group has not consumed that the new offset jumps over");
        if (index.column() == NotReplicated && p.notReplicated > 0)
            return tr("records on %1 not (yet) on the target").arg(p.from.toString());
    }
    return {};
}

QVariant FailoverPlanModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Group: return tr("Group");
    case Topic: return tr("Source topic");
    case Partition: return tr("Part.");
    case Committed: return tr("Committed");
    case TargetTopic: return tr("Target topic");
    case TargetBefore: return tr("Target now");
    case NewOffset: return tr("New offset");
    case Method: return tr("Method");
    case Reread: return tr("Re-read");
    case Skipped: return tr("Skipped");
    case NotReplicated: return tr("Not replicated");
    case Note: return tr("How");
    default: return {};
    }
}

} // namespace lagscope
