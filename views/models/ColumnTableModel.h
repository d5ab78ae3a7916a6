#pragma once
// Base of the table models: a model declares its columns once, as a table of TableColumn
// (header, alignment, and how a row shows, sorts, explains and colours itself in that
// column), and this base answers rowCount, columnCount, headerData and data from it. What
// the table does not say (roles that are the same on every column, colours that depend on
// more than one column) a model answers in cellData().
// The rows live here, in m_rows; the snapshot models update them with updateRows() (see
// IncrementalTableModel), the others reset or append them themselves.
// Thread: GUI thread only. Ownership: an abstract base; see the concrete models.

#include "models/IncrementalTableModel.h"
#include "models/ModelFormat.h"
#include "models/StatusColors.h"

#include <QCoreApplication>
#include <functional>
#include <optional>
#include <type_traits>
#include <vector>

namespace lagscope {

// The role every table model sorts by (QSortFilterProxyModel::setSortRole): raw values
// where Qt::DisplayRole has formatted text.
inline constexpr int kTableSortRole = Qt::UserRole + 1;

// For tone accessors: `tone` when `condition` holds, else the view's default colour.
inline std::optional<StatusTone> toneIf(bool condition, StatusTone tone)
{
    return condition ? std::optional(tone) : std::nullopt;
}

template <typename Row> struct TableColumn {
    using Value = std::function<QVariant(const Row &)>;
    using Tone = std::function<std::optional<StatusTone>(const Row &)>;

    // Marked with QT_TR_NOOP in the model's class, and translated in its context when asked
    // for, like the tr() calls they replace.
    const char *header = nullptr;
    const char *headerToolTip = nullptr;
    Qt::Alignment alignment = {}; // none: the view's default
    Value display = {};           // Qt::DisplayRole
    Value sort = {};              // kTableSortRole
    // The roles below fall through to cellData() where a column leaves them empty.
    Value toolTip = {};   // Qt::ToolTipRole
    Tone foreground = {}; // Qt::ForegroundRole: statusForeground() of the tone, none: the default
    Tone background = {}; // Qt::BackgroundRole: statusBackground() of the tone
};

// A right-aligned column of a count in `field`: formatCount() for display, the number itself
// to sort by (-1 where an optional count is unknown). `more` holds what else the column says
// (tooltip, colours).
template <typename Row, typename Count>
TableColumn<Row> countColumn(const char *header, Count Row::*field, TableColumn<Row> more = {})
{
    more.header = header;
    more.alignment = Qt::AlignRight | Qt::AlignVCenter;
    more.display = [field](const Row &row) { return formatCount(row.*field); };
    more.sort = [field](const Row &row) {
        if constexpr (std::is_same_v<Count, std::optional<std::int64_t>>)
            return sortValue(row.*field);
        else
            return row.*field;
    };
    return more;
}

template <typename Row, typename Rows = std::vector<Row>> class ColumnTableModel : public IncrementalTableModel {
public:
    using Columns = std::vector<TableColumn<Row>>;

    int rowCount(const QModelIndex &parent = QModelIndex()) const final
    {
        return parent.isValid() ? 0 : int(m_rows.size());
    }

    int columnCount(const QModelIndex &parent = QModelIndex()) const final
    {
        return parent.isValid() ? 0 : int(m_columns.size());
    }

    // QAbstractTableModel::index without its two virtual calls (hasIndex asks rowCount and
    // columnCount): a sorting proxy builds an index for each side of every comparison.
    QModelIndex index(int row, int column, const QModelIndex &parent = QModelIndex()) const final
    {
        const bool valid =
            !parent.isValid() && row >= 0 && column >= 0 && row < int(m_rows.size()) && column < int(m_columns.size());
        return valid ? createIndex(row, column) : QModelIndex();
    }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const final
    {
        if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
            return QVariant();
        const Row &row = m_rows[size_t(index.row())];
        const TableColumn<Row> &column = m_columns[size_t(index.column())];
        switch (role) {
        case Qt::DisplayRole: return column.display ? column.display(row) : QVariant();
        case kTableSortRole: return column.sort ? column.sort(row) : QVariant();
        case Qt::TextAlignmentRole:
            if (column.alignment)
                return int(column.alignment);
            break;
        case Qt::ToolTipRole:
            if (column.toolTip)
                return column.toolTip(row);
            break;
        case Qt::ForegroundRole:
            if (column.foreground)
                return toneColor(column.foreground(row), &statusForeground);
            break;
        case Qt::BackgroundRole:
            if (column.background)
                return toneColor(column.background(row), &statusBackground);
            break;
        }
        return cellData(row, index.column(), role);
    }

    // data(index(row, column), kTableSortRole) without building and checking an index: a
    // proxy compares O(n log n) pairs per sort. row and column must be valid.
    QVariant sortValueAt(int row, int column) const
    {
        const TableColumn<Row> &c = m_columns[size_t(column)];
        return c.sort ? c.sort(m_rows[size_t(row)]) : QVariant();
    }

    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override
    {
        if (orientation == Qt::Horizontal) {
            const bool known = section >= 0 && section < int(m_columns.size());
            if (role == Qt::DisplayRole)
                return known ? translated(m_columns[size_t(section)].header) : QVariant();
            if (role == Qt::ToolTipRole && known && m_columns[size_t(section)].headerToolTip)
                return translated(m_columns[size_t(section)].headerToolTip);
        } else if (!m_rowNumbers) {
            return QVariant();
        }
        return IncrementalTableModel::headerData(section, orientation, role);
    }

protected:
    // A header text of the column table, in the concrete model's context (the tables mark
    // them with QT_TR_NOOP inside the model class, so lupdate files them there).
    QString translated(const char *text) const { return QCoreApplication::translate(metaObject()->className(), text); }

    // columns: the model's whole column table, in the order of its Column enum; it must
    // outlive the model (a function-local static of the model's class).
    ColumnTableModel(const Columns &columns, QObject *parent) : IncrementalTableModel(parent), m_columns(columns) { }

    // The roles the column table leaves open for this cell; nothing by default.
    virtual QVariant cellData(const Row &, int /*column*/, int /*role*/) const { return QVariant(); }

    Rows m_rows;
    // Whether the vertical header numbers the rows (Qt's default). The views hide it; the
    // dialogs' models never numbered theirs.
    bool m_rowNumbers = true;

private:
    static QVariant toneColor(const std::optional<StatusTone> &tone, QColor (*color)(StatusTone, const QPalette &))
    {
        return tone ? QVariant(color(*tone, QGuiApplication::palette())) : QVariant();
    }

    const Columns &m_columns;
};

} // namespace lagscope
