#include "mirror/ReplicationPolicy.h"

#include <QStringList>

namespace lagscope::mirror {

namespace {

QString separatorOf(const ReplicationPolicyConfig &policy)
{
    return policy.separator.isEmpty() ? QStringLiteral(".") : policy.separator;
}

QString internalSeparator(const ReplicationPolicyConfig &policy)
{
    return policy.internalTopicSeparatorEnabled ? separatorOf(policy) : QStringLiteral(".");
}

QString internalSuffix(const ReplicationPolicyConfig &policy)
{
    return internalSeparator(policy) + QStringLiteral("internal");
}

QString checkpointsSuffix(const ReplicationPolicyConfig &policy)
{
    const QString sep = internalSeparator(policy);
    return sep + QStringLiteral("checkpoints") + sep + QStringLiteral("internal");
}

QString offsetSyncsPrefix(const ReplicationPolicyConfig &policy)
{
    return QStringLiteral("mm2-offset-syncs") + internalSeparator(policy);
}

// IdentityReplicationPolicy defers to the default rule for anything ending in
// "heartbeats" — Kafka's test, so "myheartbeats" counts too.
bool looksLikeHeartbeats(const QString &topic) { return topic.endsWith(heartbeatsTopic()); }

// DefaultReplicationPolicy splits with Java's String.split, which drops trailing empty
// parts: "a." and "a.." are not remote, "a..b" is remote from "a" with upstream ".b".
QString defaultTopicSource(const QString &sep, const QString &topic)
{
    QStringList parts = topic.split(sep, Qt::KeepEmptyParts);
    while (!parts.isEmpty() && parts.constLast().isEmpty())
        parts.removeLast();
    if (parts.size() < 2)
        return {};
    return parts.constFirst();
}

QString defaultUpstreamTopic(const QString &sep, const QString &topic)
{
    const QString source = defaultTopicSource(sep, topic);
    if (source.isEmpty())
        return {};
    return topic.mid(source.size() + sep.size());
}

} // namespace

QString remoteTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias, const QString &topic)
{
    if (policy.kind == ReplicationPolicyConfig::Identity && !looksLikeHeartbeats(topic))
        return topic;
    return sourceAlias + separatorOf(policy) + topic;
}

QString topicSource(const ReplicationPolicyConfig &policy, const QString &topic, const QString &identitySourceAlias)
{
    if (policy.kind == ReplicationPolicyConfig::Identity && !looksLikeHeartbeats(topic))
        return identitySourceAlias;
    return defaultTopicSource(separatorOf(policy), topic);
}

QString upstreamTopic(const ReplicationPolicyConfig &policy, const QString &topic)
{
    if (policy.kind == ReplicationPolicyConfig::Identity && !looksLikeHeartbeats(topic))
        return topic;
    return defaultUpstreamTopic(separatorOf(policy), topic);
}

QString originalTopic(const ReplicationPolicyConfig &policy, const QString &topic)
{
    // Each step is strictly shorter or stops, so this ends.
    QString current = topic;
    for (;;) {
        QString upstream = upstreamTopic(policy, current);
        if (upstream.isEmpty() || upstream == current)
            return current;
        current = std::move(upstream);
    }
}

QString heartbeatsTopic() { return QStringLiteral("heartbeats"); }

QString remoteHeartbeatsTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias)
{
    return sourceAlias + separatorOf(policy) + heartbeatsTopic();
}

QString checkpointsTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias)
{
    return sourceAlias + checkpointsSuffix(policy);
}

QString offsetSyncsTopic(const ReplicationPolicyConfig &policy, const QString &sourceAlias, const QString &targetAlias)
{
    // MirrorConnectorConfig.offsetSyncsTopic(): named after "the other" cluster.
    const QString &alias = policy.offsetSyncsLocation == ReplicationPolicyConfig::Source ? targetAlias : sourceAlias;
    return offsetSyncsPrefix(policy) + alias + internalSuffix(policy);
}

bool isInternalTopic(const ReplicationPolicyConfig &policy, const QString &topic)
{
    return topic.startsWith(QLatin1String("__")) || topic.startsWith(QLatin1Char('.'))
           || topic.endsWith(internalSuffix(policy));
}

bool isInternalTopic(const QString &topic) { return isInternalTopic(ReplicationPolicyConfig{}, topic); }

bool isMirrorMakerTopic(const ReplicationPolicyConfig &policy, const QString &topic)
{
    if (topic.endsWith(internalSuffix(policy)))
        return true;
    // mm2-configs/offsets/status.<alias>.internal are named with "." whatever the separator.
    if (topic.startsWith(QLatin1String("mm2-")) && topic.endsWith(QLatin1String(".internal")))
        return true;
    return isCheckpointsTopic(policy, topic) || isHeartbeatsTopic(policy, topic);
}

bool isHeartbeatsTopic(const ReplicationPolicyConfig &policy, const QString &topic, QString *sourceAlias)
{
    // Heartbeat topics follow the default rule under either policy.
    ReplicationPolicyConfig byDefault = policy;
    byDefault.kind = ReplicationPolicyConfig::Default;
    if (originalTopic(byDefault, topic) != heartbeatsTopic())
        return false;
    if (sourceAlias)
        *sourceAlias = topicSource(byDefault, topic);
    return true;
}

bool isCheckpointsTopic(const ReplicationPolicyConfig &policy, const QString &topic, QString *sourceAlias)
{
    const QString suffix = checkpointsSuffix(policy);
    if (!topic.endsWith(suffix))
        return false;
    if (sourceAlias)
        *sourceAlias = topic.left(topic.size() - suffix.size());
    return true;
}

bool isOffsetSyncsTopic(const ReplicationPolicyConfig &policy, const QString &topic, QString *alias)
{
    const QString prefix = offsetSyncsPrefix(policy);
    const QString suffix = internalSuffix(policy);
    if (topic.size() <= prefix.size() + suffix.size() || !topic.startsWith(prefix) || !topic.endsWith(suffix))
        return false;
    if (alias)
        *alias = topic.mid(prefix.size(), topic.size() - prefix.size() - suffix.size());
    return true;
}

bool isOffsetSyncsTopic(const QString &topic, QString *alias)
{
    return isOffsetSyncsTopic(ReplicationPolicyConfig{}, topic, alias);
}

MirrorTopicRole classifyTopic(const ReplicationPolicyConfig &policy, const QString &topic)
{
    MirrorTopicRole role;
    if (topic == heartbeatsTopic()) {
        role.kind = MirrorTopicRole::Heartbeats;
    } else if (isHeartbeatsTopic(policy, topic, &role.alias)) {
        role.kind = MirrorTopicRole::RemoteHeartbeats;
    } else if (isCheckpointsTopic(policy, topic, &role.alias)) {
        role.kind = MirrorTopicRole::Checkpoints;
    } else if (isOffsetSyncsTopic(policy, topic, &role.alias)) {
        role.kind = MirrorTopicRole::OffsetSyncs;
    } else if (isMirrorMakerTopic(policy, topic)) {
        role.kind = MirrorTopicRole::OtherInternal;
    }
    return role;
}

} // namespace lagscope::mirror
