#pragma once
// Alert badges in the main window's cluster tree: a warning icon and count on each cluster
// with firing alerts, and an "Alerts" branch under it listing each firing alert (group
// alerts open the group when selected). Its context menu mutes or unmutes the alert's rule.
// Thread: GUI. Ownership: owned by the main window; borrows the tree and the alert service.

#include <QObject>
#include <QString>

#include <map>

class QPoint;
class QTreeWidget;
class QTreeWidgetItem;

namespace lagscope {

class AlertService;

class AlertBadges final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AlertBadges)

public:
    // Item data roles the badges put on the alert items (column 0).
    static constexpr int RuleRole = Qt::UserRole + 10;
    static constexpr int GroupRole = Qt::UserRole + 11;

    // clusterRole/pageRole: the roles the window's tree navigation reads (cluster name, PageKind).
    AlertBadges(QTreeWidget *tree, const std::map<QString, QTreeWidgetItem *> &clusterItems, int clusterRole,
                int pageRole, QObject *parent = nullptr);

    void setService(AlertService *service);
    // The "Alerts" branch of a cluster; null when nothing fires there.
    QTreeWidgetItem *alertsItem(const QString &cluster) const;
    // Rebuilds the badges from the service.
    void refresh();
    // The context menu's actions, also used by tests.
    void muteRule(const QString &rule, int minutes); // minutes <= 0: until unmuted
    void unmuteRule(const QString &rule);

private:
    void showMenu(const QPoint &pos);

    QTreeWidget *m_tree;
    const std::map<QString, QTreeWidgetItem *> &m_clusterItems;
    std::map<QString, QTreeWidgetItem *> m_alertItems;
    AlertService *m_service = nullptr;
    int m_clusterRole;
    int m_pageRole;
};

} // namespace lagscope
