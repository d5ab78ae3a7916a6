#include "pages/TablePage.h"

#include "WidgetBuild.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace lagscope {

TablePage::TablePage(const QString &objectName, const QString &title, QSortFilterProxyModel *proxy, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(objectName);
    m_layout = new QVBoxLayout(this);
    m_header = new QHBoxLayout;
    auto *titleLabel = new QLabel(title, this);
    QFont f = titleLabel->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.2);
    titleLabel->setFont(f);
    m_header->addWidget(titleLabel);
    m_subtitle = new QLabel(this);
    m_subtitle->setObjectName(objectName + QStringLiteral("Subtitle"));
    m_header->addWidget(m_subtitle, 1);
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(objectName + QStringLiteral("Filter"));
    m_filter->setPlaceholderText(tr("Filter (Ctrl+F)"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setMaximumWidth(280);
    m_header->addWidget(m_filter);
    m_layout->addLayout(m_header);

    m_view = new QTableView(this);
    setUpListTable(m_view, objectName + QStringLiteral("Table"));
    m_view->setModel(proxy);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_view->horizontalHeader()->setDefaultSectionSize(120);
    m_layout->addWidget(m_view, 1);

    connect(m_filter, &QLineEdit::textChanged, this, &TablePage::filterChanged);
    connect(m_view, &QTableView::activated, this, &TablePage::activated);
    connect(m_view, &QTableView::doubleClicked, this, &TablePage::activated);
}

QCheckBox *TablePage::addOption(const QString &objectName, const QString &text)
{
    auto *box = new QCheckBox(text, this);
    box->setObjectName(objectName);
    m_header->insertWidget(m_header->count() - 1, box);
    return box;
}

void TablePage::addPanel(QWidget *panel)
{
    if (!m_splitter) {
        m_splitter = new QSplitter(Qt::Vertical, this);
        m_splitter->setObjectName(objectName() + QStringLiteral("Splitter"));
        m_splitter->setChildrenCollapsible(false);
        delete m_layout->replaceWidget(m_view, m_splitter);
        m_layout->setStretchFactor(m_splitter, 1);
        m_splitter->addWidget(m_view);
        // Only a drag moves the splitter (setSizes does not): from then on the sizes are the user's.
        connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_panelsSized = true; });
    }
    m_splitter->addWidget(panel);
    fitPanels();
}

void TablePage::fitPanels()
{
    // A page behind another in the stack keeps the size it had when last shown: fitting it
    // then would fit the wrong height (showEvent fits it again).
    if (!m_splitter || m_panelsSized || !isVisible())
        return;
    const int parts = m_splitter->count();
    const int total = m_splitter->height() - (parts - 1) * m_splitter->handleWidth();
    if (total <= 0)
        return;
    // A cluster of fifty brokers must not push the panels off the page: past this share the
    // table scrolls.
    const int most = total * 2 / 5;
    QList<int> sizes;
    int used = 0;
    for (int i = 0; i + 1 < parts; ++i) {
        const QWidget *part = m_splitter->widget(i);
        const int wanted = part == m_view ? tableContentHeight(m_view) : part->sizeHint().height();
        sizes << std::clamp(wanted, std::min(part->minimumSizeHint().height(), most), most);
        used += sizes.back();
    }
    sizes << std::max(total - used, m_splitter->widget(parts - 1)->minimumSizeHint().height());
    m_splitter->setSizes(sizes);
}

QByteArray TablePage::panelState() const
{
    return m_splitter && m_panelsSized ? m_splitter->saveState() : QByteArray();
}

void TablePage::restorePanelState(const QByteArray &state)
{
    if (m_splitter && !state.isEmpty() && m_splitter->restoreState(state))
        m_panelsSized = true;
}

void TablePage::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitPanels();
}

void TablePage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Once the stack has given the page its size and the layout the splitter its own.
    QMetaObject::invokeMethod(this, &TablePage::fitPanels, Qt::QueuedConnection);
}

void TablePage::setSubtitle(const QString &text) { m_subtitle->setText(text); }

void TablePage::fitColumnsToHeaders(int minimum)
{
    const QHeaderView *header = m_view->horizontalHeader();
    const QFontMetrics metrics(header->font());
    const QAbstractItemModel *model = m_view->model();
    // Room for the sort indicator and the section's margins, as the style draws them.
    const int padding = 2 * header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header)
                        + header->style()->pixelMetric(QStyle::PM_HeaderMarkSize, nullptr, header) + 8;
    for (int c = 0; c < model->columnCount(); ++c) {
        const QString label = model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        m_view->setColumnWidth(c, std::max(minimum, metrics.horizontalAdvance(label) + padding));
    }
}

} // namespace lagscope
