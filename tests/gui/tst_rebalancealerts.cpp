// The desktop session against the real lab: a second real member joins a group with lag,
// the group page's rebalance timeline shows the rebalance (live, and again from the history
// after reopening), the groups table counts it per hour, an alert on the group's lag fires
// and shows as a badge in the tree (selecting it opens the group), and muting it from the
// badge is reflected. Screenshots of the group page and the tree are saved.
#include "AlertBadges.h"
#include "AlertTray.h"
#include "DesktopSession.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "SessionTest.h"
#include "alerts/AlertService.h"
#include "models/GroupTableModel.h"
#include "monitor/MonitorService.h"
#include "pages/GroupDetailPage.h"
#include "pages/RebalanceTimeline.h"
#include "pages/TablePage.h"

#include <QDir>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <algorithm>

using namespace lagscope;
using namespace lagscope::test;

class TestRebalanceAlerts final : public SessionTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("gui-rb-%1").arg(m_id);
    QString m_group = QStringLiteral("gui-rb-group-%1").arg(m_id);
    std::vector<std::unique_ptr<QProcess>> m_members;

    void startMember(const QString &clientId)
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                 {QStringLiteral("consume"), QStringLiteral("--group"), m_group, QStringLiteral("--topic"), m_topic,
                  QStringLiteral("--max"), QStringLiteral("20"), QStringLiteral("--stay"),
                  QStringLiteral("--client-id"), clientId, QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(p->waitForStarted());
        m_members.push_back(std::move(p));
    }

    const GroupState *group() const
    {
        const SnapshotPtr s = m_session->monitor()->latest(kPrimary);
        return s ? s->group(m_group) : nullptr;
    }

    bool stableWith(int members) const
    {
        const GroupState *g = group();
        return g && g->state == QLatin1String("Stable") && int(g->members.size()) == members;
    }

    GroupDetailPage *detail() const
    {
        return static_cast<GroupDetailPage *>(m_session->window()->page(PageKind::GroupDetail));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        for (const QStringList &args : {createTopicArgs(m_topic, 4, 3), produceArgs(m_topic, 400)}) {
            const ProcessResult r = m_lab.traffic(kPrimary, args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        }
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        AlertRule rule;
        rule.name = QStringLiteral("gui-lag");
        rule.groupPattern = QRegularExpression::escape(m_group);
        rule.condition = AlertCondition::LagMessages;
        rule.threshold = 1;
        config.alerts = {rule};
        openSession(config);
    }

    void cleanupTestCase()
    {
        m_session.reset();
        for (auto &p : m_members) {
            p->terminate();
            p->waitForFinished(20000);
        }
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void rebalanceShowsOnTimeline()
    {
        startMember(QStringLiteral("gui-first"));
        QTRY_VERIFY_WITH_TIMEOUT(stableWith(1), 60000);
        m_session->window()->openGroup(kPrimary, m_group);
        RebalanceTimeline *timeline = detail()->rebalances();
        QTRY_VERIFY(!timeline->isLoading()); // the history is read off the GUI thread
        const int before = int(timeline->rebalances().size());
        startMember(QStringLiteral("gui-second"));
        QTRY_VERIFY_WITH_TIMEOUT(stableWith(2), 60000);
        QTRY_COMPARE_WITH_TIMEOUT(int(timeline->rebalances().size()), before + 1, 20000);
        const Rebalance &r = timeline->rebalances().back();
        QVERIFY(r.trigger & TriggerMemberJoined);
        QCOMPARE(r.membersAfter.size(), size_t(2));
        QCOMPARE(timeline->list()->topLevelItemCount(), before + 1);
        QCOMPARE(timeline->list()->topLevelItem(0)->text(2), triggerText(r.trigger));
        QCOMPARE(timeline->list()->topLevelItem(0)->text(3), QStringLiteral("1 → 2"));
        // The groups table counts it.
        QTRY_VERIFY_WITH_TIMEOUT(group() && group()->rebalancesLastHour >= 1, 10000);
        // Reopening reads it back from the history store. (Under load a member's session can
        // time out and cause one more rebalance later: the recorded one must be there, whole.)
        const Rebalance recorded = r;
        m_session->window()->openGroup(kPrimary, m_group);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                if (timeline->isLoading())
                    return false;
                const auto &read = timeline->rebalances();
                if (read.size() > size_t(before) && std::find(read.begin(), read.end(), recorded) != read.end())
                    return true;
                m_session->window()->openGroup(kPrimary, m_group); // not recorded yet: read again
                return false;
            }(),
            20000);
    }

    void alertBadgeInTree()
    {
        AlertBadges *badges = m_session->window()->alertBadges();
        QVERIFY(badges);
        QTRY_COMPARE_WITH_TIMEOUT(m_session->alerts()->firing().size(), size_t(1), 30000);
        QTreeWidgetItem *branch = badges->alertsItem(kPrimary);
        QVERIFY(branch);
        QCOMPARE(branch->text(1), QStringLiteral("1 firing"));
        QCOMPARE(branch->childCount(), 1);
        QTreeWidgetItem *item = branch->child(0);
        QCOMPARE(item->text(0), m_group);
        QCOMPARE(item->text(1), QStringLiteral("gui-lag"));
        QVERIFY(!item->icon(0).isNull());
        // Offscreen there is no system tray: the notification is only remembered.
        AlertTray *tray = m_session->window()->alertTray();
        QVERIFY(!tray->trayAvailable());
        QCOMPARE(tray->shown(), 1);
        QVERIFY(tray->lastMessage().contains(m_group));

        // Selecting the badge opens the group's page, where the timeline is.
        auto *tree = m_session->window()->findChild<QTreeWidget *>(QStringLiteral("clusterTree"));
        tree->expandAll();
        tree->setCurrentItem(item);
        QCOMPARE(m_session->window()->currentPage(), PageKind::GroupDetail);
        QCOMPARE(detail()->groupId(), m_group);
        saveScreenshot(m_session->window(), QStringLiteral("rebalance-timeline-alert-badge"));

        // Mute from the badge's menu action: the badge stays, marked muted, without the icon.
        badges->muteRule(QStringLiteral("gui-lag"), 60);
        branch = badges->alertsItem(kPrimary);
        QCOMPARE(branch->text(1), QStringLiteral("0 firing, 1 muted"));
        QCOMPARE(branch->child(0)->text(1), QStringLiteral("gui-lag (muted)"));
        QVERIFY(branch->child(0)->icon(0).isNull());
        saveScreenshot(tree, QStringLiteral("alert-badge-muted"));
        badges->unmuteRule(QStringLiteral("gui-lag"));
        QCOMPARE(badges->alertsItem(kPrimary)->text(1), QStringLiteral("1 firing"));
    }

    void groupsTableColumn()
    {
        m_session->window()->selectPage(kPrimary, PageKind::Groups);
        auto *view = static_cast<TablePage *>(m_session->window()->page(PageKind::Groups))->view();
        const QAbstractItemModel *m = view->model();
        int row = -1;
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, GroupTableModel::Group).data().toString() == m_group)
                row = r;
        QVERIFY(row >= 0);
        QCOMPARE(m->headerData(GroupTableModel::Rebalances, Qt::Horizontal).toString(), QStringLiteral("Rebalances/h"));
        QVERIFY(m->index(row, GroupTableModel::Rebalances).data(GroupTableModel::SortRole).toInt() >= 1);
        view->selectRow(row);
        // The column is right of the stretched Topics column: in view, as a user scrolls to it.
        view->scrollTo(m->index(row, GroupTableModel::Rebalances));
        saveScreenshot(m_session->window(), QStringLiteral("groups-rebalances-per-hour"));
    }
};

QTEST_MAIN(TestRebalanceAlerts)
#include "tst_rebalancealerts.moc"
