#include "WidgetBuild.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>

namespace lagscope {

QLabel *newMessageLabel(QWidget *parent, const QString &objectName, LabelText text)
{
    auto *label = new QLabel(parent);
    label->setObjectName(objectName);
    label->setWordWrap(true);
    if (text == LabelText::Selectable)
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

QPushButton *newButton(const QString &text, QWidget *parent, const QString &objectName)
{
    auto *button = new QPushButton(text, parent);
    button->setObjectName(objectName);
    button->setAutoDefault(false);
    return button;
}

void setUpListTable(QTableView *table, const QString &objectName)
{
    table->setObjectName(objectName);
    table->verticalHeader()->hide();
    table->setAlternatingRowColors(true);
    table->horizontalHeader()->setStretchLastSection(true);
    // Tab leaves the list for the next control; the arrows move between rows. (With Qt's
    // default, Tab walked every cell and the rest of the page was out of the keyboard's reach.)
    table->setTabKeyNavigation(false);
}

int tableContentHeight(const QTableView *table)
{
    const QHeaderView *columns = table->horizontalHeader();
    const QHeaderView *rows = table->verticalHeader();
    const QScrollBar *bar = table->horizontalScrollBar();
    return (columns->isHidden() ? 0 : columns->sizeHint().height())
           + std::max(rows->length(), rows->defaultSectionSize()) + 2 * table->frameWidth()
           + (bar->isVisible() ? bar->sizeHint().height() : 0);
}

} // namespace lagscope
