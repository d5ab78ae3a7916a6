#pragma once
// The brokers of one cluster snapshot: id, address, rack, state, controller, partitions led.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent (the page or
// view that shows it); it keeps a reference to the last snapshot applied.

#include "models/SnapshotTableModel.h"
#include "model/ClusterSnapshot.h"

namespace lagscope {

// One row of BrokerTableModel: what it shows of a broker, compared to find the changed rows.
struct BrokerTableRow {
    int id = -1;
    QString host;
    int port = 0;
    QString rack;
    BrokerStatus status = BrokerStatus::Online;
    bool controller = false;
    int partitionsLed = 0;
    QString reason; // the facts behind the status (monitor/BrokerLifecycle)

    QString address() const;
    int key() const { return id; } // rows are kept sorted by broker id
    friend bool operator==(const BrokerTableRow &, const BrokerTableRow &) = default;
};

class BrokerTableModel final : public SnapshotTableModel<BrokerTableRow, ClusterSnapshot> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BrokerTableModel)

public:
    enum Column {
        Id,
        HostPort,
        Rack,
        State,
        Controller,
        PartitionsLed,
        Reason,
        NB_COLUMNS
    };
    enum Role {
        SortRole = kTableSortRole
    };

    explicit BrokerTableModel(QObject *parent = nullptr);

    static QString statusText(BrokerStatus status);

private:
    using Row = BrokerTableRow;

    static const Columns &columns();
    std::vector<Row> rowsOf(const ClusterSnapshot &snapshot) const override;
    QVariant cellData(const Row &row, int column, int role) const override;
};

} // namespace lagscope
