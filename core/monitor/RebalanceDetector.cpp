#include "monitor/RebalanceDetector.h"

#include "monitor/SnapshotDiff.h"

#include <algorithm>

namespace lagscope {

namespace {

constexpr qint64 kHourMs = 60 * 60 * 1000;

std::vector<RebalanceMember> memberRefs(const std::vector<GroupMember> &members)
{
    std::vector<RebalanceMember> out;
    out.reserve(members.size());
    for (const auto &m : members)
        out.push_back({m.memberId, m.clientId, m.host});
    std::sort(out.begin(), out.end(),
              [](const RebalanceMember &a, const RebalanceMember &b) { return a.memberId < b.memberId; });
    return out;
}

std::map<TopicPartition, QString> owners(const std::vector<GroupMember> &members)
{
    std::map<TopicPartition, QString> out;
    for (const auto &m : members)
        for (const auto &tp : m.assignment)
            out[tp] = m.memberId;
    return out;
}

bool sameMembers(const std::vector<GroupMember> &a, const std::vector<GroupMember> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const GroupMember &x, const GroupMember &y) {
        return x.memberId == y.memberId && x.clientId == y.clientId && x.host == y.host && x.assignment == y.assignment;
    });
}

// Everything but the settled and the last rebalancing time, which move on at every poll:
// saving for them alone would write the state at every poll (a stale one only loosens a
// bound after a crash).
bool sameButPollTimes(const RebalanceTrack &a, const RebalanceTrack &b)
{
    return a.hasSettled == b.hasSettled && a.open == b.open && a.sawNamedState == b.sawNamedState
           && a.firstRebalancingAt == b.firstRebalancingAt && a.statesSeen == b.statesSeen
           && sameMembers(a.settledMembers, b.settledMembers);
}

bool hasChange(const Rebalance &r) { return r.trigger != TriggerNone || !r.moves.empty(); }

} // namespace

GroupPhase groupPhase(const QString &state, const QString &type)
{
    if (isRebalanceState(state))
        return GroupPhase::Rebalancing;
    if (state.isEmpty() || state.compare(QLatin1String("Unknown"), Qt::CaseInsensitive) == 0)
        return type.compare(QLatin1String("Consumer"), Qt::CaseInsensitive) == 0 ? GroupPhase::Rebalancing
                                                                                 : GroupPhase::Ignored;
    return GroupPhase::Settled;
}

Rebalance compareMembership(const std::vector<GroupMember> &before, const std::vector<GroupMember> &after)
{
    Rebalance r;
    r.membersBefore = memberRefs(before);
    r.membersAfter = memberRefs(after);
    const auto idLess = [](const RebalanceMember &a, const RebalanceMember &b) { return a.memberId < b.memberId; };
    std::vector<RebalanceMember> joined, left;
    std::set_difference(r.membersAfter.begin(), r.membersAfter.end(), r.membersBefore.begin(), r.membersBefore.end(),
                        std::back_inserter(joined), idLess);
    std::set_difference(r.membersBefore.begin(), r.membersBefore.end(), r.membersAfter.begin(), r.membersAfter.end(),
                        std::back_inserter(left), idLess);
    if (!joined.empty())
        r.trigger |= TriggerMemberJoined;
    if (!left.empty())
        r.trigger |= TriggerMemberLeft;

    const auto was = owners(before);
    const auto now = owners(after);
    // Sorted merge of the two ownership maps: one move per partition whose owner differs.
    auto a = was.begin();
    auto b = now.begin();
    while (a != was.end() || b != now.end()) {
        if (b == now.end() || (a != was.end() && a->first < b->first)) {
            r.moves.push_back({a->first, a->second, QString()});
            ++a;
        } else if (a == was.end() || b->first < a->first) {
            r.moves.push_back({b->first, QString(), b->second});
            ++b;
        } else {
            if (a->second != b->second)
                r.moves.push_back({a->first, a->second, b->second});
            ++a;
            ++b;
        }
    }
    if (r.trigger == TriggerNone && !r.moves.empty())
        r.trigger = TriggerAssignmentChanged;
    return r;
}

RebalanceStep stepRebalance(const RebalanceTrack &track, const GroupState &group, const QDateTime &pollTime)
{
    RebalanceStep step{track, std::nullopt};
    RebalanceTrack &t = step.track;
    switch (groupPhase(group.state, group.type)) {
    case GroupPhase::Ignored: return step;
    case GroupPhase::Rebalancing: {
        if (!t.open) {
            t.open = true;
            t.firstRebalancingAt = pollTime;
            t.statesSeen.clear();
            t.sawNamedState = false;
        }
        t.lastRebalancingAt = pollTime;
        const QString name = group.state.isEmpty() ? QStringLiteral("Unknown") : group.state;
        if (t.statesSeen.isEmpty() || t.statesSeen.last() != name)
            t.statesSeen << name;
        t.sawNamedState = t.sawNamedState || isRebalanceState(group.state);
        return step;
    }
    case GroupPhase::Settled: break;
    }

    if (t.hasSettled) {
        Rebalance r = compareMembership(t.settledMembers, group.members);
        r.group = group.groupId;
        r.startAfter = t.settledAt;
        if (t.open) {
            r.startBy = t.firstRebalancingAt;
            r.endAfter = t.lastRebalancingAt;
            r.endBy = pollTime;
            r.statesSeen = t.statesSeen;
            if (t.sawNamedState || hasChange(r))
                step.completed = std::move(r);
        } else if (hasChange(r)) {
            r.startBy = pollTime;
            r.endAfter = t.settledAt;
            r.endBy = pollTime;
            step.completed = std::move(r);
        }
    }
    t.hasSettled = true;
    t.settledAt = pollTime;
    t.settledMembers = group.members;
    t.open = false;
    t.sawNamedState = false;
    t.statesSeen.clear();
    t.firstRebalancingAt = {};
    t.lastRebalancingAt = {};
    return step;
}

ClusterEvent rebalanceEvent(const Rebalance &r)
{
    // A long stop-the-world rebalance is what on-call people want to notice.
    const bool longPause = r.minDurationMs() > 30000;
    return ClusterEvent{
        r.endBy, r.cluster, EventKind::Rebalance, longPause ? EventSeverity::Warning : EventSeverity::Info,
        r.group, r.group,   rebalanceSummary(r)};
}

std::vector<Rebalance> RebalanceDetector::update(const ClusterSnapshot &snapshot)
{
    std::vector<Rebalance> out;
    if (!snapshot.reachable)
        return out;
    std::map<QString, RebalanceTrack> next;
    for (const GroupState &g : snapshot.groups) {
        const auto it = m_tracks.find(g.groupId);
        RebalanceStep step = stepRebalance(it == m_tracks.end() ? RebalanceTrack{} : it->second, g, snapshot.takenAt);
        m_changed = m_changed || it == m_tracks.end() || !sameButPollTimes(it->second, step.track);
        next.emplace(g.groupId, std::move(step.track));
        if (step.completed) {
            m_changed = true;
            step.completed->cluster = snapshot.cluster;
            m_recentEnds[g.groupId].push_back(step.completed->endBy);
            out.push_back(std::move(*step.completed));
        }
    }
    m_changed = m_changed || next.size() != m_tracks.size(); // a group went away
    m_tracks = std::move(next);
    // Forget rate windows of groups that are gone, and times older than an hour.
    for (auto it = m_recentEnds.begin(); it != m_recentEnds.end();) {
        auto &times = it->second;
        times.erase(std::remove_if(times.begin(), times.end(),
                                   [&](const QDateTime &t) { return t.msecsTo(snapshot.takenAt) > kHourMs; }),
                    times.end());
        it = times.empty() || !m_tracks.contains(it->first) ? m_recentEnds.erase(it) : std::next(it);
    }
    std::sort(out.begin(), out.end(), [](const Rebalance &a, const Rebalance &b) { return a.group < b.group; });
    return out;
}

int RebalanceDetector::perHour(const QString &group, const QDateTime &now) const
{
    const auto it = m_recentEnds.find(group);
    if (it == m_recentEnds.end())
        return 0;
    return int(std::count_if(it->second.begin(), it->second.end(), [&](const QDateTime &t) {
        const qint64 age = t.msecsTo(now);
        return age >= 0 && age <= kHourMs;
    }));
}

void RebalanceDetector::seed(const QString &group, const std::vector<QDateTime> &endTimes)
{
    m_changed = true;
    auto &times = m_recentEnds[group];
    times.insert(times.end(), endTimes.begin(), endTimes.end());
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
}

} // namespace lagscope
