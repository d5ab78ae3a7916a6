#include "EventLogDock.h"

#include "models/EventFilterProxy.h"
#include "models/EventLogModel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace lagscope {

EventLogDock::EventLogDock(QWidget *parent) : QDockWidget(tr("Events"), parent)
{
    setObjectName(QStringLiteral("eventLogDock"));
    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    auto *bar = new QHBoxLayout;
    m_filter = new QLineEdit(body);
    m_filter->setObjectName(QStringLiteral("eventFilter"));
    m_filter->setPlaceholderText(tr("Filter events"));
    m_filter->setClearButtonEnabled(true);
    m_severity = new QComboBox(body);
    m_severity->setObjectName(QStringLiteral("eventSeverity"));
    m_severity->addItems({tr("All severities"), tr("Warnings and errors"), tr("Errors only")});
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_severity);
    layout->addLayout(bar);

    m_model = new EventLogModel(this);
    m_proxy = new EventFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    m_view = new QTableView(body);
    m_view->setObjectName(QStringLiteral("eventTable"));
    m_view->setModel(m_proxy);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setWordWrap(false);
    m_view->setTabKeyNavigation(false); // Tab leaves the log, the arrows walk its rows
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->setColumnWidth(EventLogModel::Kind, 170);
    m_view->setColumnWidth(EventLogModel::Subject, 170);
    m_view->setColumnWidth(EventLogModel::Time, 150);
    layout->addWidget(m_view, 1);
    setWidget(body);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &EventFilterProxy::setFilterText);
    connect(m_severity, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_proxy->setMinimumSeverity(static_cast<EventSeverity>(index));
        Q_EMIT minimumSeverityChanged(index);
    });
}

void EventLogDock::setMinimumSeverity(int index) { m_severity->setCurrentIndex(std::clamp(index, 0, 2)); }

void EventLogDock::append(const std::vector<ClusterEvent> &events)
{
    if (events.empty())
        return;
    // Follow the newest events only when the user has not scrolled up to read.
    QScrollBar *bar = m_view->verticalScrollBar();
    const bool atBottom = bar->value() == bar->maximum();
    m_model->append(events);
    if (atBottom)
        m_view->scrollToBottom();
}

} // namespace lagscope
