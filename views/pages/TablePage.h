#pragma once
// A page that is one sortable table, optionally with a filter box above it (brokers,
// topics, consumer groups), and optionally panels below it (the brokers page's controller
// quorum and state timeline). The page owns neither model: the main window does.
// Thread: GUI. Owned by its parent (the page stack).

#include <QWidget>

class QAbstractItemModel;
class QCheckBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;
class QVBoxLayout;

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
    // Puts `panel` below the table and the panels added before, in a vertical splitter
    // (object name "<page>Splitter") whose handles the user drags.
    void addPanel(QWidget *panel);
    QSplitter *splitter() const { return m_splitter; } // null until a panel is added
    // Until the user drags a handle, the table is as tall as its rows and each panel but the
    // last as its size hint, each at most 40 % of the page; the last panel gets the rest. The
    // window calls this when the rows may have changed; the page when it is shown or resized.
    void fitPanels();
    // The splitter's sizes once the user has dragged them (for AppSettings); empty while
    // the page fits them itself. Restoring a non-empty state ends the fitting.
    QByteArray panelState() const;
    void restorePanelState(const QByteArray &state);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;

Q_SIGNALS:
    void filterChanged(const QString &text);
    void activated(const QModelIndex &proxyIndex);

private:
    QLabel *m_subtitle = nullptr;
    QLineEdit *m_filter = nullptr;
    QTableView *m_view = nullptr;
    QHBoxLayout *m_header = nullptr;
    QVBoxLayout *m_layout = nullptr;
    QSplitter *m_splitter = nullptr;
    bool m_panelsSized = false; // by the user, or restored
};

} // namespace lagscope
