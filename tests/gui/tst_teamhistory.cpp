// The desktop app on a team's history: `lagscopectl collect` records the lab into a real
// PostgreSQL (fixture "postgresql") before any window is open; then the desktop session,
// opened with the same configuration, shows that history in the group's chart, and writes no
// poll of its own while the collector holds the clusters' leases (nor any history file).
// Saves the chart as team-history-chart.png.
#include "DesktopSession.h"
#include "GuiTestUtil.h"
#include "LabTest.h"
#include "MainWindow.h"
#include "PostgresTestDb.h"
#include "charts/LagChart.h"
#include "config/ConfigLoader.h"
#include "pages/GroupDetailPage.h"
#include "store/HistoryStore.h"

#include <QFile>
#include <QProcess>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

class TestTeamHistory final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = named("team");
    QString m_group = named("team-group");
    std::optional<PostgresServer> m_server;
    QString m_location;
    QString m_config;
    QProcess m_collect;
    QString m_collectErr;
    std::unique_ptr<DesktopSession> m_session;

    QString collectErr()
    {
        m_collectErr += QString::fromUtf8(m_collect.readAllStandardError());
        return m_collectErr;
    }

    std::vector<HistoryStore::GroupSample> samples()
    {
        auto store = HistoryStore::open(m_location, {}, HistoryStore::OpenMode::Reader);
        if (!store)
            return {};
        const QDateTime now = QDateTime::currentDateTimeUtc();
        auto history = (*store)->groupHistory(kPrimary, m_group, now.addSecs(-3600), now.addSecs(60));
        return history ? *history : std::vector<HistoryStore::GroupSample>{};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_server = PostgresServer::fromFixture();
        QVERIFY(m_server);
        m_location = m_server->newDatabase();
        QVERIFY(!m_location.isEmpty());
        traffic(kPrimary, createTopicArgs(m_topic, 2, 3));
        traffic(kPrimary, produceArgs(m_topic, 40));
        traffic(kPrimary, commitArgs(m_group, m_topic, QStringLiteral("0=5,1=5"))); // a lag of 30
        m_config = m_lab.writeConfig(m_dir.path());
        QFile config(m_config);
        QVERIFY(config.open(QIODevice::Append));
        config.write(m_server->historyConfig(parsePostgresLocation(m_location)->database));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            fprintf(stderr, "=== collect stderr ===\n%s\n", qPrintable(collectErr()));
    }

    void cleanupTestCase()
    {
        m_session.reset();
        if (m_collect.state() != QProcess::NotRunning) {
            m_collect.terminate();
            m_collect.waitForFinished(30000);
        }
    }

    void desktopShowsTheCollectorsHistory()
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("collector")));
        m_collect.setProcessEnvironment(env);
        m_collect.start(qEnvironmentVariable("LAGSCOPECTL"),
                        {QStringLiteral("collect"), QStringLiteral("--config"), m_config});
        QVERIFY2(m_collect.waitForStarted(), qPrintable(m_collect.errorString()));
        // A history with a shape: five polls at a lag of 30, then 20 more records.
        QTRY_VERIFY_WITH_TIMEOUT(samples().size() >= 5, 60000);
        traffic(kPrimary, produceArgs(m_topic, 20));
        QTRY_VERIFY_WITH_TIMEOUT(!samples().empty() && samples().back().totalLag == 50, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(samples().size() >= 10, 30000);
        const size_t before = samples().size();
        QVERIFY2(collectErr().contains(QStringLiteral("writing the history of primary")), qPrintable(m_collectErr));

        const auto config = loadConfig(m_config);
        QVERIFY2(config, config.ok() ? "" : qPrintable(config.errorMessage()));
        const QString localHistory = m_dir.filePath(QStringLiteral("desktop/history.sqlite"));
        m_session = std::make_unique<DesktopSession>(*config, m_config, QString(), localHistory);
        m_session->start();
        QVERIFY(QTest::qWaitForWindowExposed(m_session->window()));
        const qint64 openedAt = QDateTime::currentMSecsSinceEpoch();
        m_session->window()->openGroup(kPrimary, m_group);
        LagChart *chart = static_cast<GroupDetailPage *>(m_session->window()->page(PageKind::GroupDetail))->chart();
        // The collector's polls from before the window opened are in the chart.
        QTRY_VERIFY_WITH_TIMEOUT(chart->pointCount() >= int(before), 15000);
        QTRY_VERIFY(!chart->isLoading() && !chart->replotPending());

        // Both poll every second; the history gains one poll a second, the collector's only.
        QTRY_VERIFY_WITH_TIMEOUT(samples().size() >= before + 6, 30000);
        const std::vector<HistoryStore::GroupSample> all = samples();
        qint64 since = 0;
        for (const auto &s : all)
            since += s.timeMs >= openedAt ? 1 : 0;
        const qint64 seconds = (QDateTime::currentMSecsSinceEpoch() - openedAt) / 1000;
        QVERIFY2(since <= seconds + 2, qPrintable(QStringLiteral("%1 polls in %2 s").arg(since).arg(seconds)));
        QVERIFY2(!QFile::exists(localHistory), "the desktop made a history file of its own");
        // The shortest range, where the collector's minute of history is widest.
        chart->setRange(ChartRange::Min15);
        QTRY_VERIFY_WITH_TIMEOUT(!chart->isLoading() && chart->pointCount() >= int(before), 15000);
        QTRY_VERIFY(!chart->replotPending());
        saveScreenshot(m_session->window(), QStringLiteral("team-history-chart"));

        m_session.reset();
        m_collect.terminate();
        QVERIFY(m_collect.waitForFinished(30000));
        QCOMPARE(m_collect.exitCode(), 0);
    }
};

QTEST_MAIN(TestTeamHistory)
#include "tst_teamhistory.moc"
