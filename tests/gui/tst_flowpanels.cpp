// The Replication page's discovery and history parts, without a lab: cluster polls whose
// topic names show a MirrorMaker 2 flow make the page offer it (not trusted until "Monitor"),
// and the latency chart draws a flow's history from a real history store, marking polls
// that were not OK. Screenshots of both.
#include "GuiTestUtil.h"
#include "history/HistoryReader.h"
#include "mirror/FlowHistory.h"
#include "replication/DiscoveredFlowsPanel.h"
#include "replication/FlowLatencyChart.h"
#include "replication/ReplicationPage.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;
using namespace lagscope::mirror;

namespace {

SnapshotPtr poll(const QString &cluster, const QStringList &topics, bool reachable = true)
{
    auto s = std::make_shared<ClusterSnapshot>();
    s->cluster = cluster;
    s->takenAt = QDateTime::currentDateTimeUtc();
    s->reachable = reachable;
    for (const QString &t : topics)
        s->topics.push_back(TopicState{t, t.startsWith(QLatin1String("__")), {}});
    return s;
}

const QStringList kPrimary{QStringLiteral("orders"), QStringLiteral("clicks"), QStringLiteral("__consumer_offsets"),
                           QStringLiteral("mm2-offset-syncs.dr.internal")};
const QStringList kDr{QStringLiteral("primary.orders"), QStringLiteral("primary.clicks"), QStringLiteral("heartbeats"),
                      QStringLiteral("primary.checkpoints.internal"), QStringLiteral("mm2-status.primary.internal")};

FlowSnapshot flowAt(const QDateTime &t, qint64 latencyMs, FlowHealth health)
{
    FlowSnapshot s;
    s.flow = {QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr")};
    s.takenAt = t;
    s.sourceReachable = s.targetReachable = true;
    s.heartbeatsTopicExists = true;
    s.heartbeatAgeMs = latencyMs;
    s.newestHeartbeatMs = t.toMSecsSinceEpoch() - latencyMs;
    s.health = health;
    s.reason = QStringLiteral("replication latency");
    return s;
}

} // namespace

class TestFlowPanels final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void discoveredFlowIsOfferedNotTrusted()
    {
        ReplicationPage page;
        page.resize(1280, 860);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QSignalSpy counts(&page, &ReplicationPage::discoveredCountChanged);
        QSignalSpy requests(&page, &ReplicationPage::monitorRequested);
        DiscoveredFlowsPanel *panel = page.discoveredFlows();
        QVERIFY(panel && !panel->isVisible());

        page.applyClusterSnapshot(poll(QStringLiteral("primary"), kPrimary));
        QCOMPARE(panel->count(), 0); // the target's topics are not known yet
        page.applyClusterSnapshot(poll(QStringLiteral("dr"), kDr));
        QCOMPARE(panel->count(), 1);
        QVERIFY(panel->isVisible());
        QCOMPARE(counts.size(), 1);
        QTableWidget *table = panel->table();
        QCOMPARE(table->item(0, DiscoveredFlowsPanel::Flow)->text(), QStringLiteral("primary->dr"));
        QVERIFY2(table->item(0, DiscoveredFlowsPanel::State)->text().startsWith(QStringLiteral("Not trusted")),
                 qPrintable(table->item(0, DiscoveredFlowsPanel::State)->text()));
        QVERIFY(table->item(0, DiscoveredFlowsPanel::Evidence)
                    ->text()
                    .contains(QStringLiteral("primary.checkpoints.internal")));
        // An unreachable poll says nothing about topics: the offer stays.
        page.applyClusterSnapshot(poll(QStringLiteral("dr"), {}, false));
        QCOMPARE(panel->count(), 1);
        QCoreApplication::processEvents();
        saveScreenshot(&page, QStringLiteral("replication-discovered"));

        // Nothing is monitored until the user clicks Monitor.
        QCOMPARE(requests.size(), 0);
        auto *monitor = panel->findChild<QPushButton *>(QStringLiteral("monitorDiscoveredFlow"));
        QVERIFY(monitor && monitor->isEnabled());
        QTest::mouseClick(monitor, Qt::LeftButton);
        QCOMPARE(requests.size(), 1);
        const auto flow = requests[0][0].value<ReplicationFlowConfig>();
        QCOMPARE(flow.sourceCluster, QStringLiteral("primary"));
        QCOMPARE(flow.targetCluster, QStringLiteral("dr"));
        QVERIFY(panel->selectedYaml().contains(QStringLiteral("offset_syncs_location: source")));

        // Once monitored (the session adds it to the configured flows) it is no longer offered.
        page.setConfiguredFlows({flow});
        QCOMPARE(panel->count(), 0);
        QVERIFY(!panel->isVisible());
        QCOMPARE(counts.size(), 2);
    }

    void latencyChartReadsTheHistory()
    {
        QTemporaryDir dir;
        auto opened = HistoryStore::open(dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(opened, opened ? "" : qPrintable(opened.errorMessage()));
        const std::unique_ptr<HistoryStore> store = std::move(*opened);
        // Ten minutes of 5 s polls: ~0.6 s latency, a stall of 40 s in the middle.
        const QDateTime now = QDateTime::currentDateTimeUtc();
        int written = 0;
        int notOk = 0;
        for (int s = -600; s < 0; s += 5) {
            const bool stalled = s >= -320 && s < -280;
            const qint64 latency = stalled ? 16000 + (s + 320) * 1000 : 500 + (s % 3) * 60;
            const FlowSnapshot snap = flowAt(now.addSecs(s), latency, stalled ? FlowHealth::Stalled : FlowHealth::Ok);
            QVERIFY(store->appendFlowSample(snap.flow.label(), flowSampleOf(snap)).ok());
            ++written;
            notOk += stalled ? 1 : 0;
        }
        HistoryReader reader(store->path());
        ReplicationPage page;
        page.resize(1280, 860);
        page.setHistory(&reader);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        page.apply(std::make_shared<const FlowSnapshot>(flowAt(now, 450, FlowHealth::Ok)), {});
        FlowLatencyChart *chart = page.latencyChart();
        QCOMPARE(chart->flow(), QStringLiteral("primary->dr"));
        QTRY_VERIFY(!chart->isLoading());
        QCOMPARE(chart->storedPointCount(), written);
        QCOMPARE(chart->pointCount(), written + 1); // and the live poll not yet recorded
        QCOMPARE(chart->notOkPointCount(), notOk);
        QVERIFY(chart->emptyText().isEmpty());
        QCoreApplication::processEvents();
        saveScreenshot(&page, QStringLiteral("replication-latency-history"));

        // Another range reads the store again; a flow without history says so.
        chart->setRange(ChartRange::Hour1);
        QVERIFY(chart->isLoading());
        QTRY_COMPARE(chart->storedPointCount(), written);
        chart->setFlow(QStringLiteral("dr->primary"));
        QTRY_VERIFY(!chart->isLoading());
        QCOMPARE(chart->pointCount(), 0);
        QVERIFY(!chart->emptyText().isEmpty());
        page.setHistory(nullptr);
    }
};

QTEST_MAIN(TestFlowPanels)
#include "tst_flowpanels.moc"
