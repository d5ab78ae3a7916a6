// RebalanceDetector::state() and seed(QJsonObject): the detector's memory as JSON, so that a
// restart continues from the last run (see RebalanceDetector.h).
//
// Format (version 1): {"version": 1,
//   "tracks": {"<group>": {"settledAt": ms, "members": [{"id", "client", "host",
//              "assignment": [["topic", partition], …]}], "open": bool, "named": bool,
//              "firstRebalancingAt": ms, "lastRebalancingAt": ms, "states": ["…"]}},
//   "recentEnds": {"<group>": [ms, …]}}
// Times are UTC milliseconds; a time that is not valid is left out.
#include "monitor/RebalanceDetector.h"

#include <QJsonArray>

#include <algorithm>

namespace lagscope {

namespace {

constexpr int kStateVersion = 1;

void putTime(QJsonObject &o, const QString &key, const QDateTime &t)
{
    if (t.isValid())
        o.insert(key, double(t.toMSecsSinceEpoch()));
}

QDateTime timeAt(const QJsonValue &v)
{
    return v.isDouble() ? QDateTime::fromMSecsSinceEpoch(qint64(v.toDouble()), Qt::UTC) : QDateTime();
}

QJsonArray membersJson(const std::vector<GroupMember> &members)
{
    QJsonArray out;
    for (const GroupMember &m : members) {
        QJsonArray assignment;
        for (const TopicPartition &tp : m.assignment)
            assignment.append(QJsonArray{tp.topic, tp.partition});
        out.append(QJsonObject{{QStringLiteral("id"), m.memberId},
                               {QStringLiteral("client"), m.clientId},
                               {QStringLiteral("host"), m.host},
                               {QStringLiteral("assignment"), assignment}});
    }
    return out;
}

std::vector<GroupMember> membersOf(const QJsonArray &array)
{
    std::vector<GroupMember> out;
    for (const QJsonValue &v : array) {
        const QJsonObject o = v.toObject();
        GroupMember m =
            groupMember(o.value(QLatin1String("id")).toString(), o.value(QLatin1String("client")).toString(),
                        o.value(QLatin1String("host")).toString());
        for (const QJsonValue &tp : o.value(QLatin1String("assignment")).toArray())
            m.assignment.push_back({tp.toArray().at(0).toString(), tp.toArray().at(1).toInt(-1)});
        out.push_back(std::move(m));
    }
    return out;
}

QJsonObject trackJson(const RebalanceTrack &t)
{
    QJsonObject o;
    if (t.hasSettled) {
        putTime(o, QStringLiteral("settledAt"), t.settledAt);
        o.insert(QStringLiteral("members"), membersJson(t.settledMembers));
    }
    o.insert(QStringLiteral("open"), t.open);
    if (t.open) {
        o.insert(QStringLiteral("named"), t.sawNamedState);
        putTime(o, QStringLiteral("firstRebalancingAt"), t.firstRebalancingAt);
        putTime(o, QStringLiteral("lastRebalancingAt"), t.lastRebalancingAt);
        o.insert(QStringLiteral("states"), QJsonArray::fromStringList(t.statesSeen));
    }
    return o;
}

RebalanceTrack trackOf(const QJsonObject &o)
{
    RebalanceTrack t;
    t.settledAt = timeAt(o.value(QLatin1String("settledAt")));
    t.hasSettled = t.settledAt.isValid();
    if (t.hasSettled)
        t.settledMembers = membersOf(o.value(QLatin1String("members")).toArray());
    t.firstRebalancingAt = timeAt(o.value(QLatin1String("firstRebalancingAt")));
    t.lastRebalancingAt = timeAt(o.value(QLatin1String("lastRebalancingAt")));
    // An open track without its times could not bound the rebalance: treat it as closed.
    t.open = o.value(QLatin1String("open")).toBool() && t.firstRebalancingAt.isValid() && t.lastRebalancingAt.isValid();
    if (t.open) {
        t.sawNamedState = o.value(QLatin1String("named")).toBool();
        for (const QJsonValue &s : o.value(QLatin1String("states")).toArray())
            t.statesSeen << s.toString();
    }
    return t;
}

} // namespace

QJsonObject RebalanceDetector::state() const
{
    QJsonObject tracks;
    for (const auto &[group, track] : m_tracks)
        tracks.insert(group, trackJson(track));
    QJsonObject ends;
    for (const auto &[group, times] : m_recentEnds) {
        QJsonArray list;
        for (const QDateTime &t : times)
            list.append(double(t.toMSecsSinceEpoch()));
        ends.insert(group, list);
    }
    return QJsonObject{{QStringLiteral("version"), kStateVersion},
                       {QStringLiteral("tracks"), tracks},
                       {QStringLiteral("recentEnds"), ends}};
}

bool RebalanceDetector::seed(const QJsonObject &state)
{
    // Another version (a newer Lagscope's file) is not guessed at: starting afresh only
    // costs the rebalance in progress, a wrong guess could invent one.
    if (state.value(QLatin1String("version")).toInt() != kStateVersion
        || !state.value(QLatin1String("tracks")).isObject())
        return false;
    std::map<QString, RebalanceTrack> tracks;
    const QJsonObject trackObjects = state.value(QLatin1String("tracks")).toObject();
    for (auto it = trackObjects.begin(); it != trackObjects.end(); ++it)
        tracks.emplace(it.key(), trackOf(it.value().toObject()));
    std::map<QString, std::vector<QDateTime>> ends;
    const QJsonObject endObjects = state.value(QLatin1String("recentEnds")).toObject();
    for (auto it = endObjects.begin(); it != endObjects.end(); ++it) {
        std::vector<QDateTime> &times = ends[it.key()];
        for (const QJsonValue &v : it.value().toArray())
            if (const QDateTime t = timeAt(v); t.isValid())
                times.push_back(t);
        std::sort(times.begin(), times.end());
    }
    m_tracks = std::move(tracks);
    m_recentEnds = std::move(ends);
    m_changed = false;
    return true;
}

} // namespace lagscope
