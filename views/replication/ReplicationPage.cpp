#include "replication/ReplicationPage.h"
#include "AppIcons.h"

#include "replication/DiscoveredFlowsPanel.h"
#include "replication/FlowGroupModel.h"
#include "replication/FlowLatencyChart.h"
#include "replication/FlowReadinessChart.h"
#include "replication/FlowTableModel.h"
#include "replication/ReplicationFormat.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace lagscope {

namespace {

QTableView *makeTable(QAbstractItemModel *model, const QString &name, QWidget *parent)
{
    auto *view = new QTableView(parent);
    view->setObjectName(name);
    view->setModel(model);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->setTabKeyNavigation(false); // Tab leaves the table, the arrows walk its rows
    view->verticalHeader()->hide();
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return view;
}

QSortFilterProxyModel *makeProxy(QAbstractItemModel *source, int sortRole, QObject *parent)
{
    auto *proxy = new QSortFilterProxyModel(parent);
    proxy->setSourceModel(source);
    proxy->setSortRole(sortRole);
    proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    return proxy;
}

QString severityText(EventSeverity severity)
{
    switch (severity) {
    case EventSeverity::Info: return ReplicationPage::tr("info");
    case EventSeverity::Warning: return ReplicationPage::tr("warning");
    case EventSeverity::Error: return ReplicationPage::tr("error");
    }
    return QString();
}

} // namespace

ReplicationPage::ReplicationPage(QWidget *parent)
    : QWidget(parent), m_flows(new FlowTableModel(this)), m_groups(new FlowGroupModel(this))
{
    setObjectName(QStringLiteral("replicationPage"));

    m_flowProxy = makeProxy(m_flows, FlowTableModel::SortRole, this);
    m_groupProxy = makeProxy(m_groups, FlowGroupModel::SortRole, this);
    m_flowTable = makeTable(m_flowProxy, QStringLiteral("flowTable"), this);
    m_flowTable->sortByColumn(FlowTableModel::Flow, Qt::AscendingOrder);
    // The reason is the one long text: it takes the width left over.
    m_flowTable->horizontalHeader()->setSectionResizeMode(FlowTableModel::Reason, QHeaderView::Stretch);
    m_groupTable = makeTable(m_groupProxy, QStringLiteral("flowGroupTable"), this);
    m_groupTable->sortByColumn(FlowGroupModel::Group, Qt::AscendingOrder);
    m_groupTable->horizontalHeader()->setSectionResizeMode(FlowGroupModel::Group, QHeaderView::Stretch);

    m_header = new QLabel(tr("No replication flow polled yet"), this);
    m_header->setObjectName(QStringLiteral("flowHeader"));
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_chart = new FlowLatencyChart(this);
    m_readiness = new FlowReadinessChart(this);

    m_events = new QListWidget(this);
    m_events->setObjectName(QStringLiteral("flowEvents"));
    m_events->setAlternatingRowColors(true);
    m_events->setWordWrap(true);

    auto *groupsLabel = new QLabel(tr("Failover readiness of the consumer groups"), this);
    auto *groupsBox = new QWidget(this);
    auto *groupsLayout = new QVBoxLayout(groupsBox);
    groupsLayout->setContentsMargins(0, 0, 0, 0);
    groupsLayout->addWidget(m_header);
    auto *actionRow = new QHBoxLayout;
    m_failoverAll = new QPushButton(actionIcon("go-jump", QStyle::SP_ArrowForward), tr("Fail over all groups…"), this);
    m_failoverAll->setObjectName(QStringLiteral("failoverAllButton"));
    m_failbackAll = new QPushButton(actionIcon("go-previous", QStyle::SP_ArrowBack), tr("Fail back all groups…"), this);
    m_failbackAll->setObjectName(QStringLiteral("failbackAllButton"));
    for (QPushButton *b : {m_failoverAll, m_failbackAll}) {
        b->setEnabled(false);
        actionRow->addWidget(b);
    }
    actionRow->addStretch();
    connect(m_failoverAll, &QPushButton::clicked, this, [this] {
        if (const auto s = m_flows->snapshot(m_selected))
            Q_EMIT failoverAllRequested(s->flow.sourceCluster, s->flow.targetCluster);
    });
    connect(m_failbackAll, &QPushButton::clicked, this, [this] {
        if (const auto s = m_flows->snapshot(m_selected))
            Q_EMIT failoverAllRequested(s->flow.targetCluster, s->flow.sourceCluster);
    });
    groupsLayout->addLayout(actionRow);
    groupsLayout->addWidget(groupsLabel);
    groupsLayout->addWidget(m_groupTable);

    auto *eventsBox = new QWidget(this);
    auto *eventsLayout = new QVBoxLayout(eventsBox);
    eventsLayout->setContentsMargins(0, 0, 0, 0);
    eventsLayout->addWidget(new QLabel(tr("Flow events"), eventsBox));
    eventsLayout->addWidget(m_events, 1);
    // The latency of the flow and the readiness of one group: tabs, so that each chart
    // keeps the width of half the page.
    m_charts = new QTabWidget(this);
    m_charts->setObjectName(QStringLiteral("flowCharts"));
    m_charts->setDocumentMode(true);
    m_charts->addTab(m_chart, tr("Replication latency"));
    m_charts->addTab(m_readiness, tr("Failover readiness"));

    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_charts);
    bottom->addWidget(eventsBox);
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 1);
    bottom->setSizes({600, 400});

    m_discovered = new DiscoveredFlowsPanel(this);
    m_discovered->hide(); // shown when there is something to offer
    connect(m_discovered, &DiscoveredFlowsPanel::monitorRequested, this, &ReplicationPage::monitorRequested);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(m_discovered);
    splitter->addWidget(m_flowTable);
    splitter->addWidget(groupsBox);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 2);
    splitter->setStretchFactor(3, 1);
    splitter->setSizes({170, 130, 380, 270});

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    connect(m_flowTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ReplicationPage::onCurrentFlowChanged);
    connect(m_groupTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ReplicationPage::onCurrentGroupChanged);
}

ReplicationPage::~ReplicationPage() = default;

void ReplicationPage::apply(std::shared_ptr<const mirror::FlowSnapshot> snapshot,
                            const std::vector<mirror::FlowEvent> &events)
{
    for (const auto &e : events) {
        auto *item =
            new QListWidgetItem(QStringLiteral("%1  %2  %3  %4")
                                    .arg(QLocale().toString(e.time.toLocalTime().time(), QStringLiteral("HH:mm:ss")),
                                         e.flow, severityText(e.severity), e.message));
        item->setToolTip(mirror::flowEventKindName(e.kind) + QStringLiteral(": ") + e.subject);
        if (e.severity != EventSeverity::Info)
            item->setForeground(
                statusForeground(e.severity == EventSeverity::Error ? StatusTone::Error : StatusTone::Warning));
        m_events->insertItem(0, item); // newest first
    }
    while (m_events->count() > kMaxEvents)
        delete m_events->takeItem(m_events->count() - 1);

    if (!snapshot)
        return;
    const QString key = snapshot->flow.label();
    m_chart->appendSnapshot(*snapshot);
    m_readiness->appendSnapshot(*snapshot);
    m_flows->apply(snapshot);
    if (m_selected.isEmpty())
        selectFlow(key);
    else if (key == m_selected)
        showSelected();
}

void ReplicationPage::selectFlow(const QString &flowKey)
{
    const int row = m_flows->rowOf(flowKey);
    if (row < 0)
        return;
    const QModelIndex index = m_flowProxy->mapFromSource(m_flows->index(row, 0));
    m_flowTable->selectionModel()->setCurrentIndex(index,
                                                   QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    // setCurrentIndex does not signal when the row is already current.
    if (m_selected != flowKey) {
        m_selected = flowKey;
        showSelected();
    }
}

void ReplicationPage::onCurrentFlowChanged()
{
    const QModelIndex current = m_flowTable->selectionModel()->currentIndex();
    const QString key = current.isValid() ? current.data(FlowTableModel::FlowKeyRole).toString() : QString();
    if (key.isEmpty() || key == m_selected)
        return;
    m_selected = key;
    showSelected();
}

void ReplicationPage::showSelected()
{
    const mirror::FlowSnapshotPtr s = m_flows->snapshot(m_selected);
    m_groups->apply(s);
    updateHeader(s.get());
    m_chart->setFlow(m_selected);
    if (m_readiness->flow() != m_selected) // another flow: its groups are others
        m_readiness->setGroup(m_selected, QString());
    updateFailoverButtons(s.get());
}

void ReplicationPage::onCurrentGroupChanged()
{
    const QModelIndex current = m_groupTable->selectionModel()->currentIndex();
    const QString group =
        current.isValid() ? current.siblingAtColumn(FlowGroupModel::Group).data().toString() : QString();
    if (group.isEmpty() || group == m_readiness->group())
        return;
    m_readiness->setGroup(m_selected, group);
    m_charts->setCurrentWidget(m_readiness);
}

void ReplicationPage::selectGroup(const QString &group)
{
    for (int row = 0; row < m_groupProxy->rowCount(); ++row) {
        const QModelIndex index = m_groupProxy->index(row, FlowGroupModel::Group);
        if (index.data().toString() == group) {
            m_groupTable->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect
                                                                       | QItemSelectionModel::Rows);
            return;
        }
    }
}

void ReplicationPage::setHistory(HistoryReader *history)
{
    m_chart->setSource(history);
    m_readiness->setSource(history);
}

void ReplicationPage::setConfiguredFlows(std::vector<ReplicationFlowConfig> flows)
{
    m_configured = std::move(flows);
    rediscover();
}

void ReplicationPage::applyClusterSnapshot(const SnapshotPtr &snapshot)
{
    // An unreachable cluster's empty topic list says nothing: keep what it had.
    if (!snapshot || !snapshot->reachable)
        return;
    QStringList names;
    names.reserve(qsizetype(snapshot->topics.size()));
    for (const TopicState &t : snapshot->topics)
        names << t.name;
    QStringList &known = m_topics[snapshot->cluster];
    if (names == known) // topics rarely change: most polls cost this comparison only
        return;
    known = std::move(names);
    rediscover();
}

void ReplicationPage::rediscover()
{
    auto found = mirror::discoverFlows(m_topics, m_configured);
    const int before = m_discovered->count();
    m_discovered->setCandidates(std::move(found));
    m_discovered->setVisible(m_discovered->count() > 0);
    if (m_discovered->count() != before)
        Q_EMIT discoveredCountChanged(m_discovered->count());
}

void ReplicationPage::setFailoverCheck(std::function<QString(const QString &, const QString &)> check)
{
    m_failoverCheck = std::move(check);
    updateFailoverButtons(m_flows->snapshot(m_selected).get());
}

void ReplicationPage::updateFailoverButtons(const mirror::FlowSnapshot *s)
{
    const std::pair<QPushButton *, bool> buttons[] = {{m_failoverAll, true}, {m_failbackAll, false}};
    for (const auto &[button, forward] : buttons) {
        QString why = tr("No flow selected.");
        if (s) {
            const QString from = forward ? s->flow.sourceCluster : s->flow.targetCluster;
            const QString to = forward ? s->flow.targetCluster : s->flow.sourceCluster;
            why = m_failoverCheck ? m_failoverCheck(from, to) : tr("Failover is not available here.");
            button->setText(forward ? tr("Fail over all groups %1 → %2…").arg(from, to)
                                    : tr("Fail back all groups %1 → %2…").arg(from, to));
        }
        button->setEnabled(why.isEmpty());
        button->setToolTip(why);
    }
}

void ReplicationPage::updateHeader(const mirror::FlowSnapshot *s)
{
    if (!s) {
        m_header->setText(tr("No replication flow polled yet"));
        return;
    }
    const QColor color = statusForeground(flowHealthTone(s->health), palette());
    QString text = QStringLiteral("<b>%1</b>: <b><span style=\"color:%2\">%3</span></b>")
                       .arg(flowDisplayName(s->flow).toHtmlEscaped(), color.name(), mirror::flowHealthName(s->health));
    if (!s->reason.isEmpty())
        text += QStringLiteral(" \u2014 ") + s->reason.toHtmlEscaped();
    if (!s->warnings.isEmpty())
        text += QStringLiteral("<br/><small>") + s->warnings.join(QStringLiteral("; ")).toHtmlEscaped()
                + QStringLiteral("</small>");
    m_header->setText(text);
    m_header->setToolTip(s->flow.label());
}

int ReplicationPage::latencyPointCount() const { return m_chart->flow() == m_selected ? m_chart->pointCount() : 0; }

} // namespace lagscope
