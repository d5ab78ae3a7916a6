#include "AlertBadges.h"

#include "alerts/AlertService.h"
#include "models/StatusColors.h"
#include "pages/PageKind.h"

#include <QApplication>
#include <QMenu>
#include <QStyle>
#include <QTreeWidget>

namespace lagscope {

AlertBadges::AlertBadges(QTreeWidget *tree, const std::map<QString, QTreeWidgetItem *> &clusterItems, int clusterRole,
                         int pageRole, QObject *parent)
    : QObject(parent), m_tree(tree), m_clusterItems(clusterItems), m_clusterRole(clusterRole), m_pageRole(pageRole)
{
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_tree, &QTreeWidget::customContextMenuRequested, this, &AlertBadges::showMenu);
}

void AlertBadges::setService(AlertService *service)
{
    m_service = service;
    if (m_service)
        connect(m_service, &AlertService::changed, this, &AlertBadges::refresh);
    refresh();
}

QTreeWidgetItem *AlertBadges::alertsItem(const QString &cluster) const
{
    const auto it = m_alertItems.find(cluster);
    return it == m_alertItems.end() ? nullptr : it->second;
}

void AlertBadges::refresh()
{
    // Rebuilding the branches would move the selection when it is on one of them.
    const QSignalBlocker block(m_tree);
    std::map<QString, std::vector<AlertInstance>> byCluster;
    if (m_service)
        for (const AlertInstance &a : m_service->firing())
            byCluster[a.cluster].push_back(a);
    const QIcon warning = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    const QPalette palette = m_tree->palette();
    for (const auto &[cluster, clusterItem] : m_clusterItems) {
        const auto found = byCluster.find(cluster);
        QTreeWidgetItem *&branch = m_alertItems[cluster];
        if (found == byCluster.end()) {
            clusterItem->setIcon(0, QIcon());
            delete branch;
            branch = nullptr;
            continue;
        }
        const auto &alerts = found->second;
        int loud = 0;
        for (const auto &a : alerts)
            loud += m_service->isMuted(a.rule) ? 0 : 1;
        clusterItem->setIcon(0, loud > 0 ? warning : QIcon());
        clusterItem->setToolTip(0, tr("%n alert(s) firing", nullptr, int(alerts.size())));
        if (!branch) {
            branch = new QTreeWidgetItem;
            branch->setData(0, m_clusterRole, cluster);
            branch->setData(0, m_pageRole, int(PageKind::Overview));
            clusterItem->addChild(branch);
            branch->setExpanded(true);
        }
        branch->setText(0, tr("Alerts"));
        branch->setIcon(0, loud > 0 ? warning : QIcon());
        branch->setText(1, loud == int(alerts.size())
                               ? tr("%n firing", nullptr, loud)
                               : tr("%1 firing, %2 muted").arg(loud).arg(alerts.size() - size_t(loud)));
        branch->setForeground(1, statusForeground(loud > 0 ? StatusTone::Error : StatusTone::Muted, palette));
        qDeleteAll(branch->takeChildren());
        for (const AlertInstance &a : alerts) {
            const bool muted = m_service->isMuted(a.rule);
            auto *item = new QTreeWidgetItem(branch);
            item->setText(0, a.group.isEmpty() ? a.rule : a.group);
            item->setText(1, muted ? tr("%1 (muted)").arg(a.rule) : a.rule);
            item->setIcon(0, muted ? QIcon() : warning);
            item->setForeground(1, statusForeground(muted ? StatusTone::Muted : StatusTone::Error, palette));
            item->setToolTip(
                0, tr("%1\nfiring since %2\nRight-click to mute the rule")
                       .arg(a.valueText, a.firedAt.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))));
            item->setData(0, m_clusterRole, a.cluster);
            item->setData(0, m_pageRole, int(a.group.isEmpty() ? PageKind::Overview : PageKind::GroupDetail));
            item->setData(0, RuleRole, a.rule);
            item->setData(0, GroupRole, a.group);
        }
    }
}

void AlertBadges::muteRule(const QString &rule, int minutes)
{
    if (m_service)
        m_service->mute(rule,
                        minutes > 0 ? QDateTime::currentDateTimeUtc().addSecs(qint64(minutes) * 60) : QDateTime());
}

void AlertBadges::unmuteRule(const QString &rule)
{
    if (m_service)
        m_service->unmute(rule);
}

void AlertBadges::showMenu(const QPoint &pos)
{
    QTreeWidgetItem *item = m_tree->itemAt(pos);
    const QString rule = item ? item->data(0, RuleRole).toString() : QString();
    if (rule.isEmpty() || !m_service)
        return;
    // popup(), not exec(): no nested event loop.
    auto *menu = new QMenu(m_tree);
    menu->setObjectName(QStringLiteral("alertMenu"));
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (m_service->isMuted(rule)) {
        menu->addAction(tr("Unmute rule \"%1\"").arg(rule), this, [this, rule] { unmuteRule(rule); });
    } else {
        menu->addAction(tr("Mute rule \"%1\" for 1 hour").arg(rule), this, [this, rule] { muteRule(rule, 60); });
        menu->addAction(tr("Mute rule \"%1\" until unmuted").arg(rule), this, [this, rule] { muteRule(rule, 0); });
    }
    menu->popup(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace lagscope
