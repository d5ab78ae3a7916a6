#pragma once
// The brokers page's "Broker states" timeline: one lane per broker, its states over a range
// chosen with a range bar (15m … 7d), a legend. The lanes are rebuilt (brokerLanes()) from
// the history's broker events, read once per cluster and range (HistoryStore::eventsOfKinds,
// latestEventsBefore, and historyStart: the lanes begin where the history of the cluster, or
// this session's first poll of it, does), plus the live events and the latest poll the window
// hands over, so a poll costs no read of the store. docs/BROKER-STATES.md says what the
// history cannot know.
//
// The history is read off the GUI thread (HistoryReader): until it answers, the title says
// it is loading and no lanes are drawn, rather than lanes of No data that the history would
// then contradict. Another cluster or range drops the answer still due.
//
// Thread: GUI only. Ownership: owned by its parent; the reader is borrowed and must outlive it
// or be replaced first.

#include "charts/ChartRange.h"
#include "model/ClusterSnapshot.h"
#include "monitor/BrokerTimeline.h"

#include <QWidget>

#include <vector>

class QLabel;
class QScrollArea;

namespace lagscope {

class BrokerLanes;
class ChartRangeBar;
class HistoryReader;

class BrokerStatesTimeline final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BrokerStatesTimeline)

public:
    explicit BrokerStatesTimeline(QWidget *parent = nullptr);
    ~BrokerStatesTimeline() override;

    // Each of these reloads the broker events of the range from the history.
    void setSource(HistoryReader *reader);
    // Nothing to do when it is the shown one. firstPoll: what this session's first reachable
    // poll of it saw, when it has had one (otherwise the first that apply() is given counts).
    void setCluster(const QString &cluster, const BrokerStatesAt &firstPoll = {});
    void setRange(ChartRange range);
    ChartRange range() const { return m_range; }

    // Live events from the pollers: the shown cluster's broker events extend the lanes.
    void append(const std::vector<ClusterEvent> &events);
    // The shown cluster's latest poll: the brokers' current states, and while the range bar's
    // Live is on, the right edge of the range.
    void apply(const SnapshotPtr &snapshot);

    const std::vector<BrokerLane> &lanes() const { return m_lanes; }
    bool isLoading() const { return m_loading != 0; }
    BrokerLanes *lanesView() const { return m_view; }
    QDateTime from() const;
    QDateTime to() const { return m_to; }
    // Where knowledge of the cluster begins (BrokerHistory::knownFrom): the earlier of the
    // history's first record of it and this session's first poll; invalid when neither exists.
    QDateTime knownFrom() const;

Q_SIGNALS:
    // The user chose another range (the window persists it).
    void rangeChanged(lagscope::ChartRange range);

private:
    void reload();
    void rebuild();
    void addEvent(const ClusterEvent &event);

    HistoryReader *m_reader = nullptr;
    quint64 m_loading = 0; // the reader's id of the load in flight, 0 when none
    QString m_cluster;
    ChartRange m_range = ChartRange::Day7;
    bool m_live = true;
    QDateTime m_to; // the range's right edge
    QString m_readError;
    // Broker events read (with the newest of each broker before the range) and received since,
    // in any order.
    std::vector<ClusterEvent> m_events;
    std::vector<ClusterEvent> m_received; // the live ones: the store may not have them yet
    std::map<int, BrokerStatus> m_current;
    QDateTime m_currentAt;
    QDateTime m_historyStart;   // the store's first record of the cluster, read with the events
    BrokerStatesAt m_firstPoll; // this session's first reachable poll of the cluster
    std::vector<BrokerLane> m_lanes;

    QLabel *m_title = nullptr;
    ChartRangeBar *m_rangeBar = nullptr;
    QScrollArea *m_scroll = nullptr;
    BrokerLanes *m_view = nullptr;
};

} // namespace lagscope
