// What a user sees of the demo (the lag statuses on the demo traffic): `lagscope-traffic demo` on the test
// lab's primary, in the real desktop session (2 s polls, as scripts/demo configures it), with
// shortened cycles. The groups table shows, at one moment, billing-healthy OK, analytics-slow
// WARN and audit-stopping STOP; the slow group's page charts its growing lag; the rebalancing
// group's page lists its rebalances on the timeline. The window opens on the triage home,
// which lists the STOP and WARN groups first and makes the cluster's tree status not OK, and
// `lagscopectl triage --format json` lists the same rows. Screenshots of each, to be looked at.
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
#include "pages/TriagePage.h"
#include "models/StatusColors.h"
#include "models/TriageModel.h"
#include "triage/TriageService.h"

#include <QAbstractButton>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

    // The triage rows as "kind cluster subject", in the page's order.
    QStringList triageRows() const
    {
        QStringList out;
        const TriageModel *m = m_session->window()->triagePage()->model();
        for (int r = 0; r < m->rowCount(); ++r)
            out << triageKindName(m->item(r)->kind) + QLatin1Char(' ') + m->item(r)->cluster + QLatin1Char(' ')
                       + m->item(r)->subject;
        return out;
    }

    QTreeWidgetItem *clusterItem() const
    {
        auto *tree = m_session->window()->findChild<QTreeWidget *>();
        for (int i = 0; tree && i < tree->topLevelItemCount(); ++i)
            if (tree->topLevelItem(i)->text(0) == kPrimary)
                return tree->topLevelItem(i);
        return nullptr;
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

    void opensOnTheTriageHome()
    {
        QCOMPARE(m_session->window()->currentPage(), PageKind::Triage);
        QVERIFY(m_session->window()->triagePage()->isVisible());
    }

    // Of the demo's groups, the stopped one is listed first, as an error, and the slow one
    // next, as a warning; the healthy ones not at all. (The shared lab keeps other tests'
    // groups, which may be listed too, in their place by the same rules.) The cluster's tree
    // status is no longer OK although its brokers and partitions are.
    void triageListsStopAndWarnFirst()
    {
        m_session->window()->showTriage();
        const TriageModel *model = m_session->window()->triagePage()->model();
        const auto rowOf = [&](const QString &group) {
            return triageRows().indexOf(QStringLiteral("group primary ") + group);
        };
        const auto fits = [&] {
            const auto stop = rowOf(QStringLiteral("audit-stopping"));
            const auto warn = rowOf(QStringLiteral("analytics-slow"));
            return stop >= 0 && warn > stop && model->item(int(stop))->message.startsWith(QStringLiteral("STOP"))
                   && model->item(int(warn))->message.startsWith(QStringLiteral("WARN"));
        };
        QVERIFY2(waitUntil(fits, 180000), qPrintable(triageRows().join(QStringLiteral("; "))));
        QCOMPARE(model->item(int(rowOf(QStringLiteral("audit-stopping"))))->severity, TriageSeverity::Error);
        QCOMPARE(model->item(int(rowOf(QStringLiteral("analytics-slow"))))->severity, TriageSeverity::Warning);
        QCOMPARE(rowOf(QStringLiteral("billing-healthy")), -1);
        // Errors first: no warning row above the STOP group.
        for (int r = 0; r < rowOf(QStringLiteral("audit-stopping")); ++r)
            QCOMPARE(model->item(r)->severity, TriageSeverity::Error);
        QTreeWidgetItem *item = clusterItem();
        QVERIFY(item);
        QVERIFY2(item->text(1) != QLatin1String("OK"), qPrintable(item->text(1)));
        QCOMPARE(item->foreground(1).color(), statusForeground(StatusTone::Error, m_session->window()->palette()));
        saveScreenshot(m_session->window(), QStringLiteral("demo-triage"));
    }

    // lagscopectl triage polls on its own (the same 2 s interval, a full window) and lists the
    // same rows as the page: compared until they agree, as the demo's groups change phase.
    void cliListsTheSameRows()
    {
        QFile config(m_dir.filePath(QStringLiteral("triage.yaml")));
        QVERIFY(config.open(QIODevice::WriteOnly));
        config.write(
            QStringLiteral("poll_interval: 2s\nrequest_timeout: 5s\nclusters:\n  - name: %1\n    bootstrap: \"%2\"\n")
                .arg(kPrimary, m_lab.bootstrap(kPrimary))
                .toUtf8());
        config.close();
        QStringList cli;
        QStringList page;
        const auto agree = [&] {
            const ProcessResult r = m_lab.lagscopectl(
                {QStringLiteral("triage"), QStringLiteral("--config"), config.fileName(), QStringLiteral("--format"),
                 QStringLiteral("json"), QStringLiteral("--interval"), QStringLiteral("2")},
                120000);
            if (r.exitCode != 0)
                return false;
            cli.clear();
            const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
            for (const QJsonValue &v : doc.value(QStringLiteral("items")).toArray()) {
                const QJsonObject o = v.toObject();
                cli << o.value(QStringLiteral("kind")).toString() + QLatin1Char(' ')
                           + o.value(QStringLiteral("cluster")).toString() + QLatin1Char(' ')
                           + o.value(QStringLiteral("subject")).toString();
            }
            QCoreApplication::processEvents(); // the polls that came in while the command ran
            page = triageRows();
            return !cli.isEmpty() && cli == page;
        };
        QVERIFY2(waitUntil(agree, 240000),
                 qPrintable(QStringLiteral("cli: %1\npage: %2")
                                .arg(cli.join(QStringLiteral("; ")), page.join(QStringLiteral("; ")))));
        QVERIFY(cli.contains(QStringLiteral("group primary analytics-slow"))
                || cli.contains(QStringLiteral("group primary audit-stopping")));
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
