// MirrorMaker 2 flow discovery from topic lists: a table of clusters' topics and the
// candidate flows they give (aliases, separators, offset-syncs location, doubts), and the
// YAML a confirmed flow is configured with.
#include "TableRows.h"
#include "config/ConfigLoader.h"
#include "mirror/FlowDiscovery.h"

#include <QTest>

using namespace lagscope;
using namespace lagscope::mirror;

namespace {

// "cluster:topic" lines -> topics per cluster.
std::map<QString, QStringList> topicsOf(const QStringList &lines)
{
    std::map<QString, QStringList> out;
    for (const QString &line : lines) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        out[line.left(colon)] << line.mid(colon + 1);
    }
    return out;
}

// One line per candidate, everything a test needs to see.
QString describe(const DiscoveredFlow &f)
{
    const ReplicationPolicyConfig &p = f.flow.policy;
    return QStringLiteral("%1->%2 as %3->%4 sep=%5 internal=%6 syncs=%7%8 doubts=%9")
        .arg(f.flow.sourceCluster.isEmpty() ? QStringLiteral("?") : f.flow.sourceCluster, f.flow.targetCluster,
             f.flow.sourceAlias, f.flow.targetAlias, p.separator,
             p.internalTopicSeparatorEnabled ? QStringLiteral("on") : QStringLiteral("off"),
             p.offsetSyncsLocation == ReplicationPolicyConfig::Source ? QStringLiteral("source")
                                                                      : QStringLiteral("target"),
             f.policyAmbiguous ? QStringLiteral(" identity?") : QString())
        .arg(f.doubts.size());
}

const QStringList kLab{
    QStringLiteral("primary:orders"),
    QStringLiteral("primary:payments"),
    QStringLiteral("primary:__consumer_offsets"),
    QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
    QStringLiteral("dr:primary.orders"),
    QStringLiteral("dr:primary.payments"),
    QStringLiteral("dr:heartbeats"),
    QStringLiteral("dr:primary.checkpoints.internal"),
    QStringLiteral("dr:mm2-configs.primary.internal"),
    QStringLiteral("dr:mm2-offsets.primary.internal"),
    QStringLiteral("dr:mm2-status.primary.internal"),
    QStringLiteral("dr:__consumer_offsets"),
};

} // namespace

class TestFlowDiscovery final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void discover_data()
    {
        // labConfigured: a configured primary -> dr flow
        test::addColumns<QStringList, bool, QStringList>("topics", "labConfigured", "expected");

        QTest::newRow("lab, default naming")
            << kLab << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source doubts=0")};
        QTest::newRow("already configured") << kLab << true << QStringList{};
        QTest::newRow("no MirrorMaker topics")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("dr:orders"),
                           QStringLiteral("dr:heartbeats")}
            << false << QStringList{};
        QTest::newRow("custom separator _")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("primary:mm2-offset-syncs_dr_internal"),
                           QStringLiteral("dr:primary_orders"), QStringLiteral("dr:primary_checkpoints_internal"),
                           QStringLiteral("dr:heartbeats")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=_ internal=on syncs=source doubts=0")};
        QTest::newRow("custom separator __")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("primary:mm2-offset-syncs__dr__internal"),
                           QStringLiteral("dr:primary__orders"), QStringLiteral("dr:primary__checkpoints__internal")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=__ internal=on syncs=source doubts=0")};
        // replication.policy.internal.topic.separator.enabled=false: internal topics keep ".".
        QTest::newRow("custom separator, old internal names")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
                           QStringLiteral("dr:primary-orders"), QStringLiteral("dr:primary.checkpoints.internal")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=- internal=off syncs=source doubts=0")};
        QTest::newRow("identity policy cannot be told from default")
            << QStringList{QStringLiteral("primary:orders"),
                           QStringLiteral("primary:payments"),
                           QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
                           QStringLiteral("dr:orders"),
                           QStringLiteral("dr:payments"),
                           QStringLiteral("dr:primary.checkpoints.internal")}
            << false
            << QStringList{
                   QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source identity? doubts=1")};
        QTest::newRow("nothing replicated yet")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("dr:primary.checkpoints.internal")} << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source doubts=2")};
        QTest::newRow("offset syncs on the target")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("dr:primary.orders"),
                           QStringLiteral("dr:primary.checkpoints.internal"),
                           QStringLiteral("dr:mm2-offset-syncs.primary.internal")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=target doubts=0")};
        // The configured flow's syncs topic on the target is not offered as a flow of its own.
        QTest::newRow("configured, offset syncs on the target")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("dr:primary.orders"),
                           QStringLiteral("dr:primary.checkpoints.internal"),
                           QStringLiteral("dr:mm2-offset-syncs.primary.internal")}
            << true << QStringList{};
        // Aliases that are not cluster names: the source is the cluster holding the remote
        // topics' upstream names, the target alias comes from its only offset-syncs topic.
        QTest::newRow("aliases differ from cluster names")
            << QStringList{QStringLiteral("dc1:orders"),
                           QStringLiteral("dc1:clicks"),
                           QStringLiteral("dc1:mm2-offset-syncs.us-east.internal"),
                           QStringLiteral("dc2:us-west.orders"),
                           QStringLiteral("dc2:us-west.clicks"),
                           QStringLiteral("dc2:us-west.checkpoints.internal"),
                           QStringLiteral("dc3:payments")}
            << false
            << QStringList{QStringLiteral("dc1->dc2 as us-west->us-east sep=. internal=on syncs=source doubts=2")};
        QTest::newRow("source cluster unknown")
            << QStringList{QStringLiteral("dr:paris.orders"), QStringLiteral("dr:paris.checkpoints.internal"),
                           QStringLiteral("primary:payments")}
            << false << QStringList{QStringLiteral("?->dr as paris->dr sep=. internal=on syncs=source doubts=2")};
        // MirrorMaker replicates the source's heartbeats even when no checkpoints exist yet.
        QTest::newRow("replicated heartbeats only")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("primary:heartbeats"),
                           QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
                           QStringLiteral("dr:primary.heartbeats"), QStringLiteral("dr:primary.orders")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source doubts=0")};
        QTest::newRow("both directions")
            << QStringList{QStringLiteral("primary:orders"),
                           QStringLiteral("primary:dr.audit"),
                           QStringLiteral("primary:dr.checkpoints.internal"),
                           QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
                           QStringLiteral("dr:audit"),
                           QStringLiteral("dr:primary.orders"),
                           QStringLiteral("dr:primary.checkpoints.internal"),
                           QStringLiteral("dr:mm2-offset-syncs.primary.internal")}
            << false
            << QStringList{QStringLiteral("dr->primary as dr->primary sep=. internal=on syncs=source doubts=0"),
                           QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source doubts=0")};
        // Remote topics of remote topics ("primary.east.orders") still vote for ".".
        QTest::newRow("nested remote topics")
            << QStringList{QStringLiteral("primary:east.orders"),
                           QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
                           QStringLiteral("dr:primary.east.orders"), QStringLiteral("dr:primary.checkpoints.internal")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source doubts=0")};
        QTest::newRow("offset syncs only")
            << QStringList{QStringLiteral("primary:orders"), QStringLiteral("primary:mm2-offset-syncs.dr.internal"),
                           QStringLiteral("dr:other")}
            << false
            << QStringList{QStringLiteral("primary->dr as primary->dr sep=. internal=on syncs=source doubts=1")};
    }

    void discover()
    {
        QFETCH(QStringList, topics);
        QFETCH(bool, labConfigured);
        QFETCH(QStringList, expected);
        std::vector<ReplicationFlowConfig> configured;
        if (labConfigured)
            configured.push_back(ReplicationFlowConfig{
                QStringLiteral("primary"), QStringLiteral("dr"), QStringLiteral("primary"), QStringLiteral("dr"), {}});
        QStringList got;
        for (const DiscoveredFlow &f : discoverFlows(topicsOf(topics), configured)) {
            got << describe(f);
            QVERIFY(!f.evidence.isEmpty());
            if (!f.doubts.isEmpty())
                qInfo("%s: %s", qPrintable(f.label()), qPrintable(f.doubts.join(QStringLiteral("; "))));
        }
        QCOMPARE(got, expected);
    }

    void evidenceNamesTheTopics()
    {
        const auto flows = discoverFlows(topicsOf(kLab));
        QCOMPARE(flows.size(), size_t(1));
        QCOMPARE(flows[0].label(), QStringLiteral("primary->dr"));
        QCOMPARE(flows[0].evidence, (QStringList{QStringLiteral("dr: primary.checkpoints.internal"),
                                                 QStringLiteral("primary: mm2-offset-syncs.dr.internal")}));
        QVERIFY(flows[0].monitorable());
    }

    // What "Copy YAML" gives parses back to the same flow.
    void yamlRoundTrips()
    {
        ReplicationFlowConfig flow{
            QStringLiteral("dc1"), QStringLiteral("dc2"), QStringLiteral("us-west"), QStringLiteral("us-east"), {}};
        flow.policy.kind = ReplicationPolicyConfig::Identity;
        flow.policy.separator = QStringLiteral("_");
        flow.policy.internalTopicSeparatorEnabled = false;
        flow.policy.offsetSyncsLocation = ReplicationPolicyConfig::Target;
        const QString yaml = QStringLiteral("clusters:\n  - name: dc1\n    bootstrap: a:9092\n"
                                            "  - name: dc2\n    bootstrap: b:9092\nreplication:\n")
                             + flowConfigYaml(flow);
        const auto config = parseConfig(yaml.toUtf8(), QStringLiteral("test.yaml"));
        QVERIFY2(config, config ? "" : qPrintable(config.errorMessage()));
        QCOMPARE(config->flows.size(), size_t(1));
        const ReplicationFlowConfig &read = config->flows.front();
        QCOMPARE(read.sourceCluster, flow.sourceCluster);
        QCOMPARE(read.targetCluster, flow.targetCluster);
        QCOMPARE(read.sourceAlias, flow.sourceAlias);
        QCOMPARE(read.targetAlias, flow.targetAlias);
        QVERIFY(read.policy == flow.policy);
    }
};

QTEST_GUILESS_MAIN(TestFlowDiscovery)
#include "tst_flowdiscovery.moc"
