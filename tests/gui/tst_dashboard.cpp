// The whole desktop session against the real lab, on the offscreen platform: first
// snapshot, every page, a group's partitions against lagscopectl describe, chart ranges,
// and history that survives a restart. Saves a screenshot of every page it checks.
#include "DesktopSession.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "SessionTest.h"
#include "charts/LagChart.h"
#include "models/GroupTableModel.h"
#include "monitor/MonitorService.h"
#include "pages/GroupDetailPage.h"
#include "pages/TablePage.h"
#include "replication/FlowTableModel.h"
#include "replication/ReplicationPage.h"
#include "store/HistoryStore.h"

#include <QAbstractButton>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QProcess>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestDashboard final : public SessionTest {
    Q_OBJECT

private:
    QString m_config;
    QString m_topic = QStringLiteral("dash-%1").arg(m_id);
    QString m_slow = QStringLiteral("dash-slow-%1").arg(m_id);
    QString m_live = QStringLiteral("dash-live-%1").arg(m_id);
    QProcess m_member;

    void startSession()
    {
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{kPrimary, m_lab.bootstrap(kPrimary), false, {}},
                           {QStringLiteral("dr"), m_lab.bootstrap(QStringLiteral("dr")), false, {}}};
        config.flows = {{kPrimary, QStringLiteral("dr"), kPrimary, QStringLiteral("dr"), {}}};
        openSession(config, m_config);
    }

    bool groupPolled(const QString &group) const
    {
        const SnapshotPtr s = m_session->monitor()->latest(kPrimary);
        const GroupState *g = s ? s->group(group) : nullptr;
        return g && !g->partitions.empty();
    }

    QTableView *table(PageKind kind) const { return static_cast<TablePage *>(m_session->window()->page(kind))->view(); }

    qsizetype recordedSamples(const QString &group) const
    {
        auto store =
            HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")), {}, HistoryStore::OpenMode::Reader);
        if (!store)
            return 0;
        const QDateTime now = QDateTime::currentDateTimeUtc();
        auto samples = (*store)->groupHistory(kPrimary, group, now.addSecs(-3600), now);
        return samples ? samples->size() : 0;
    }

    QJsonObject describeJson(const QString &group) const
    {
        const ProcessResult r = m_lab.lagscopectl({QStringLiteral("describe"), QStringLiteral("--config"), m_config,
                                                   QStringLiteral("--cluster"), kPrimary, QStringLiteral("--group"),
                                                   group, QStringLiteral("--format"), QStringLiteral("json")});
        if (r.exitCode != 0)
            qWarning("%s", qPrintable(r.describe()));
        return QJsonDocument::fromJson(r.out.toUtf8()).object()[QStringLiteral("groups")].toArray().first().toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_config = m_lab.writeConfig(m_dir.path());
        auto run = [&](const QStringList &args) {
            const ProcessResult r = m_lab.traffic(kPrimary, args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        };
        run(createTopicArgs(m_topic, 6, 3));
        run(produceArgs(m_topic, 600));
        run(consumeArgs(m_slow, m_topic, 200));
        // More records after the slow group left: its committed partitions now lag.
        run(produceArgs(m_topic, 600));
        m_member.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                       {QStringLiteral("consume"), QStringLiteral("--group"), m_live, QStringLiteral("--topic"),
                        m_topic, QStringLiteral("--max"), QStringLiteral("300"), QStringLiteral("--stay"),
                        QStringLiteral("--bootstrap"), m_lab.bootstrap(kPrimary)});
        QVERIFY(m_member.waitForStarted());
        startSession();
        QTRY_VERIFY_WITH_TIMEOUT(groupPolled(m_slow) && groupPolled(m_live), 60000);
    }

    void cleanupTestCase()
    {
        m_session.reset();
        m_member.terminate();
        m_member.waitForFinished(15000);
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void overviewPage()
    {
        m_session->window()->selectPage(kPrimary, PageKind::Overview);
        auto *brokers = m_session->window()->findChild<QLabel *>(QStringLiteral("overviewBrokers"));
        QVERIFY(brokers);
        QTRY_COMPARE_WITH_TIMEOUT(brokers->text(), QStringLiteral("3 of 3"), 20000);
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-overview"));
    }

    void brokersPage()
    {
        m_session->window()->selectPage(kPrimary, PageKind::Brokers);
        QTableView *view = table(PageKind::Brokers);
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), 3, 20000);
        for (int r = 0; r < 3; ++r)
            QCOMPARE(cell(view->model(), r, QStringLiteral("State")), QStringLiteral("Online"));
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-brokers"));
    }

    void topicsPage()
    {
        m_session->window()->selectPage(kPrimary, PageKind::Topics);
        QTableView *view = table(PageKind::Topics);
        QTRY_VERIFY_WITH_TIMEOUT(findRow(view->model(), QStringLiteral("Name"), m_topic) >= 0, 20000);
        const int row = findRow(view->model(), QStringLiteral("Name"), m_topic);
        QCOMPARE(cell(view->model(), row, QStringLiteral("Partitions")), QStringLiteral("6"));
        QCOMPARE(cell(view->model(), row, QStringLiteral("Total messages")),
                 QLocale().toString(1200)); // 2 × 600 produced
        // Internal topics are hidden by default.
        QCOMPARE(findRow(view->model(), QStringLiteral("Name"), QStringLiteral("__consumer_offsets")), -1);
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-topics"));
    }

    void groupsPage()
    {
        m_session->window()->selectPage(kPrimary, PageKind::Groups);
        auto *page = static_cast<TablePage *>(m_session->window()->page(PageKind::Groups));
        QTableView *view = page->view();
        QTRY_VERIFY_WITH_TIMEOUT(findRow(view->model(), QStringLiteral("Group"), m_slow) >= 0, 20000);
        // The same total as lagscopectl computes for the group.
        const QJsonObject g = describeJson(m_slow);
        QVERIFY(g[QStringLiteral("total_lag")].toInteger() > 0);
        QTRY_COMPARE_WITH_TIMEOUT(
            cell(view->model(), findRow(view->model(), QStringLiteral("Group"), m_slow), QStringLiteral("Total lag")),
            QLocale().toString(g[QStringLiteral("total_lag")].toInteger()), 20000);
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-groups"));
        // Ctrl+F focuses the filter; typing narrows the table.
        QTest::keyClick(m_session->window(), Qt::Key_F, Qt::ControlModifier);
        QTRY_VERIFY(page->filter()->hasFocus());
        QTest::keyClicks(page->filter(), m_slow);
        QCOMPARE(view->model()->rowCount(), 1);
        page->filter()->clear();
    }

    void groupDetailMatchesDescribe()
    {
        m_session->window()->openGroup(kPrimary, m_slow);
        auto *detail = static_cast<GroupDetailPage *>(m_session->window()->page(PageKind::GroupDetail));
        auto *view = detail->findChild<QTableView *>(QStringLiteral("partitionTable"));
        QVERIFY(view);
        const QJsonArray parts = describeJson(m_slow)[QStringLiteral("partitions")].toArray();
        QVERIFY(!parts.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(view->model()->rowCount(), int(parts.size()), 20000);
        for (const auto &p : parts) {
            const QJsonObject o = p.toObject();
            const int row = findRow(view->model(), QStringLiteral("Partition"),
                                    QString::number(o[QStringLiteral("partition")].toInt()));
            QVERIFY(row >= 0);
            QCOMPARE(cell(view->model(), row, QStringLiteral("Committed")),
                     QString::number(o[QStringLiteral("current_offset")].toInteger()));
            QCOMPARE(cell(view->model(), row, QStringLiteral("Log end")),
                     QString::number(o[QStringLiteral("log_end_offset")].toInteger()));
            QCOMPARE(cell(view->model(), row, QStringLiteral("Lag")),
                     QString::number(o[QStringLiteral("lag")].toInteger()));
        }
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-group-detail"));
    }

    void chartRanges()
    {
        m_session->window()->openGroup(kPrimary, m_live);
        LagChart *chart = static_cast<GroupDetailPage *>(m_session->window()->page(PageKind::GroupDetail))->chart();
        QTRY_VERIFY_WITH_TIMEOUT(chart->pointCount() > 2, 30000);
        const std::pair<QString, qint64> ranges[] = {{QStringLiteral("range15m"), 15 * 60},
                                                     {QStringLiteral("range1h"), 3600},
                                                     {QStringLiteral("range6h"), 6 * 3600},
                                                     {QStringLiteral("range24h"), 86400},
                                                     {QStringLiteral("range7d"), 7 * 86400}};
        for (const auto &[name, seconds] : ranges) {
            auto *button = chart->findChild<QAbstractButton *>(name);
            QVERIFY2(button, qPrintable(name));
            QTest::mouseClick(button, Qt::LeftButton);
            QVERIFY(button->isChecked());
            QTRY_VERIFY(!chart->isLoading());
            const qint64 span = chart->visibleFrom().secsTo(chart->visibleTo());
            QVERIFY2(std::abs(span - seconds) <= seconds / 20,
                     qPrintable(QStringLiteral("%1: %2 s").arg(name).arg(span)));
        }
        QTest::mouseClick(chart->findChild<QAbstractButton *>(QStringLiteral("range15m")), Qt::LeftButton);
        QTRY_VERIFY(!chart->isLoading()
                    && !chart->replotPending()); // the chart replots 50 ms after a change: picture it after
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-group-chart"));
    }

    void replicationPageShowsTheFlow()
    {
        m_session->window()->showReplication();
        auto *page = m_session->window()->replicationPage();
        auto *header = page->findChild<QLabel *>(QStringLiteral("flowHeader"));
        QVERIFY(header);
        QTRY_VERIFY_WITH_TIMEOUT(header->text().contains(QStringLiteral("OK")), 60000);
        QCOMPARE(page->flowModel()->rowCount(), 1);
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-replication"));
    }

    void historySurvivesRestart()
    {
        // Let the recorder write a few polls (read through a second connection, as the GUI does).
        QTRY_VERIFY_WITH_TIMEOUT(recordedSamples(m_live) >= 5, 30000);
        m_session.reset();
        int recorded = 0;
        {
            // What the recorder wrote while the first session ran.
            auto store = HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")));
            QVERIFY2(store.ok(), store.ok() ? "" : qPrintable(store.errorMessage()));
            const QDateTime now = QDateTime::currentDateTimeUtc();
            auto samples = (*store)->groupHistory(kPrimary, m_live, now.addSecs(-3600), now);
            QVERIFY(samples.ok());
            qInfo("recorded %zu samples of %s", samples->size(), qPrintable(m_live));
            recorded = int(samples->size());
            QVERIFY(recorded >= 5);
        }
        startSession();
        m_session->window()->openGroup(kPrimary, m_live);
        LagChart *chart = static_cast<GroupDetailPage *>(m_session->window()->page(PageKind::GroupDetail))->chart();
        // The chart shows what the first session recorded: at least that many points, far
        // more than the few polls the new session could have added meanwhile.
        QTRY_VERIFY_WITH_TIMEOUT(chart->pointCount() >= recorded, 5000);
        QTRY_VERIFY(!chart->replotPending());
        saveScreenshot(m_session->window(), QStringLiteral("dashboard-after-restart"));
    }
};

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
