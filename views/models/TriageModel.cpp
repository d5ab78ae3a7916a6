#include "models/TriageModel.h"

#include "models/StatusColors.h"

namespace lagscope {

QString triageSinceText(const TriageItem &item, const QDateTime &now)
{
    if (!item.since.isValid())
        return QStringLiteral("—");
    const QString d = formatDuration(std::max(0.0, double(item.since.msecsTo(now)) / 1000.0));
    return item.sinceAtLeast ? QStringLiteral("≥ ") + d : d;
}

TriageModel::TriageModel(QObject *parent) : QAbstractTableModel(parent) { }

void TriageModel::setItems(std::vector<TriageItem> items, const QDateTime &now)
{
    // A few dozen rows at most worth reading: a reset is cheaper than diffing, and the view
    // keeps its selection by row through the page (TriagePage).
    beginResetModel();
    m_items = std::move(items);
    m_now = now;
    endResetModel();
}

const TriageItem *TriageModel::item(int row) const
{
    return row >= 0 && row < int(m_items.size()) ? &m_items[std::size_t(row)] : nullptr;
}

int TriageModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_items.size()); }

int TriageModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TriageModel::data(const QModelIndex &index, int role) const
{
    const TriageItem *i = item(index.row());
    if (!i)
        return {};
    const StatusTone tone = i->severity == TriageSeverity::Error ? StatusTone::Error : StatusTone::Warning;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return i->severity == TriageSeverity::Error ? tr("Error") : tr("Warning");
        case SinceColumn: return triageSinceText(*i, m_now);
        case ClusterColumn: return i->cluster;
        case SubjectColumn: return i->subject;
        case MessageColumn: return i->message;
        }
        return {};
    case Qt::ToolTipRole:
        if (index.column() == SinceColumn && i->since.isValid())
            return i->sinceAtLeast
                       ? tr("Already so when Lagscope first looked, at %1")
                             .arg(i->since.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                       : tr("Since %1").arg(i->since.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
        return i->message;
    case Qt::ForegroundRole: return index.column() == SeverityColumn ? QVariant(statusForeground(tone)) : QVariant();
    case Qt::BackgroundRole:
        // A split brain is the one row that must not be read past: the whole row is red. Other
        // rows tint their severity only, so that a long list stays readable.
        if (i->kind == TriageKind::SplitBrain || index.column() == SeverityColumn)
            return statusBackground(tone);
        return {};
    }
    return {};
}

QVariant TriageModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case SinceColumn: return tr("For");
    case ClusterColumn: return tr("Cluster / flow");
    case SubjectColumn: return tr("What");
    case MessageColumn: return tr("Details");
    }
    return {};
}

} // namespace lagscope
