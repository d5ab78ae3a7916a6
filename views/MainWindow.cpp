#include "MainWindow.h"
#include "MainWindowRoles.h"

#include "AlertBadges.h"
#include "AlertTray.h"
#include "AppSettings.h"
#include "EventLogDock.h"
#include "InstalledFiles.h"
#include "actions/DeleteGroupDialog.h"
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
#include "model/ClusterHealth.h"
#include "monitor/MonitorService.h"
#include "pages/BrokerStatesTimeline.h"
#include "pages/GroupDetailPage.h"
#include "pages/OverviewPage.h"
#include "pages/QuorumPanel.h"
#include "pages/RebalanceTimeline.h"
#include "pages/TablePage.h"
#include "pages/TriagePage.h"
#include "pages/WelcomePage.h"
#include "replication/ReplicationPage.h"
#include "report/ExportReportDialog.h"
#include "settings/ClusterDialog.h"
#include "history/HistoryReader.h"

#include <QAction>
#include <QCheckBox>
#include <QCloseEvent>
#include <QShowEvent>
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
#include <QTreeWidget>
#include <QUrl>

namespace lagscope {

using namespace mainwindow;

namespace {
constexpr int kTreeWidth = 340; // on a first start, of the window's 1280
}

MainWindow::MainWindow(const AppConfig &config, const QString &configPath, const QString &configError,
                       MonitorService *monitor, HistoryReader *history, QWidget *parent)
    : QMainWindow(parent), m_monitor(monitor), m_history(history), m_config(config), m_configPath(configPath)
{
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Lagscope"));
    m_splitter = new QSplitter(this);
    m_splitter->setObjectName(QStringLiteral("mainSplitter"));
    m_tree = new QTreeWidget(m_splitter);
    m_tree->setObjectName(QStringLiteral("clusterTree"));
    m_tree->setHeaderLabels({tr("Cluster"), tr("Status")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_stack = new QStackedWidget(m_splitter);
    m_splitter->setStretchFactor(1, 1);
    setCentralWidget(m_splitter);

    m_events = new EventLogDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_events);
    buildPages(history);
    buildActions();

    m_configRefused = !configError.isEmpty();
    if (config.clusters.empty() || m_configRefused) {
        // A file that is there but wrong is the user's to fix; without one (or without a
        // cluster in it) the dialog can write it.
        const bool firstRun = configError.isEmpty() || !QFileInfo::exists(configPath);
        auto *welcome =
            new WelcomePage(firstRun ? WelcomePage::Mode::FirstRun : WelcomePage::Mode::ConfigError, configPath,
                            configError, sampleConfigPath(QCoreApplication::applicationDirPath()), m_stack);
        connect(welcome, &WelcomePage::openSampleRequested, this, [] {
            QDesktopServices::openUrl(QUrl::fromLocalFile(sampleConfigPath(QCoreApplication::applicationDirPath())));
        });
        connect(welcome, &WelcomePage::addClusterRequested, this, [this] { openClusterDialog(false); });
        m_welcome = welcome;
        m_stack->addWidget(m_welcome);
        m_stack->setCurrentWidget(m_welcome);
        statusBar()->showMessage(tr("No clusters configured"));
    } else {
        buildTree(config);
    }
    if (m_monitor)
        connect(m_monitor, &MonitorService::updated, this, &MainWindow::applyUpdate);
    resize(1280, 800);
    // The event log starts small; the pages are what people open the window for.
    resizeDocks({m_events}, {180}, Qt::Vertical);
    restoreState();
}

MainWindow::~MainWindow() = default;

void MainWindow::setAlerts(AlertService *alerts)
{
    if (!m_tray)
        m_tray = new AlertTray(this);
    connect(alerts, &AlertService::notify, m_tray, &AlertTray::notify);
    connect(alerts, &AlertService::notify, this, [this](const QString &title, const QString &message) {
        statusBar()->showMessage(title + QStringLiteral(": ") + message, 30000);
    });
    connect(alerts, &AlertService::events, this,
            [this](const std::vector<ClusterEvent> &events) { m_events->append(events); });
    if (m_badges)
        m_badges->setService(alerts);
}

void MainWindow::setHistory(HistoryReader *history)
{
    m_history = history;
    m_groupDetail->chart()->setSource(history);
    m_replication->setHistory(history);
    m_groupDetail->rebalances()->setSource(history);
    m_brokerStates->setSource(history);
}

void MainWindow::openExportDialog()
{
    if (auto *open = findChild<ExportReportDialog *>()) {
        open->raise();
        open->activateWindow();
        return;
    }
    if (!m_history) {
        showWarning(tr("No history to report on: the history store is not available."));
        return;
    }
    QStringList clusters;
    for (const ClusterConfig &c : m_config.clusters)
        clusters << c.name;
    auto *dialog = new ExportReportDialog(m_history->path(), clusters, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

QWidget *MainWindow::page(PageKind kind) const
{
    switch (kind) {
    case PageKind::Overview: return m_overview;
    case PageKind::Brokers: return m_brokersPage;
    case PageKind::Topics: return m_topicsPage;
    case PageKind::Groups: return m_groupsPage;
    case PageKind::GroupDetail: return m_groupDetail;
    case PageKind::Replication: return m_replication;
    case PageKind::Triage: return m_triagePage;
    }
    return nullptr;
}

SnapshotPtr MainWindow::latest(const QString &cluster) const
{
    const auto it = m_latest.find(cluster);
    return it == m_latest.end() ? nullptr : it->second;
}

void MainWindow::selectPage(const QString &cluster, PageKind kind)
{
    if (m_welcome || !m_clusterItems.contains(cluster))
        return;
    const bool clusterChanged = cluster != m_cluster;
    m_cluster = cluster;
    m_page = kind;
    // Keep the tree in step when the page was chosen from code (tests, restore).
    QTreeWidgetItem *clusterItem = m_clusterItems[cluster];
    QTreeWidgetItem *wanted = clusterItem;
    for (int i = 0; i < clusterItem->childCount(); ++i)
        if (clusterItem->child(i)->data(0, PageRole).toInt()
            == int(kind == PageKind::GroupDetail ? PageKind::Groups : kind))
            wanted = kind == PageKind::Overview ? clusterItem : clusterItem->child(i);
    // The tree's Overview child and the cluster item both stand for the overview: the one the
    // user moved to stays current, or the arrow keys could never get past it.
    const QTreeWidgetItem *current = m_tree->currentItem();
    const bool shown =
        current && current->data(0, ClusterRole).toString() == cluster
        && current->data(0, PageRole).toInt() == int(kind == PageKind::GroupDetail ? PageKind::Groups : kind);
    if (!shown && m_tree->currentItem() != wanted) {
        const QSignalBlocker block(m_tree);
        m_tree->setCurrentItem(wanted);
    }
    if (clusterChanged) {
        const auto first = m_firstPoll.find(cluster);
        m_brokerStates->setCluster(cluster, first == m_firstPoll.end() ? BrokerStatesAt() : first->second);
        applyToPages(latest(cluster));
        applySplitBrains();
    }
    showCurrent();
    updateFailoverActions();
    AppSettings settings;
    settings.setValue(AppSettings::Key::LastCluster, cluster);
    settings.setValue(AppSettings::Key::LastPage, int(kind == PageKind::GroupDetail ? PageKind::Groups : kind));
}

void MainWindow::openGroup(const QString &cluster, const QString &group)
{
    selectPage(cluster, PageKind::GroupDetail);
    const ClusterConfig *config = m_config.cluster(cluster);
    m_groupDetail->setWriteRefusal(config ? writeRefusal(*config, tr("offset reset")).value_or(QString()) : QString(),
                                   config ? writeRefusal(*config, tr("deleting")).value_or(QString()) : QString());
    m_groupDetail->showGroup(cluster, latest(cluster), group);
    applySplitBrains();
    const QString partner = failoverPartner(m_config, cluster);
    m_groupDetail->setFailoverTarget(
        partner, partner.isEmpty() ? QString() : FailoverWizard::unavailableReason(m_config, cluster, partner));
    AppSettings().setValue(AppSettings::Key::LastGroup, group);
}

void MainWindow::openResetDialog(const QString &cluster, const QString &group)
{
    const ClusterConfig *config = m_config.cluster(cluster);
    if (!config)
        return;
    auto *dialog = new ResetOffsetsDialog(*config, group, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // Show the new offsets at once instead of at the next scheduled poll.
    connect(dialog, &ResetOffsetsDialog::applied, this, [this](const QString &c) {
        if (m_monitor)
            m_monitor->refresh(c);
    });
    dialog->show();
}

void MainWindow::openDeleteDialog(const QString &cluster, const QString &group, const QStringList &topics)
{
    const ClusterConfig *config = m_config.cluster(cluster);
    if (!config || group.isEmpty())
        return;
    auto *dialog = new DeleteGroupDialog(*config, group, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->preselectTopics(topics);
    // Show what is left at once instead of at the next scheduled poll.
    connect(dialog, &DeleteGroupDialog::changed, this, [this](const QString &c) {
        if (m_monitor)
            m_monitor->refresh(c);
    });
    dialog->show();
}

void MainWindow::openFailover(const QString &from, const QStringList &groups, bool allGroups, const QString &to)
{
    FailoverRequestSpec spec{from, to.isEmpty() ? failoverPartner(m_config, from) : to, groups, allGroups};
    if (spec.to.isEmpty())
        return;
    auto *wizard = openFailoverWizard(m_config, spec, this);
    // Show the new offsets at once instead of at the next scheduled poll.
    connect(wizard, &FailoverWizard::applied, this, [this](const QString &c) {
        if (m_monitor)
            m_monitor->refresh(c);
    });
}

void MainWindow::updateFailoverActions()
{
    const QString partner = failoverPartner(m_config, m_cluster);
    QString why = partner.isEmpty() ? tr("No MirrorMaker 2 flow links %1 to another cluster.").arg(m_cluster)
                                    : FailoverWizard::unavailableReason(m_config, m_cluster, partner);
    const int selected = int(m_groupsPage->view()->selectionModel()->selectedRows().size());
    if (why.isEmpty() && selected == 0)
        why = tr("Select one or more groups.");
    m_failoverSelected->setText(partner.isEmpty() ? tr("Fail over…")
                                                  : tr("Fail over %n group(s) to %1…", nullptr, selected).arg(partner));
    m_failoverSelected->setEnabled(why.isEmpty());
    m_failoverSelected->setToolTip(why);
    m_failoverSelected->setStatusTip(why);

    // The group actions that write: one group at a time, never on a read-only cluster.
    const ClusterConfig *config = m_config.cluster(m_cluster);
    QString deleteWhy = config ? writeRefusal(*config, tr("deleting")).value_or(QString()) : QString();
    if (deleteWhy.isEmpty() && selected != 1)
        deleteWhy = tr("Select one group.");
    m_deleteSelected->setEnabled(deleteWhy.isEmpty());
    m_deleteSelected->setToolTip(deleteWhy);
    m_deleteSelected->setStatusTip(deleteWhy);
}

void MainWindow::openClusterDialog(bool edit)
{
    if (auto *open = findChild<ClusterDialog *>()) {
        open->raise();
        open->activateWindow();
        return;
    }
    const ClusterConfig *existing = edit ? m_config.cluster(m_cluster) : nullptr;
    auto *dialog = new ClusterDialog(existing, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setTimeoutMs(m_config.requestTimeoutMs);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString path = m_configPath.isEmpty() ? defaultConfigPath() : m_configPath;
        // Merged into the file if there is one (its other keys kept, the old file kept as
        // <file>.bak): never replaced.
        auto saved = saveClusterToConfig(path, dialog->cluster(), dialog->previousName());
        if (saved && m_welcome) {
            // Nothing polls yet, so the session can be rebuilt on the new file at once.
            Q_EMIT configurationSaved(path);
            return;
        }
        showWarning(
            saved ? tr("Cluster %1 saved to %2; restart Lagscope to connect with it.").arg(dialog->cluster().name, path)
                  : saved.errorMessage());
    });
    dialog->show();
}

void MainWindow::showReplication()
{
    m_page = PageKind::Replication;
    // The tree follows when the page was opened from code (--open-replication, a flow's
    // failover), or it would still show the previous page selected.
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        if (QTreeWidgetItem *item = m_tree->topLevelItem(i);
            item->data(0, PageRole).toInt() == int(PageKind::Replication) && m_tree->currentItem() != item) {
            const QSignalBlocker block(m_tree);
            m_tree->setCurrentItem(item);
        }
    m_stack->setCurrentWidget(m_replication);
}

void MainWindow::showCurrent() { m_stack->setCurrentWidget(page(m_page)); }

void MainWindow::applyUpdate(const PollUpdate &update)
{
    const SnapshotPtr &s = update.snapshot;
    m_latest[s->cluster] = s;
    if (s->reachable && !m_firstPoll.contains(s->cluster))
        m_firstPoll[s->cluster] = BrokerStatesAt{s->takenAt, brokerStatesOf(*s)};
    updateClusterStatus(s);
    if (m_triagePage)
        m_triagePage->applyCluster(s);
    m_replication->applyClusterSnapshot(s);
    m_events->append(update.events);
    if (s->cluster == m_cluster) {
        // The events first: the lanes then agree with the poll's states when it arrives.
        m_brokerStates->append(update.events);
        applyToPages(s);
        if (!m_groupDetail->groupId().isEmpty()) {
            m_groupDetail->chart()->appendEvents(update.events);
            m_groupDetail->rebalances()->append(update.rebalances);
        }
    }
}

void MainWindow::applyToPages(const SnapshotPtr &s)
{
    // Every model updates incrementally, so applying the hidden pages too costs little and
    // keeps the sparkline trends continuous.
    m_overview->apply(s);
    m_brokers->apply(s);
    m_quorum->apply(s);
    m_brokerStates->apply(s);
    m_brokersPage->fitPanels();
    m_topics->apply(s);
    m_groups->apply(s);
    if (!m_groupDetail->groupId().isEmpty() && s && s->cluster == m_cluster)
        m_groupDetail->apply(s);
    const QString stale = s && !s->reachable ? tr(" — stale: cluster unreachable") : QString();
    const QLocale locale;
    const int brokers = s ? int(s->brokers.size()) : 0;
    const int topics = s ? int(s->topics.size()) : 0;
    const int groups = s ? int(s->groups.size()) : 0;
    m_brokersPage->setSubtitle(tr("%1 broker(s)%2").arg(brokers).arg(stale));
    m_topicsPage->setSubtitle(tr("%1 topic(s)%2").arg(topics).arg(stale));
    m_groupsPage->setSubtitle(tr("%1 group(s), total lag %2%3")
                                  .arg(groups)
                                  .arg(locale.toString(qlonglong(s ? s->totalLag() : 0)))
                                  .arg(stale));
}

void MainWindow::setHistoryPaused(const QString &message)
{
    if (!m_historyPaused) {
        if (message.isEmpty())
            return;
        m_historyPaused = new QLabel(this);
        m_historyPaused->setObjectName(QStringLiteral("history-paused"));
        m_historyPaused->setWordWrap(false);
        statusBar()->insertPermanentWidget(0, m_historyPaused);
    }
    // The whole sentence: on call, nobody hovers to find out why a chart has a hole.
    m_historyPaused->setText(QStringLiteral("⚠ ") + message);
    // The same words as the warning just shown for 30 s, which the lasting notice squeezes.
    statusBar()->clearMessage();
    m_historyPaused->setToolTip(message);
    m_historyPaused->setVisible(!message.isEmpty());
}

void MainWindow::showWarning(const QString &message)
{
    statusBar()->showMessage(message, 30000);
    m_events->append({ClusterEvent{QDateTime::currentDateTimeUtc(), QString(), EventKind::ClusterUnreachable,
                                   EventSeverity::Warning, tr("Lagscope"), QString(), message}});
}

void MainWindow::restoreState()
{
    AppSettings settings;
    restoreGeometry(settings.bytes(AppSettings::Key::WindowGeometry));
    QMainWindow::restoreState(settings.bytes(AppSettings::Key::WindowState));
    m_treeSized = m_splitter->restoreState(settings.bytes(AppSettings::Key::MainSplitter));
    m_groupDetail->splitter()->restoreState(settings.bytes(AppSettings::Key::DetailSplitter));
    m_brokersPage->restorePanelState(settings.bytes(AppSettings::Key::BrokersSplitter));
    // A state saved before the rebalance timeline existed has no size for it: show it anyway.
    if (QList<int> sizes = m_groupDetail->splitter()->sizes();
        sizes.size() >= 3 && sizes[2] == 0 && sizes[0] + sizes[1] > 0) {
        sizes[2] = std::max(1, (sizes[0] + sizes[1]) / 4);
        m_groupDetail->splitter()->setSizes(sizes);
    }
    m_events->setMinimumSeverity(settings.integer(AppSettings::Key::EventMinimumSeverity));
    connect(m_events, &EventLogDock::minimumSeverityChanged, this,
            [](int index) { AppSettings().setValue(AppSettings::Key::EventMinimumSeverity, index); });
    const QString cluster = settings.string(AppSettings::Key::LastCluster);
    if (m_clusterItems.contains(cluster))
        selectPage(cluster, static_cast<PageKind>(settings.integer(AppSettings::Key::LastPage)));
}

void MainWindow::changeEvent(QEvent *event)
{
    // The tree's status colours were picked for the palette of their poll: a desktop switching
    // between light and dark while Lagscope runs gets them again in the new one.
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) {
        for (const auto &[cluster, snapshot] : m_latest)
            updateClusterStatus(snapshot);
        updateTriage();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    // With no saved layout the tree starts wide enough for its Status column to name a group
    // or a problem; the splitter alone gives it its size hint, which cuts them after a dozen
    // letters. Here, not in the constructor: only a shown splitter has its width to share.
    if (!m_treeSized) {
        m_treeSized = true;
        m_splitter->setSizes({kTreeWidth, std::max(m_splitter->width() - kTreeWidth, kTreeWidth)});
    }
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // A refused configuration file writes nothing, the window's layout included: the page
    // shown is the error page, and the layout worth keeping is that of the last good session.
    if (m_configRefused) {
        QMainWindow::closeEvent(event);
        return;
    }
    AppSettings settings;
    settings.setValue(AppSettings::Key::WindowGeometry, saveGeometry());
    settings.setValue(AppSettings::Key::WindowState, saveState());
    settings.setValue(AppSettings::Key::MainSplitter, m_splitter->saveState());
    settings.setValue(AppSettings::Key::DetailSplitter, m_groupDetail->splitter()->saveState());
    settings.setValue(AppSettings::Key::BrokersSplitter, m_brokersPage->panelState());
    QMainWindow::closeEvent(event);
}

} // namespace lagscope
