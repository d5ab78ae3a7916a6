// MirrorMaker 2 flows in the history store: samples per poll, downsampling and retention
// on a simulated clock, flow events under the flow's label, the upgrade of a version-1
// file, and what a snapshot turns into.
#include "FlowTestUtil.h"
#include "HistoryTestUtil.h"
#include "mirror/FlowHealth.h"
#include "mirror/FlowHistory.h"
#include "store/HistoryStore.h"

#include <QStandardPaths>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;
using namespace std::chrono_literals;
using Sample = HistoryStore::FlowSample;

namespace {

const QString kFlow = QStringLiteral("primary->dr");

Sample sampleAt(qint64 relSeconds, qint64 latencyMs, qint64 behind = 0, int health = 0)
{
    return Sample{relMs(relSeconds), latencyMs, 0, behind, health};
}

// (seconds relative to kNow, latency ms)
QList<QPair<qint64, qint64>> latencies(const std::vector<Sample> &samples)
{
    QList<QPair<qint64, qint64>> out;
    for (const auto &s : samples)
        out.append({(s.timeMs - kNow.toMSecsSinceEpoch()) / 1000, s.latencyMs});
    return out;
}

} // namespace

class TestFlowHistory final : public QObject {
    Q_OBJECT

private:
    StoreFiles m_files{QStringLiteral("flows%1/history.sqlite")};

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_files.isValid());
    }

    void appendAndRead()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        QVERIFY(store->appendFlowSample(kFlow, sampleAt(-20, 800)).ok());
        QVERIFY(store->appendFlowSample(kFlow, Sample{relMs(-10), -1, -1, -1, 3}).ok()); // unknowns stay unknown
        QVERIFY(store->appendFlowSample(QStringLiteral("dr->primary"), sampleAt(-10, 99)).ok());
        const auto read = store->flowHistory(kFlow, rel(-60), kNow);
        QVERIFY(read);
        QCOMPARE(read->size(), size_t(2));
        QCOMPARE(read->at(0), sampleAt(-20, 800));
        QCOMPARE(read->at(1), (Sample{relMs(-10), -1, -1, -1, 3}));
        QVERIFY(store->flowHistory(QStringLiteral("nobody->nowhere"), rel(-60), kNow)->empty());
        QCOMPARE(store->flowHistory(kFlow, rel(-15), kNow)->size(), size_t(1));
    }

    // Seven hours of 5 s polls: the oldest hour goes into one-minute buckets that keep the
    // maximum of each value (a spike survives) and the worst health.
    void bucketsKeepMaxima()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        for (qint64 t = -7 * 3600; t < 0; t += 5) {
            const bool spike = t == -7 * 3600 + 30; // inside the first minute
            QVERIFY(
                store->appendFlowSample(kFlow, sampleAt(t, spike ? 20000 : 500, spike ? 900 : 3, spike ? 2 : 0)).ok());
        }
        QVERIFY(store->compact(kNow).ok());
        const auto read = store->flowHistory(kFlow, rel(-7 * 3600), kNow);
        QVERIFY(read);
        const Sample &first = read->front();
        QCOMPARE(first.timeMs, relMs(-7 * 3600));
        QCOMPARE(first.latencyMs, qint64(20000));
        QCOMPARE(first.recordsBehind, qint64(900));
        QCOMPARE(first.health, 2);
        QCOMPARE((*read)[1].latencyMs, qint64(500));
        // One bucket per minute for the hour older than the raw tier, raw rows after it.
        const qint64 rawFrom = relMs(-6 * 3600);
        const auto buckets =
            std::count_if(read->begin(), read->end(), [&](const Sample &s) { return s.timeMs < rawFrom; });
        QCOMPARE(buckets, 60);
        QCOMPARE(qint64(read->size()) - buckets, qint64(6 * 3600 / 5));
        // Times stay in order across tiers.
        QVERIFY(std::is_sorted(read->begin(), read->end(),
                               [](const Sample &a, const Sample &b) { return a.timeMs < b.timeMs; }));
        QVERIFY(store->compact(kNow).ok()); // idempotent
        QCOMPARE(store->flowHistory(kFlow, rel(-7 * 3600), kNow)->size(), read->size());
    }

    void retentionDropsOldSamplesAndEvents()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        QVERIFY(store->appendFlowSample(kFlow, sampleAt(-8 * 24 * 3600, 700)).ok());
        QVERIFY(store->appendFlowSample(kFlow, sampleAt(-10, 600)).ok());
        mirror::FlowEvent old{rel(-8 * 24 * 3600),  kFlow, mirror::FlowEventKind::FlowStalled,
                              EventSeverity::Error, kFlow, QString(),
                              QStringLiteral("old")};
        QVERIFY(store->appendEvents({mirror::toClusterEvent(old)}).ok());
        QVERIFY(store->compact(kNow).ok());
        QCOMPARE(latencies(*store->flowHistory(kFlow, QDateTime(), kNow)), (QList<QPair<qint64, qint64>>{{-10, 600}}));
        QVERIFY(store->events(kFlow, QDateTime(), kNow)->empty());
    }

    void flowEventsStoredUnderTheFlow()
    {
        const auto store = openOrFail(m_files.newPath());
        QVERIFY(store);
        const std::vector<mirror::FlowEvent> events{
            {rel(-30), kFlow, mirror::FlowEventKind::FlowStalled, EventSeverity::Error, kFlow, QString(),
             QStringLiteral("OK → Stalled: no heartbeat for 16.0 s")},
            {rel(-20), kFlow, mirror::FlowEventKind::CheckpointStale, EventSeverity::Warning, QStringLiteral("g1"),
             QStringLiteral("g1"), QStringLiteral("checkpoints of g1 stopped following its commits")},
            {rel(-10), kFlow, mirror::FlowEventKind::ReplicatedTopicMissing, EventSeverity::Error,
             QStringLiteral("orders"), QString(), QStringLiteral("the replica of orders is missing on dr")},
        };
        QVERIFY(store->appendEvents(mirror::toClusterEvents(events)).ok());
        const auto read = store->events(kFlow, rel(-60), kNow);
        QVERIFY(read);
        QCOMPARE(*read, mirror::toClusterEvents(events));
        QCOMPARE(store->events(kFlow, rel(-60), kNow, QStringLiteral("g1"))->size(), size_t(1));
    }

    // A file written by the previous version (no flow table) keeps its history and gains
    // the flow table; a reader opened after the writer sees the current version.
    void versionOneFileUpgraded()
    {
        const QString path = m_files.newPath();
        {
            const auto store = openOrFail(path);
            QVERIFY(store);
            QVERIFY(store->appendSnapshot(singleLag(rel(-10), 42, 0)).ok());
        }
        QVERIFY(execSql(path, {QStringLiteral("DROP TABLE flow_sample"), QStringLiteral("PRAGMA user_version = 1")}));
        const auto store = openOrFail(path);
        QVERIFY(store);
        QVERIFY(store->warnings().isEmpty()); // not moved aside
        const auto groups = store->groupHistory(kCluster, kGroup, rel(-60), kNow);
        QVERIFY2(groups, groups ? "" : qPrintable(groups.errorMessage()));
        QCOMPARE(groups->size(), size_t(1));
        const Status appended = store->appendFlowSample(kFlow, sampleAt(-5, 300));
        QVERIFY2(appended.ok(), appended.ok() ? "" : qPrintable(appended.errorMessage()));
        const auto reader = HistoryStore::open(path, {}, HistoryStore::OpenMode::Reader);
        QVERIFY2(reader, reader ? "" : qPrintable(reader.errorMessage()));
        const auto flows = (*reader)->flowHistory(kFlow, rel(-60), kNow);
        QVERIFY2(flows, flows ? "" : qPrintable(flows.errorMessage()));
        QCOMPARE(flows->size(), size_t(1));
    }

    void sampleOfSnapshot()
    {
        mirror::FlowSnapshot s;
        s.flow = mirror::FlowIdentity{QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"),
                                      QStringLiteral("dr")};
        s.takenAt = kNow;
        s.heartbeatAgeMs = 700;
        s.health = mirror::FlowHealth::Lagging;
        const Sample unreachable = mirror::flowSampleOf(s);
        QCOMPARE(unreachable, (Sample{kNow.toMSecsSinceEpoch(), 700, -1, -1, 1}));

        s.sourceReachable = s.targetReachable = true;
        mirror::ReplicatedTopic t{QStringLiteral("orders"), QStringLiteral("primary.orders"), {}};
        t.partitions = {{0, 100, 90, 10}, {1, 50, -1, -1}, {2, 70, 65, 5}};
        s.topics.push_back(t);
        s.groups = {groupFlow(QStringLiteral("idle"), 10, 10, 900000),
                    groupFlow(QStringLiteral("moving"), 20, 10, 4000)};
        const Sample sample = mirror::flowSampleOf(s);
        QCOMPARE(sample.recordsBehind, qint64(15));
        // The idle group's old checkpoint is current: only the moving group's age counts.
        QCOMPARE(sample.checkpointAgeMs, qint64(4000));
        s.groups.pop_back();
        QCOMPARE(mirror::flowSampleOf(s).checkpointAgeMs, qint64(0));
        s.groups.clear();
        QCOMPARE(mirror::flowSampleOf(s).checkpointAgeMs, qint64(-1));
    }
};

QTEST_GUILESS_MAIN(TestFlowHistory)
#include "tst_flowhistory.moc"
