#include "models/ClusterStripModel.h"

#include "models/StatusColors.h"

#include <QLocale>

namespace lagscope {

namespace {

QList<qint64> listOf(const std::deque<qint64> &values) { return QList<qint64>(values.begin(), values.end()); }

void push(std::deque<qint64> &values, qint64 v)
{
    values.push_back(v);
    while (int(values.size()) > ClusterStripModel::kTrendPolls)
        values.pop_front();
}

} // namespace

ClusterStripModel::ClusterStripModel(const QStringList &clusters, QObject *parent) : QAbstractTableModel(parent)
{
    for (const QString &c : clusters)
        m_rows.push_back(Row{c, nullptr, {}, {}, {}});
}

void ClusterStripModel::apply(const SnapshotPtr &s)
{
    for (std::size_t r = 0; r < m_rows.size(); ++r) {
        Row &row = m_rows[r];
        if (row.cluster != s->cluster)
            continue;
        row.latest = s;
        // An unreachable poll has no lag to chart: its old values would draw a flat line.
        if (s->reachable) {
            push(row.lag, s->totalLag());
            push(row.pollMs, s->pollDurationMs);
        }
        Q_EMIT dataChanged(index(int(r), 0), index(int(r), ColumnCount - 1));
    }
}

void ClusterStripModel::setTriage(const std::map<QString, ClusterTriage> &triage)
{
    for (Row &row : m_rows) {
        const auto it = triage.find(row.cluster);
        row.triage = it == triage.end() ? ClusterTriage{} : it->second;
    }
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, StatusColumn), index(int(m_rows.size()) - 1, StatusColumn));
}

int ClusterStripModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_rows.size()); }

int ClusterStripModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ClusterStripModel::data(const QModelIndex &index, int role) const
{
    if (index.row() < 0 || index.row() >= int(m_rows.size()))
        return {};
    const Row &row = m_rows[std::size_t(index.row())];
    const ClusterSnapshot *s = row.latest.get();
    const QLocale locale;
    const StatusTone statusTone = !row.triage.any                             ? StatusTone::Good
                                  : row.triage.worst == TriageSeverity::Error ? StatusTone::Error
                                                                              : StatusTone::Warning;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case ClusterColumn: return row.cluster;
        case StatusColumn:
            if (!s)
                return tr("connecting…");
            return row.triage.any ? tr("%n problem(s)", nullptr, row.triage.count) : tr("OK");
        case BrokersColumn:
            return s && s->reachable ? tr("%1 of %2 online").arg(s->onlineBrokerCount()).arg(s->brokers.size())
                                     : QStringLiteral("—");
        case LagColumn: return s && s->reachable ? locale.toString(qlonglong(s->totalLag())) : QStringLiteral("—");
        case PollColumn: return s ? tr("%1 ms").arg(s->pollDurationMs) : QStringLiteral("—");
        }
        return {};
    case TrendRole:
        if (index.column() == LagTrendColumn)
            return QVariant::fromValue(listOf(row.lag));
        if (index.column() == PollTrendColumn)
            return QVariant::fromValue(listOf(row.pollMs));
        return {};
    case Qt::ForegroundRole:
        if (index.column() == StatusColumn && s)
            return statusForeground(statusTone);
        if (index.column() == BrokersColumn && s && s->reachable)
            return statusForeground(s->onlineBrokerCount() == int(s->brokers.size()) ? StatusTone::Good
                                                                                     : StatusTone::Error);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == StatusColumn)
            return row.triage.lines.join(QLatin1Char('\n'));
        if (index.column() == LagTrendColumn)
            return tr("Total lag over the last %n poll(s)", nullptr, int(row.lag.size()));
        if (index.column() == PollTrendColumn)
            return tr("Poll time over the last %n poll(s)", nullptr, int(row.pollMs.size()));
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == LagColumn || index.column() == PollColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                           : QVariant();
    }
    return {};
}

QVariant ClusterStripModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn: return tr("Cluster");
    case StatusColumn: return tr("Status");
    case BrokersColumn: return tr("Brokers");
    case LagColumn: return tr("Total lag");
    case LagTrendColumn: return tr("Lag trend");
    case PollColumn: return tr("Poll");
    case PollTrendColumn: return tr("Poll trend");
    }
    return {};
}

} // namespace lagscope
