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

constexpr qint64 kMaxRunLookBack = 1 << 16;
constexpr int kTargetSlack = 16;

// Why MirrorMaker may have left a topic out, as a hint after the fact that decides: the
// replica's absence on the target. Its default topics.exclude: ".*[-.]internal, .*\.replica,
// __.*" before Kafka 4.0, "mm2.*\.internal, .*\.replica, __.*" since.
QString excludeHint(const QString &topic)
{
    const bool excludedByDefault = topic.startsWith(QLatin1String("__")) || topic.endsWith(QLatin1String(".replica"))
                                   || topic.endsWith(QLatin1String(".internal")) || topic.endsWith(QLatin1String("-internal"));
    return excludedByDefault ? tr("; MirrorMaker's default topics.exclude leaves out some names like this") : QString();
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

struct SourceWindow {
    std::vector<RawRecord> records;
    bool fromLogStart = false;
};

// Source records around C: kRunAfter at or after it, and back far enough to see where the
// run of identical records holding the anchor begins (the look-back grows eightfold up to
// kMaxRunLookBack), so that the anchor's place in its run is known.
Result<SourceWindow> readSourceWindow(PartitionReader &reader, const PartitionInputs &p, Deadline deadline)
{
    const qint64 c = *p.committed;
    const qint64 logStart = std::max<qint64>(0, p.fromLogStart);
    for (qint64 back = 2 * kRunBefore;; back *= 8) {
        const qint64 start = std::max(logStart, c - back);
        auto read = reader.read(p.from, start, int(c - start) + kRunAfter, deadline);
        if (!read)
            return Result<SourceWindow>(read.error());
        SourceWindow w{std::move(read->records), start <= logStart};
        const auto &r = w.records;
        if (w.fromLogStart || r.empty() || back >= kMaxRunLookBack)
            return w;
        const auto anchor = std::find_if(r.begin(), r.end(), [&](const RawRecord &x) { return x.offset >= c; });
        const auto pivot = anchor == r.end() ? r.end() - 1 : anchor;
        if (std::any_of(r.begin(), pivot, [&](const RawRecord &x) { return !sameContent(x, *pivot); }))
            return w; // the record before the pivot's run is in the window
    }
}

// Exact matching for one partition: the source window around C, then the target from just
// before the conservative estimate of its first record, in batches until the replica is
// found and every place it can be (up to the matcher's bound) was read.
ReplicaMatch matchPartition(PartitionReader &fromReader, PartitionReader &toReader, const PartitionInputs &p,
                            qint64 maxScan, Deadline deadline)
{
    ReplicaMatch none;
    const qint64 c = *p.committed;
    MatchInput in;
    in.committed = c;
    in.runBefore = kRunBefore;
    in.runAfter = kRunAfter;
    in.syncs = p.syncs;
    auto source = readSourceWindow(fromReader, p, deadline);
    if (!source) {
        none.kind = ReplicaMatch::NotFound;
        none.note = source.errorMessage();
        return none;
    }
    in.source = std::move(source->records);
    in.sourceFromLogStart = source->fromLogStart;
    const qint64 estimate = translateBySyncs(p.syncs, c);
    const qint64 toStart = std::max<qint64>(0, p.toLogStart);
    in.searchFrom = estimate >= 0 ? estimate : toStart;
    const qint64 windowEstimate = in.source.empty() ? -1 : translateBySyncs(p.syncs, in.source.front().offset);
    qint64 next = std::max(toStart, (windowEstimate >= 0 ? windowEstimate : toStart) - kTargetSlack);
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
        if (match.kind == ReplicaMatch::NoSourceRecords || (match.kind == ReplicaMatch::Found && match.complete)
            || in.targetAtEnd)
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

    // Map every committed partition to its counterpart. Whether a topic replicates is what
    // the target holds (its replica, or offset syncs for it), never what its name suggests.
    cb.report(all, tr("reading log offsets"), 4, 6);
    std::vector<TopicPartition> toPartitions;
    std::vector<TopicPartition> fromPartitions;
    std::map<QString, std::vector<std::pair<TopicPartition, TopicPartition>>> mapped;
    std::map<QString, std::vector<TopicTranslation>> topicsOf;
    std::map<QString, std::vector<std::pair<TopicPartition, TopicPartition>>> uncommitted;
    for (const QString &g : groups) {
        std::map<QString, TopicTranslation> seen;
        for (const auto &[tp, c] : committed[g]) {
            if (!seen.count(tp.topic)) {
                TopicTranslation t;
                t.topic = tp.topic;
                if (forward)
                    t.targetTopic = mirror::remoteTopic(policy, sourceAlias, tp.topic);
                else if (mirror::topicSource(policy, tp.topic) == sourceAlias)
                    t.targetTopic = mirror::upstreamTopic(policy, tp.topic);
                const TopicPartition upstream = forward ? tp : TopicPartition{t.targetTopic, tp.partition};
                if (t.targetTopic.isEmpty()) {
                    t.status = TopicTranslation::Untranslatable;
                    t.reason = tr("not a replica of a %1 topic: %2 has no original of it").arg(sourceAlias, r.to.name);
                } else if (!toMeta->topic(t.targetTopic) && !syncs.count(upstream)) {
                    t.status = TopicTranslation::NotReplicated;
                    t.reason = tr("%1 does not exist on %2%3").arg(t.targetTopic, r.to.name, forward ? excludeHint(tp.topic) : QString());
                }
                seen[tp.topic] = t;
            }
            const TopicTranslation &t = seen[tp.topic];
            if (t.status != TopicTranslation::Translated)
                continue;
            const TopicPartition to{t.targetTopic, tp.partition};
            mapped[g].push_back({tp, to});
            toPartitions.push_back(to);
            fromPartitions.push_back(tp);
        }
        for (auto &[name, t] : seen) {
            if (t.status == TopicTranslation::Translated) {
                // Partitions the group never committed: the source's partitions when it answers,
                // else the replica's.
                const TopicInfo *info = out.fromReachable ? fromMeta->topic(name) : toMeta->topic(t.targetTopic);
                for (const PartitionInfo &part : info ? info->partitions : std::vector<PartitionInfo>{})
                    if (!committed[g].count({name, part.partition})) {
                        const TopicPartition to{t.targetTopic, part.partition};
                        uncommitted[g].push_back({{name, part.partition}, to});
                        toPartitions.push_back(to);
                    }
            }
            topicsOf[g].push_back(std::move(t));
        }
        std::sort(uncommitted[g].begin(), uncommitted[g].end());
    }
    if (r.allGroups) // every group with commits stays, translatable or not: none is dropped unseen
        groups.erase(std::remove_if(groups.begin(), groups.end(), [&](const QString &g) { return topicsOf[g].empty(); }),
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
    LogOffsets fromStart;
    if (out.fromReachable && !fromPartitions.empty()) {
        if (auto s = (*fromClient)->logOffsets(fromPartitions, OffsetSpec::Earliest, deadline()); s)
            fromStart = s->offsets;
        else
            out.warnings << tr("log starts on %1: %2").arg(r.from.name, s.errorMessage());
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
        else
            out.cacheRefreshed = true;
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
        in.topics = topicsOf[g];
        for (const auto &[from, to] : uncommitted[g]) {
            UncommittedPartition u{from, to};
            if (toEnd.count(to)) {
                u.toLogEnd = toEnd[to];
                u.toLogStart = toStart.count(to) ? qint64(toStart[to]) : 0;
            }
            in.uncommitted.push_back(u);
        }
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
            if (const auto it = fromStart.find(from); it != fromStart.end())
                p.fromLogStart = it->second;
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
