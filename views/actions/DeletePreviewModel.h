#pragma once
// What a delete will do, or did, as a table: topic, partition, committed offset, and the
// status Kafka is expected to answer (preview) or answered (after the delete), in
// kafka-consumer-groups.sh's words. Errors are red, deleted partitions green.
// Thread: GUI. Owned by its parent (the delete dialog).

#include "actions/DeleteExecutor.h"
#include "models/ColumnTableModel.h"

namespace lagscope {

struct DeleteRow {
    QString topic;
    int partition = -1; // -1: a topic that does not exist ("-")
    std::optional<qint64> committed;
    QString status;
    bool error = false;
};

class DeletePreviewModel final : public ColumnTableModel<DeleteRow> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DeletePreviewModel)

public:
    enum Column {
        Topic,
        Partition,
        Committed,
        Status,
        NB_COLUMNS
    };

    explicit DeletePreviewModel(QObject *parent = nullptr);

    // The plan's partitions with their expected statuses; with `outcome`, what happened.
    void setPlan(const DeletePlan &plan, const ResetOutcome *outcome = nullptr);
    void clear();
    const std::vector<DeleteRow> &rows() const { return m_rows; }

private:
    static const Columns &columns();
};

} // namespace lagscope
