#include "pages/TablePage.h"

#include "WidgetBuild.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace lagscope {

TablePage::TablePage(const QString &objectName, const QString &title, QSortFilterProxyModel *proxy, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(objectName);
    auto *layout = new QVBoxLayout(this);
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
    layout->addLayout(m_header);

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
    layout->addWidget(m_view, 1);

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
