#include "monitor/ClusterPoller.h"

#include "kafka/KafkaClient.h"
#include "monitor/OrphanedOffsets.h"
#include "monitor/PollGatherer.h"
#include "monitor/QuorumHealth.h"
#include "monitor/SnapshotDiff.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTimer>

namespace lagscope {

ClusterPoller::ClusterPoller(ClusterConfig cluster, PollerSettings settings, QObject *parent)
    : QObject(parent), m_cluster(std::move(cluster)), m_settings(settings), m_lagEvaluator(settings.lagStatus)
{
}

ClusterPoller::~ClusterPoller()
{
    // The exact last settled poll of every group: the next run bounds a rebalance by it.
    if (m_stateLoaded)
        saveState();
}

void ClusterPoller::loadState()
{
    m_stateLoaded = true;
    QFile file(m_statePath);
    if (!file.open(QIODevice::ReadOnly))
        return; // first run
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    // A damaged file costs at most the rebalance that was in progress; a wrong guess could
    // invent one, so it is not repaired.
    if (!doc.isObject() || !m_rebalances.seed(doc.object()))
        qWarning("%s: rebalance state %s is unreadable; starting afresh", qPrintable(m_cluster.name),
                 qPrintable(QDir::toNativeSeparators(m_statePath)));
}

void ClusterPoller::saveState()
{
    QDir().mkpath(QFileInfo(m_statePath).absolutePath());
    QSaveFile file(m_statePath); // write-then-rename: a crash never leaves half a file
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(m_rebalances.state()).toJson(QJsonDocument::Compact)) < 0 || !file.commit())
        qWarning("%s: cannot save the rebalance state to %s: %s", qPrintable(m_cluster.name),
                 qPrintable(QDir::toNativeSeparators(m_statePath)), qPrintable(file.errorString()));
}

void ClusterPoller::start()
{
    if (!m_stateLoaded && !m_statePath.isEmpty())
        loadState();
    if (!m_timer) {
        m_timer = new QTimer(this);
        m_timer->setSingleShot(true);
        connect(m_timer, &QTimer::timeout, this, &ClusterPoller::poll);
    }
    poll();
}

void ClusterPoller::refreshNow()
{
    if (!m_polling)
        poll();
}

void ClusterPoller::stop()
{
    if (m_timer)
        m_timer->stop();
}

void ClusterPoller::scheduleNext(bool succeeded)
{
    m_failures = succeeded ? 0 : m_failures + 1;
    int delay = m_settings.pollIntervalMs;
    // Unreachable: back off exponentially (capped) so a dead cluster is not hammered.
    for (int i = 1; i < m_failures && delay < m_settings.maxBackoffMs; ++i)
        delay *= 2;
    m_timer->start(std::min(delay, std::max(m_settings.pollIntervalMs, m_settings.maxBackoffMs)));
}

void ClusterPoller::publish(SnapshotPtr snapshot, std::vector<Rebalance> rebalances)
{
    // The diff runs here, on the poller's thread, so the GUI thread only applies results.
    PollUpdate update{snapshot, diffSnapshots(m_previous.get(), m_lastGood.get(), *snapshot), std::move(rebalances)};
    for (const Rebalance &r : update.rebalances)
        update.events.push_back(rebalanceEvent(r));
    if (snapshot->quorum) {
        appendQuorumEvents(m_lastQuorum ? &*m_lastQuorum : nullptr, &*snapshot->quorum, snapshot->takenAt,
                           snapshot->cluster, update.events);
        m_lastQuorum = snapshot->quorum;
    }
    m_previous = snapshot;
    if (snapshot->reachable) {
        m_lastGood = snapshot;
        m_unreachableSince = {};
    } else if (!m_unreachableSince.isValid()) {
        m_unreachableSince = snapshot->unreachableSince;
    }
    Q_EMIT updated(update);
}

// The cluster as unreachable since its first failed poll, with the last data seen; the
// next poll backs off.
void ClusterPoller::publishUnreachable(const QString &error, qint64 elapsedMs)
{
    const auto now = QDateTime::currentDateTimeUtc();
    if (!m_unreachableSince.isValid())
        m_unreachableSince = now;
    publish(std::make_shared<const ClusterSnapshot>(
        unreachableSnapshot(m_cluster.name, error, m_unreachableSince, now, elapsedMs, m_lastGood.get())));
    m_polling = false;
    scheduleNext(false);
}

// Reads, as a read_committed consumer, the few offsets between a committed offset and the
// log end where they may be only transaction markers or aborted records (monitor/ExactLag).
// Its own deadline, not the poll's: a slow broker costs the poll at most the budget.
void ClusterPoller::verifyExactLag(ClusterSnapshot &snapshot)
{
    const std::vector<VisibleRange> ranges = m_exactLag.plan(snapshot);
    if (!ranges.empty() && !m_reader) {
        // Made on first need: a cluster without such partitions never opens its connections.
        auto reader = PartitionReader::create(m_cluster, ClientOptions{m_settings.requestTimeoutMs, 0, m_cancel});
        if (reader)
            m_reader = std::move(*reader);
        else
            qWarning("%s: exact lag not verified: %s", qPrintable(m_cluster.name), qPrintable(reader.errorMessage()));
    }
    if (!ranges.empty() && m_reader) {
        const Deadline deadline = Deadline::inMs(std::min(m_exactLag.settings().budgetMs, m_settings.requestTimeoutMs));
        if (auto read = m_reader->visibleOffsets(ranges, deadline))
            m_exactLag.learn(ranges, *read);
    }
    m_exactLag.apply(snapshot);
}

void ClusterPoller::poll()
{
    m_polling = true;
    Q_EMIT pollStarted(m_cluster.name);
    QElapsedTimer elapsed;
    elapsed.start();
    const Deadline deadline = Deadline::inMs(m_settings.requestTimeoutMs);

    if (!m_client) {
        // Statistics give the per-broker connection state (Online vs Unreachable).
        auto client = KafkaClient::create(m_cluster, ClientOptions{m_settings.requestTimeoutMs, 1000, m_cancel});
        if (client)
            m_client = std::move(*client);
        else {
            publishUnreachable(client.errorMessage(), elapsed.elapsed());
            return;
        }
    }

    auto gathered = gatherPoll(*m_client, deadline, m_lastGood.get());
    if (!gathered) {
        // SASL or TLS refused us: drop the connection so librdkafka stops retrying until the
        // next (backed-off) poll, which builds a new one and re-resolves the secrets — a
        // fixed password file or environment lets the cluster recover.
        if (!KafkaClient::authenticationFailure(gathered.errorMessage()).isEmpty())
            m_client.reset();
        publishUnreachable(gathered.errorMessage(), elapsed.elapsed());
        return;
    }
    PollResult &result = *gathered;

    ClusterSnapshot built = buildSnapshot(m_cluster.name, result, m_knownBrokers, QDateTime::currentDateTimeUtc(),
                                          elapsed.elapsed(), m_lastGood.get());
    for (const auto *list : {&result.metadata.brokers, &result.metadata.fencedBrokers})
        for (const auto &b : *list)
            m_knownBrokers[b.id] = b;
    const QDateTime logEndAt = result.logEndAt;
    // The snapshot holds all the poll's answers now; releasing them before the verdicts are
    // written into it keeps the poll's peak memory lower (a map node per group partition).
    {
        const PollResult released = std::move(result);
    }
    // Before the verdicts: transaction markers and aborted records are not lag.
    verifyExactLag(built);
    built.pollDurationMs = elapsed.elapsed();
    std::vector<Rebalance> rebalances = m_rebalances.update(built);
    for (GroupState &g : built.groups)
        g.rebalancesLastHour = m_rebalances.perHour(g.groupId, built.takenAt);
    // Judged here, on the poller's thread, before the snapshot becomes immutable.
    m_lagEvaluator.evaluate(built, logEndAt, m_lastGood.get());
    if (m_settings.ignoreOrphaned)
        for (GroupState &g : built.groups)
            if (!g.unread()) // carried from the last good poll, which was already judged so
                excludeOrphans(g);
    auto snapshot = std::make_shared<const ClusterSnapshot>(std::move(built));
    if (m_stateLoaded && m_rebalances.takeChanged())
        saveState();
    publish(snapshot, std::move(rebalances));
    m_polling = false;
    scheduleNext(true);
}

} // namespace lagscope
