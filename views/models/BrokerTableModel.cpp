#include "models/BrokerTableModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

namespace lagscope {

BrokerTableModel::BrokerTableModel(QObject *parent)
    : IncrementalTableModel(parent)
{
}

QString BrokerTableModel::Row::address() const
{
    // IPv6 literals need brackets, or the port reads as part of the address.
    const QString h = host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    return h + QLatin1Char(':') + QString::number(port);
}

QString BrokerTableModel::statusText(BrokerStatus status)
{
    switch (status) {
    case BrokerStatus::Online:
        return tr("Online");
    case BrokerStatus::Unreachable:
        return tr("Unreachable");
    case BrokerStatus::Offline:
        return tr("Offline");
    }
    return unknownText();
}

void BrokerTableModel::apply(const SnapshotPtr &snapshot)
{
    if (snapshot == m_snapshot)
        return;
    m_snapshot = snapshot;

    std::vector<Row> next;
    if (snapshot) {
        next.reserve(snapshot->brokers.size());
        for (const BrokerState &b : snapshot->brokers) {
            next.push_back(Row{b.info.id, b.info.host, b.info.port, b.info.rack, b.status,
                               b.controller || (snapshot->controllerId >= 0 && b.info.id == snapshot->controllerId),
                               b.partitionsLed});
        }
    }
    updateRows(m_rows, std::move(next), [](const Row &r) { return r.id; });
}

int BrokerTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int BrokerTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : NB_COLUMNS;
}

QVariant BrokerTableModel::display(const Row &row, int column) const
{
    switch (column) {
    case Id:
        return QString::number(row.id);
    case HostPort:
        return row.address();
    case Rack:
        return row.rack.isEmpty() ? unknownText() : row.rack;
    case State:
        return statusText(row.status);
    case Controller:
        return row.controller ? QString(QChar(0x2713)) : QString();
    case PartitionsLed:
        return formatCount(row.partitionsLed);
    }
    return QVariant();
}

QVariant BrokerTableModel::sortValue(const Row &row, int column) const
{
    switch (column) {
    case Id:
        return row.id;
    case HostPort:
        return row.address();
    case Rack:
        return row.rack;
    case State:
        return int(row.status);
    case Controller:
        return row.controller;
    case PartitionsLed:
        return row.partitionsLed;
    }
    return QVariant();
}

QVariant BrokerTableModel::data(const QModelIndex &index, int role) const
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
    case Qt::TextAlignmentRole:
        if (column == Id || column == PartitionsLed)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        if (column == Controller)
            return int(Qt::AlignCenter);
        return QVariant();
    case Qt::ForegroundRole:
        if (column == State && row.status == BrokerStatus::Unreachable)
            return statusForeground(StatusTone::Warning);
        if (column == State && row.status == BrokerStatus::Offline)
            return statusForeground(StatusTone::Error);
        if (column == Rack && row.rack.isEmpty())
            return statusForeground(StatusTone::Muted);
        return QVariant();
    case Qt::BackgroundRole:
        if (row.status == BrokerStatus::Offline)
            return statusBackground(StatusTone::Error);
        return QVariant();
    case Qt::ToolTipRole:
        if (column == State) {
            switch (row.status) {
            case BrokerStatus::Online:
                return tr("In the cluster metadata and connected");
            case BrokerStatus::Unreachable:
                return tr("In the cluster metadata, but Lagscope cannot connect to it");
            case BrokerStatus::Offline:
                return tr("Was in the cluster before, now missing from its metadata");
            }
        }
        if (column == Controller && row.controller)
            return tr("The active controller");
        return QVariant();
    }
    return QVariant();
}

QVariant BrokerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return IncrementalTableModel::headerData(section, orientation, role);
    switch (section) {
    case Id:
        return tr("Id");
    case HostPort:
        return tr("Host:Port");
    case Rack:
        return tr("Rack");
    case State:
        return tr("State");
    case Controller:
        return tr("Controller");
    case PartitionsLed:
        return tr("Partitions led");
    }
    return QVariant();
}

} // namespace lagscope
