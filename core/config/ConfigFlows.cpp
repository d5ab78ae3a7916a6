// Replication flows of the configuration file (`replication:`): the two clusters, their
// MirrorMaker 2 aliases and the replication policy that decides topic names.
#include "config/ConfigParser.h"

namespace lagscope::configparser {

namespace {

const QStringList &flowKeys()
{
    static const QStringList keys{QStringLiteral("source"),
                                  QStringLiteral("target"),
                                  QStringLiteral("source_alias"),
                                  QStringLiteral("target_alias"),
                                  QStringLiteral("policy"),
                                  QStringLiteral("separator"),
                                  QStringLiteral("internal_topic_separator"),
                                  QStringLiteral("offset_syncs_location")};
    return keys;
}

} // namespace

void ConfigParser::parseFlows(const MapEntry &entry)
{
    if (entry.value.IsNull()) // every flow commented out
        return;
    if (!entry.value.IsSequence()) {
        m_diagnostics.error(entry.valueMark(), entry.path,
                            tr("expected a sequence of flows, got %1").arg(describe(entry.value)));
        return;
    }
    std::size_t index = 0;
    for (const YAML::Node &flow : entry.value)
        parseFlow(flow, indexPath(entry.path, index++));
}

void ConfigParser::parseFlow(const YAML::Node &node, const QString &path)
{
    if (!node.IsMap()) {
        m_diagnostics.error(node.Mark(), path, tr("expected a map with source and target, got %1").arg(describe(node)));
        return;
    }
    const std::vector<MapEntry> entries = readMap(m_diagnostics, node, path, flowKeys());
    const std::optional<QString> source = parseClusterReference(entries, node, path, QStringLiteral("source"));
    const std::optional<QString> target = parseClusterReference(entries, node, path, QStringLiteral("target"));
    if (!source || !target)
        return;
    if (*source == *target) {
        const MapEntry *entry = findEntry(entries, u"target");
        m_diagnostics.error(entry->valueMark(), entry->path,
                            tr("expected a cluster other than the source, got %1").arg(describe(entry->value)));
        return;
    }

    ReplicationFlowConfig flow{*source, *target, *source, *target, {}};
    parseFlowPolicy(entries, flow.policy);
    const MapEntry *sourceAlias = findEntry(entries, u"source_alias");
    const MapEntry *targetAlias = findEntry(entries, u"target_alias");
    if (sourceAlias)
        flow.sourceAlias = parseName(*sourceAlias, tr("an alias")).value_or(flow.sourceAlias);
    if (targetAlias)
        flow.targetAlias = parseName(*targetAlias, tr("an alias")).value_or(flow.targetAlias);
    // MirrorMaker 2 names remote topics "<source alias>.<topic>"; equal aliases would make
    // replicated topics indistinguishable from the target's own.
    if (flow.sourceAlias == flow.targetAlias) {
        const MapEntry *entry = targetAlias ? targetAlias : sourceAlias;
        m_diagnostics.error(entry->valueMark(), entry->path,
                            tr("expected an alias other than the source alias, got %1").arg(describe(entry->value)));
    }

    const int line = node.Mark().line + 1;
    const auto [known, inserted] = m_flowLines.try_emplace(std::pair(*source, *target), line);
    if (!inserted) {
        m_diagnostics.error(
            node.Mark(), path,
            tr("duplicate flow from %1 to %2 (first defined at line %3)").arg(*source, *target).arg(known->second));
        return;
    }
    m_config.flows.push_back(std::move(flow));
}

std::optional<QString> ConfigParser::parseClusterReference(const std::vector<MapEntry> &entries, const YAML::Node &flow,
                                                           const QString &path, const QString &key)
{
    const MapEntry *entry = findEntry(entries, key);
    if (!entry) {
        missingKey(flow, path, key);
        return std::nullopt;
    }
    if (!entry->value.IsScalar()) {
        m_diagnostics.error(entry->valueMark(), entry->path,
                            tr("expected a cluster name, got %1").arg(describe(entry->value)));
        return std::nullopt;
    }
    const QString name = scalarText(entry->value);
    if (m_clusterLines.contains(name))
        return name;
    // Without any cluster the clusters key already has an error; one per flow would be noise.
    if (m_clusterNames.isEmpty())
        return std::nullopt;
    const QString suggestion = closestMatch(name, m_clusterNames);
    const QString hint = suggestion.isEmpty()
                             ? tr("defined clusters: %1").arg(m_clusterNames.join(QStringLiteral(", ")))
                             : tr("did you mean \"%1\"?").arg(suggestion);
    m_diagnostics.error(entry->valueMark(), entry->path,
                        tr("unknown cluster %1 (%2)").arg(describe(entry->value), hint));
    return std::nullopt;
}

// The MirrorMaker 2 settings that decide topic names: replication.policy.class (default or
// identity), replication.policy.separator, replication.policy.internal.topic.separator.enabled
// and offset-syncs.topic.location. They must match the MirrorMaker 2 configuration.
void ConfigParser::parseFlowPolicy(const std::vector<MapEntry> &entries, mirror::ReplicationPolicyConfig &policy)
{
    using P = mirror::ReplicationPolicyConfig;
    if (const MapEntry *e = findEntry(entries, u"policy"))
        if (auto v = parseChoice(*e, {QStringLiteral("default"), QStringLiteral("identity")}))
            policy.kind = *v == u"identity" ? P::Identity : P::Default;
    if (const MapEntry *e = findEntry(entries, u"separator")) {
        if (e->value.IsScalar() && !scalarText(e->value).isEmpty())
            policy.separator = scalarText(e->value);
        else
            m_diagnostics.error(e->valueMark(), e->path,
                                tr("expected a non-empty separator such as \".\", got %1").arg(describe(e->value)));
    }
    if (const MapEntry *e = findEntry(entries, u"internal_topic_separator"))
        policy.internalTopicSeparatorEnabled = parseBool(*e).value_or(true);
    if (const MapEntry *e = findEntry(entries, u"offset_syncs_location"))
        if (auto v = parseChoice(*e, {QStringLiteral("source"), QStringLiteral("target")}))
            policy.offsetSyncsLocation = *v == u"target" ? P::Target : P::Source;
}

} // namespace lagscope::configparser
