#include "mirror/FlowDiscovery.h"

#include <QCoreApplication>
#include <QSet>

#include <algorithm>

namespace lagscope::mirror {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct FlowDiscoveryText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FlowDiscovery)
};

constexpr int kMaxSeparator = 3; // longest separator looked for ("::" and "__" fit)
const QString kCheckpoints = QStringLiteral("checkpoints");
const QString kInternal = QStringLiteral("internal");
const QString kHeartbeats = QStringLiteral("heartbeats");
const QString kSyncsPrefix = QStringLiteral("mm2-offset-syncs");

// Separators are punctuation: an alias or topic character is never taken for one.
bool isSeparatorText(const QString &s)
{
    return !s.isEmpty() && std::none_of(s.begin(), s.end(), [](QChar c) { return c.isLetterOrNumber(); });
}

// "<alias>S checkpointsS internal" with the same S twice.
bool parseCheckpoints(const QString &topic, QString *alias, QString *sep)
{
    if (!topic.endsWith(kInternal))
        return false;
    const QString rest = topic.left(topic.size() - kInternal.size());
    for (int k = 1; k <= kMaxSeparator && rest.size() > 2 * k + kCheckpoints.size(); ++k) {
        const QString s = rest.right(k);
        const QString before = rest.left(rest.size() - k);
        if (!isSeparatorText(s) || !before.endsWith(kCheckpoints))
            continue;
        const QString head = before.left(before.size() - kCheckpoints.size());
        if (!head.endsWith(s) || head.size() == k)
            continue;
        *alias = head.left(head.size() - k);
        *sep = s;
        return true;
    }
    return false;
}

// "mm2-offset-syncsS<alias>S internal"
bool parseOffsetSyncs(const QString &topic, QString *alias, QString *sep)
{
    if (!topic.startsWith(kSyncsPrefix) || !topic.endsWith(kInternal))
        return false;
    const QString middle = topic.mid(kSyncsPrefix.size(), topic.size() - kSyncsPrefix.size() - kInternal.size());
    // Longest first: "__dr__" is alias "dr" with "__", not "_dr_" with "_".
    for (int k = kMaxSeparator; k >= 1; --k) {
        if (middle.size() <= 2 * k)
            continue;
        const QString s = middle.left(k);
        if (!isSeparatorText(s) || !middle.endsWith(s))
            continue;
        *alias = middle.mid(k, middle.size() - 2 * k);
        *sep = s;
        return !alias->isEmpty();
    }
    return false;
}

// "<A>S heartbeats" (or further hops, "<A>S<B>S heartbeats"): A is the immediate source.
bool parseRemoteHeartbeats(const QString &topic, QString *alias, QString *sep)
{
    if (!topic.endsWith(kHeartbeats) || topic.size() == kHeartbeats.size())
        return false;
    const QString prefix = topic.left(topic.size() - kHeartbeats.size());
    int k = 0;
    while (k < kMaxSeparator && k < prefix.size() && isSeparatorText(prefix.right(k + 1)))
        ++k;
    if (k == 0 || prefix.size() == k)
        return false;
    const QString s = prefix.right(k);
    const QString head = prefix.left(prefix.size() - k);
    const qsizetype cut = head.indexOf(s);
    *alias = cut < 0 ? head : head.left(cut);
    *sep = s;
    return !alias->isEmpty();
}

// Topics people write to: not Kafka's, not MirrorMaker's.
bool isUserTopic(const QString &t)
{
    QString a, s;
    return !t.startsWith(QLatin1String("__")) && !t.startsWith(QLatin1Char('.')) && !t.endsWith(kInternal)
           && !t.startsWith(QLatin1String("mm2-")) && !t.endsWith(kHeartbeats) && !parseCheckpoints(t, &a, &s);
}

struct Candidate {
    QString target;
    QString alias;
    QString internalSep;  // from the checkpoints topic
    QString heartbeatSep; // from "<A>S heartbeats"
    QStringList evidence;
};

struct SyncsTopic {
    QString name;
    QString alias;
    QString sep;
};

class Discoverer {
public:
    Discoverer(const std::map<QString, QStringList> &topics, const std::vector<ReplicationFlowConfig> &configured)
        : m_topics(topics), m_configured(configured)
    {
        for (const auto &[cluster, names] : topics) {
            m_sets[cluster] = QSet<QString>(names.begin(), names.end());
            for (const QString &t : names) {
                SyncsTopic s{t, {}, {}};
                if (parseOffsetSyncs(t, &s.alias, &s.sep))
                    m_syncs[cluster].push_back(s);
            }
        }
    }

    std::vector<DiscoveredFlow> run()
    {
        std::map<std::pair<QString, QString>, Candidate> candidates; // (target cluster, source alias)
        for (const auto &[cluster, names] : m_topics)
            for (const QString &t : names) {
                QString alias, sep;
                if (parseCheckpoints(t, &alias, &sep)) {
                    Candidate &c = candidates[{cluster, alias}];
                    c.internalSep = sep;
                    c.evidence << cluster + QStringLiteral(": ") + t;
                } else if (parseRemoteHeartbeats(t, &alias, &sep)) {
                    Candidate &c = candidates[{cluster, alias}];
                    c.heartbeatSep = sep;
                    c.evidence << cluster + QStringLiteral(": ") + t;
                }
            }
        std::vector<DiscoveredFlow> out;
        QSet<QString> seen; // "source|target" of monitorable flows already offered
        QSet<QString> used; // evidence lines: a syncs topic that explained one flow is not another
        for (auto &[key, c] : candidates) {
            c.target = key.first;
            c.alias = key.second;
            DiscoveredFlow f = resolve(c);
            for (const QString &e : f.evidence)
                used.insert(e);
            if (isConfigured(f))
                continue;
            const QString id = f.flow.sourceCluster + QLatin1Char('|') + f.flow.targetCluster;
            if (f.monitorable() && seen.contains(id))
                continue;
            seen.insert(id);
            out.push_back(std::move(f));
        }
        addSyncsOnly(out, seen, used);
        std::sort(out.begin(), out.end(),
                  [](const DiscoveredFlow &a, const DiscoveredFlow &b) { return a.label() < b.label(); });
        return out;
    }

private:
    bool isConfigured(const DiscoveredFlow &f) const
    {
        for (const auto &c : m_configured) {
            if (c.targetCluster != f.flow.targetCluster)
                continue;
            if (f.monitorable() ? c.sourceCluster == f.flow.sourceCluster : c.sourceAlias == f.flow.sourceAlias)
                return true;
        }
        return false;
    }

    // The known cluster MirrorMaker calls `alias`, "" when none fits.
    QString sourceClusterOf(const Candidate &c, QStringList &doubts) const
    {
        for (const auto &f : m_configured)
            if (f.sourceAlias == c.alias && f.sourceCluster != c.target && m_sets.count(f.sourceCluster))
                return f.sourceCluster;
        if (c.alias != c.target && m_sets.count(c.alias))
            return c.alias;
        // The cluster holding most of the upstream topics of the target's "<A>S<topic>".
        QString best;
        int bestCount = 0;
        for (const auto &[cluster, set] : m_sets) {
            if (cluster == c.target)
                continue;
            const int n = remoteTopicVotes(c, set).second;
            if (n > bestCount) {
                best = cluster;
                bestCount = n;
            }
        }
        if (!best.isEmpty()) {
            doubts << FlowDiscoveryText::tr(
                          "MirrorMaker alias %1 taken for cluster %2: %3 topic(s) of %2 are on %4 as \"%1…\"")
                          .arg(c.alias, best)
                          .arg(bestCount)
                          .arg(c.target);
            return best;
        }
        doubts << FlowDiscoveryText::tr(
                      "no known cluster is MirrorMaker's \"%1\": add it to the clusters to monitor this flow")
                      .arg(c.alias);
        return {};
    }

    // The separator most of the target's "<A>S<topic>" use where <topic> is on the source,
    // and how many topics voted for it.
    std::pair<QString, int> remoteTopicVotes(const Candidate &c, const QSet<QString> &sourceTopics) const
    {
        std::map<QString, int> votes;
        for (const QString &t : m_topics.at(c.target)) {
            if (!t.startsWith(c.alias) || !isUserTopic(t))
                continue;
            for (int k = 1; k <= kMaxSeparator && c.alias.size() + k < t.size(); ++k) {
                const QString s = t.mid(c.alias.size(), k);
                if (!isSeparatorText(s))
                    break;
                if (sourceTopics.contains(t.mid(c.alias.size() + k))) {
                    ++votes[s];
                    break;
                }
            }
        }
        std::pair<QString, int> best;
        for (const auto &[s, n] : votes)
            if (n > best.second)
                best = {s, n};
        return best;
    }

    DiscoveredFlow resolve(const Candidate &c) const
    {
        DiscoveredFlow f;
        f.evidence = c.evidence;
        ReplicationFlowConfig &flow = f.flow;
        flow.targetCluster = c.target;
        flow.sourceAlias = c.alias;
        flow.sourceCluster = sourceClusterOf(c, f.doubts);
        ReplicationPolicyConfig &policy = flow.policy;

        // Separators: the remote topics say best; heartbeats and checkpoints follow.
        const auto votes = flow.sourceCluster.isEmpty() ? std::pair<QString, int>{}
                                                        : remoteTopicVotes(c, m_sets.at(flow.sourceCluster));
        policy.separator = !votes.first.isEmpty()      ? votes.first
                           : !c.heartbeatSep.isEmpty() ? c.heartbeatSep
                           : !c.internalSep.isEmpty()  ? c.internalSep
                                                       : QStringLiteral(".");
        const QString internalSep = c.internalSep.isEmpty() ? policy.separator : c.internalSep;
        policy.internalTopicSeparatorEnabled = internalSep == policy.separator;
        if (internalSep != policy.separator && internalSep != QLatin1String("."))
            f.doubts << FlowDiscoveryText::tr("internal topics use \"%1\" but replicated topics \"%2\"")
                            .arg(internalSep, policy.separator);

        if (votes.second == 0 && !flow.sourceCluster.isEmpty()) {
            int sameName = 0;
            const QSet<QString> &target = m_sets.at(c.target);
            for (const QString &t : m_topics.at(flow.sourceCluster))
                sameName += isUserTopic(t) && target.contains(t) ? 1 : 0;
            if (sameName > 0) {
                f.policyAmbiguous = true;
                f.doubts << FlowDiscoveryText::tr(
                                "no topic on %1 is named \"%2%3<topic>\", but %4 topic(s) of %5 exist there "
                                "under their own names: MirrorMaker may use the identity policy "
                                "(set policy: identity if so)")
                                .arg(c.target, c.alias, policy.separator)
                                .arg(sameName)
                                .arg(flow.sourceCluster);
            } else {
                f.doubts << FlowDiscoveryText::tr("no replicated topic of %1 on %2 yet").arg(c.alias, c.target);
            }
        }

        // Offset syncs: on the source named after the target, or on the target after the source.
        flow.targetAlias = c.target;
        for (const auto &cfg : m_configured)
            if (cfg.targetCluster == c.target && !cfg.targetAlias.isEmpty())
                flow.targetAlias = cfg.targetAlias;
        const SyncsTopic *syncs = nullptr;
        if (const auto it = m_syncs.find(flow.sourceCluster); it != m_syncs.end()) {
            for (const SyncsTopic &s : it->second)
                if (s.sep == internalSep && s.alias == flow.targetAlias)
                    syncs = &s;
            if (!syncs && it->second.size() == 1 && it->second.front().sep == internalSep) {
                syncs = &it->second.front();
                flow.targetAlias = syncs->alias;
                f.doubts << FlowDiscoveryText::tr(
                                "MirrorMaker alias %1 taken for cluster %2 from the offset-syncs topic")
                                .arg(syncs->alias, c.target);
            }
        }
        if (syncs) {
            policy.offsetSyncsLocation = ReplicationPolicyConfig::Source;
            f.evidence << flow.sourceCluster + QStringLiteral(": ") + syncs->name;
        } else if (const auto it = m_syncs.find(c.target);
                   it != m_syncs.end() && std::any_of(it->second.begin(), it->second.end(), [&](const SyncsTopic &s) {
                       return s.alias == c.alias && s.sep == internalSep;
                   })) {
            policy.offsetSyncsLocation = ReplicationPolicyConfig::Target;
            f.evidence << c.target + QStringLiteral(": ") + offsetSyncsTopic(policy, c.alias, flow.targetAlias);
        } else {
            f.doubts << FlowDiscoveryText::tr(
                "no offset-syncs topic found: checkpoints cannot be checked against them");
        }
        if (flow.sourceAlias == flow.targetAlias)
            f.doubts << FlowDiscoveryText::tr("source and target have the same alias %1").arg(flow.sourceAlias);
        return f;
    }

    // A syncs topic on X naming a known cluster B that no checkpoint or heartbeat names:
    // MirrorMaker replicates X -> B but has written nothing else yet.
    void addSyncsOnly(std::vector<DiscoveredFlow> &out, QSet<QString> &seen, const QSet<QString> &used) const
    {
        for (const auto &[cluster, list] : m_syncs)
            for (const SyncsTopic &s : list) {
                if (s.alias == cluster || !m_sets.count(s.alias)
                    || used.contains(cluster + QStringLiteral(": ") + s.name))
                    continue;
                DiscoveredFlow f;
                f.flow = ReplicationFlowConfig{cluster, s.alias, cluster, s.alias, {}};
                f.flow.policy.separator = s.sep;
                f.evidence << cluster + QStringLiteral(": ") + s.name;
                f.doubts << FlowDiscoveryText::tr(
                                "only an offset-syncs topic: no checkpoints or heartbeats of %1 on %2 yet, "
                                "aliases and separator are guesses")
                                .arg(cluster, s.alias);
                const QString id = cluster + QLatin1Char('|') + s.alias;
                if (seen.contains(id) || isConfigured(f))
                    continue;
                seen.insert(id);
                out.push_back(std::move(f));
            }
    }

    const std::map<QString, QStringList> &m_topics;
    const std::vector<ReplicationFlowConfig> &m_configured;
    std::map<QString, QSet<QString>> m_sets;
    std::map<QString, std::vector<SyncsTopic>> m_syncs;
};

QString quoted(const QString &s)
{
    QString escaped = s;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + escaped + QLatin1Char('"');
}

} // namespace

std::vector<DiscoveredFlow> discoverFlows(const std::map<QString, QStringList> &topicsByCluster,
                                          const std::vector<ReplicationFlowConfig> &configured)
{
    return Discoverer(topicsByCluster, configured).run();
}

QString flowConfigYaml(const ReplicationFlowConfig &flow)
{
    const ReplicationPolicyConfig &p = flow.policy;
    QString y;
    y += QStringLiteral("  - source: %1\n").arg(flow.sourceCluster);
    y += QStringLiteral("    target: %1\n").arg(flow.targetCluster);
    y += QStringLiteral("    source_alias: %1\n").arg(flow.sourceAlias);
    y += QStringLiteral("    target_alias: %1\n").arg(flow.targetAlias);
    y += QStringLiteral("    policy: %1\n")
             .arg(p.kind == ReplicationPolicyConfig::Identity ? QStringLiteral("identity") : QStringLiteral("default"));
    y += QStringLiteral("    separator: %1\n").arg(quoted(p.separator));
    y += QStringLiteral("    internal_topic_separator: %1\n")
             .arg(p.internalTopicSeparatorEnabled ? QStringLiteral("true") : QStringLiteral("false"));
    y += QStringLiteral("    offset_syncs_location: %1\n")
             .arg(p.offsetSyncsLocation == ReplicationPolicyConfig::Target ? QStringLiteral("target")
                                                                           : QStringLiteral("source"));
    return y;
}

} // namespace lagscope::mirror
