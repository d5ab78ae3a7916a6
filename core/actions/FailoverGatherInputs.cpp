// Assembling the planner's inputs in a failover gather (FailoverGatherer.h): what becomes of
// each committed topic on the target, and one FailoverGroupInputs per group from what the
// reading steps found.
#include "actions/FailoverGatherer.h"

#include <QCoreApplication>

#include <algorithm>

namespace lagscope::failover {

namespace {

// The context of the gather's messages, shared with FailoverGather.cpp.
// The translation context of this file's strings (lupdate reads it from here).
struct FailoverGatherInputsText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverGather)
};

// Why MirrorMaker may have left a topic out, as a hint after the fact that decides: the
// replica's absence on the target. Its default topics.exclude: ".*[-.]internal, .*\.replica,
// __.*" before Kafka 4.0, "mm2.*\.internal, .*\.replica, __.*" since.
QString excludeHint(const QString &topic)
{
    const bool excludedByDefault = topic.startsWith(QLatin1String("__")) || topic.endsWith(QLatin1String(".replica"))
                                   || topic.endsWith(QLatin1String(".internal"))
                                   || topic.endsWith(QLatin1String("-internal"));
    return excludedByDefault
               ? FailoverGatherInputsText::tr("; MirrorMaker's default topics.exclude leaves out some names like this")
               : QString();
}

} // namespace

// What becomes of a committed topic on the target. Whether a topic replicates is what the
// target holds (its replica, or offset syncs for it), never what its name suggests.
TopicTranslation FailoverGatherer::translateTopic(const TopicPartition &tp) const
{
    TopicTranslation t;
    t.topic = tp.topic;
    if (m_forward)
        t.targetTopic = mirror::remoteTopic(m_policy, m_sourceAlias, tp.topic);
    else if (mirror::topicSource(m_policy, tp.topic) == m_sourceAlias)
        t.targetTopic = mirror::upstreamTopic(m_policy, tp.topic);
    const TopicPartition upstream = m_forward ? tp : TopicPartition{t.targetTopic, tp.partition};
    if (t.targetTopic.isEmpty()) {
        t.status = TopicTranslation::Untranslatable;
        t.reason = FailoverGatherInputsText::tr("not a replica of a %1 topic: %2 has no original of it")
                       .arg(m_sourceAlias, m_r.to.name);
    } else if (!m_toMeta.topic(t.targetTopic) && !m_syncs.count(upstream)) {
        t.status = TopicTranslation::NotReplicated;
        t.reason = FailoverGatherInputsText::tr("%1 does not exist on %2%3")
                       .arg(t.targetTopic, m_r.to.name, m_forward ? excludeHint(tp.topic) : QString());
    }
    return t;
}

// Partitions of a translated topic the group never committed: the source's partitions when
// it answers, else the replica's.
void FailoverGatherer::addUncommittedPartitions(const QString &group, const QString &topic, const TopicTranslation &t)
{
    const TopicInfo *info = m_out.fromReachable ? m_fromMeta.topic(topic) : m_toMeta.topic(t.targetTopic);
    for (const PartitionInfo &part : info ? info->partitions : std::vector<PartitionInfo>{})
        if (!m_committed[group].count({topic, part.partition})) {
            const TopicPartition to{t.targetTopic, part.partition};
            m_uncommitted[group].push_back({{topic, part.partition}, to});
            m_toPartitions.push_back(to);
        }
}

// Maps every committed partition to its counterpart, and collects the partitions whose log
// offsets the next step reads.
void FailoverGatherer::mapPartitions()
{
    m_cb.report(m_all, FailoverGatherInputsText::tr("reading log offsets"), 4, 6);
    for (const QString &g : m_groups) {
        std::map<QString, TopicTranslation> seen;
        for (const auto &[tp, c] : m_committed[g]) {
            if (!seen.count(tp.topic))
                seen[tp.topic] = translateTopic(tp);
            const TopicTranslation &t = seen[tp.topic];
            if (t.status != TopicTranslation::Translated)
                continue;
            const TopicPartition to{t.targetTopic, tp.partition};
            m_mapped[g].push_back({tp, to});
            m_toPartitions.push_back(to);
            m_fromPartitions.push_back(tp);
        }
        for (auto &[name, t] : seen) {
            if (t.status == TopicTranslation::Translated)
                addUncommittedPartitions(g, name, t);
            m_topicsOf[g].push_back(std::move(t));
        }
        std::sort(m_uncommitted[g].begin(), m_uncommitted[g].end());
    }
    if (m_r.allGroups) // every group with commits stays, translatable or not: none is dropped unseen
        m_groups.erase(
            std::remove_if(m_groups.begin(), m_groups.end(), [&](const QString &g) { return m_topicsOf[g].empty(); }),
            m_groups.end());
    std::sort(m_toPartitions.begin(), m_toPartitions.end());
    m_toPartitions.erase(std::unique(m_toPartitions.begin(), m_toPartitions.end()), m_toPartitions.end());
    std::sort(m_fromPartitions.begin(), m_fromPartitions.end());
    m_fromPartitions.erase(std::unique(m_fromPartitions.begin(), m_fromPartitions.end()), m_fromPartitions.end());
}

PartitionInputs FailoverGatherer::partitionInputs(const QString &group, const QString &targetGroup,
                                                  const TopicPartition &from, const TopicPartition &to,
                                                  const mirror::GroupCheckpoints &checkpoints)
{
    PartitionInputs p;
    p.from = from;
    p.to = to;
    p.committed = m_committed[group][from];
    p.committedLive = m_out.fromReachable;
    p.committedSeenAtMs = m_out.fromReachable ? m_now : m_seenAt[group];
    if (!m_out.fromReachable && m_forward)
        p.committedSeenAtMs = m_cache.committed[group][from].seenAtMs;
    const TopicPartition upstream = m_forward ? from : to;
    for (const OffsetPair &s : m_syncs[upstream])
        p.syncs.push_back(m_forward ? s : OffsetPair{s.to, s.from});
    p.toContiguous = m_forward;
    if (const auto it = checkpoints.find(to); it != checkpoints.end()) {
        p.checkpoint = OffsetPair{it->second.checkpoint.upstreamOffset, it->second.checkpoint.downstreamOffset};
        p.checkpointTimestampMs = it->second.recordTimestampMs;
    }
    if (m_toEnd.count(to)) {
        p.toLogEnd = m_toEnd[to];
        p.toLogStart = m_toStart.count(to) ? qint64(m_toStart[to]) : 0;
    }
    if (const auto it = m_fromStart.find(from); it != m_fromStart.end())
        p.fromLogStart = it->second;
    if (const auto it = m_fromEnd.find(from); it != m_fromEnd.end()) {
        p.fromLogEnd = it->second.offset;
        p.fromLogEndSeenAtMs = it->second.seenAtMs;
    }
    if (const auto it = m_toCommitted[targetGroup].find(to); it != m_toCommitted[targetGroup].end())
        p.targetCommitted = it->second;
    return p;
}

FailoverGroupInputs FailoverGatherer::groupInputs(int index)
{
    const QString &g = m_groups[index];
    FailoverGroupInputs in;
    in.fromCluster = m_r.from.name;
    in.toCluster = m_r.to.name;
    in.group = g;
    in.targetGroup = m_targetGroups[index];
    in.fromReachable = m_out.fromReachable;
    in.nowMs = m_now;
    in.targetReadOnly = m_r.to.readOnly;
    in.topics = m_topicsOf[g];
    for (const auto &[from, to] : m_uncommitted[g]) {
        UncommittedPartition u{from, to};
        if (m_toEnd.count(to)) {
            u.toLogEnd = m_toEnd[to];
            u.toLogStart = m_toStart.count(to) ? qint64(m_toStart[to]) : 0;
        }
        in.uncommitted.push_back(u);
    }
    if (const auto it = m_fromDescriptions.find(g); it != m_fromDescriptions.end()) {
        in.fromGroupState = it->second.state;
        in.fromGroupMembers = int(it->second.members.size());
    }
    if (const auto it = m_toDescriptions.find(in.targetGroup); it != m_toDescriptions.end()) {
        // A group that does not exist yet on the target is inactive.
        in.targetGroupState = it->second.error.isEmpty() ? it->second.state : QStringLiteral("Dead");
        in.targetGroupMembers = int(it->second.members.size());
    }
    const mirror::GroupCheckpoints checkpoints =
        m_forward ? m_checkpointReader.checkpoints(g) : mirror::GroupCheckpoints{};
    for (const auto &[from, to] : m_mapped[g])
        in.partitions.push_back(partitionInputs(g, in.targetGroup, from, to, checkpoints));
    return in;
}

} // namespace lagscope::failover
