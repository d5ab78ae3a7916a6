#include "models/IncrementalTableModel.h"

namespace lagscope {

void IncrementalTableModel::announceChanged(const std::vector<int> &changedRows)
{
    if (changedRows.empty())
        return;
    const int lastColumn = columnCount() - 1;
    const int rows = rowCount();
    // Past half of the table, one signal is cheaper for the view than many small ones.
    if (changedRows.size() * 2 > size_t(rows)) {
        Q_EMIT dataChanged(index(0, 0), index(rows - 1, lastColumn));
        return;
    }
    for (const int row : changedRows)
        Q_EMIT dataChanged(index(row, 0), index(row, lastColumn));
}

} // namespace lagscope
