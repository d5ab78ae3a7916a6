// The failover cache written by monitoring: a FlowPoller polling the lab's primary -> dr
// flow stores the offset syncs, the groups' committed offsets and the source log ends that
// a disaster failover needs once primary is gone, and they agree with the cluster.
#include "DrillUtil.h"
#include "LabTest.h"

#include "actions/FailoverCache.h"
#include "actions/FailoverPlanner.h"
#include "kafka/KafkaClient.h"
#include "mirror/FlowPoller.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <functional>

using namespace lagscope;
using namespace lagscope::failover;
using namespace lagscope::test;

class TestFailoverCache final : public LabTest {
    Q_OBJECT

private:
    QString m_topic = QStringLiteral("cache-%1").arg(m_id);
    QString m_group = QStringLiteral("cache-group-%1").arg(m_id);

private Q_SLOTS:
    void monitoringFillsTheCache()
    {
        QTemporaryDir dir;
        // Progress lines: on a loaded host this test has run into ctest's timeout, and the
        // log should say which step the time went to.
        QElapsedTimer step;
        step.start();
        requireSuccess(m_lab.traffic(QStringLiteral("primary"), createTopicArgs(m_topic, 2, 3)));
        ReplicationFlowConfig flow;
        flow.sourceCluster = QStringLiteral("primary");
        flow.targetCluster = QStringLiteral("dr");
        mirror::FlowPollerSettings settings;
        settings.requestTimeoutMs = 5000;
        settings.failoverCacheDir = dir.path();
        mirror::FlowPoller poller(
            flow, ClusterConfig{flow.sourceCluster, m_lab.bootstrap(flow.sourceCluster), false, {}},
            ClusterConfig{flow.targetCluster, m_lab.bootstrap(flow.targetCluster), false, {}}, settings);
        const QString path = failoverCachePath(dir.path(), flow.sourceCluster, flow.targetCluster);
        const TopicPartition p1{m_topic, 1};
        // Polls (synchronously, on this thread) until `done` holds for the cache, against a
        // wall-clock deadline: a poll can take seconds on a loaded machine, so QTRY's count
        // of 50 ms steps would stretch far past its nominal timeout.
        const auto pollUntil = [&](const char *what, const std::function<bool(const FailoverCache &)> &done) {
            int polls = 0;
            const bool found = waitUntil(
                [&] {
                    poller.refreshNow();
                    ++polls;
                    const auto cache = loadFailoverCache(path);
                    return cache && done(*cache);
                },
                120000);
            if (found)
                qInfo("cache has %s after %d flow polls, %lld ms", what, polls, step.restart());
            else
                qWarning("cache after 120 s (%d flow polls) still misses: %s", polls, what);
            return found;
        };

        // Two phases, so that MirrorMaker has an offset sync at or below the commit (30) of
        // partition 1 whatever it dropped: under load it queues only the latest pending sync
        // per partition, so one burst of 100 records may leave its first sync at offset 50,
        // and a commit below every sync is never checkpointed (the test then waited forever).
        // Phase one ends at 30 per partition; its last sync is what MirrorMaker keeps.
        requireSuccess(m_lab.traffic(QStringLiteral("primary"), produceArgs(m_topic, 60)));
        QVERIFY(pollUntil("an offset sync of partition 1 at or below 30", [&](const FailoverCache &c) {
            const auto s = c.syncs.find(p1);
            return s != c.syncs.end()
                   && std::any_of(s->second.begin(), s->second.end(), [](const OffsetPair &o) { return o.from <= 30; });
        }));
        requireSuccess(m_lab.traffic(QStringLiteral("primary"),
                                     {QStringLiteral("consume"), QStringLiteral("--group"), m_group,
                                      QStringLiteral("--topic"), m_topic, QStringLiteral("--assign"),
                                      QStringLiteral("1"), QStringLiteral("--max"), QStringLiteral("30")}));
        requireSuccess(m_lab.traffic(QStringLiteral("primary"), produceArgs(m_topic, 140)));
        qInfo("30 consumed and 140 more records produced in %lld ms", step.restart());
        // The poller reads committed offsets of groups MirrorMaker has checkpointed: poll
        // until the group's checkpoint and the partition's syncs and log end have appeared.
        QVERIFY(pollUntil("the group's commit, the syncs and the log end of partition 1", [&](const FailoverCache &c) {
            return c.committed.count(m_group) && c.committed.at(m_group).count(p1) && c.syncs.count(p1)
                   && c.logEnd.count(p1) && c.logEnd.at(p1).offset == 100;
        }));

        const FailoverCache cache = *loadFailoverCache(path);
        QCOMPARE(cache.fromCluster, QStringLiteral("primary"));
        QCOMPARE(cache.toCluster, QStringLiteral("dr"));
        QCOMPARE(cache.committed.at(m_group).at(p1).offset, qint64(30));
        QVERIFY(cache.committed.at(m_group).at(p1).seenAtMs > 0);
        QCOMPARE(cache.logEnd.at(p1).offset, qint64(100));
        // The cached syncs translate the commit as a disaster failover would: never past it
        // (the remote partition's offsets equal the source's for a fresh topic). MirrorMaker
        // writes only the newest pending sync of a partition, so after a burst the first sync
        // can lie above 30: then there is no translation (the user's fallback decides), which
        // is right — a translation from a later sync would skip records. (Phase one above
        // makes a sync at or below 30 certain, so here it translates.)
        const std::vector<OffsetPair> &syncs = cache.syncs.at(p1);
        const bool atOrBelow =
            std::any_of(syncs.begin(), syncs.end(), [](const OffsetPair &s) { return s.from <= 30; });
        const qint64 translated = translateBySyncs(syncs, 30);
        qInfo("%d cached sync(s) of %s, first upstream %lld; offset 30 translates to %lld", int(syncs.size()),
              qPrintable(p1.toString()), syncs.front().from, translated);
        QCOMPARE(translated >= 0, atOrBelow);
        QVERIFY2(translated <= 30, qPrintable(QString::number(translated)));
    }
};

QTEST_GUILESS_MAIN(TestFailoverCache)
#include "tst_failovercache.moc"
