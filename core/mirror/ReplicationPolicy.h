#pragma once
// MirrorMaker 2's topic naming: how replicated ("remote") topics are named after their
// source cluster, and the names of its internal topics, as Kafka's DefaultReplicationPolicy
// and IdentityReplicationPolicy define them (connect/mirror-client, 3.6+). Lagscope uses it
// to discover replication flows from a cluster's topic list and to map topics across them.
//
// Pure functions of a config value, usable from any thread. "Empty" QString results mean
// "none" (Kafka's null).

#include <QString>

namespace lagscope::mirror {

struct ReplicationPolicyConfig {
    enum Kind {
        Default,
        Identity
    };
    enum SyncsLocation {
        Source,
        Target
    };

    Kind kind = Default;
    // replication.policy.separator; an empty separator is taken as the default ".".
    QString separator = QStringLiteral(".");
    // replication.policy.internal.topic.separator.enabled: when false, internal topic names
    // use "." whatever the separator (the pre-3.6 names).
    bool internalTopicSeparatorEnabled = true;
    // offset-syncs.topic.location
    SyncsLocation offsetSyncsLocation = Source;

    bool operator==(const ReplicationPolicyConfig &) const = default;
};

// --- remote topics ---

// The name `topic` of cluster `sourceAlias` gets on the target: "us-west.orders" by
// default; unchanged under the identity policy (except heartbeat topics, which always
// follow the default rule so that heartbeats can be traced across hops).
QString remoteTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias, const QString &topic);

// The alias of the cluster `topic` was replicated from: the part before the first
// separator when there are at least two non-empty-tailed parts ("a.b.orders" -> "a"),
// else empty. The identity policy cannot tell from a name, so it returns
// `identitySourceAlias` (its source.cluster.alias config), except for heartbeat topics.
// A topic starting with the separator (".orders") is not remote here; Kafka would call
// its source "" — no MirrorMaker cluster has an empty alias.
QString topicSource(const ReplicationPolicyConfig &policy, const QString &topic,
                    const QString &identitySourceAlias = {});

// The topic's name on the cluster it was replicated from, one hop back ("a.b.orders" ->
// "b.orders"); empty when not remote. The identity policy returns `topic` itself.
QString upstreamTopic(const ReplicationPolicyConfig &policy, const QString &topic);

// The topic's name on the cluster it was first written to, every hop back ("a.b.orders"
// -> "orders"); `topic` itself when not remote.
QString originalTopic(const ReplicationPolicyConfig &policy, const QString &topic);

// --- internal topics ---

// "heartbeats": written on the target cluster of every flow.
QString heartbeatsTopic();
// "<sourceAlias><sep>heartbeats": the source's heartbeats replicated to the target
// (default rule, policy separator, under either policy).
QString remoteHeartbeatsTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias);
// "<sourceAlias><isep>checkpoints<isep>internal", on the target cluster.
QString checkpointsTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias);
// "mm2-offset-syncs<isep><alias><isep>internal" for the flow sourceAlias -> targetAlias.
// With offsetSyncsLocation Source (the default) it lives on the source cluster and is named
// after the target alias; with Target it lives on the target and is named after the source.
QString offsetSyncsTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias, const QString &targetAlias);

// Kafka's ReplicationPolicy.isInternalTopic: topics MirrorMaker never replicates —
// "__*" and ".*" (Kafka's own) and "*<isep>internal" (MirrorMaker's and Connect's).
// Heartbeats are not internal: they are replicated on purpose.
bool isInternalTopic(const ReplicationPolicyConfig &policy, const QString &topic);
bool isInternalTopic(const QString &topic); // with the default policy

// Whether the topic belongs to MirrorMaker rather than to users: its internal topics
// (checkpoints, offset syncs, mm2-configs/offsets/status) and heartbeat topics, local or
// replicated. For hiding MirrorMaker's plumbing from topic lists.
bool isMirrorMakerTopic(const ReplicationPolicyConfig &policy, const QString &topic);

// "heartbeats" or a replicated heartbeats topic at any depth ("a.b.heartbeats").
// `sourceAlias` receives the immediate source ("a"), empty for the local one.
bool isHeartbeatsTopic(const ReplicationPolicyConfig &policy, const QString &topic, QString *sourceAlias = nullptr);
// "<alias><isep>checkpoints<isep>internal"; `sourceAlias` receives the alias.
bool isCheckpointsTopic(const ReplicationPolicyConfig &policy, const QString &topic, QString *sourceAlias = nullptr);
// "mm2-offset-syncs<isep><alias><isep>internal" with a non-empty alias; `alias` receives
// it — the TARGET alias for syncs kept on the source, the SOURCE alias for syncs kept on
// the target (the name alone cannot say which; the flow's config can).
bool isOffsetSyncsTopic(const ReplicationPolicyConfig &policy, const QString &topic, QString *alias = nullptr);
bool isOffsetSyncsTopic(const QString &topic, QString *alias = nullptr); // with the default policy

// One topic's role in MirrorMaker flows, for discovery from a cluster's topic list.
struct MirrorTopicRole {
    enum Kind {
        None,
        Heartbeats,
        RemoteHeartbeats,
        Checkpoints,
        OffsetSyncs,
        OtherInternal
    };
    Kind kind = None;
    QString alias; // source alias (remote heartbeats, checkpoints) or the syncs topic's alias

    bool operator==(const MirrorTopicRole &) const = default;
};
MirrorTopicRole classifyTopic(const ReplicationPolicyConfig &policy, const QString &topic);

} // namespace lagscope::mirror
