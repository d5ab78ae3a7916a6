// HistoryRecorder on a history shared in PostgreSQL: one writer per cluster through the lease,
// and what it writes kept in memory while the database is away (store/HistoryRecorder.h).
#include "store/HistoryLease.h"
#include "store/HistoryLocation.h"
#include "store/HistoryRecorder.h"

namespace lagscope {

namespace {
// While the database is away, a connection is tried at most this often: each try of an
// unreachable server may wait its connect timeout on the recorder's thread.
constexpr qint64 kReconnectEveryMs = 2000;
} // namespace

bool HistoryRecorder::writesShared(const QString &cluster)
{
    const bool writing = m_lease->holds(cluster);
    // An error means the server is away: what this process wrote stays its own until it is
    // back (the lease is taken again then, or found taken by another writer), and so does a
    // cluster not yet decided (a database away since start): its polls are kept, and dropped
    // when another writer turns out to hold it.
    if (!writing && !m_lease->lastError().isEmpty())
        return m_writing.contains(cluster) || !m_told.contains(cluster);
    if (writing != m_writing.contains(cluster) || !m_told.contains(cluster)) {
        m_told.insert(cluster);
        if (writing)
            m_writing.insert(cluster);
        else
            m_writing.erase(cluster);
        Q_EMIT writerChanged(cluster, writing);
    }
    return writing;
}

QString HistoryRecorder::ownerOf(const PendingWrite &write)
{
    if (const auto *poll = std::get_if<PollUpdate>(&write))
        return poll->snapshot->cluster;
    if (const auto *flow = std::get_if<FlowWrite>(&write))
        return flow->snapshot->flow.label();
    return QString(); // alert events: each names its own cluster
}

void HistoryRecorder::recordShared(PendingWrite write)
{
    if (auto *events = std::get_if<std::vector<ClusterEvent>>(&write)) {
        // Only the events of what this process writes.
        std::erase_if(*events, [this](const ClusterEvent &e) { return !m_writing.contains(e.cluster); });
        if (events->empty())
            return;
    } else if (!writesShared(ownerOf(write))) {
        return; // another collector writes it
    }
    if (!m_lease->lastError().isEmpty() || !flushBuffer()) {
        keep(std::move(write));
        return;
    }
    if (writeShared(write))
        sayWritten(write);
    else
        keep(std::move(write));
}

bool HistoryRecorder::writeShared(const PendingWrite &write)
{
    Status s = success();
    if (const auto *poll = std::get_if<PollUpdate>(&write)) {
        s = m_store->appendSnapshot(*poll->snapshot);
        if (s.ok() && !poll->events.empty())
            s = m_store->appendEvents(poll->events);
        if (s.ok() && !poll->rebalances.empty())
            s = m_store->appendRebalances(poll->rebalances);
    } else if (const auto *flow = std::get_if<FlowWrite>(&write)) {
        s = appendFlow(*flow);
    } else {
        s = m_store->appendEvents(std::get<std::vector<ClusterEvent>>(write));
    }
    if (!s.ok())
        lostDatabase(s.errorMessage());
    return s.ok();
}

void HistoryRecorder::sayWritten(const PendingWrite &write)
{
    if (const auto *poll = std::get_if<PollUpdate>(&write))
        Q_EMIT recorded(poll->snapshot->cluster, poll->snapshot->takenAt);
    else if (const auto *flow = std::get_if<FlowWrite>(&write))
        Q_EMIT flowRecorded(flow->snapshot->flow.label(), flow->snapshot->takenAt);
}

// Connects again when needed and writes what was kept, oldest first, then the gaps; true when
// nothing is left (the caller may write the new one).
bool HistoryRecorder::flushBuffer()
{
    if (!m_store) {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        if (m_lastOpenAttemptMs >= 0 && now - m_lastOpenAttemptMs < kReconnectEveryMs)
            return false;
        m_lastOpenAttemptMs = now;
        if (m_reopenTimer) { // never opened since start: openStore() starts what an open starts
            openStore();
            if (!m_store)
                return false;
        }
    }
    if (!m_store) {
        auto store = HistoryStore::open(m_path);
        if (!store) {
            lostDatabase(store.errorMessage());
            return false;
        }
        m_store = std::move(*store);
    }
    const qint64 written = qint64(m_buffer.size());
    while (!m_buffer.empty()) {
        const PendingWrite &oldest = m_buffer.front();
        // Each cluster's lease decided now that the server is back: one taken over meanwhile
        // by another writer was written by it, with its own polls of the time. Alert events
        // were sorted when kept.
        const QString owner = ownerOf(oldest);
        const bool mine = owner.isEmpty() || writesShared(owner);
        if (!m_lease->lastError().isEmpty())
            return false;
        if (mine && !writeShared(oldest))
            return false;
        if (mine)
            sayWritten(oldest);
        m_buffer.pop_front();
    }
    if (!writeGaps())
        return false;
    if (written > 0) {
        m_lastError.clear();
        Q_EMIT warning(tr("History written again to %1: %n write(s) kept in memory were written; %2 dropped in all "
                          "since start.",
                          nullptr, int(written))
                           .arg(historyDisplayName(m_path))
                           .arg(m_dropped));
        Q_EMIT resumed(QString());
        Q_EMIT backlog(0, m_dropped);
    }
    return true;
}

// One history-gap event per cluster or flow that lost writes from the full buffer, at the
// start of its gap; none for one that another writer has taken over meanwhile (it wrote them).
bool HistoryRecorder::writeGaps()
{
    if (m_gaps.empty())
        return true;
    std::vector<ClusterEvent> events;
    for (const auto &[owner, gap] : m_gaps) {
        const bool mine = writesShared(owner);
        if (!m_lease->lastError().isEmpty())
            return false;
        if (!mine)
            continue;
        QStringList lost;
        if (gap.polls > 0)
            lost << tr("%n poll(s)", nullptr, gap.polls);
        if (gap.flowPolls > 0)
            lost << tr("%n flow poll(s)", nullptr, gap.flowPolls);
        if (gap.alertEvents > 0)
            lost << tr("%n alert event(s)", nullptr, gap.alertEvents);
        ClusterEvent e;
        e.time = gap.from;
        e.cluster = owner;
        e.kind = EventKind::HistoryGap;
        e.severity = EventSeverity::Warning;
        e.subject = QStringLiteral("history");
        e.message = tr("Not in the history: %1 from %2 to %3 UTC. The history database was unreachable for longer "
                       "than the %4 writes Lagscope keeps in memory.")
                        .arg(lost.join(QStringLiteral(", ")), gap.from.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                             gap.to.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")))
                        .arg(kMaxBufferedWrites);
        events.push_back(std::move(e));
    }
    if (!events.empty()) {
        const Status s = m_store->appendEvents(events);
        if (!s.ok()) {
            lostDatabase(s.errorMessage());
            return false;
        }
    }
    m_gaps.clear();
    return true;
}

void HistoryRecorder::keep(PendingWrite write)
{
    m_buffer.push_back(std::move(write));
    if (qsizetype(m_buffer.size()) > kMaxBufferedWrites) {
        noteDropped(m_buffer.front());
        m_buffer.pop_front();
        ++m_dropped;
    }
    Q_EMIT backlog(qint64(m_buffer.size()), m_dropped);
}

void HistoryRecorder::noteDropped(const PendingWrite &write)
{
    const auto widen = [](Gap &gap, const QDateTime &time) {
        if (!gap.from.isValid() || time < gap.from)
            gap.from = time.toUTC();
        if (!gap.to.isValid() || time > gap.to)
            gap.to = time.toUTC();
    };
    if (const auto *poll = std::get_if<PollUpdate>(&write)) {
        Gap &gap = m_gaps[poll->snapshot->cluster];
        ++gap.polls;
        widen(gap, poll->snapshot->takenAt);
    } else if (const auto *flow = std::get_if<FlowWrite>(&write)) {
        Gap &gap = m_gaps[flow->snapshot->flow.label()];
        ++gap.flowPolls;
        widen(gap, flow->snapshot->takenAt);
    } else {
        for (const ClusterEvent &e : std::get<std::vector<ClusterEvent>>(write)) {
            Gap &gap = m_gaps[e.cluster];
            ++gap.alertEvents;
            widen(gap, e.time);
        }
    }
}

void HistoryRecorder::lostDatabase(const QString &error)
{
    // The connection is dropped: the next poll connects again (and the lease's own
    // connection finds out for itself).
    m_store.reset();
    const QString message = tr("History database %1 unreachable: %2. Polls, flow polls and alert events are kept in "
                               "memory (up to %3) and written when it is back.")
                                .arg(historyDisplayName(m_path), error)
                                .arg(kMaxBufferedWrites);
    if (error != m_lastError) {
        Q_EMIT warning(message);
        Q_EMIT paused(message);
    }
    m_lastError = error;
}

} // namespace lagscope
