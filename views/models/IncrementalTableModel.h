#pragma once
// Incremental updates for the table models (beneath ColumnTableModel and SnapshotTableModel).
// Each poll produces a whole new snapshot; turning it into a model reset would lose the
// view's selection, scroll position and expanded editors every few seconds. updateRows()
// instead matches rows by key and emits the smallest set of signals: removals and insertions
// in contiguous runs, then one dataChanged per changed row, or one for the whole table when
// more than half of the rows changed. Models whose rows come otherwise (appended events, a
// whole plan) simply do not call it.
// Thread: GUI thread only. Ownership: an abstract base; see the concrete models.

#include <QAbstractTableModel>

#include <algorithm>
#include <vector>

namespace lagscope {

class IncrementalTableModel : public QAbstractTableModel {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(IncrementalTableModel)

public:
    explicit IncrementalTableModel(QObject *parent = nullptr) : QAbstractTableModel(parent) { }

    // Counts the updates that changed values of rows already shown. updateRows() stores every
    // changed row before it emits the first dataChanged, so a listener that caches values
    // (GroupFilterProxy's sort keys) reads all of them anew when this moved, not only the
    // rows of the signal it is handling.
    quint64 valuesRevision() const { return m_valuesRevision; }

protected:
    // rows: the model's storage, sorted by keyOf(row) and without duplicate keys.
    // next: the new content in any order; of rows with the same key, the first wins.
    // Rows are compared with operator== to decide whether they changed.
    template <typename Row, typename KeyOf> void updateRows(std::vector<Row> &rows, std::vector<Row> next, KeyOf keyOf);

private:
    quint64 m_valuesRevision = 0;

    void announceChanged(const std::vector<int> &changedRows);
};

template <typename Row, typename KeyOf>
void IncrementalTableModel::updateRows(std::vector<Row> &rows, std::vector<Row> next, KeyOf keyOf)
{
    const auto keyLess = [&keyOf](const Row &a, const Row &b) { return keyOf(a) < keyOf(b); };
    // Snapshots list their items sorted already; checking is a tenth of sorting again.
    if (!std::is_sorted(next.begin(), next.end(), keyLess))
        std::stable_sort(next.begin(), next.end(), keyLess);
    next.erase(
        std::unique(next.begin(), next.end(), [&keyOf](const Row &a, const Row &b) { return keyOf(a) == keyOf(b); }),
        next.end());

    // Removals, bottom-up so that the indices of the runs still to remove stay valid.
    std::vector<bool> keep(rows.size(), false);
    for (size_t i = 0, j = 0; i < rows.size(); ++i) {
        while (j < next.size() && keyLess(next[j], rows[i]))
            ++j;
        keep[i] = j < next.size() && !keyLess(rows[i], next[j]);
    }
    for (int last = int(rows.size()) - 1; last >= 0;) {
        if (keep[size_t(last)]) {
            --last;
            continue;
        }
        int first = last;
        while (first > 0 && !keep[size_t(first - 1)])
            --first;
        beginRemoveRows(QModelIndex(), first, last);
        rows.erase(rows.begin() + first, rows.begin() + last + 1);
        endRemoveRows();
        last = first - 1;
    }

    // Insertions: rows is now a subsequence of next, so both can be walked together and
    // every run of new keys goes in at the position it has in next.
    for (size_t i = 0, j = 0; j < next.size();) {
        if (i < rows.size() && !keyLess(next[j], rows[i])) { // same key
            ++i;
            ++j;
            continue;
        }
        size_t end = j;
        while (end < next.size() && (i >= rows.size() || keyLess(next[end], rows[i])))
            ++end;
        const int first = int(i);
        const int count = int(end - j);
        beginInsertRows(QModelIndex(), first, first + count - 1);
        rows.insert(rows.begin() + std::ptrdiff_t(i), next.begin() + std::ptrdiff_t(j),
                    next.begin() + std::ptrdiff_t(end));
        endInsertRows();
        i += size_t(count);
        j = end;
    }

    // Same keys in the same order now: what is left are changed values.
    std::vector<int> changed;
    for (size_t k = 0; k < rows.size(); ++k) {
        if (!(rows[k] == next[k])) {
            rows[k] = std::move(next[k]);
            changed.push_back(int(k));
        }
    }
    if (!changed.empty())
        ++m_valuesRevision;
    announceChanged(changed);
}

} // namespace lagscope
