// What a user sees of the demo (the lag statuses on the demo traffic): `lagscope-traffic demo` on the test
// lab's primary, in the real desktop session (2 s polls, as scripts/demo configures it), with
// shortened cycles. The groups table shows, at one moment, billing-healthy OK, analytics-slow
// WARN and audit-stopping STOP; the slow group's page charts its growing lag; the rebalancing
// group's page lists its rebalances on the timeline. Screenshots of each, to be looked at.
#include "DemoTraffic.h"
#include "DesktopSession.h"
#include "DrillUtil.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "SessionTest.h"
#include "charts/LagChart.h"
#include "models/GroupTableModel.h"
#include "pages/GroupDetailPage.h"
#include "pages/RebalanceTimeline.h"
#include "pages/TablePage.h"

#include <QAbstractButton>
#include <QProcess>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;
using namespace lagscope::test;

class TestDemoGui final : public SessionTest {
    Q_OBJECT

private:
    QProcess m_demo;

    QTableView *groupsTable() const
    {
        return static_cast<TablePage *>(m_session->window()->page(PageKind::Groups))->view();
    }

    // The Status cell of a group's row, as the table shows it; empty while the row is missing.
    QString shownStatus(const QString &group) const
    {
        const QAbstractItemModel *m = groupsTable()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            if (m->index(r, GroupTableModel::Group).data().toString() == group)
                return m->index(r, GroupTableModel::Status).data().toString();
        return QString();
    }

    GroupDetailPage *detail() const
    {
        return static_cast<GroupDetailPage *>(m_session->window()->page(PageKind::GroupDetail));
    }

    // The demo is minutes old: the chart's shortest range shows it best.
    void showLast15Minutes() const
    {
        auto *button = detail()->chart()->findChild<QAbstractButton *>(QStringLiteral("range15m"));
        QVERIFY(button);
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(button->isChecked());
        // It reads the history off the GUI thread, then replots 50 ms after the change.
        QTRY_VERIFY(!detail()->chart()->isLoading() && !detail()->chart()->replotPending());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        // The audit group runs 20 s and is gone 60 s: long enough for STOP (3 polls and twice
        // its commit cadence) to meet the slow group's WARN; the rebalancing group changes
        // members every 15 s.
        QVERIFY(startDemo(m_demo, m_lab, kPrimary,
                          {QStringLiteral("--audit-run"), QStringLiteral("20"), QStringLiteral("--audit-pause"),
                           QStringLiteral("60"), QStringLiteral("--rebalance-every"), QStringLiteral("15")}));
        AppConfig config;
        config.pollIntervalMs = 2000;
        config.requestTimeoutMs = 5000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}}};
        openSession(config);
    }

    void cleanupTestCase()
    {
        m_session.reset();
        stopDemo(m_demo, m_lab, kPrimary);
    }

    void cleanup()
    {
        if (QTest::currentTestFailed()) {
            m_lab.dumpLogs();
            printDemoLog();
        }
    }

    void groupsTableShowsEachBehaviour()
    {
        m_session->window()->selectPage(kPrimary, PageKind::Groups);
        const auto fits = [&] {
            return shownStatus(QStringLiteral("billing-healthy")) == QLatin1String("OK")
                   && shownStatus(QStringLiteral("analytics-slow")) == QLatin1String("WARN")
                   && shownStatus(QStringLiteral("audit-stopping")) == QLatin1String("STOP");
        };
        QVERIFY(waitUntil(fits, 180000)); // wall-clock: a busy GUI thread stretches QTRY's count
        saveScreenshot(m_session->window(), QStringLiteral("demo-groups"));
        const QString rebalancing = shownStatus(QStringLiteral("search-rebalancing"));
        QVERIFY2(rebalancing != QLatin1String("STOP") && rebalancing != QLatin1String("ERR"), qPrintable(rebalancing));
    }

    void slowGroupPageChartsItsLag()
    {
        m_session->window()->openGroup(kPrimary, QStringLiteral("analytics-slow"));
        QTRY_VERIFY_WITH_TIMEOUT(detail()->chart()->pointCount() >= 10, 30000);
        showLast15Minutes();
        saveScreenshot(m_session->window(), QStringLiteral("demo-analytics-slow"));
    }

    void rebalancingGroupHasItsTimeline()
    {
        m_session->window()->openGroup(kPrimary, QStringLiteral("search-rebalancing"));
        RebalanceTimeline *timeline = detail()->rebalances();
        QTRY_VERIFY_WITH_TIMEOUT(timeline->rebalances().size() >= 2, 90000);
        QCOMPARE(timeline->list()->topLevelItemCount(), int(timeline->rebalances().size()));
        for (const Rebalance &r : timeline->rebalances()) {
            QVERIFY(r.trigger != TriggerNone);
            QVERIFY(r.membersBefore != r.membersAfter || !r.moves.empty());
        }
        showLast15Minutes();
        saveScreenshot(m_session->window(), QStringLiteral("demo-search-rebalancing"));
    }
};

QTEST_MAIN(TestDemoGui)
#include "tst_demogui.moc"
