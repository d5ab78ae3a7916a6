// The reading steps of a failover gather (FailoverGatherer.h), and their order in run().
#include "actions/FailoverGather.h"

#include "actions/FailoverGatherer.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>

namespace lagscope::failover {

namespace {

using mirror::ReplicationPolicyConfig;

// The translation context of this file's strings (lupdate reads it from here).
struct FailoverGatherText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::FailoverGather)
};

template <typename T> Result<std::unique_ptr<T>> make(const ClusterConfig &cluster, const ClientOptions &options)
{
    return T::create(cluster, options);
}

} // namespace

FailoverGatherer::FailoverGatherer(const FailoverRequest &request, const FailoverCallbacks &callbacks)
    : m_r(request), m_cb(callbacks), m_policy(request.flow.policy),
      m_sourceAlias(aliasOr(request.flow.sourceAlias, request.flow.sourceCluster)),
      m_topics(mirror::FlowTopics::forFlow(m_sourceAlias, aliasOr(request.flow.targetAlias, request.flow.targetCluster),
                                           m_policy)),
      m_options{request.requestTimeoutMs, 0, callbacks.cancel}, m_all(FailoverGatherText::tr("all groups")),
      m_now(QDateTime::currentMSecsSinceEpoch()), m_checkpointReader(m_topics)
{
}

Status FailoverGatherer::cancelled() const
{
    return m_cb.cancelled() ? Status::failure(FailoverGatherText::tr("cancelled")) : success();
}

Status FailoverGatherer::checkDirection()
{
    const ReplicationFlowConfig &flow = m_r.flow;
    m_forward = flow.sourceCluster == m_r.from.name && flow.targetCluster == m_r.to.name;
    m_out.inverse = flow.sourceCluster == m_r.to.name && flow.targetCluster == m_r.from.name;
    if (!m_forward && !m_out.inverse)
        return Status::failure(FailoverGatherText::tr("the flow %1->%2 does not link %3 and %4")
                                   .arg(flow.sourceCluster, flow.targetCluster, m_r.from.name, m_r.to.name));
    return success();
}

// Clients and metadata of both clusters: the to-cluster must answer, the from-cluster may not
// (disaster mode).
Status FailoverGatherer::connect()
{
    m_cb.report(m_all, FailoverGatherText::tr("connecting"), 0, 6);
    auto toClient = make<KafkaClient>(m_r.to, m_options);
    auto toReader = make<PartitionReader>(m_r.to, m_options);
    auto fromClient = make<KafkaClient>(m_r.from, m_options);
    auto fromReader = make<PartitionReader>(m_r.from, m_options);
    if (!toClient || !toReader || !fromClient || !fromReader)
        return Status::failure(!toClient     ? toClient.errorMessage()
                               : !toReader   ? toReader.errorMessage()
                               : !fromClient ? fromClient.errorMessage()
                                             : fromReader.errorMessage());
    m_toClient = std::move(*toClient);
    m_toReader = std::move(*toReader);
    m_fromClient = std::move(*fromClient);
    m_fromReader = std::move(*fromReader);
    auto toMeta = m_toClient->metadata(deadline());
    if (!toMeta)
        return Status::failure(FailoverGatherText::tr("cannot read %1: %2").arg(m_r.to.name, toMeta.errorMessage()));
    m_toMeta = std::move(*toMeta);
    auto fromMeta = m_fromClient->metadata(deadline());
    m_out.fromReachable = fromMeta.ok();
    if (fromMeta)
        m_fromMeta = std::move(*fromMeta);
    else
        m_out.fromError = fromMeta.errorMessage();
    return cancelled();
}

void FailoverGatherer::loadCache()
{
    if (m_r.cacheDir.isEmpty())
        return;
    m_out.cachePath = failoverCachePath(m_r.cacheDir, m_r.flow.sourceCluster, m_r.flow.targetCluster);
    auto loaded = loadFailoverCache(m_out.cachePath);
    if (loaded)
        m_cache = std::move(*loaded);
    else
        m_out.warnings << loaded.errorMessage();
    m_cache.fromCluster = m_r.flow.sourceCluster;
    m_cache.toCluster = m_r.flow.targetCluster;
}

// Offset syncs, wherever the flow keeps them; the cached ones when that cluster is the
// unreachable one or the read fails.
void FailoverGatherer::readOffsetSyncs()
{
    m_cb.report(m_all, FailoverGatherText::tr("reading offset syncs"), 1, 6);
    const bool flowSourceIsFrom = m_forward;
    const bool syncsOnFlowSource = m_policy.offsetSyncsLocation == ReplicationPolicyConfig::Source;
    const bool syncsOnFrom = syncsOnFlowSource == flowSourceIsFrom;
    if (syncsOnFrom && !m_out.fromReachable) {
        m_syncs = m_cache.syncs;
        return;
    }
    auto read = readSyncs(syncsOnFrom ? *m_fromReader : *m_toReader, m_topics.offsetSyncsTopic, deadline());
    if (read) {
        for (const auto &[tp, pairs] : *read)
            m_cache.recordSyncs(tp, pairs);
        m_syncs = m_r.cacheDir.isEmpty() ? *read : m_cache.syncs;
    } else {
        m_out.warnings << FailoverGatherText::tr("offset syncs: %1").arg(read.errorMessage());
        m_syncs = m_cache.syncs;
    }
}

void FailoverGatherer::readCheckpoints()
{
    if (!m_forward)
        return;
    m_cb.report(m_all, FailoverGatherText::tr("reading checkpoints"), 2, 6);
    if (auto s = m_checkpointReader.refreshCheckpoints(*m_toReader, deadline()); !s)
        m_out.warnings << FailoverGatherText::tr("checkpoints: %1").arg(s.errorMessage());
}

// Groups and their committed offsets on the from-cluster (live or cached).
Status FailoverGatherer::readCommittedOffsets()
{
    m_cb.report(m_all, FailoverGatherText::tr("reading committed offsets"), 3, 6);
    m_groups = m_r.groups;
    if (m_out.fromReachable) {
        if (Status s = readLiveCommittedOffsets(); !s)
            return s;
    } else {
        useCachedCommittedOffsets();
    }
    if (m_r.allGroups) // groups without commits; those with nothing translatable go below
        m_groups.erase(
            std::remove_if(m_groups.begin(), m_groups.end(), [&](const QString &g) { return m_committed[g].empty(); }),
            m_groups.end());
    return success();
}

Status FailoverGatherer::readLiveCommittedOffsets()
{
    if (m_r.allGroups) {
        auto listed = m_fromClient->listGroups(deadline());
        if (!listed)
            return Status::failure(listed.errorMessage());
        for (const auto &g : *listed)
            if (!m_groups.contains(g.groupId))
                m_groups << g.groupId;
    }
    auto offsets = m_fromClient->committedOffsets(m_groups, deadline());
    if (!offsets)
        return Status::failure(
            FailoverGatherText::tr("committed offsets on %1: %2").arg(m_r.from.name, offsets.errorMessage()));
    for (const QString &g : m_groups) {
        std::map<TopicPartition, qint64> &c = m_committed[g];
        for (const auto &[tp, o] : (*offsets)[g])
            c[tp] = o;
        if (m_forward && !c.empty())
            m_cache.recordCommitted(g, c, m_now);
        m_seenAt[g] = -1;
    }
    auto described = m_fromClient->describeGroups(m_groups, deadline());
    if (described)
        for (auto &d : *described)
            m_fromDescriptions[d.groupId] = d;
    else
        m_out.warnings
            << FailoverGatherText::tr("describing groups on %1: %2").arg(m_r.from.name, described.errorMessage());
    return success();
}

void FailoverGatherer::useCachedCommittedOffsets()
{
    if (m_r.allGroups)
        for (const auto &[g, offsets] : m_cache.committed)
            if (!m_groups.contains(g))
                m_groups << g;
    for (const QString &g : m_groups) {
        qint64 seen = -1;
        if (m_forward)
            for (const auto &[tp, c] : m_cache.committed[g]) {
                m_committed[g][tp] = c.offset;
                seen = seen < 0 ? c.seenAtMs : std::min(seen, c.seenAtMs);
            }
        m_seenAt[g] = seen;
    }
}

Status FailoverGatherer::readTargetLogOffsets()
{
    if (m_toPartitions.empty())
        return success();
    auto s = m_toClient->logOffsets(m_toPartitions, OffsetSpec::Earliest, deadline());
    auto e = m_toClient->logOffsets(m_toPartitions, OffsetSpec::Latest, deadline());
    if (!s || !e)
        return Status::failure(
            FailoverGatherText::tr("log offsets on %1: %2").arg(m_r.to.name, !s ? s.errorMessage() : e.errorMessage()));
    m_toStart = s->offsets;
    m_toEnd = e->offsets;
    return success();
}

// Live when the source answers (and kept in the cache), else the cached log ends.
void FailoverGatherer::readSourceLogOffsets()
{
    if (!m_out.fromReachable || m_fromPartitions.empty()) {
        if (m_forward)
            m_fromEnd = m_cache.logEnd;
        return;
    }
    if (auto s = m_fromClient->logOffsets(m_fromPartitions, OffsetSpec::Earliest, deadline()); s)
        m_fromStart = s->offsets;
    else
        m_out.warnings << FailoverGatherText::tr("log starts on %1: %2").arg(m_r.from.name, s.errorMessage());
    auto e = m_fromClient->logOffsets(m_fromPartitions, OffsetSpec::Latest, deadline());
    if (e) {
        for (const auto &[tp, o] : e->offsets)
            m_fromEnd[tp] = CachedOffset{o, m_now};
        if (m_forward)
            m_cache.recordLogEnds(e->offsets, m_now);
    } else {
        m_out.warnings << FailoverGatherText::tr("log ends on %1: %2").arg(m_r.from.name, e.errorMessage());
    }
}

// Target groups: state and current offsets (the backup shows them too).
Status FailoverGatherer::readTargetGroups()
{
    for (const QString &g : m_groups)
        m_targetGroups << (m_r.targetGroups.count(g) ? m_r.targetGroups.at(g) : g);
    if (m_targetGroups.isEmpty())
        return success();
    auto described = m_toClient->describeGroups(m_targetGroups, deadline());
    if (!described)
        return Status::failure(
            FailoverGatherText::tr("describing groups on %1: %2").arg(m_r.to.name, described.errorMessage()));
    for (auto &d : *described)
        m_toDescriptions[d.groupId] = d;
    auto offsets = m_toClient->committedOffsets(m_targetGroups, deadline());
    if (!offsets)
        return Status::failure(
            FailoverGatherText::tr("committed offsets on %1: %2").arg(m_r.to.name, offsets.errorMessage()));
    m_toCommitted = std::move(*offsets);
    return success();
}

void FailoverGatherer::saveCache()
{
    if (!m_r.cacheDir.isEmpty() && m_out.fromReachable) {
        m_cache.savedAtMs = m_now;
        if (auto saved = saveFailoverCache(m_out.cachePath, m_cache); !saved)
            m_out.warnings << saved.errorMessage();
        else
            m_out.cacheRefreshed = true;
    }
    m_out.cacheSavedAtMs = m_cache.savedAtMs;
}

// Exact mode: the committed record of every partition looked up on the target.
Status FailoverGatherer::matchExactly(FailoverGroupInputs &in)
{
    int done = 0;
    for (PartitionInputs &p : in.partitions) {
        if (Status s = cancelled(); !s)
            return s;
        m_cb.report(in.group, FailoverGatherText::tr("matching records of %1").arg(p.from.toString()), done++,
                    int(in.partitions.size()));
        if (p.committed && p.toLogEnd >= 0)
            p.exact = matchPartition(*m_fromReader, *m_toReader, p, m_r.maxTargetScan, deadline());
    }
    return success();
}

Result<FailoverGathered> FailoverGatherer::run()
{
    using R = Result<FailoverGathered>;
    if (Status s = checkDirection(); !s)
        return R(s.error());
    if (Status s = connect(); !s)
        return R(s.error());
    loadCache();
    readOffsetSyncs();
    readCheckpoints();
    if (Status s = cancelled(); !s)
        return R(s.error());
    if (Status s = readCommittedOffsets(); !s)
        return R(s.error());
    mapPartitions();
    if (Status s = readTargetLogOffsets(); !s)
        return R(s.error());
    readSourceLogOffsets();
    if (Status s = readTargetGroups(); !s)
        return R(s.error());
    saveCache();
    for (int gi = 0; gi < m_groups.size(); ++gi) {
        FailoverGroupInputs in = groupInputs(gi);
        if (m_out.fromReachable && m_r.exactMatching)
            if (Status s = matchExactly(in); !s)
                return R(s.error());
        m_out.groups.push_back(std::move(in));
    }
    m_cb.report(m_all, FailoverGatherText::tr("gathered"), 6, 6);
    return std::move(m_out);
}

const ReplicationFlowConfig *findFlow(const AppConfig &config, const QString &from, const QString &to, bool *inverse)
{
    for (const auto &f : config.flows)
        if (f.sourceCluster == from && f.targetCluster == to) {
            *inverse = false;
            return &f;
        }
    for (const auto &f : config.flows)
        if (f.sourceCluster == to && f.targetCluster == from) {
            *inverse = true;
            return &f;
        }
    return nullptr;
}

Result<FailoverGathered> gatherFailover(const FailoverRequest &r, const FailoverCallbacks &cb)
{
    return FailoverGatherer(r, cb).run();
}

} // namespace lagscope::failover
