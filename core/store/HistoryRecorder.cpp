#include "store/HistoryRecorder.h"

#include "mirror/FlowHistory.h"
#include "store/HistoryLease.h"
#include "store/HistoryLocation.h"

#include <QFileInfo>
#include <QLocale>
#include <QStorageInfo>
#include <QTimer>

namespace lagscope {

HistoryRecorder::HistoryRecorder(QString path, QObject *parent) : QObject(parent), m_path(std::move(path))
{
    if (isPostgresLocation(m_path))
        m_lease = std::make_unique<HistoryLease>(m_path);
}

HistoryRecorder::~HistoryRecorder() = default;

namespace {
// The history stops writing when its disk has less than this much free: a full disk fails
// SQLite's writes at unpredictable moments (a WAL that is reused after a checkpoint needs no
// room, its growth or the checkpoint does), and the room left is the audit log's and the
// rest of the system's. It resumes at twice as much, so that it does not flap at the edge.
constexpr qint64 kPauseBelowBytes = 4 * 1024 * 1024;
constexpr qint64 kResumeAtBytes = 2 * kPauseBelowBytes;
constexpr int kReopenMs = 30 * 1000;
} // namespace

void HistoryRecorder::open() { openStore(); }

qint64 HistoryRecorder::freeBytes() const
{
    if (m_lease) // a database server's disk is its own business
        return -1;
    QStorageInfo volume(QFileInfo(m_path).absolutePath());
    volume.refresh();
    return volume.isValid() ? volume.bytesAvailable() : -1;
}

QString HistoryRecorder::diskFullText(qint64 free) const
{
    return tr("the disk holding %1 is full (%2 free)").arg(m_path, QLocale::c().formattedDataSize(free));
}

void HistoryRecorder::pause(qint64 free)
{
    // Not a warning per poll: one pause, shown until it ends, then one resume.
    m_paused = true;
    m_pausedSince = QDateTime::currentDateTimeUtc();
    const QString message =
        tr("History paused: %1. Monitoring goes on; history resumes when there is room again.").arg(diskFullText(free));
    Q_EMIT warning(message);
    Q_EMIT paused(message);
}

bool HistoryRecorder::heldForSpace()
{
    const qint64 free = freeBytes();
    if (free >= 0 && !m_paused && free < kPauseBelowBytes)
        pause(free);
    // While paused, a write is tried again only once there is room: its success resumes.
    if (m_paused && (free < 0 || free < kResumeAtBytes)) {
        ++m_unrecorded;
        return true;
    }
    return false;
}

void HistoryRecorder::openStore()
{
    auto store = HistoryStore::open(m_path);
    if (!store) {
        // Retried until it opens: a disk that was full at start-up gets room again.
        if (!m_reopenTimer) {
            m_reopenTimer = new QTimer(this);
            connect(m_reopenTimer, &QTimer::timeout, this, &HistoryRecorder::openStore);
            m_reopenTimer->start(kReopenMs);
            const qint64 free = freeBytes();
            const QString why = free >= 0 && free < kResumeAtBytes ? diskFullText(free) : store.errorMessage();
            Q_EMIT warning(tr("History is not recorded: %1").arg(why));
            Q_EMIT paused(
                tr("History is not recorded: %1. Lagscope tries again every %2 s.").arg(why).arg(kReopenMs / 1000));
        }
        return;
    }
    if (m_reopenTimer) {
        m_reopenTimer->deleteLater();
        m_reopenTimer = nullptr;
        Q_EMIT resumed(tr("History recording started: %1 is open.").arg(historyDisplayName(m_path)));
    }
    m_store = std::move(*store);
    for (const auto &w : m_store->warnings())
        Q_EMIT warning(w);
    Q_EMIT opened(m_path);
    m_compactTimer = new QTimer(this);
    connect(m_compactTimer, &QTimer::timeout, this, &HistoryRecorder::compactNow);
    m_compactTimer->start(5 * 60 * 1000);
    compactNow();
}

bool HistoryRecorder::failed(const Status &s)
{
    if (!s.ok()) {
        if (const qint64 free = freeBytes(); !m_paused && free >= 0 && free < kResumeAtBytes)
            pause(free); // the write itself found the disk full
        if (m_paused) {
            ++m_unrecorded;
            return true;
        }
        if (s.errorMessage() != m_lastError)
            Q_EMIT warning(tr("Could not record history: %1").arg(s.errorMessage()));
        m_lastError = s.errorMessage();
        return true;
    }
    if (m_paused) {
        m_paused = false;
        const QString message =
            tr("History resumed: %n poll result(s) from %1 to %2 UTC were not recorded (disk full).", nullptr,
               m_unrecorded)
                .arg(m_pausedSince.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                     QDateTime::currentDateTimeUtc().toString(QStringLiteral("HH:mm:ss")));
        m_unrecorded = 0;
        Q_EMIT warning(message);
        Q_EMIT resumed(message);
    }
    m_lastError.clear();
    return false;
}

void HistoryRecorder::record(const PollUpdate &update)
{
    if (m_lease) {
        recordShared(update);
        return;
    }
    if (!m_store || heldForSpace())
        return;
    Status s = m_store->appendSnapshot(*update.snapshot);
    if (s.ok() && !update.events.empty())
        s = m_store->appendEvents(update.events);
    if (s.ok() && !update.rebalances.empty())
        s = m_store->appendRebalances(update.rebalances);
    if (failed(s))
        return;
    Q_EMIT recorded(update.snapshot->cluster, update.snapshot->takenAt);
}

void HistoryRecorder::recordFlow(std::shared_ptr<const mirror::FlowSnapshot> snapshot,
                                 const std::vector<mirror::FlowEvent> &events)
{
    if (!snapshot || !snapshot->takenAt.isValid())
        return;
    if (m_lease) {
        recordShared(FlowWrite{std::move(snapshot), events});
        return;
    }
    if (!m_store || heldForSpace())
        return;
    if (failed(appendFlow(FlowWrite{snapshot, events})))
        return;
    Q_EMIT flowRecorded(snapshot->flow.label(), snapshot->takenAt);
}

Status HistoryRecorder::appendFlow(const FlowWrite &flow)
{
    const mirror::FlowSnapshot &snapshot = *flow.snapshot;
    Status s = m_store->appendFlowSample(snapshot.flow.label(), mirror::flowSampleOf(snapshot));
    if (s.ok())
        s = m_store->appendFlowReadiness(snapshot.flow.label(), snapshot.takenAt.toMSecsSinceEpoch(),
                                         mirror::readinessOf(snapshot));
    if (s.ok() && !flow.events.empty())
        s = m_store->appendEvents(mirror::toClusterEvents(flow.events));
    return s;
}

void HistoryRecorder::recordEvents(const std::vector<ClusterEvent> &events)
{
    if (m_lease) {
        recordShared(events);
        return;
    }
    if (!m_store || heldForSpace())
        return;
    (void)failed(m_store->appendEvents(events));
}

void HistoryRecorder::compactNow()
{
    if (!m_store || m_paused)
        return;
    const Status s = m_store->compact(QDateTime::currentDateTimeUtc());
    // On a full disk the pause says it all; compaction is tried again in five minutes.
    if (!s.ok() && !m_paused)
        Q_EMIT warning(tr("Could not compact history: %1").arg(s.errorMessage()));
}

} // namespace lagscope
