#pragma once
// Lagscope's main window: a tree of clusters and their pages on the left, the selected page
// on the right, the event log docked below, per-cluster poll state in the status bar.
// It only applies snapshots it is given; polling happens on the pollers' threads.
// Thread: GUI only. Ownership: owned by main() (or a test); does not own the monitor or
// the history reader it is given.

#include "config/Config.h"
#include "model/ClusterSnapshot.h"
#include "monitor/BrokerTimeline.h"
#include "pages/PageKind.h"

#include <QMainWindow>

#include <map>

class QCloseEvent;
class QLabel;
class QSplitter;
class QStackedWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace lagscope {

class AlertBadges;
class AlertService;
class AlertTray;
class BrokerStatesTimeline;
class BrokerTableModel;
class EventLogDock;
class GroupDetailPage;
class GroupFilterProxy;
class GroupTableModel;
class HistoryReader;
class MonitorService;
class OverviewPage;
class QuorumPanel;
class ReplicationPage;
class SplitBrainMonitor;
class TablePage;
class TopicTableModel;
class TriagePage;
class TriageService;
struct PollUpdate;
struct TriageItem;

class MainWindow final : public QMainWindow {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    // monitor and history may be null (no clusters configured, or history unavailable).
    MainWindow(const AppConfig &config, const QString &configPath, const QString &configError, MonitorService *monitor,
               HistoryReader *history, QWidget *parent = nullptr);
    ~MainWindow() override;

    // The history the charts read (null: none). Not owned; must outlive the window or be reset.
    void setHistory(HistoryReader *history);
    void selectPage(const QString &cluster, PageKind page);
    void openGroup(const QString &cluster, const QString &group);
    QString currentCluster() const { return m_cluster; }
    PageKind currentPage() const { return m_page; }
    QWidget *page(PageKind kind) const;
    EventLogDock *eventLog() const { return m_events; }
    ReplicationPage *replicationPage() const { return m_replication; }
    void showReplication();
    // Firing alerts as badges in the tree, tray notifications, alert events in the log.
    // Not owned; must outlive the window.
    void setAlerts(AlertService *alerts);
    AlertBadges *alertBadges() const { return m_badges; }
    // Split brains (monitor/SplitBrain) as badges on the groups table and the group page.
    // Not owned; must outlive the window.
    void setSplitBrains(SplitBrainMonitor *splitBrains);
    // The home page: what is wrong across clusters; the tree's cluster statuses take its
    // rows into account, and the window opens on it. Not owned; must outlive the window.
    void setTriage(TriageService *triage);
    TriagePage *triagePage() const { return m_triagePage; }
    void showTriage();
    AlertTray *alertTray() const { return m_tray; }

Q_SIGNALS:
    // A first cluster was written to the configuration file at `path` from the welcome page:
    // the session is to start polling it (SessionHost rebuilds itself on the file).
    void configurationSaved(const QString &path);

public Q_SLOTS:
    void applyUpdate(const lagscope::PollUpdate &update);
    void showWarning(const QString &message);
    // A lasting notice in the status bar while the history is not recorded (a full disk);
    // an empty message removes it.
    void setHistoryPaused(const QString &message);

protected:
    void changeEvent(QEvent *event) override;
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void buildActions();
    void buildGoMenu();   // MainWindowHelp.cpp
    void buildHelpMenu(); // MainWindowHelp.cpp
    void buildPages(HistoryReader *history);
    void buildTree(const AppConfig &config);
    void showCurrent();
    void applyToPages(const SnapshotPtr &snapshot);
    void updateClusterStatus(const SnapshotPtr &snapshot);
    void updateTriage();
    void openTriageItem(const TriageItem &item);
    void restoreState();
    SnapshotPtr latest(const QString &cluster) const;
    void openResetDialog(const QString &cluster, const QString &group);
    // topics: preselected in the dialog (the group page's orphaned offsets).
    void openDeleteDialog(const QString &cluster, const QString &group, const QStringList &topics = {});
    void applySplitBrains(); // the monitor's split brains of the shown cluster to its pages
    void openFailover(const QString &from, const QStringList &groups, bool allGroups, const QString &to = {});
    void updateFailoverActions();
    void openClusterDialog(bool edit);
    void openExportDialog();

    MonitorService *m_monitor = nullptr;
    HistoryReader *m_history = nullptr; // for the report export's history path
    AppConfig m_config;
    QSplitter *m_splitter = nullptr;
    QTreeWidget *m_tree = nullptr;
    QStackedWidget *m_stack = nullptr;
    OverviewPage *m_overview = nullptr;
    TablePage *m_brokersPage = nullptr; // the broker table, then these two panels:
    QuorumPanel *m_quorum = nullptr;
    BrokerStatesTimeline *m_brokerStates = nullptr;
    TablePage *m_topicsPage = nullptr;
    TablePage *m_groupsPage = nullptr;
    GroupDetailPage *m_groupDetail = nullptr;
    QWidget *m_welcome = nullptr;
    bool m_configRefused = false; // the configuration error page: the window saves no layout
    bool m_treeSized = false;     // the tree's width restored, or set on the first show
    ReplicationPage *m_replication = nullptr;
    TriagePage *m_triagePage = nullptr;
    TriageService *m_triage = nullptr;
    EventLogDock *m_events = nullptr;
    AlertBadges *m_badges = nullptr;
    SplitBrainMonitor *m_splitBrains = nullptr;
    AlertTray *m_tray = nullptr;
    BrokerTableModel *m_brokers = nullptr;
    TopicTableModel *m_topics = nullptr;
    GroupTableModel *m_groups = nullptr;
    GroupFilterProxy *m_groupProxy = nullptr;
    QAction *m_failoverSelected = nullptr; // on the groups table
    QAction *m_deleteSelected = nullptr;   // "Delete group…" of the groups table
    std::map<QString, QTreeWidgetItem *> m_clusterItems;
    std::map<QString, QLabel *> m_statusLabels;
    QLabel *m_historyPaused = nullptr; // created on the first pause
    std::map<QString, SnapshotPtr> m_latest;
    std::map<QString, BrokerStatesAt> m_firstPoll; // this session's first reachable poll of each cluster
    QString m_cluster;
    QString m_configPath;
    PageKind m_page = PageKind::Overview;
};

} // namespace lagscope
