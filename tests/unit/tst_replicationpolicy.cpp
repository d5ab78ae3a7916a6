// MirrorMaker 2 topic naming, as Kafka's DefaultReplicationPolicy and
// IdentityReplicationPolicy define it, and the helpers that find flows in a topic list.
#include "TableRows.h"
#include "mirror/ReplicationPolicy.h"

#include <QTest>

using namespace lagscope::mirror;
using lagscope::test::addColumns;
using Policy = ReplicationPolicyConfig;

Q_DECLARE_METATYPE(lagscope::mirror::ReplicationPolicyConfig)
Q_DECLARE_METATYPE(lagscope::mirror::MirrorTopicRole)

namespace lagscope::mirror {
char *toString(const MirrorTopicRole &r)
{
    return qstrdup(QStringLiteral("MirrorTopicRole(%1, %2)").arg(int(r.kind)).arg(r.alias).toUtf8().constData());
}
} // namespace lagscope::mirror

namespace {

Policy byDefault(const QString &separator = QStringLiteral("."))
{
    Policy p;
    p.separator = separator;
    return p;
}

Policy identity(const QString &separator = QStringLiteral("."))
{
    Policy p = byDefault(separator);
    p.kind = Policy::Identity;
    return p;
}

Policy internals(const QString &separator, bool internalSeparator, Policy::SyncsLocation location)
{
    Policy p = byDefault(separator);
    p.internalTopicSeparatorEnabled = internalSeparator;
    p.offsetSyncsLocation = location;
    return p;
}

} // namespace

class TestReplicationPolicy final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void remoteTopicNames_data()
    {
        addColumns<Policy, QString, QString, QString>("policy", "alias", "topic", "remote");
        QTest::newRow("default") << byDefault() << QStringLiteral("us-west") << QStringLiteral("orders")
                                 << QStringLiteral("us-west.orders");
        QTest::newRow("second hop") << byDefault() << QStringLiteral("a") << QStringLiteral("b.orders")
                                    << QStringLiteral("a.b.orders");
        QTest::newRow("underscore") << byDefault(QStringLiteral("_")) << QStringLiteral("us-west")
                                    << QStringLiteral("orders") << QStringLiteral("us-west_orders");
        QTest::newRow("double dash") << byDefault(QStringLiteral("--")) << QStringLiteral("us-west")
                                     << QStringLiteral("orders") << QStringLiteral("us-west--orders");
        QTest::newRow("empty separator means '.'")
            << byDefault(QString()) << QStringLiteral("a") << QStringLiteral("t") << QStringLiteral("a.t");
        QTest::newRow("identity") << identity() << QStringLiteral("us-west") << QStringLiteral("orders")
                                  << QStringLiteral("orders");
        QTest::newRow("identity keeps dots")
            << identity() << QStringLiteral("us-west") << QStringLiteral("b.orders") << QStringLiteral("b.orders");
        QTest::newRow("identity heartbeats") << identity() << QStringLiteral("us-west") << QStringLiteral("heartbeats")
                                             << QStringLiteral("us-west.heartbeats");
        QTest::newRow("identity remote heartbeats")
            << identity(QStringLiteral("_")) << QStringLiteral("a") << QStringLiteral("b_heartbeats")
            << QStringLiteral("a_b_heartbeats");
    }
    void remoteTopicNames()
    {
        QFETCH(Policy, policy);
        QFETCH(QString, alias);
        QFETCH(QString, topic);
        QFETCH(QString, remote);
        QCOMPARE(remoteTopic(policy, alias, topic), remote);
    }

    void topicParts_data()
    {
        addColumns<Policy, QString, QString, QString, QString>("policy", "topic", "source", "upstream", "original");
        const Policy dot = byDefault();
        QTest::newRow("local") << dot << QStringLiteral("orders") << QString() << QString() << QStringLiteral("orders");
        QTest::newRow("remote") << dot << QStringLiteral("us-west.orders") << QStringLiteral("us-west")
                                << QStringLiteral("orders") << QStringLiteral("orders");
        QTest::newRow("nested") << dot << QStringLiteral("a.b.orders") << QStringLiteral("a")
                                << QStringLiteral("b.orders") << QStringLiteral("orders");
        QTest::newRow("three hops") << dot << QStringLiteral("a.b.c.orders") << QStringLiteral("a")
                                    << QStringLiteral("b.c.orders") << QStringLiteral("orders");
        QTest::newRow("empty") << dot << QString() << QString() << QString() << QString();
        // Java's String.split drops trailing empty parts: "a." is one part, not remote.
        QTest::newRow("trailing separator")
            << dot << QStringLiteral("a.") << QString() << QString() << QStringLiteral("a.");
        QTest::newRow("trailing separators")
            << dot << QStringLiteral("a...") << QString() << QString() << QStringLiteral("a...");
        QTest::newRow("remote, trailing separator")
            << dot << QStringLiteral("a.b.") << QStringLiteral("a") << QStringLiteral("b.") << QStringLiteral("b.");
        QTest::newRow("doubled separator")
            << dot << QStringLiteral("a..b") << QStringLiteral("a") << QStringLiteral(".b") << QStringLiteral(".b");
        QTest::newRow("leading separator")
            << dot << QStringLiteral(".orders") << QString() << QString() << QStringLiteral(".orders");
        QTest::newRow("heartbeats") << dot << QStringLiteral("heartbeats") << QString() << QString()
                                    << QStringLiteral("heartbeats");
        QTest::newRow("remote heartbeats") << dot << QStringLiteral("us-west.heartbeats") << QStringLiteral("us-west")
                                           << QStringLiteral("heartbeats") << QStringLiteral("heartbeats");

        const Policy underscore = byDefault(QStringLiteral("_"));
        QTest::newRow("_ remote") << underscore << QStringLiteral("us-west_orders") << QStringLiteral("us-west")
                                  << QStringLiteral("orders") << QStringLiteral("orders");
        QTest::newRow("_ nested") << underscore << QStringLiteral("a_b_orders") << QStringLiteral("a")
                                  << QStringLiteral("b_orders") << QStringLiteral("orders");
        QTest::newRow("_ dots are not separators") << underscore << QStringLiteral("us.west.orders") << QString()
                                                   << QString() << QStringLiteral("us.west.orders");
        QTest::newRow("_ in a local name looks remote")
            << underscore << QStringLiteral("my_topic") << QStringLiteral("my") << QStringLiteral("topic")
            << QStringLiteral("topic");

        const Policy dashes = byDefault(QStringLiteral("--"));
        QTest::newRow("-- nested") << dashes << QStringLiteral("a--b--orders") << QStringLiteral("a")
                                   << QStringLiteral("b--orders") << QStringLiteral("orders");
        QTest::newRow("-- single dash") << dashes << QStringLiteral("a-b") << QString() << QString()
                                        << QStringLiteral("a-b");
        QTest::newRow("-- three dashes") << dashes << QStringLiteral("a---b") << QStringLiteral("a")
                                         << QStringLiteral("-b") << QStringLiteral("-b");
        QTest::newRow("-- only trailing")
            << dashes << QStringLiteral("a----") << QString() << QString() << QStringLiteral("a----");
        QTest::newRow("-- dots") << dashes << QStringLiteral("a.b.orders") << QString() << QString()
                                 << QStringLiteral("a.b.orders");

        const Policy same = identity();
        QTest::newRow("identity local") << same << QStringLiteral("orders") << QString() << QStringLiteral("orders")
                                        << QStringLiteral("orders");
        QTest::newRow("identity dotted") << same << QStringLiteral("a.b.orders") << QString()
                                         << QStringLiteral("a.b.orders") << QStringLiteral("a.b.orders");
        QTest::newRow("identity heartbeats")
            << same << QStringLiteral("heartbeats") << QString() << QString() << QStringLiteral("heartbeats");
        QTest::newRow("identity remote heartbeats") << same << QStringLiteral("a.b.heartbeats") << QStringLiteral("a")
                                                    << QStringLiteral("b.heartbeats") << QStringLiteral("heartbeats");
    }
    void topicParts()
    {
        QFETCH(Policy, policy);
        QFETCH(QString, topic);
        QFETCH(QString, source);
        QFETCH(QString, upstream);
        QFETCH(QString, original);
        QCOMPARE(topicSource(policy, topic), source);
        QCOMPARE(upstreamTopic(policy, topic), upstream);
        QCOMPARE(originalTopic(policy, topic), original);
        // A remote topic is its source's name for its upstream topic.
        if (!source.isEmpty())
            QCOMPARE(remoteTopic(policy, source, upstream), topic);
    }

    void identityTakesTheSourceAliasFromConfig()
    {
        const QString configured = QStringLiteral("us-west");
        QCOMPARE(topicSource(identity(), QStringLiteral("orders"), configured), configured);
        QCOMPARE(topicSource(identity(), QStringLiteral("a.b.orders"), configured), configured);
        // Heartbeats still name their source.
        QCOMPARE(topicSource(identity(), QStringLiteral("eu.heartbeats"), configured), QStringLiteral("eu"));
        // The default policy ignores it.
        QCOMPARE(topicSource(byDefault(), QStringLiteral("orders"), configured), QString());
    }

    void internalTopicNames_data()
    {
        addColumns<Policy, QString, QString, QString, QString>("policy", "heartbeats", "checkpoints", "offsetSyncs",
                                                               "syncsAlias");
        // Flow us-west -> us-east throughout.
        const QString west = QStringLiteral("us-west");
        const QString east = QStringLiteral("us-east");
        QTest::newRow(". syncs on source")
            << internals(QStringLiteral("."), true, Policy::Source) << QStringLiteral("us-west.heartbeats")
            << QStringLiteral("us-west.checkpoints.internal") << QStringLiteral("mm2-offset-syncs.us-east.internal")
            << east;
        QTest::newRow(". syncs on target")
            << internals(QStringLiteral("."), true, Policy::Target) << QStringLiteral("us-west.heartbeats")
            << QStringLiteral("us-west.checkpoints.internal") << QStringLiteral("mm2-offset-syncs.us-west.internal")
            << west;
        QTest::newRow("_ internal separator on")
            << internals(QStringLiteral("_"), true, Policy::Source) << QStringLiteral("us-west_heartbeats")
            << QStringLiteral("us-west_checkpoints_internal") << QStringLiteral("mm2-offset-syncs_us-east_internal")
            << east;
        QTest::newRow("_ internal separator off")
            << internals(QStringLiteral("_"), false, Policy::Source) << QStringLiteral("us-west_heartbeats")
            << QStringLiteral("us-west.checkpoints.internal") << QStringLiteral("mm2-offset-syncs.us-east.internal")
            << east;
        QTest::newRow("_ off, syncs on target")
            << internals(QStringLiteral("_"), false, Policy::Target) << QStringLiteral("us-west_heartbeats")
            << QStringLiteral("us-west.checkpoints.internal") << QStringLiteral("mm2-offset-syncs.us-west.internal")
            << west;
        QTest::newRow("-- syncs on target")
            << internals(QStringLiteral("--"), true, Policy::Target) << QStringLiteral("us-west--heartbeats")
            << QStringLiteral("us-west--checkpoints--internal") << QStringLiteral("mm2-offset-syncs--us-west--internal")
            << west;
        QTest::newRow(". off changes nothing")
            << internals(QStringLiteral("."), false, Policy::Source) << QStringLiteral("us-west.heartbeats")
            << QStringLiteral("us-west.checkpoints.internal") << QStringLiteral("mm2-offset-syncs.us-east.internal")
            << east;
        Policy sameNames = identity();
        sameNames.offsetSyncsLocation = Policy::Target;
        QTest::newRow("identity") << sameNames << QStringLiteral("us-west.heartbeats")
                                  << QStringLiteral("us-west.checkpoints.internal")
                                  << QStringLiteral("mm2-offset-syncs.us-west.internal") << west;
    }
    void internalTopicNames()
    {
        QFETCH(Policy, policy);
        QFETCH(QString, heartbeats);
        QFETCH(QString, checkpoints);
        QFETCH(QString, offsetSyncs);
        QFETCH(QString, syncsAlias);
        const QString west = QStringLiteral("us-west");
        const QString east = QStringLiteral("us-east");

        QCOMPARE(heartbeatsTopic(), QStringLiteral("heartbeats"));
        QCOMPARE(remoteHeartbeatsTopic(policy, west), heartbeats);
        QCOMPARE(remoteTopic(policy, west, heartbeatsTopic()), heartbeats);
        QCOMPARE(checkpointsTopic(policy, west), checkpoints);
        QCOMPARE(offsetSyncsTopic(policy, west, east), offsetSyncs);

        // ...and the helpers recognise what the functions name.
        QString alias;
        QVERIFY(isHeartbeatsTopic(policy, heartbeats, &alias));
        QCOMPARE(alias, west);
        QVERIFY(isHeartbeatsTopic(policy, heartbeatsTopic(), &alias));
        QCOMPARE(alias, QString());
        QVERIFY(isCheckpointsTopic(policy, checkpoints, &alias));
        QCOMPARE(alias, west);
        QVERIFY(isOffsetSyncsTopic(policy, offsetSyncs, &alias));
        QCOMPARE(alias, syncsAlias);
        QVERIFY(!isCheckpointsTopic(policy, offsetSyncs));
        QVERIFY(!isOffsetSyncsTopic(policy, checkpoints));
        QVERIFY(!isHeartbeatsTopic(policy, checkpoints));

        QVERIFY(isInternalTopic(policy, checkpoints));
        QVERIFY(isInternalTopic(policy, offsetSyncs));
        QVERIFY(!isInternalTopic(policy, heartbeats)); // replicated on purpose
        QVERIFY(!isInternalTopic(policy, heartbeatsTopic()));
        for (const QString &name : {heartbeats, checkpoints, offsetSyncs, heartbeatsTopic()})
            QVERIFY2(isMirrorMakerTopic(policy, name), qPrintable(name));
    }

    void internalTopics_data()
    {
        addColumns<Policy, QString, bool, bool>("policy", "topic", "internal", "mirrorMaker");
        const Policy dot = byDefault();
        QTest::newRow("__consumer_offsets") << dot << QStringLiteral("__consumer_offsets") << true << false;
        QTest::newRow("__transaction_state") << dot << QStringLiteral("__transaction_state") << true << false;
        QTest::newRow(".hidden") << dot << QStringLiteral(".hidden") << true << false;
        QTest::newRow("checkpoints") << dot << QStringLiteral("a.checkpoints.internal") << true << true;
        QTest::newRow("offset syncs") << dot << QStringLiteral("mm2-offset-syncs.b.internal") << true << true;
        QTest::newRow("mm2-configs") << dot << QStringLiteral("mm2-configs.a.internal") << true << true;
        QTest::newRow("mm2-status") << dot << QStringLiteral("mm2-status.a.internal") << true << true;
        QTest::newRow("any .internal") << dot << QStringLiteral("orders.internal") << true << true;
        QTest::newRow("-internal") << dot << QStringLiteral("orders-internal") << false << false;
        QTest::newRow("heartbeats") << dot << QStringLiteral("heartbeats") << false << true;
        QTest::newRow("remote heartbeats") << dot << QStringLiteral("a.heartbeats") << false << true;
        QTest::newRow("two-hop heartbeats") << dot << QStringLiteral("a.b.heartbeats") << false << true;
        QTest::newRow("myheartbeats") << dot << QStringLiteral("myheartbeats") << false << false;
        QTest::newRow("heartbeats-x") << dot << QStringLiteral("heartbeats-x") << false << false;
        QTest::newRow("heartbeats.x") << dot << QStringLiteral("heartbeats.x") << false << false;
        QTest::newRow("orders") << dot << QStringLiteral("orders") << false << false;
        QTest::newRow("remote orders") << dot << QStringLiteral("a.orders") << false << false;
        QTest::newRow("connect-offsets") << dot << QStringLiteral("connect-offsets") << false << false;

        const Policy underscore = byDefault(QStringLiteral("_"));
        QTest::newRow("_ checkpoints") << underscore << QStringLiteral("a_checkpoints_internal") << true << true;
        QTest::newRow("_ dotted checkpoints")
            << underscore << QStringLiteral("a.checkpoints.internal") << false << false;
        QTest::newRow("_ mm2-status") << underscore << QStringLiteral("mm2-status.a.internal") << false << true;
        QTest::newRow("_ heartbeats") << underscore << QStringLiteral("a_heartbeats") << false << true;
        QTest::newRow("_ dotted heartbeats") << underscore << QStringLiteral("a.heartbeats") << false << false;
        const Policy underscoreOff = internals(QStringLiteral("_"), false, Policy::Source);
        QTest::newRow("_ off: dotted checkpoints")
            << underscoreOff << QStringLiteral("a.checkpoints.internal") << true << true;
        QTest::newRow("_ off: _internal")
            << underscoreOff << QStringLiteral("a_checkpoints_internal") << false << false;
    }
    void internalTopics()
    {
        QFETCH(Policy, policy);
        QFETCH(QString, topic);
        QFETCH(bool, internal);
        QFETCH(bool, mirrorMaker);
        QCOMPARE(isInternalTopic(policy, topic), internal);
        QCOMPARE(isMirrorMakerTopic(policy, topic), mirrorMaker);
        if (policy == Policy{})
            QCOMPARE(isInternalTopic(topic), internal);
    }

    void offsetSyncsTopicNeedsAnAlias_data()
    {
        addColumns<QString, bool, QString>("topic", "matches", "alias");
        QTest::newRow("plain") << QStringLiteral("mm2-offset-syncs.east.internal") << true << QStringLiteral("east");
        QTest::newRow("dotted alias") << QStringLiteral("mm2-offset-syncs.a.b.internal") << true
                                      << QStringLiteral("a.b");
        QTest::newRow("no alias") << QStringLiteral("mm2-offset-syncs.internal") << false << QString();
        QTest::newRow("empty alias") << QStringLiteral("mm2-offset-syncs..internal") << false << QString();
        QTest::newRow("no suffix") << QStringLiteral("mm2-offset-syncs.east") << false << QString();
        QTest::newRow("other mm2 topic") << QStringLiteral("mm2-offsets.east.internal") << false << QString();
    }
    void offsetSyncsTopicNeedsAnAlias()
    {
        QFETCH(QString, topic);
        QFETCH(bool, matches);
        QFETCH(QString, alias);
        QString found;
        QCOMPARE(isOffsetSyncsTopic(topic, &found), matches);
        QCOMPARE(found, alias);
    }

    // What the flow discovery sees: one cluster's topic list.
    void classifyATopicList()
    {
        const Policy dot = byDefault();
        const QList<QPair<QString, MirrorTopicRole>> expected = {
            {QStringLiteral("orders"), {}},
            {QStringLiteral("us-west.orders"), {}},
            {QStringLiteral("heartbeats"), {MirrorTopicRole::Heartbeats, {}}},
            {QStringLiteral("us-west.heartbeats"), {MirrorTopicRole::RemoteHeartbeats, QStringLiteral("us-west")}},
            {QStringLiteral("eu.us-west.heartbeats"), {MirrorTopicRole::RemoteHeartbeats, QStringLiteral("eu")}},
            {QStringLiteral("us-west.checkpoints.internal"), {MirrorTopicRole::Checkpoints, QStringLiteral("us-west")}},
            {QStringLiteral("mm2-offset-syncs.us-east.internal"),
             {MirrorTopicRole::OffsetSyncs, QStringLiteral("us-east")}},
            {QStringLiteral("mm2-configs.us-west.internal"), {MirrorTopicRole::OtherInternal, {}}},
            {QStringLiteral("__consumer_offsets"), {}},
            {QStringLiteral("us-west.checkpoints.internalx"), {}},
        };
        QStringList checkpointSources;
        for (const auto &[topic, role] : expected) {
            QCOMPARE(classifyTopic(dot, topic), role);
            QString alias;
            if (isCheckpointsTopic(dot, topic, &alias))
                checkpointSources << alias;
        }
        QCOMPARE(checkpointSources, QStringList{QStringLiteral("us-west")});
    }
};

QTEST_GUILESS_MAIN(TestReplicationPolicy)
#include "tst_replicationpolicy.moc"
