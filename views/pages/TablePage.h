#pragma once
// A page that is one sortable table, optionally with a filter box above it (brokers,
// topics, consumer groups). The page owns neither model: the main window does.
// Thread: GUI. Owned by its parent (the page stack).

#include <QWidget>

class QAbstractItemModel;
class QCheckBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;

namespace lagscope {

class TablePage final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(TablePage)

public:
    TablePage(const QString &objectName, const QString &title, QSortFilterProxyModel *proxy, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    QLineEdit *filter() const { return m_filter; }
    // Adds a checkbox to the header row (e.g. "Show internal topics").
    QCheckBox *addOption(const QString &objectName, const QString &text);
    void setSubtitle(const QString &text);
    // Every column as wide as its header label and the sort arrow, at least `minimum`: the
    // flat default of 120 px made the groups table wider than a 1280 px window. Columns
    // that hold long values (names) are then widened by the caller.
    void fitColumnsToHeaders(int minimum = 56);

Q_SIGNALS:
    void filterChanged(const QString &text);
    void activated(const QModelIndex &proxyIndex);

private:
    QLabel *m_subtitle = nullptr;
    QLineEdit *m_filter = nullptr;
    QTableView *m_view = nullptr;
    QHBoxLayout *m_header = nullptr;
};

} // namespace lagscope
