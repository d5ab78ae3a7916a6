#pragma once
// Small builders for the widgets that dialogs and pages set up the same way: the message
// label a page shows its state in, a button that Enter does not press, a read-only table.
// Each names the widget, so that tests find it by object name.
// Thread: GUI. Ownership: free functions; the widgets they return belong to `parent`.

#include <QString>

class QLabel;
class QPushButton;
class QTableView;
class QWidget;

namespace lagscope {

enum class LabelText {
    Plain,
    Selectable // the user copies from it (paths, group names, errors)
};

// A label that wraps its text, for a status, a hint or a result.
QLabel *newMessageLabel(QWidget *parent, const QString &objectName, LabelText text = LabelText::Plain);

// A button that is never the dialog's default: Enter in a field must not start a step
// (or a write) by surprise.
QPushButton *newButton(const QString &text, QWidget *parent, const QString &objectName);

// A table that lists rows rather than a grid: no row numbers, alternating rows, the last
// column takes the width left, Tab moves on to the next control rather than the next cell.
void setUpListTable(QTableView *table, const QString &objectName);

// The height that shows every row of `table` (at least one), its header and frame: what a
// page gives a short table before the rest goes to what is below it.
int tableContentHeight(const QTableView *table);

} // namespace lagscope
