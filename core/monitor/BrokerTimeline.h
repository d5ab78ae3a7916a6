#pragma once
// Each broker's state over a time range, rebuilt from the history's broker events: the lanes
// of the brokers page's "Broker states" timeline. The history records changes only (an event
// when a poll saw a broker's state differ from the poll before), so a lane is the state the
// broker had when the range starts, then one span per recorded change, up to the range's
// end; the latest poll has the last word. A lane begins no earlier than the history's
// knowledge of the cluster: before that nothing was watched, and nothing is claimed.
// docs/BROKER-STATES.md says what this cannot know.
//
// Pure: no I/O, no clock; usable from any thread. The caller reads the events
// (HistoryStore::eventsOfKinds, latestEventsBefore) and adds the live ones.

#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"

#include <QDateTime>

#include <map>
#include <optional>
#include <vector>

namespace lagscope {

struct BrokerSpan {
    // nullopt: unknown, as no change of this broker is recorded before the span's end.
    std::optional<BrokerStatus> status;
    QDateTime from;
    QDateTime to;
    friend bool operator==(const BrokerSpan &, const BrokerSpan &) = default;
};

struct BrokerLane {
    int broker = -1;
    // Oldest first, end to end, from the range's start (or knownFrom, when later) to its end;
    // none when knownFrom is invalid or not before the range's end. The last is an instant
    // (from == to) when the state changed at the range's end: the latest poll saw it.
    std::vector<BrokerSpan> spans;
};

// The brokers' states one poll saw, by id, and when it was taken.
struct BrokerStatesAt {
    QDateTime at;
    std::map<int, BrokerStatus> states;
};

struct BrokerHistory {
    // Each broker's state before the first of `events` (from its newest event before them);
    // a broker missing here is unknown until its first event. The events before the range can
    // be given in `events` instead, where their times count against firstPoll's.
    std::map<int, BrokerStatus> before;
    // Broker events (brokerStateEventKinds(), subject "broker N"), in any order; others are
    // ignored. Those before the range move its starting state; those after it are ignored.
    std::vector<ClusterEvent> events;
    // The latest poll's states, taken at currentAt. A broker with no recorded change is in its
    // current state over the whole range (in its first poll's, when that saw it); one whose
    // last recorded state differs (its change is not stored yet) changes at currentAt, when
    // that lies in the range.
    std::map<int, BrokerStatus> current;
    QDateTime currentAt;
    // This session's first reachable poll of the cluster. A first poll has no poll before it to
    // differ from, so no event tells what it saw: the state of a broker that was unknown (no
    // event before it) or that changed while nothing watched (a gap) is learnt here, and the
    // lane takes it at firstPoll.at. Empty: no poll this session.
    BrokerStatesAt firstPoll;
    // Where knowledge of the cluster begins: the earliest of the history's first record of it
    // (HistoryStore::historyStart) and this session's first poll. Nothing was watched before
    // it, so no lane claims a state there; "no change recorded" means none since then.
    // Invalid: nothing is known, and the lanes have no spans.
    QDateTime knownFrom;
};

// The event kinds that put a broker in a state: BrokerOnline and BrokerUnfenced (Online),
// BrokerUnreachable, BrokerOffline, BrokerFenced, BrokerStopping.
const std::vector<EventKind> &brokerStateEventKinds();
// The state an event of `kind` puts its broker in; nullopt for other kinds.
std::optional<BrokerStatus> brokerStatusAfter(EventKind kind);
// The broker an event is about ("broker 3" → 3); -1 for other subjects.
int eventBrokerId(const ClusterEvent &event);
// Each broker's state after the newest of its events in `events` (in any order).
std::map<int, BrokerStatus> brokerStatesAfter(const std::vector<ClusterEvent> &events);
// The brokers' states of a snapshot, by id.
std::map<int, BrokerStatus> brokerStatesOf(const ClusterSnapshot &snapshot);

// One lane per broker known to `history`, by id; none when the range is empty (from >= to).
// Its spans cover [max(from, history.knownFrom), to].
std::vector<BrokerLane> brokerLanes(const BrokerHistory &history, const QDateTime &from, const QDateTime &to);

} // namespace lagscope
