// The main window's triage home: the page, its tree item, opening a row's page, and the
// tree's cluster statuses, which take the triage rows into account (the worst thing under
// a cluster, not only its brokers and partitions).
#include "MainWindow.h"

#include "MainWindowRoles.h"
#include "model/ClusterHealth.h"
#include "models/StatusColors.h"
#include "pages/TriagePage.h"
#include "replication/ReplicationPage.h"
#include "triage/TriageService.h"

#include <QLabel>
#include <QStackedWidget>
#include <QTreeWidget>

namespace lagscope {

using namespace mainwindow;

namespace {

StatusTone toneOf(HealthLevel level)
{
    switch (level) {
    case HealthLevel::Ok: return StatusTone::Good;
    case HealthLevel::Warning: return StatusTone::Warning;
    case HealthLevel::Error: return StatusTone::Error;
    }
    return StatusTone::Muted;
}

HealthLevel levelOf(TriageSeverity s) { return s == TriageSeverity::Error ? HealthLevel::Error : HealthLevel::Warning; }

} // namespace

void MainWindow::setTriage(TriageService *triage)
{
    if (m_welcome || m_triagePage)
        return;
    m_triage = triage;
    QStringList clusters;
    for (const auto &c : m_config.clusters)
        clusters << c.name;
    m_triagePage = new TriagePage(clusters, m_stack);
    m_stack->addWidget(m_triagePage);
    for (const auto &[name, s] : m_latest)
        m_triagePage->applyCluster(s);
    auto *item = new QTreeWidgetItem({tr("Triage"), QString()});
    item->setData(0, PageRole, int(PageKind::Triage));
    item->setToolTip(0, tr("What is wrong now across every cluster and flow, worst first"));
    m_tree->insertTopLevelItem(0, item);
    connect(m_triage, &TriageService::changed, this, &MainWindow::updateTriage);
    connect(m_triagePage, &TriagePage::openItem, this, &MainWindow::openTriageItem);
    updateTriage();
    showTriage();
}

void MainWindow::showTriage()
{
    if (!m_triagePage)
        return;
    m_page = PageKind::Triage;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i)
        if (m_tree->topLevelItem(i)->data(0, PageRole).toInt() == int(PageKind::Triage)
            && m_tree->currentItem() != m_tree->topLevelItem(i)) {
            const QSignalBlocker block(m_tree);
            m_tree->setCurrentItem(m_tree->topLevelItem(i));
        }
    m_stack->setCurrentWidget(m_triagePage);
}

void MainWindow::updateTriage()
{
    if (!m_triage || !m_triagePage)
        return;
    std::map<QString, ClusterTriage> perCluster;
    for (const auto &c : m_config.clusters)
        perCluster[c.name] = m_triage->forCluster(c.name);
    m_triagePage->setItems(m_triage->items(), perCluster);
    for (const auto &[name, s] : m_latest)
        updateClusterStatus(s);
    int errors = 0;
    for (const TriageItem &i : m_triage->items())
        errors += i.severity == TriageSeverity::Error;
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_tree->topLevelItem(i);
        if (item->data(0, PageRole).toInt() != int(PageKind::Triage))
            continue;
        const int count = int(m_triage->items().size());
        item->setText(1, count == 0 ? tr("OK") : tr("%n problem(s)", nullptr, count));
        item->setForeground(1, statusForeground(count == 0   ? StatusTone::Good
                                                : errors > 0 ? StatusTone::Error
                                                             : StatusTone::Warning,
                                                palette()));
    }
}

void MainWindow::updateClusterStatus(const SnapshotPtr &s)
{
    QTreeWidgetItem *item = m_clusterItems.count(s->cluster) ? m_clusterItems[s->cluster] : nullptr;
    QLabel *label = m_statusLabels.count(s->cluster) ? m_statusLabels[s->cluster] : nullptr;
    const ClusterHealth health = clusterHealth(*s);
    // The worst thing under the cluster: its own health (brokers, partitions, quorum), or a
    // triage row about it (a STOP group, a firing alert, a broken flow) when that is worse.
    const ClusterTriage triage = m_triage ? m_triage->forCluster(s->cluster) : ClusterTriage{};
    HealthLevel level = health.level;
    QString text = health.reason;
    if (triage.any && levelOf(triage.worst) > level) {
        level = levelOf(triage.worst);
        text = triage.count == 1 ? triage.lines.first() : tr("%n problem(s)", nullptr, triage.count);
    } else if (triage.any && level == HealthLevel::Ok) {
        text = tr("%n problem(s)", nullptr, triage.count);
    }
    if (item) {
        item->setText(1, text);
        item->setForeground(1, statusForeground(toneOf(level), palette()));
        // The column is narrow: the tooltip names what is wrong, worst first.
        QStringList tip;
        if (health.level != HealthLevel::Ok || !triage.any)
            tip << health.reason;
        tip += triage.lines;
        if (!s->error.isEmpty())
            tip << s->error;
        item->setToolTip(1, tip.join(QLatin1Char('\n')));
    }
    if (label) {
        label->setText(s->reachable
                           ? tr("%1: polled %2 (%3 ms)")
                                 .arg(s->cluster, s->takenAt.toLocalTime().toString(QStringLiteral("HH:mm:ss")))
                                 .arg(s->pollDurationMs)
                           : tr("%1: %2").arg(s->cluster, text));
        label->setToolTip(s->error);
    }
}

void MainWindow::openTriageItem(const TriageItem &item)
{
    switch (item.target) {
    case TriageTarget::Replication: showReplication(); return;
    case TriageTarget::Group:
        if (m_clusterItems.contains(item.cluster) && !item.group.isEmpty()) {
            openGroup(item.cluster, item.group);
            return;
        }
        break;
    case TriageTarget::Brokers: selectPage(item.cluster, PageKind::Brokers); return;
    case TriageTarget::Topics: selectPage(item.cluster, PageKind::Topics); return;
    case TriageTarget::Overview: break;
    }
    selectPage(item.cluster, PageKind::Overview);
}

} // namespace lagscope
