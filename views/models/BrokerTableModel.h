#pragma once
// The brokers of one cluster snapshot: id, address, rack, state, controller, partitions led.
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent (the page or
// view that shows it); it keeps a reference to the last snapshot applied.

#include "models/IncrementalTableModel.h"
#include "model/ClusterSnapshot.h"

namespace lagscope {

class BrokerTableModel final : public IncrementalTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BrokerTableModel)

public:
    enum Column { Id, HostPort, Rack, State, Controller, PartitionsLed, NB_COLUMNS };
    enum Role { SortRole = Qt::UserRole + 1 };

    explicit BrokerTableModel(QObject *parent = nullptr);

    // Rows are matched by broker id and kept sorted by it; see IncrementalTableModel.
    void apply(const SnapshotPtr &snapshot);
    SnapshotPtr snapshot() const { return m_snapshot; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    static QString statusText(BrokerStatus status);

private:
    struct Row {
        int id = -1;
        QString host;
        int port = 0;
        QString rack;
        BrokerStatus status = BrokerStatus::Online;
        bool controller = false;
        int partitionsLed = 0;

        QString address() const;
        friend bool operator==(const Row &, const Row &) = default;
    };

    QVariant display(const Row &row, int column) const;
    QVariant sortValue(const Row &row, int column) const;

    SnapshotPtr m_snapshot;
    std::vector<Row> m_rows;
};

} // namespace lagscope
