#include "mirror/FlowPoller.h"

#include "actions/FailoverCache.h"
#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "mirror/FlowSnapshotBuilder.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QTimer>

// QT_LOGGING_RULES="lagscope.flowpoll.debug=true" prints how long each part of a poll took.
Q_LOGGING_CATEGORY(lcFlowPoll, "lagscope.flowpoll", QtWarningMsg)

namespace lagscope::mirror {

namespace {

// Creates the client on first use; returns an error text when it cannot be created.
template <typename T>
QString ensure(std::unique_ptr<T> &slot, const ClusterConfig &cluster, const ClientOptions &options)
{
    if (slot)
        return {};
    auto created = T::create(cluster, options);
    if (!created)
        return created.errorMessage();
    slot = std::move(*created);
    return {};
}

// Keeps what a disaster failover needs from the source (see actions/FailoverCache.h).
void recordForFailover(const QString &dir, const ReplicationFlowConfig &flow, const FlowGathered &g)
{
    using namespace lagscope::failover;
    const QString path = failoverCachePath(dir, flow.sourceCluster, flow.targetCluster);
    auto loaded = loadFailoverCache(path);
    FailoverCache cache = loaded ? std::move(*loaded) : FailoverCache{};
    cache.fromCluster = flow.sourceCluster;
    cache.toCluster = flow.targetCluster;
    const qint64 now = g.takenAt.toMSecsSinceEpoch();
    for (const auto &[tp, entry] : g.offsetSyncs) {
        std::vector<OffsetPair> pairs{{entry.sync.upstreamOffset, entry.sync.downstreamOffset}};
        for (const OffsetSync &older : entry.history)
            pairs.push_back({older.upstreamOffset, older.downstreamOffset});
        cache.recordSyncs(tp, pairs);
    }
    for (const auto &[group, offsets] : g.committed) {
        std::map<TopicPartition, qint64> c(offsets.begin(), offsets.end());
        if (!c.empty())
            cache.recordCommitted(group, c, now);
    }
    cache.recordLogEnds(g.sourceLogEnds, now);
    cache.savedAtMs = now;
    (void)saveFailoverCache(path, cache); // best effort: monitoring goes on without it
}

} // namespace

FlowPoller::FlowPoller(ReplicationFlowConfig flow, ClusterConfig source, ClusterConfig target,
                       FlowPollerSettings settings, QObject *parent)
    : QObject(parent), m_flow(std::move(flow)), m_source(std::move(source)), m_target(std::move(target)),
      m_settings(settings),
      m_reader(FlowTopics::forFlow(aliasOr(m_flow.sourceAlias, m_flow.sourceCluster),
                                   aliasOr(m_flow.targetAlias, m_flow.targetCluster), m_flow.policy))
{
    // The signal's arguments cross threads through queued connections.
    qRegisterMetaType<std::shared_ptr<const FlowSnapshot>>();
    qRegisterMetaType<std::vector<FlowEvent>>();
}

FlowPoller::~FlowPoller() = default;

void FlowPoller::start()
{
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, &FlowPoller::poll);
    }
    poll();
}

void FlowPoller::refreshNow()
{
    if (!m_polling)
        poll();
}

void FlowPoller::stop()
{
    if (m_timer)
        m_timer->stop();
}

namespace {

void warnOnFailure(FlowGathered &g, const QString &what, const Status &status)
{
    if (!status)
        g.warnings << what + QStringLiteral(": ") + status.errorMessage();
}

// The log ends of one side's partitions, or a warning naming the cluster.
void readLogEnds(KafkaClient &client, const std::vector<TopicPartition> &partitions, const QString &cluster,
                 Deadline deadline, LogOffsets &ends, QStringList &warnings)
{
    if (partitions.empty())
        return;
    auto read = client.logOffsets(partitions, OffsetSpec::Latest, deadline);
    if (read)
        ends = read->offsets;
    else
        warnings << QStringLiteral("log ends on %1: %2").arg(cluster, read.errorMessage());
}

} // namespace

// Target: metadata, then what MirrorMaker wrote there.
void FlowPoller::gatherTarget(FlowGathered &g, const ClientOptions &options, const QElapsedTimer &elapsed)
{
    const Deadline deadline = Deadline::inMs(m_settings.requestTimeoutMs);
    const bool syncsOnTarget = m_reader.topics().offsetSyncsOnTarget;
    QString error = ensure(m_targetClient, m_target, options);
    if (error.isEmpty())
        error = ensure(m_targetReader, m_target, options);
    if (error.isEmpty()) {
        auto metadata = m_targetClient->metadata(deadline);
        if (metadata) {
            g.targetReachable = true;
            g.targetMetadata = std::move(*metadata);
            qCDebug(lcFlowPoll, "%s: target metadata after %lld ms", qPrintable(m_flow.targetCluster),
                    qint64(elapsed.elapsed()));
            warnOnFailure(g, QStringLiteral("heartbeats"), m_reader.refreshHeartbeats(*m_targetReader, deadline));
            // The latency is the newest heartbeat's age when its topic was read to the
            // end, not at the end of the whole poll.
            g.heartbeatsReadAt = QDateTime::currentDateTimeUtc();
            qCDebug(lcFlowPoll, "heartbeats read after %lld ms", qint64(elapsed.elapsed()));
            warnOnFailure(g, QStringLiteral("checkpoints"), m_reader.refreshCheckpoints(*m_targetReader, deadline));
            qCDebug(lcFlowPoll, "checkpoints read after %lld ms", qint64(elapsed.elapsed()));
            if (syncsOnTarget)
                warnOnFailure(g, QStringLiteral("offset syncs"),
                              m_reader.refreshOffsetSyncs(*m_targetReader, deadline));
        } else {
            error = metadata.errorMessage();
        }
    }
    g.targetError = error;
}

// Source: metadata and (by default) the offset syncs.
void FlowPoller::gatherSource(FlowGathered &g, const ClientOptions &options, const QElapsedTimer &elapsed)
{
    const Deadline deadline = Deadline::inMs(m_settings.requestTimeoutMs);
    const bool syncsOnTarget = m_reader.topics().offsetSyncsOnTarget;
    QString error = ensure(m_sourceClient, m_source, options);
    if (error.isEmpty() && !syncsOnTarget)
        error = ensure(m_sourceReader, m_source, options);
    if (error.isEmpty()) {
        auto metadata = m_sourceClient->metadata(deadline);
        if (metadata) {
            g.sourceReachable = true;
            g.sourceMetadata = std::move(*metadata);
            if (!syncsOnTarget)
                warnOnFailure(g, QStringLiteral("offset syncs"),
                              m_reader.refreshOffsetSyncs(*m_sourceReader, deadline));
            qCDebug(lcFlowPoll, "source metadata and offset syncs after %lld ms", qint64(elapsed.elapsed()));
        } else {
            error = metadata.errorMessage();
        }
    }
    g.sourceError = error;
}

// What the MirrorReader holds after both sides were read.
void FlowPoller::takeMirrorRecords(FlowGathered &g) const
{
    g.heartbeats = m_reader.heartbeats();
    g.remoteHeartbeats = m_reader.remoteHeartbeats();
    g.heartbeatsTopicExists = m_reader.heartbeatsProgress().exists || m_reader.remoteHeartbeatsProgress().exists;
    g.checkpoints = m_reader.checkpoints();
    g.offsetSyncs = m_reader.offsetSyncs();
    for (const TopicProgress *p :
         {&m_reader.heartbeatsProgress(), &m_reader.checkpointsProgress(), &m_reader.offsetSyncsProgress()})
        if (p->stats.skipped() > 0)
            g.warnings << QStringLiteral("%1 records skipped: %2").arg(p->stats.skipped()).arg(p->stats.lastError);
}

// Offsets: one batched ListOffsets per side, and the groups' commits on the source.
void FlowPoller::gatherOffsets(FlowGathered &g, const QElapsedTimer &elapsed)
{
    const Deadline deadline = Deadline::inMs(m_settings.requestTimeoutMs);
    const auto pairs =
        replicatedTopics(g.flow, g.policy, g.sourceMetadata, g.targetMetadata, g.offsetSyncs, g.checkpoints);
    if (g.targetReachable)
        readLogEnds(*m_targetClient, targetPartitionsToQuery(pairs, g.targetMetadata), m_target.name, deadline,
                    g.targetLogEnds, g.warnings);
    if (!g.sourceReachable)
        return;
    readLogEnds(*m_sourceClient, sourcePartitionsToQuery(pairs, g.sourceMetadata), m_source.name, deadline,
                g.sourceLogEnds, g.warnings);
    qCDebug(lcFlowPoll, "log ends after %lld ms", qint64(elapsed.elapsed()));
    QStringList groups;
    for (const auto &[group, checkpoints] : g.checkpoints)
        groups << group;
    if (groups.isEmpty())
        return;
    auto committed = m_sourceClient->committedOffsets(groups, deadline);
    if (committed)
        g.committed = std::move(*committed);
    else
        g.warnings << QStringLiteral("committed offsets on %1: %2").arg(m_source.name, committed.errorMessage());
}

void FlowPoller::poll()
{
    m_polling = true;
    QElapsedTimer elapsed;
    elapsed.start();
    const ClientOptions options{m_settings.requestTimeoutMs, 0, m_cancel};

    FlowGathered g;
    g.flow = FlowIdentity{m_flow.sourceCluster, m_flow.targetCluster, aliasOr(m_flow.sourceAlias, m_flow.sourceCluster),
                          aliasOr(m_flow.targetAlias, m_flow.targetCluster)};
    g.policy = m_flow.policy;
    gatherTarget(g, options, elapsed);
    gatherSource(g, options, elapsed);
    takeMirrorRecords(g);
    gatherOffsets(g, elapsed);

    g.takenAt = QDateTime::currentDateTimeUtc();
    g.pollMs = elapsed.elapsed();
    qCDebug(lcFlowPoll, "poll done after %lld ms", g.pollMs);
    if (!m_settings.failoverCacheDir.isEmpty() && g.sourceReachable)
        recordForFailover(m_settings.failoverCacheDir, m_flow, g);
    auto snapshot = std::make_shared<const FlowSnapshot>(buildFlowSnapshot(g, m_settings.thresholds));
    std::vector<FlowEvent> events = diffFlows(m_previous.get(), *snapshot);
    m_previous = snapshot;
    m_polling = false;
    if (m_timer)
        m_timer->start(m_settings.pollIntervalMs);
    Q_EMIT updated(snapshot, events);
}

} // namespace lagscope::mirror
