#include "actions/FailoverGather.h"

#include "actions/FailoverCache.h"
#include "actions/FailoverPlanner.h"
#include "actions/ReplicaMatcher.h"
#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "mirror/MirrorReader.h"
#include "mirror/MirrorRecords.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <set>

namespace lagscope::failover {

namespace {

using mirror::ReplicationPolicyConfig;

QString tr(const char *text) { return QCoreApplication::translate("FailoverGather", text); }

QString aliasOr(const QString &alias, const QString &cluster) { return alias.isEmpty() ? cluster : alias; }

constexpr int kRunBefore = 3;
constexpr int kRunAfter = 3;
constexpr int kBatch = 5000;

bool userTopic(const ReplicationPolicyConfig &policy, const QString &topic)
{
    return !mirror::isInternalTopic(policy, topic) && !mirror::isMirrorMakerTopic(policy, topic);
}

// Every offset sync of the flow, per upstream partition, in log order.
Result<std::map<TopicPartition, std::vector<OffsetPair>>> readSyncs(PartitionReader &reader, const QString &topic,
                                                                    Deadline deadline)
{
    using R = Result<std::map<TopicPartition, std::vector<OffsetPair>>>;
    std::map<TopicPartition, std::vector<OffsetPair>> out;
    qint64 next = PartitionReader::kEarliest;
    while (true) {
        auto read = reader.read({topic, 0}, next, kBatch, deadline);
        if (!read)
            return R(read.error());
        if (read->topicMissing)
            return out;
        for (const RawRecord &r : read->records) {
            const auto sync = mirror::decodeOffsetSync(r.key, r.value);
            if (sync)
                applySyncInLogOrder(out[{sync->topic, sync->partition}], {sync->upstreamOffset, sync->downstreamOffset});
        }
        next = read->nextOffset;
        if (read->atEnd)
            return out;
        if (deadline.expired())
            return R::failure(tr("reading %1: the deadline passed before its end").arg(topic));
    }
}

// Exact matching for one partition: source records around C, then the target from just
// before the conservative estimate, in batches until the replica run is found.
ReplicaMatch matchPartition(PartitionReader &fromReader, PartitionReader &toReader, const PartitionInputs &p,
                            qint64 maxScan, Deadline deadline)
{
    ReplicaMatch none;
    const qint64 c = *p.committed;
    MatchInput in;
    in.committed = c;
    in.runBefore = kRunBefore;
    in.runAfter = kRunAfter;
    const qint64 start = std::max<qint64>(0, c - 2 * kRunBefore);
    auto source = fromReader.read(p.from, start, int(c - start) + kRunAfter, deadline);
    if (!source) {
        none.kind = ReplicaMatch::NotFound;
        none.note = source.errorMessage();
        return none;
    }
    in.source = std::move(source->records);
    const qint64 estimate = translateBySyncs(p.syncs, c);
    in.searchFrom = estimate >= 0 ? estimate : std::max<qint64>(0, p.toLogStart);
    qint64 next = std::max<qint64>(std::max<qint64>(0, p.toLogStart), in.searchFrom - kRunBefore - 16);
    in.targetFromLogStart = next <= p.toLogStart;
    ReplicaMatch match;
    while (true) {
        auto read = toReader.read(p.to, next, kBatch, deadline);
        if (!read) {
            match.kind = ReplicaMatch::NotFound;
            match.note = read.errorMessage();
            return match;
        }
        in.target.insert(in.target.end(), std::make_move_iterator(read->records.begin()),
                         std::make_move_iterator(read->records.end()));
        in.targetAtEnd = read->atEnd || read->topicMissing;
        next = read->nextOffset;
        match = matchReplica(in);
        if (match.kind != ReplicaMatch::NotFound || in.targetAtEnd)
            return match;
        if (qint64(in.target.size()) >= maxScan || deadline.expired()) {
            match.note += tr(" (gave up after %1 records)").arg(in.target.size());
            return match;
        }
    }
}

template <typename T>
Result<std::unique_ptr<T>> make(const ClusterConfig &cluster, const ClientOptions &options)
{
    return T::create(cluster, options);
}

} // namespace

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
    using R = Result<FailoverGathered>;
    FailoverGathered out;
    const bool forward = r.flow.sourceCluster == r.from.name && r.flow.targetCluster == r.to.name;
    out.inverse = r.flow.sourceCluster == r.to.name && r.flow.targetCluster == r.from.name;
    if (!forward && !out.inverse)
        return R::failure(tr("the flow %1->%2 does not link %3 and %4")
                              .arg(r.flow.sourceCluster, r.flow.targetCluster, r.from.name, r.to.name));
    const ReplicationPolicyConfig &policy = r.flow.policy;
    const QString sourceAlias = aliasOr(r.flow.sourceAlias, r.flow.sourceCluster);
    const mirror::FlowTopics topics =
        mirror::FlowTopics::forFlow(sourceAlias, aliasOr(r.flow.targetAlias, r.flow.targetCluster), policy);
    const ClientOptions options{r.requestTimeoutMs, 0, cb.cancel};
    auto deadline = [&] { return Deadline::inMs(r.requestTimeoutMs); };
    const QString all = tr("all groups");
    const qint64 now = QDateTime::currentMSecsSinceEpoch();

    cb.report(all, tr("connecting"), 0, 6);
    auto toClient = make<KafkaClient>(r.to, options);
    auto toReader = make<PartitionReader>(r.to, options);
    auto fromClient = make<KafkaClient>(r.from, options);
    auto fromReader = make<PartitionReader>(r.from, options);
    if (!toClient || !toReader || !fromClient || !fromReader)
        return R::failure(!toClient ? toClient.errorMessage() : !toReader ? toReader.errorMessage()
                                   : !fromClient ? fromClient.errorMessage() : fromReader.errorMessage());
    auto toMeta = (*toClient)->metadata(deadline());
    if (!toMeta)
        return R::failure(tr("cannot read %1: %2").arg(r.to.name, toMeta.errorMessage()));
    auto fromMeta = (*fromClient)->metadata(deadline());
    out.fromReachable = fromMeta.ok();
    if (!fromMeta)
        out.fromError = fromMeta.errorMessage();
    if (cb.cancelled())
        return R::failure(tr("cancelled"));

    // The cache is kept per direction of the flow (source -> target of the flow), so that
    // failover and failback over one flow share it.
    FailoverCache cache;
    if (!r.cacheDir.isEmpty()) {
        out.cachePath = failoverCachePath(r.cacheDir, r.flow.sourceCluster, r.flow.targetCluster);
        auto loaded = loadFailoverCache(out.cachePath);
        if (loaded)
            cache = std::move(*loaded);
        else
            out.warnings << loaded.errorMessage();
        cache.fromCluster = r.flow.sourceCluster;
        cache.toCluster = r.flow.targetCluster;
    }
    const bool flowSourceIsFrom = forward;

    // Offset syncs, wherever the flow keeps them.
    cb.report(all, tr("reading offset syncs"), 1, 6);
    const bool syncsOnFlowSource = policy.offsetSyncsLocation == ReplicationPolicyConfig::Source;
    const bool syncsOnFrom = syncsOnFlowSource == flowSourceIsFrom;
    std::map<TopicPartition, std::vector<OffsetPair>> syncs; // flow orientation (upstream, downstream)
    if (!syncsOnFrom || out.fromReachable) {
        auto read = readSyncs(syncsOnFrom ? **fromReader : **toReader, topics.offsetSyncsTopic, deadline());
        if (read) {
            for (const auto &[tp, pairs] : *read)
                cache.recordSyncs(tp, pairs);
            syncs = r.cacheDir.isEmpty() ? *read : cache.syncs;
        } else {
            out.warnings << tr("offset syncs: %1").arg(read.errorMessage());
            syncs = cache.syncs;
        }
    } else {
        syncs = cache.syncs;
    }

    mirror::MirrorReader checkpointReader(topics);
    if (forward) {
        cb.report(all, tr("reading checkpoints"), 2, 6);
        if (auto s = checkpointReader.refreshCheckpoints(**toReader, deadline()); !s)
            out.warnings << tr("checkpoints: %1").arg(s.errorMessage());
    }
    if (cb.cancelled())
        return R::failure(tr("cancelled"));

    // Groups and their committed offsets on the from-cluster (live or cached).
    cb.report(all, tr("reading committed offsets"), 3, 6);
    QStringList groups = r.groups;
    std::map<QString, std::map<TopicPartition, qint64>> committed;
    std::map<QString, qint64> seenAt; // -1: live
    std::map<QString, GroupDescription> fromDescriptions;
    if (out.fromReachable) {
        if (r.allGroups) {
            auto listed = (*fromClient)->listGroups(deadline());
            if (!listed)
                return R::failure(listed.errorMessage());
            for (const auto &g : *listed)
                if (!groups.contains(g.groupId))
                    groups << g.groupId;
        }
        auto offsets = (*fromClient)->committedOffsets(groups, deadline());
        if (!offsets)
            return R::failure(tr("committed offsets on %1: %2").arg(r.from.name, offsets.errorMessage()));
        for (const QString &g : groups) {
            std::map<TopicPartition, qint64> &c = committed[g];
            for (const auto &[tp, o] : (*offsets)[g])
                c[tp] = o;
            if (forward && !c.empty())
                cache.recordCommitted(g, c, now);
            seenAt[g] = -1;
        }
        auto described = (*fromClient)->describeGroups(groups, deadline());
        if (described)
            for (auto &d : *described)
                fromDescriptions[d.groupId] = d;
        else
            out.warnings << tr("describing groups on %1: %2").arg(r.from.name, described.errorMessage());
    } else {
        if (r.allGroups)
            for (const auto &[g, offsets] : cache.committed)
                if (!groups.contains(g))
                    groups << g;
        for (const QString &g : groups) {
            qint64 seen = -1;
            if (forward)
                for (const auto &[tp, c] : cache.committed[g]) {
                    committed[g][tp] = c.offset;
                    seen = seen < 0 ? c.seenAtMs : std::min(seen, c.seenAtMs);
                }
            seenAt[g] = seen;
        }
    }
    if (r.allGroups) // groups without commits; those with nothing translatable go below
        groups.erase(std::remove_if(groups.begin(), groups.end(), [&](const QString &g) { return committed[g].empty(); }),
                     groups.end());

    // Map every committed partition to its counterpart.
    cb.report(all, tr("reading log offsets"), 4, 6);
    std::vector<TopicPartition> toPartitions;
    std::vector<TopicPartition> fromPartitions;
    std::map<QString, std::vector<std::pair<TopicPartition, TopicPartition>>> mapped;
    std::map<QString, QStringList> untranslatable;
    for (const QString &g : groups)
        for (const auto &[tp, c] : committed[g]) {
            if (!userTopic(policy, tp.topic))
                continue;
            QString toTopic;
            if (forward)
                toTopic = mirror::remoteTopic(policy, sourceAlias, tp.topic);
            else if (mirror::topicSource(policy, tp.topic) == sourceAlias)
                toTopic = mirror::upstreamTopic(policy, tp.topic);
            const TopicPartition upstream = forward ? tp : TopicPartition{toTopic, tp.partition};
            if (toTopic.isEmpty() || (!toMeta->topic(toTopic) && !syncs.count(upstream))) {
                if (!untranslatable[g].contains(tp.topic))
                    untranslatable[g] << tp.topic;
                continue;
            }
            const TopicPartition to{toTopic, tp.partition};
            mapped[g].push_back({tp, to});
            toPartitions.push_back(to);
            fromPartitions.push_back(tp);
        }
    if (r.allGroups) // only groups with something to translate
        groups.erase(std::remove_if(groups.begin(), groups.end(), [&](const QString &g) { return mapped[g].empty(); }),
                     groups.end());
    std::sort(toPartitions.begin(), toPartitions.end());
    toPartitions.erase(std::unique(toPartitions.begin(), toPartitions.end()), toPartitions.end());
    std::sort(fromPartitions.begin(), fromPartitions.end());
    fromPartitions.erase(std::unique(fromPartitions.begin(), fromPartitions.end()), fromPartitions.end());

    LogOffsets toStart, toEnd;
    if (!toPartitions.empty()) {
        auto s = (*toClient)->logOffsets(toPartitions, OffsetSpec::Earliest, deadline());
        auto e = (*toClient)->logOffsets(toPartitions, OffsetSpec::Latest, deadline());
        if (!s || !e)
            return R::failure(tr("log offsets on %1: %2").arg(r.to.name, !s ? s.errorMessage() : e.errorMessage()));
        toStart = s->offsets;
        toEnd = e->offsets;
    }
    std::map<TopicPartition, CachedOffset> fromEnd;
    if (out.fromReachable && !fromPartitions.empty()) {
        auto e = (*fromClient)->logOffsets(fromPartitions, OffsetSpec::Latest, deadline());
        if (e) {
            for (const auto &[tp, o] : e->offsets)
                fromEnd[tp] = CachedOffset{o, now};
            if (forward)
                cache.recordLogEnds(e->offsets, now);
        } else {
            out.warnings << tr("log ends on %1: %2").arg(r.from.name, e.errorMessage());
        }
    } else if (forward) {
        fromEnd = cache.logEnd;
    }

    // Target groups: state and current offsets (the backup shows them too).
    QStringList targetGroups;
    for (const QString &g : groups)
        targetGroups << (r.targetGroups.count(g) ? r.targetGroups.at(g) : g);
    std::map<QString, GroupDescription> toDescriptions;
    std::map<QString, CommittedOffsets> toCommitted;
    if (!targetGroups.isEmpty()) {
        auto described = (*toClient)->describeGroups(targetGroups, deadline());
        if (!described)
            return R::failure(tr("describing groups on %1: %2").arg(r.to.name, described.errorMessage()));
        for (auto &d : *described)
            toDescriptions[d.groupId] = d;
        auto offsets = (*toClient)->committedOffsets(targetGroups, deadline());
        if (!offsets)
            return R::failure(tr("committed offsets on %1: %2").arg(r.to.name, offsets.errorMessage()));
        toCommitted = std::move(*offsets);
    }

    if (!r.cacheDir.isEmpty() && out.fromReachable) {
        cache.savedAtMs = now;
        if (auto saved = saveFailoverCache(out.cachePath, cache); !saved)
            out.warnings << saved.errorMessage();
    }
    out.cacheSavedAtMs = cache.savedAtMs;

    for (int gi = 0; gi < groups.size(); ++gi) {
        const QString &g = groups[gi];
        FailoverGroupInputs in;
        in.fromCluster = r.from.name;
        in.toCluster = r.to.name;
        in.group = g;
        in.targetGroup = targetGroups[gi];
        in.fromReachable = out.fromReachable;
        in.nowMs = now;
        in.targetReadOnly = r.to.readOnly;
        in.untranslatableTopics = untranslatable[g];
        if (const auto it = fromDescriptions.find(g); it != fromDescriptions.end()) {
            in.fromGroupState = it->second.state;
            in.fromGroupMembers = int(it->second.members.size());
        }
        if (const auto it = toDescriptions.find(in.targetGroup); it != toDescriptions.end()) {
            // A group that does not exist yet on the target is inactive.
            in.targetGroupState = it->second.error.isEmpty() ? it->second.state : QStringLiteral("Dead");
            in.targetGroupMembers = int(it->second.members.size());
        }
        const mirror::GroupCheckpoints checkpoints = forward ? checkpointReader.checkpoints(g) : mirror::GroupCheckpoints{};
        for (const auto &[from, to] : mapped[g]) {
            PartitionInputs p;
            p.from = from;
            p.to = to;
            p.committed = committed[g][from];
            p.committedLive = out.fromReachable;
            p.committedSeenAtMs = out.fromReachable ? now : seenAt[g];
            if (!out.fromReachable && forward)
                p.committedSeenAtMs = cache.committed[g][from].seenAtMs;
            const TopicPartition upstream = forward ? from : to;
            for (const OffsetPair &s : syncs[upstream])
                p.syncs.push_back(forward ? s : OffsetPair{s.to, s.from});
            p.toContiguous = forward;
            if (const auto it = checkpoints.find(to); it != checkpoints.end()) {
                p.checkpoint = OffsetPair{it->second.checkpoint.upstreamOffset, it->second.checkpoint.downstreamOffset};
                p.checkpointTimestampMs = it->second.recordTimestampMs;
            }
            if (toEnd.count(to)) {
                p.toLogEnd = toEnd[to];
                p.toLogStart = toStart.count(to) ? qint64(toStart[to]) : 0;
            }
            if (const auto it = fromEnd.find(from); it != fromEnd.end()) {
                p.fromLogEnd = it->second.offset;
                p.fromLogEndSeenAtMs = it->second.seenAtMs;
            }
            if (const auto it = toCommitted[in.targetGroup].find(to); it != toCommitted[in.targetGroup].end())
                p.targetCommitted = it->second;
            in.partitions.push_back(std::move(p));
        }
        if (out.fromReachable && r.exactMatching) {
            int done = 0;
            for (PartitionInputs &p : in.partitions) {
                if (cb.cancelled())
                    return R::failure(tr("cancelled"));
                cb.report(g, tr("matching records of %1").arg(p.from.toString()), done++, int(in.partitions.size()));
                if (p.committed && p.toLogEnd >= 0)
                    p.exact = matchPartition(**fromReader, **toReader, p, r.maxTargetScan, deadline());
            }
        }
        out.groups.push_back(std::move(in));
    }
    cb.report(all, tr("gathered"), 6, 6);
    return out;
}

} // namespace lagscope::failover
