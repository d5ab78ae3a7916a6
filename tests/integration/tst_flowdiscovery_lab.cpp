// Flow discovery against the lab: the topic lists of the real primary and dr clusters
// (MirrorMaker 2 running primary -> dr) give exactly the lab's flow as a candidate, with
// the naming MirrorMaker really uses; a poller built from the candidate's configuration
// alone reaches OK, so a confirmed discovery monitors the same as a hand-written entry.
#include "LabTest.h"

#include "kafka/KafkaClient.h"
#include "mirror/FlowDiscovery.h"
#include "mirror/FlowPoller.h"

#include <QTest>
#include <QThread>

using namespace lagscope;
using namespace lagscope::mirror;
using namespace lagscope::test;

class TestFlowDiscoveryLab final : public LabTest {
    Q_OBJECT

private:
    std::map<QString, QStringList> labTopics()
    {
        std::map<QString, QStringList> out;
        for (const QString &name : {QStringLiteral("primary"), QStringLiteral("dr")}) {
            auto client =
                KafkaClient::create(ClusterConfig{name, m_lab.bootstrap(name), false, {}}, ClientOptions{5000, 0, {}});
            if (!client) {
                qWarning("%s: %s", qPrintable(name), qPrintable(client.errorMessage()));
                return {};
            }
            const auto metadata = (*client)->metadata(Deadline::inMs(10000));
            if (!metadata) {
                qWarning("%s: %s", qPrintable(name), qPrintable(metadata.errorMessage()));
                return {};
            }
            for (const TopicInfo &t : metadata->topics)
                out[name] << t.name;
        }
        return out;
    }

private Q_SLOTS:
    void labFlowIsOffered()
    {
        const auto topics = labTopics();
        QCOMPARE(topics.size(), size_t(2));
        const auto found = discoverFlows(topics);
        for (const auto &f : found)
            qInfo("candidate %s: found from %s; doubts: %s", qPrintable(f.label()),
                  qPrintable(f.evidence.join(QStringLiteral(", "))), qPrintable(f.doubts.join(QStringLiteral("; "))));
        QCOMPARE(found.size(), size_t(1));
        const DiscoveredFlow &f = found.front();
        QCOMPARE(f.label(), QStringLiteral("primary->dr"));
        QCOMPARE(f.flow.sourceCluster, QStringLiteral("primary"));
        QCOMPARE(f.flow.targetCluster, QStringLiteral("dr"));
        QCOMPARE(f.flow.policy, ReplicationPolicyConfig{}); // the lab runs MirrorMaker's defaults
        QVERIFY(!f.policyAmbiguous);
        QVERIFY2(f.doubts.isEmpty(), qPrintable(f.doubts.join(QStringLiteral("; "))));
        QVERIFY(f.evidence.contains(QStringLiteral("dr: primary.checkpoints.internal")));
        QVERIFY(f.evidence.contains(QStringLiteral("primary: mm2-offset-syncs.dr.internal")));

        // Configured already: nothing left to offer.
        QVERIFY(discoverFlows(topics, {f.flow}).empty());
    }

    void discoveredConfigurationMonitors()
    {
        const auto found = discoverFlows(labTopics());
        QCOMPARE(found.size(), size_t(1));
        const ReplicationFlowConfig flow = found.front().flow;
        FlowPollerSettings settings;
        settings.pollIntervalMs = 1000;
        settings.requestTimeoutMs = 5000;
        QThread thread;
        auto *poller =
            new FlowPoller(flow, ClusterConfig{flow.sourceCluster, m_lab.bootstrap(flow.sourceCluster), false, {}},
                           ClusterConfig{flow.targetCluster, m_lab.bootstrap(flow.targetCluster), false, {}}, settings);
        poller->moveToThread(&thread);
        connect(&thread, &QThread::started, poller, &FlowPoller::start);
        connect(&thread, &QThread::finished, poller, &QObject::deleteLater);
        FlowSnapshotPtr latest;
        connect(poller, &FlowPoller::updated, this,
                [&](std::shared_ptr<const FlowSnapshot> s, const std::vector<FlowEvent> &) { latest = std::move(s); });
        thread.start();
        const auto describe = [&] {
            return latest ? flowHealthName(latest->health) + QStringLiteral(": ") + latest->reason
                          : QStringLiteral("none");
        };
        QTRY_VERIFY2_WITH_TIMEOUT(latest && latest->health == FlowHealth::Ok, qPrintable(describe()), 60000);
        qInfo("discovered flow polled: %s, %zu replicated topics, %zu groups checkpointed", qPrintable(describe()),
              latest->topics.size(), latest->groups.size());
        QVERIFY(!latest->topics.empty());
        poller->cancel();
        thread.quit();
        thread.wait();
    }
};

QTEST_GUILESS_MAIN(TestFlowDiscoveryLab)
#include "tst_flowdiscovery_lab.moc"
