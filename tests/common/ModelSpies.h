#pragma once
// Every structural or data signal of a model, for asserting exactly what an update emitted.
// Shared by the table models' unit tests. Header-only; test thread only.

#include <QAbstractItemModel>
#include <QPair>
#include <QSignalSpy>

namespace lagscope::test {

using Range = QPair<int, int>;

struct ModelSpies {
    explicit ModelSpies(QAbstractItemModel *m)
        : model(m), dataChanged(m, &QAbstractItemModel::dataChanged), inserted(m, &QAbstractItemModel::rowsInserted),
          removed(m, &QAbstractItemModel::rowsRemoved), reset(m, &QAbstractItemModel::modelReset),
          layout(m, &QAbstractItemModel::layoutChanged)
    {
    }
    void clear()
    {
        for (QSignalSpy *s : {&dataChanged, &inserted, &removed, &reset, &layout})
            s->clear();
    }
    int total() const
    {
        return int(dataChanged.size() + inserted.size() + removed.size() + reset.size() + layout.size());
    }
    // rowsInserted / rowsRemoved as (first, last).
    static QList<Range> ranges(const QSignalSpy &spy)
    {
        QList<Range> out;
        for (const auto &args : spy)
            out << Range(args.at(1).toInt(), args.at(2).toInt());
        return out;
    }
    // dataChanged as (top row, bottom row); (-1, -1) where not whole rows were announced.
    QList<Range> changedRows(int columns) const
    {
        QList<Range> out;
        for (const auto &args : dataChanged) {
            const auto tl = args.at(0).value<QModelIndex>();
            const auto br = args.at(1).value<QModelIndex>();
            if (tl.column() != 0 || br.column() != columns - 1)
                out << Range(-1, -1);
            else
                out << Range(tl.row(), br.row());
        }
        return out;
    }
    QList<Range> changedRows() const { return changedRows(model->columnCount()); }

    QAbstractItemModel *model;
    QSignalSpy dataChanged, inserted, removed, reset, layout;
};

} // namespace lagscope::test
