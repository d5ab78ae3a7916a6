// Building the main window: its actions and menus, the pages of every cluster and the
// cluster tree (MainWindow.cpp has what happens afterwards).
#include "MainWindow.h"
#include "MainWindowRoles.h"

#include "AlertBadges.h"
#include "AlertTray.h"
#include "AppIcons.h"
#include "AppSettings.h"
#include "EventLogDock.h"
#include "actions/ResetOffsetsDialog.h"
#include "alerts/AlertService.h"
#include "charts/LagChart.h"
#include "failover/FailoverEntryPoints.h"
#include "config/ConfigLoader.h"
#include "config/ConfigWriter.h"
#include "models/BrokerTableModel.h"
#include "models/GroupFilterProxy.h"
#include "models/GroupTableModel.h"
#include "models/SparklineDelegate.h"
#include "models/StatusColors.h"
#include "models/TopicTableModel.h"
#include "actions/WriteGuard.h"
#include "kafka/KafkaClient.h"
#include "monitor/MonitorService.h"
#include "pages/BrokerStatesTimeline.h"
#include "pages/GroupDetailPage.h"
#include "pages/OverviewPage.h"
#include "pages/QuorumPanel.h"
#include "pages/RebalanceTimeline.h"
#include "pages/TablePage.h"
#include "pages/WelcomePage.h"
#include "replication/ReplicationPage.h"
#include "report/ExportReportDialog.h"
#include "settings/ClusterDialog.h"
#include "history/HistoryReader.h"

#include <QAction>
#include <QCheckBox>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QToolBar>
#include <QTreeWidget>
#include <QUrl>

namespace lagscope {

using namespace mainwindow;

namespace {

// Topics page: hides internal topics unless asked to show them.
class TopicProxy final : public QSortFilterProxyModel {
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    bool showInternal = false;
    void refilter() { invalidateFilter(); }

protected:
    bool filterAcceptsRow(int row, const QModelIndex &parent) const override
    {
        const QModelIndex index = sourceModel()->index(row, 0, parent);
        if (!showInternal && index.data(TopicTableModel::InternalRole).toBool())
            return false;
        return QSortFilterProxyModel::filterAcceptsRow(row, parent);
    }
};

} // namespace

void MainWindow::buildActions()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *refresh = file->addAction(actionIcon("view-refresh", QStyle::SP_BrowserReload), tr("&Refresh now"));
    refresh->setObjectName(QStringLiteral("actionRefresh"));
    refresh->setShortcut(QKeySequence::Refresh);
    connect(refresh, &QAction::triggered, this, [this] {
        if (m_monitor)
            m_monitor->refreshAll();
    });
    QAction *find = file->addAction(actionIcon("edit-find", QStyle::SP_FileDialogContentsView), tr("&Filter"));
    find->setObjectName(QStringLiteral("actionFilter"));
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, this, [this] {
        if (auto *page = qobject_cast<TablePage *>(m_stack->currentWidget())) {
            page->filter()->setFocus(Qt::ShortcutFocusReason);
            page->filter()->selectAll();
        }
    });
    QAction *exportReport =
        file->addAction(actionIcon("document-export", QStyle::SP_DialogSaveButton), tr("&Export report…"));
    exportReport->setObjectName(QStringLiteral("actionExportReport"));
    exportReport->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportReport, &QAction::triggered, this, &MainWindow::openExportDialog);
    file->addSeparator();
    QAction *add = file->addAction(actionIcon("list-add", QStyle::SP_FileDialogNewFolder), tr("&Add cluster…"));
    add->setObjectName(QStringLiteral("actionAddCluster"));
    connect(add, &QAction::triggered, this, [this] { openClusterDialog(false); });
    QAction *edit =
        file->addAction(actionIcon("document-properties", QStyle::SP_FileDialogDetailedView), tr("Ed&it cluster…"));
    edit->setObjectName(QStringLiteral("actionEditCluster"));
    edit->setEnabled(!m_config.clusters.empty());
    connect(edit, &QAction::triggered, this, [this] { openClusterDialog(true); });
    file->addSeparator();
    QAction *quit = file->addAction(actionIcon("application-exit", QStyle::SP_DialogCloseButton), tr("&Quit"));
    quit->setObjectName(QStringLiteral("actionQuit"));
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    QMenu *view = menuBar()->addMenu(tr("&View"));
    m_events->toggleViewAction()->setText(tr("&Events"));
    view->addAction(m_events->toggleViewAction());
    buildGoMenu();
    buildHelpMenu();

    // The everyday actions, where a desktop app has them; the menus list their shortcuts.
    QToolBar *tools = addToolBar(tr("Main toolbar"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    tools->setMovable(false);
    tools->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tools->addActions({refresh, find, exportReport});
    tools->addSeparator();
    tools->addAction(edit);
    for (QAction *a : tools->actions())
        if (!a->shortcut().isEmpty())
            a->setToolTip(QStringLiteral("%1 (%2)").arg(a->text().remove(QLatin1Char('&')),
                                                        a->shortcut().toString(QKeySequence::NativeText)));
    tools->toggleViewAction()->setText(tr("Main &toolbar"));
    view->addAction(tools->toggleViewAction());
}

void MainWindow::buildPages(HistoryReader *history)
{
    m_overview = new OverviewPage(m_stack);

    m_brokers = new BrokerTableModel(this);
    auto *brokerProxy = new QSortFilterProxyModel(this);
    brokerProxy->setSourceModel(m_brokers);
    brokerProxy->setSortRole(BrokerTableModel::SortRole);
    brokerProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    brokerProxy->setFilterKeyColumn(-1);
    m_brokersPage = new TablePage(QStringLiteral("brokersPage"), tr("Brokers"), brokerProxy, m_stack);
    connect(m_brokersPage, &TablePage::filterChanged, brokerProxy, &QSortFilterProxyModel::setFilterFixedString);
    m_brokersPage->view()->sortByColumn(BrokerTableModel::Id, Qt::AscendingOrder);
    m_brokersPage->fitColumnsToHeaders(70);
    m_brokersPage->view()->setColumnWidth(BrokerTableModel::HostPort, 170);
    m_brokersPage->view()->setColumnWidth(BrokerTableModel::State, 100);
    // Below the brokers: the controller quorum, then each broker's states over time.
    m_quorum = new QuorumPanel;
    m_brokersPage->addPanel(m_quorum);
    m_brokerStates = new BrokerStatesTimeline;
    m_brokerStates->setSource(history);
    m_brokersPage->addPanel(m_brokerStates);

    m_topics = new TopicTableModel(this);
    auto *topicProxy = new TopicProxy(this);
    topicProxy->setSourceModel(m_topics);
    topicProxy->setSortRole(TopicTableModel::SortRole);
    topicProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    topicProxy->setFilterKeyColumn(TopicTableModel::Name);
    m_topicsPage = new TablePage(QStringLiteral("topicsPage"), tr("Topics"), topicProxy, m_stack);
    connect(m_topicsPage, &TablePage::filterChanged, topicProxy, &QSortFilterProxyModel::setFilterFixedString);
    QCheckBox *internal = m_topicsPage->addOption(QStringLiteral("showInternal"), tr("Show internal topics"));
    connect(internal, &QCheckBox::toggled, this, [topicProxy](bool on) {
        topicProxy->showInternal = on;
        topicProxy->refilter();
    });

    m_groups = new GroupTableModel(this);
    m_groupProxy = new GroupFilterProxy(this);
    m_groupProxy->setSourceModel(m_groups);
    m_groupsPage = new TablePage(QStringLiteral("groupsPage"), tr("Consumer groups"), m_groupProxy, m_stack);
    m_groupsPage->view()->setItemDelegateForColumn(GroupTableModel::Trend,
                                                   new SparklineDelegate(GroupTableModel::TrendRole, this));
    m_groupsPage->view()->sortByColumn(GroupTableModel::TotalLag, Qt::DescendingOrder);
    m_groupsPage->fitColumnsToHeaders();
    // Fits the table area of a 1280 px window; names are elided, their tooltips are whole.
    m_groupsPage->view()->setColumnWidth(GroupTableModel::Group, 170);
    m_groupsPage->view()->setColumnWidth(GroupTableModel::State, 110);
    m_groupsPage->view()->setColumnWidth(GroupTableModel::Topics, 110);
    connect(m_groupsPage, &TablePage::filterChanged, m_groupProxy, &GroupFilterProxy::setFilterText);
    connect(m_groupsPage, &TablePage::activated, this, [this](const QModelIndex &index) {
        const QString group = index.sibling(index.row(), GroupTableModel::Group).data(Qt::DisplayRole).toString();
        openGroup(m_cluster, group);
    });

    m_replication = new ReplicationPage(m_stack);
    m_replication->setHistory(history);
    m_replication->setConfiguredFlows(m_config.flows);
    m_groupDetail = new GroupDetailPage(history, m_stack);
    connect(m_groupDetail, &GroupDetailPage::resetRequested, this, &MainWindow::openResetDialog);
    connect(m_groupDetail, &GroupDetailPage::deleteRequested, this,
            [this](const QString &cluster, const QString &group) { openDeleteDialog(cluster, group); });
    connect(m_groupDetail, &GroupDetailPage::deleteOrphansRequested, this, &MainWindow::openDeleteDialog);
    // Failover: from a group's page, a selection in the groups table, or a whole flow.
    connect(m_groupDetail, &GroupDetailPage::failoverRequested, this,
            [this](const QString &cluster, const QString &group) { openFailover(cluster, {group}, false); });
    connect(m_replication, &ReplicationPage::failoverAllRequested, this,
            [this](const QString &from, const QString &to) { openFailover(from, {}, true, to); });
    m_replication->setFailoverCheck([this](const QString &from, const QString &to) {
        return FailoverWizard::unavailableReason(m_config, from, to);
    });
    m_failoverSelected = new QAction(tr("Fail over…"), m_groupsPage->view());
    m_failoverSelected->setObjectName(QStringLiteral("failoverSelectedAction"));
    m_groupsPage->view()->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_groupsPage->view()->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_groupsPage->view()->addAction(m_failoverSelected);
    connect(m_failoverSelected, &QAction::triggered, this, [this] {
        QStringList groups;
        for (const QModelIndex &row : m_groupsPage->view()->selectionModel()->selectedRows(GroupTableModel::Group))
            groups << row.data(Qt::DisplayRole).toString();
        if (!groups.isEmpty())
            openFailover(m_cluster, groups, false);
    });
    // Delete one group (its dialog previews, and says what Kafka would refuse).
    m_deleteSelected = new QAction(tr("Delete group…"), m_groupsPage->view());
    m_deleteSelected->setObjectName(QStringLiteral("deleteGroupAction"));
    m_groupsPage->view()->addAction(m_deleteSelected);
    connect(m_deleteSelected, &QAction::triggered, this, [this] {
        const auto rows = m_groupsPage->view()->selectionModel()->selectedRows(GroupTableModel::Group);
        if (rows.size() == 1)
            openDeleteDialog(m_cluster, rows.first().data(Qt::DisplayRole).toString());
    });
    connect(m_groupsPage->view()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateFailoverActions);
    AppSettings settings;
    m_groupDetail->chart()->setRange(static_cast<ChartRange>(settings.integer(AppSettings::Key::ChartRange)));
    connect(m_groupDetail->chart(), &LagChart::rangeChanged, this,
            [](ChartRange r) { AppSettings().setValue(AppSettings::Key::ChartRange, static_cast<int>(r)); });
    m_brokerStates->setRange(static_cast<ChartRange>(settings.integer(AppSettings::Key::BrokerStatesRange)));
    connect(m_brokerStates, &BrokerStatesTimeline::rangeChanged, this,
            [](ChartRange r) { AppSettings().setValue(AppSettings::Key::BrokerStatesRange, static_cast<int>(r)); });

    for (QWidget *w : {static_cast<QWidget *>(m_overview), static_cast<QWidget *>(m_brokersPage),
                       static_cast<QWidget *>(m_topicsPage), static_cast<QWidget *>(m_groupsPage),
                       static_cast<QWidget *>(m_groupDetail), static_cast<QWidget *>(m_replication)})
        m_stack->addWidget(w);
}

void MainWindow::buildTree(const AppConfig &config)
{
    const std::pair<PageKind, QString> pages[] = {
        {PageKind::Overview, tr("Overview")},
        {PageKind::Brokers, tr("Brokers")},
        {PageKind::Topics, tr("Topics")},
        {PageKind::Groups, tr("Consumer groups")},
    };
    for (const auto &c : config.clusters) {
        auto *item = new QTreeWidgetItem(m_tree, {c.name, tr("connecting…")});
        item->setData(0, ClusterRole, c.name);
        item->setData(0, PageRole, int(PageKind::Overview));
        if (c.readOnly)
            item->setToolTip(0, c.readOnlyReason.isEmpty()
                                    ? tr("Read-only: write actions are refused")
                                    : tr("Read-only (%1): write actions are refused").arg(c.readOnlyReason));
        if (c.security.tlsVerificationOff()) {
            // A persistent badge: this connection can be intercepted without anyone noticing.
            item->setIcon(0, style()->standardIcon(QStyle::SP_MessageBoxWarning));
            item->setData(0, TlsBadgeRole, true);
            item->setToolTip(0, tr("TLS verification is OFF (%1): anyone on the network path can impersonate this "
                                   "cluster")
                                    .arg(!c.security.verifyCertificates ? tr("certificates not verified")
                                                                        : tr("host name not verified")));
        }
        for (const auto &[kind, title] : pages) {
            auto *child = new QTreeWidgetItem(item, {title});
            child->setData(0, ClusterRole, c.name);
            child->setData(0, PageRole, int(kind));
        }
        item->setExpanded(true);
        m_clusterItems[c.name] = item;
        auto *status = new QLabel(tr("%1: connecting…").arg(c.name), this);
        status->setObjectName(QStringLiteral("status-") + c.name);
        statusBar()->addPermanentWidget(status);
        m_statusLabels[c.name] = status;
    }
    if (!config.flows.empty()) {
        auto *item =
            new QTreeWidgetItem(m_tree, {tr("Replication"), tr("%n flow(s)", nullptr, int(config.flows.size()))});
        item->setData(0, PageRole, int(PageKind::Replication));
    }
    // Without configured flows the Replication item appears once flows are discovered.
    connect(m_replication, &ReplicationPage::discoveredCountChanged, this, [this](int count) {
        QTreeWidgetItem *item = nullptr;
        for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
            if (m_tree->topLevelItem(i)->data(0, PageRole).toInt() == int(PageKind::Replication))
                item = m_tree->topLevelItem(i);
        if (!item && count > 0) {
            item = new QTreeWidgetItem(m_tree, {tr("Replication"), QString()});
            item->setData(0, PageRole, int(PageKind::Replication));
        }
        if (item)
            item->setToolTip(0, tr("%n MirrorMaker 2 flow(s) discovered, not monitored yet", nullptr, count));
    });
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (!item)
            return;
        const auto kind = static_cast<PageKind>(item->data(0, PageRole).toInt());
        if (kind == PageKind::Replication)
            showReplication();
        else if (kind == PageKind::Triage)
            showTriage();
        else if (kind == PageKind::GroupDetail) // a group's alert badge
            openGroup(item->data(0, ClusterRole).toString(), item->data(0, AlertBadges::GroupRole).toString());
        else
            selectPage(item->data(0, ClusterRole).toString(), kind);
    });
    m_cluster = config.clusters.front().name;
    m_brokerStates->setCluster(m_cluster);
    m_tree->setCurrentItem(m_clusterItems[m_cluster]);
    m_badges = new AlertBadges(m_tree, m_clusterItems, ClusterRole, PageRole, this);
}

} // namespace lagscope
