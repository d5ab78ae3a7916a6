#include "monitor/BrokerTimeline.h"

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

// The events of one broker that change its state, oldest first (a stable sort keeps the
// order of events of one poll).
std::map<int, std::vector<const ClusterEvent *>> eventsByBroker(const std::vector<ClusterEvent> &events)
{
    std::map<int, std::vector<const ClusterEvent *>> out;
    for (const ClusterEvent &e : events) {
        const int id = eventBrokerId(e);
        if (id >= 0 && brokerStatusAfter(e.kind))
            out[id].push_back(&e);
    }
    for (auto &[id, list] : out)
        std::stable_sort(list.begin(), list.end(),
                         [](const ClusterEvent *a, const ClusterEvent *b) { return a->time < b->time; });
    return out;
}

// Builds one lane left to right: each change closes the span before it.
class LaneBuilder {
public:
    LaneBuilder(int broker, std::optional<BrokerStatus> start, const QDateTime &from) : m_cursor(from), m_state(start)
    {
        m_lane.broker = broker;
    }

    std::optional<BrokerStatus> state() const { return m_state; }
    const QDateTime &cursor() const { return m_cursor; }

    void change(BrokerStatus status, const QDateTime &at)
    {
        if (m_state == status)
            return; // the same state seen again (a live event the store also had)
        close(at);
        m_state = status;
    }

    BrokerLane finish(const QDateTime &to)
    {
        close(to);
        // A change at the range's end (seen by the latest poll) has no length yet: kept as an
        // instant, so that the lane ends in the state the broker table shows.
        if (m_cursor == to && m_state && (m_lane.spans.empty() || m_lane.spans.back().status != m_state))
            m_lane.spans.push_back(BrokerSpan{m_state, to, to});
        return std::move(m_lane);
    }

private:
    void close(const QDateTime &at)
    {
        // A change at the cursor (at the range's start, or two in one poll) leaves no span.
        if (at > m_cursor) {
            m_lane.spans.push_back(BrokerSpan{m_state, m_cursor, at});
            m_cursor = at;
        }
    }

    BrokerLane m_lane;
    QDateTime m_cursor;
    std::optional<BrokerStatus> m_state;
};

} // namespace

const std::vector<EventKind> &brokerStateEventKinds()
{
    static const std::vector<EventKind> kinds{EventKind::BrokerOnline,      EventKind::BrokerUnfenced,
                                              EventKind::BrokerUnreachable, EventKind::BrokerOffline,
                                              EventKind::BrokerFenced,      EventKind::BrokerStopping};
    return kinds;
}

std::optional<BrokerStatus> brokerStatusAfter(EventKind kind)
{
    switch (kind) {
    case EventKind::BrokerOnline:
    case EventKind::BrokerUnfenced: return BrokerStatus::Online;
    case EventKind::BrokerUnreachable: return BrokerStatus::Unreachable;
    case EventKind::BrokerOffline: return BrokerStatus::Offline;
    case EventKind::BrokerFenced: return BrokerStatus::Fenced;
    case EventKind::BrokerStopping: return BrokerStatus::Stopping;
    default: return std::nullopt;
    }
}

int eventBrokerId(const ClusterEvent &event)
{
    // The subject SnapshotDiff writes: untranslated, "broker " and the id.
    const QLatin1String prefix("broker ");
    if (!event.subject.startsWith(prefix))
        return -1;
    bool ok = false;
    const int id = QStringView(event.subject).mid(prefix.size()).toInt(&ok);
    return ok && id >= 0 ? id : -1;
}

std::map<int, BrokerStatus> brokerStatesAfter(const std::vector<ClusterEvent> &events)
{
    std::map<int, BrokerStatus> out;
    for (const auto &[id, list] : eventsByBroker(events))
        out[id] = *brokerStatusAfter(list.back()->kind);
    return out;
}

std::map<int, BrokerStatus> brokerStatesOf(const ClusterSnapshot &snapshot)
{
    std::map<int, BrokerStatus> out;
    for (const BrokerState &b : snapshot.brokers)
        out[b.info.id] = b.status;
    return out;
}

std::vector<BrokerLane> brokerLanes(const BrokerHistory &history, const QDateTime &from, const QDateTime &to)
{
    std::vector<BrokerLane> lanes;
    if (!from.isValid() || !to.isValid() || from >= to)
        return lanes;
    const auto byBroker = eventsByBroker(history.events);
    std::set<int> ids;
    for (const auto &[id, status] : history.before)
        ids.insert(id);
    for (const auto &[id, list] : byBroker)
        ids.insert(id);
    for (const auto &[id, status] : history.current)
        ids.insert(id);
    // Before knowledge of the cluster begins the lanes are empty: spans start there, and the
    // events before it (none, unless the caller's start is late) only set the starting state.
    const QDateTime start = history.knownFrom.isValid() ? std::max(from, history.knownFrom) : to;

    for (const int id : ids) {
        if (start >= to) {
            lanes.push_back(BrokerLane{id, {}});
            continue;
        }
        const auto before = history.before.find(id);
        const auto current = history.current.find(id);
        const auto recorded = byBroker.find(id);
        const auto first = history.firstPoll.states.find(id);
        const bool seenFirst = first != history.firstPoll.states.end() && history.firstPoll.at.isValid();
        std::optional<BrokerStatus> initial;
        if (before != history.before.end())
            initial = before->second;
        else if (recorded == byBroker.end() && seenFirst)
            initial = first->second; // no change recorded since knownFrom: as first seen, all along
        else if (recorded == byBroker.end() && current != history.current.end())
            initial = current->second; // no change recorded since knownFrom: as it is now, all along
        LaneBuilder lane(id, initial, start);
        // What the session's first poll saw, in time order with the events (before those of
        // its own time: a first poll has none).
        bool firstTaken = !seenFirst;
        const auto takeFirst = [&] {
            if (!firstTaken && history.firstPoll.at <= to)
                lane.change(first->second, std::max(history.firstPoll.at, lane.cursor()));
            firstTaken = true;
        };
        if (recorded != byBroker.end()) {
            for (const ClusterEvent *e : recorded->second) {
                if (e->time > to)
                    break;
                if (!firstTaken && history.firstPoll.at <= e->time)
                    takeFirst();
                lane.change(*brokerStatusAfter(e->kind), std::max(e->time, lane.cursor()));
            }
        }
        takeFirst();
        // The latest poll saw a state no stored event has told of yet.
        if (current != history.current.end() && lane.state() != current->second && history.currentAt.isValid()
            && history.currentAt <= to)
            lane.change(current->second, std::max(history.currentAt, lane.cursor()));
        lanes.push_back(lane.finish(to));
    }
    return lanes;
}

} // namespace lagscope
