#include "store/HistoryRecorder.h"

#include "mirror/FlowHistory.h"

#include <QTimer>

namespace lagscope {

HistoryRecorder::HistoryRecorder(QString path, QObject *parent) : QObject(parent), m_path(std::move(path)) { }

HistoryRecorder::~HistoryRecorder() = default;

void HistoryRecorder::open()
{
    auto store = HistoryStore::open(m_path);
    if (!store) {
        Q_EMIT warning(tr("History is not recorded: %1").arg(store.errorMessage()));
        return;
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
        if (s.errorMessage() != m_lastError)
            Q_EMIT warning(tr("Could not record history: %1").arg(s.errorMessage()));
        m_lastError = s.errorMessage();
        return true;
    }
    m_lastError.clear();
    return false;
}

void HistoryRecorder::record(const PollUpdate &update)
{
    if (!m_store)
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
    if (!m_store || !snapshot || !snapshot->takenAt.isValid())
        return;
    Status s = m_store->appendFlowSample(snapshot->flow.label(), mirror::flowSampleOf(*snapshot));
    if (s.ok())
        s = m_store->appendFlowReadiness(snapshot->flow.label(), snapshot->takenAt.toMSecsSinceEpoch(),
                                         mirror::readinessOf(*snapshot));
    if (s.ok() && !events.empty())
        s = m_store->appendEvents(mirror::toClusterEvents(events));
    if (failed(s))
        return;
    Q_EMIT flowRecorded(snapshot->flow.label(), snapshot->takenAt);
}

void HistoryRecorder::recordEvents(const std::vector<ClusterEvent> &events)
{
    if (!m_store)
        return;
    if (const Status s = m_store->appendEvents(events); !s.ok() && s.errorMessage() != m_lastError) {
        m_lastError = s.errorMessage();
        Q_EMIT warning(tr("Could not record history: %1").arg(s.errorMessage()));
    }
}

void HistoryRecorder::compactNow()
{
    if (!m_store)
        return;
    const Status s = m_store->compact(QDateTime::currentDateTimeUtc());
    if (!s.ok())
        Q_EMIT warning(tr("Could not compact history: %1").arg(s.errorMessage()));
}

} // namespace lagscope
