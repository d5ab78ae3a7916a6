#pragma once
// Base of the table models that show one snapshot at a time (a cluster's, a flow's): it
// keeps the last snapshot applied and, for a new one, asks the model for its rows and
// updates the table incrementally (see IncrementalTableModel), rows matched by Row::key().
// Applying the same snapshot again costs nothing; a null snapshot empties the table.
// Thread: GUI thread only. Ownership: an abstract base; see the concrete models.

#include "models/ColumnTableModel.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace lagscope {

template <typename Row, typename Snapshot> class SnapshotTableModel : public ColumnTableModel<Row> {
public:
    using SnapshotPointer = std::shared_ptr<const Snapshot>;

    void apply(const SnapshotPointer &snapshot)
    {
        if (snapshot == m_snapshot)
            return;
        m_snapshot = snapshot;
        this->updateRows(this->m_rows, snapshot ? rowsOf(*snapshot) : std::vector<Row>(),
                         [](const Row &row) { return row.key(); });
    }

    SnapshotPointer snapshot() const { return m_snapshot; }

protected:
    using ColumnTableModel<Row>::ColumnTableModel;

    // The rows of `snapshot` in any order; of rows with the same key, the first wins.
    virtual std::vector<Row> rowsOf(const Snapshot &snapshot) const = 0;

    // Like apply(), but as one model reset: for when the new rows have nothing in common
    // with the old ones (another group's partitions), where matching them would be wasted.
    void resetTo(const SnapshotPointer &snapshot)
    {
        this->beginResetModel();
        m_snapshot = snapshot;
        std::vector<Row> rows = snapshot ? rowsOf(*snapshot) : std::vector<Row>();
        std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key() < b.key(); });
        rows.erase(std::unique(rows.begin(), rows.end(), [](const Row &a, const Row &b) { return a.key() == b.key(); }),
                   rows.end());
        this->m_rows = std::move(rows);
        this->endResetModel();
    }

private:
    SnapshotPointer m_snapshot;
};

} // namespace lagscope
