#include "models/BrokerTableModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

namespace lagscope {

BrokerTableModel::BrokerTableModel(QObject *parent) : SnapshotTableModel(columns(), parent) { }

QString BrokerTableRow::address() const
{
    // IPv6 literals need brackets, or the port reads as part of the address.
    const QString h = host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    return h + QLatin1Char(':') + QString::number(port);
}

QString BrokerTableModel::statusText(BrokerStatus status)
{
    switch (status) {
    case BrokerStatus::Online: return tr("Online");
    case BrokerStatus::Unreachable: return tr("Unreachable");
    case BrokerStatus::Offline: return tr("Offline");
    case BrokerStatus::Fenced: return tr("Fenced");
    case BrokerStatus::Stopping: return tr("Stopping");
    }
    return unknownText();
}

std::vector<BrokerTableModel::Row> BrokerTableModel::rowsOf(const ClusterSnapshot &snapshot) const
{
    std::vector<Row> next;
    next.reserve(snapshot.brokers.size());
    for (const BrokerState &b : snapshot.brokers) {
        next.push_back(Row{b.info.id, b.info.host, b.info.port, b.info.rack, b.status,
                           b.controller || (snapshot.controllerId >= 0 && b.info.id == snapshot.controllerId),
                           b.partitionsLed, b.reason});
    }
    return next;
}

const BrokerTableModel::Columns &BrokerTableModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Id"),
         .alignment = right,
         .display = [](const Row &row) { return QString::number(row.id); },
         .sort = [](const Row &row) { return row.id; }},
        {.header = QT_TR_NOOP("Host:Port"),
         .display = [](const Row &row) { return row.address(); },
         .sort = [](const Row &row) { return row.address(); }},
        {.header = QT_TR_NOOP("Rack"),
         .display = [](const Row &row) { return row.rack.isEmpty() ? unknownText() : row.rack; },
         .sort = [](const Row &row) { return row.rack; },
         .foreground = [](const Row &row) { return toneIf(row.rack.isEmpty(), StatusTone::Muted); }},
        {.header = QT_TR_NOOP("State"),
         .display = [](const Row &row) { return statusText(row.status); },
         .sort = [](const Row &row) { return int(row.status); },
         .toolTip = [](const Row &row) -> QVariant {
             if (!row.reason.isEmpty())
                 return row.reason; // the facts this poll derived the state from
             switch (row.status) {
             case BrokerStatus::Online: return tr("In the cluster metadata and connected");
             case BrokerStatus::Unreachable: return tr("In the cluster metadata, but Lagscope cannot connect to it");
             case BrokerStatus::Offline: return tr("Not running, or gone from the cluster");
             case BrokerStatus::Fenced: return tr("Registered, but fenced by the controller");
             case BrokerStatus::Stopping: return tr("In controlled shutdown");
             }
             return QVariant();
         },
         .foreground = [](const Row &row) -> std::optional<StatusTone> {
             if (row.status == BrokerStatus::Unreachable || row.status == BrokerStatus::Stopping)
                 return StatusTone::Warning;
             if (row.status == BrokerStatus::Offline || row.status == BrokerStatus::Fenced)
                 return StatusTone::Error;
             return std::nullopt;
         }},
        {.header = QT_TR_NOOP("Controller"),
         .alignment = Qt::AlignCenter,
         .display = [](const Row &row) { return row.controller ? QString(QChar(0x2713)) : QString(); },
         .sort = [](const Row &row) { return row.controller; },
         .toolTip = [](const Row &row) { return row.controller ? QVariant(tr("The active controller")) : QVariant(); }},
        countColumn<Row>(QT_TR_NOOP("Partitions led"), &Row::partitionsLed),
        {.header = QT_TR_NOOP("Reason"),
         .display = [](const Row &row) { return row.reason; },
         .sort = [](const Row &row) { return row.reason; }},
    };
    return table;
}

QVariant BrokerTableModel::cellData(const Row &row, int, int role) const
{
    // An offline broker tints its whole row.
    if (role == Qt::BackgroundRole && row.status == BrokerStatus::Offline)
        return statusBackground(StatusTone::Error);
    return QVariant();
}

} // namespace lagscope
