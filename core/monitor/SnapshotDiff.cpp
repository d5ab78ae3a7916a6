#include "monitor/SnapshotDiff.h"

#include <QCoreApplication>

#include <algorithm>
#include <utility>

namespace lagscope {

namespace {

// Event messages are shown to people; the context gives lupdate one home for them.
class SnapshotDiffText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::SnapshotDiff)
};

// Pointers to the items of `items`, ordered by key — the snapshot's own order is not relied
// upon, so a poller that forgets to sort cannot produce phantom appear/disappear pairs.
template <typename T, typename KeyFn> std::vector<const T *> sortedBy(const std::vector<T> &items, KeyFn key)
{
    std::vector<const T *> out;
    out.reserve(items.size());
    for (const auto &item : items)
        out.push_back(&item);
    std::stable_sort(out.begin(), out.end(), [&](const T *a, const T *b) { return key(*a) < key(*b); });
    return out;
}

// Sorted merge: calls fn(before, after) once per key found in either list, in key order;
// one of the two pointers is null when the key is only on one side.
template <typename T, typename KeyFn, typename Fn>
void mergeByKey(const std::vector<T> &beforeItems, const std::vector<T> &afterItems, KeyFn key, Fn fn)
{
    const auto a = sortedBy(beforeItems, key);
    const auto b = sortedBy(afterItems, key);
    size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (j == b.size() || (i < a.size() && key(*a[i]) < key(*b[j])))
            fn(a[i++], static_cast<const T *>(nullptr));
        else if (i == a.size() || key(*b[j]) < key(*a[i]))
            fn(static_cast<const T *>(nullptr), b[j++]);
        else
            fn(a[i++], b[j++]);
    }
}

// `one` and `many` are marked with QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", …) where written, for lupdate.
QString countText(qsizetype n, const char *one, const char *many)
{
    return n == 1 ? SnapshotDiffText::tr(one) : SnapshotDiffText::tr(many).arg(n);
}

QString idList(const std::vector<int> &ids)
{
    QStringList parts;
    parts.reserve(qsizetype(ids.size()));
    for (const int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

// Subjects are identifiers for filters and storage, so they are not translated.
QString brokerSubject(int id) { return QStringLiteral("broker ") + QString::number(id); }

// "broker 2 (127.0.0.1:9093)", or just "broker 2" when the address is unknown.
QString brokerLabel(const BrokerInfo &info)
{
    if (info.host.isEmpty())
        return SnapshotDiffText::tr("broker %1").arg(info.id);
    return SnapshotDiffText::tr("broker %1 (%2:%3)")
        .arg(QString::number(info.id), info.host, QString::number(info.port));
}

class Emitter {
public:
    Emitter(const ClusterSnapshot &current, std::vector<ClusterEvent> &out) : m_current(current), m_out(out) { }

    void add(EventKind kind, EventSeverity severity, QString subject, QString message, QString group = QString())
    {
        m_out.push_back(ClusterEvent{m_current.takenAt, m_current.cluster, kind, severity, std::move(subject),
                                     std::move(group), std::move(message)});
    }

private:
    const ClusterSnapshot &m_current;
    std::vector<ClusterEvent> &m_out;
};

void brokerOffline(const BrokerInfo &info, Emitter &out)
{
    out.add(EventKind::BrokerOffline, EventSeverity::Error, brokerSubject(info.id),
            SnapshotDiffText::tr("%1 is offline: missing from metadata").arg(brokerLabel(info)));
}

// `was` or `now` is null when the broker is only in one of the two polls.
void diffBroker(const BrokerState *was, const BrokerState *now, Emitter &out)
{
    if (!now) {
        // Pollers keep lost brokers as Offline; one dropped from the list while still up is
        // just as gone.
        if (was->status != BrokerStatus::Offline)
            brokerOffline(was->info, out);
        return;
    }
    if (was && was->status == now->status)
        return;
    switch (now->status) {
    case BrokerStatus::Online:
        if (was && was->status == BrokerStatus::Fenced)
            out.add(EventKind::BrokerUnfenced, EventSeverity::Info, brokerSubject(now->info.id),
                    SnapshotDiffText::tr("%1 is unfenced and online").arg(brokerLabel(now->info)));
        else
            out.add(EventKind::BrokerOnline, EventSeverity::Info, brokerSubject(now->info.id),
                    SnapshotDiffText::tr("%1 is online").arg(brokerLabel(now->info)));
        break;
    case BrokerStatus::Fenced:
        out.add(EventKind::BrokerFenced, EventSeverity::Error, brokerSubject(now->info.id),
                SnapshotDiffText::tr("%1 is fenced: %2").arg(brokerLabel(now->info), now->reason));
        break;
    case BrokerStatus::Stopping:
        out.add(EventKind::BrokerStopping, EventSeverity::Warning, brokerSubject(now->info.id),
                SnapshotDiffText::tr("%1 is stopping: %2").arg(brokerLabel(now->info), now->reason));
        break;
    case BrokerStatus::Unreachable:
        out.add(EventKind::BrokerUnreachable, EventSeverity::Warning, brokerSubject(now->info.id),
                SnapshotDiffText::tr("%1 is unreachable: in metadata, but the connection failed")
                    .arg(brokerLabel(now->info)));
        break;
    case BrokerStatus::Offline:
        if (was) // a broker first seen offline has no change to report
            brokerOffline(now->info, out);
        break;
    }
}

void diffBrokers(const ClusterSnapshot &before, const ClusterSnapshot &after, Emitter &out)
{
    mergeByKey(
        before.brokers, after.brokers, [](const BrokerState &b) { return b.info.id; },
        [&](const BrokerState *was, const BrokerState *now) { diffBroker(was, now, out); });
}

void diffController(const ClusterSnapshot &before, const ClusterSnapshot &after, Emitter &out)
{
    if (before.controllerId < 0 || after.controllerId < 0 || before.controllerId == after.controllerId)
        return;
    // KRaft brokers answer metadata with a random live broker as "controller", so the id
    // changes from one poll to the next without any failover. Only a controller that is
    // gone (no longer Online) is a change worth an event.
    const auto it = std::find_if(after.brokers.begin(), after.brokers.end(),
                                 [&](const BrokerState &b) { return b.info.id == before.controllerId; });
    if (it != after.brokers.end() && it->status == BrokerStatus::Online)
        return;
    out.add(EventKind::ControllerChanged, EventSeverity::Warning, QStringLiteral("controller"),
            SnapshotDiffText::tr("controller %1 → %2")
                .arg(QString::number(before.controllerId), QString::number(after.controllerId)));
}

enum class Health {
    Offline,
    UnderReplicated,
    InSync
};

Health healthOf(const PartitionState &p)
{
    if (p.offline())
        return Health::Offline;
    return p.underReplicated() ? Health::UnderReplicated : Health::InSync;
}

void diffPartition(const QString &topic, const PartitionState &was, const PartitionState &now, Emitter &out)
{
    const Health health = healthOf(now);
    if (health == healthOf(was))
        return;
    const QString subject = TopicPartition{topic, now.partition}.toString();
    switch (health) {
    case Health::Offline:
        out.add(EventKind::PartitionOffline, EventSeverity::Error, subject,
                SnapshotDiffText::tr("%1 is offline: no leader (replicas %2)").arg(subject, idList(now.replicas)));
        break;
    case Health::UnderReplicated:
        out.add(EventKind::PartitionUnderReplicated, EventSeverity::Warning, subject,
                SnapshotDiffText::tr("%1 is under-replicated: ISR %2 of replicas %3")
                    .arg(subject, idList(now.isr), idList(now.replicas)));
        break;
    case Health::InSync:
        out.add(EventKind::PartitionInSync, EventSeverity::Info, subject,
                SnapshotDiffText::tr("%1 is in sync: leader %2, ISR %3")
                    .arg(subject, QString::number(now.leader), idList(now.isr)));
        break;
    }
}

void diffPartitions(const ClusterSnapshot &before, const ClusterSnapshot &after, Emitter &out)
{
    const auto topicName = [](const TopicState &t) -> const QString & { return t.name; };
    const auto partitionNumber = [](const PartitionState &p) { return p.partition; };
    mergeByKey(before.topics, after.topics, topicName, [&](const TopicState *wasTopic, const TopicState *nowTopic) {
        if (!wasTopic || !nowTopic) // created or deleted topics are not health changes
            return;
        mergeByKey(wasTopic->partitions, nowTopic->partitions, partitionNumber,
                   [&](const PartitionState *was, const PartitionState *now) {
                       if (was && now) // likewise for partitions added to a topic
                           diffPartition(nowTopic->name, *was, *now, out);
                   });
    });
}

std::vector<TopicPartition> sortedAssignment(const GroupMember &m)
{
    auto parts = m.assignment;
    std::sort(parts.begin(), parts.end());
    return parts;
}

struct Ownership {
    TopicPartition partition;
    QString memberId;
};

std::vector<Ownership> ownershipOf(const GroupState &g)
{
    std::vector<Ownership> out;
    for (const auto &m : g.members)
        for (const auto &tp : m.assignment)
            out.push_back({tp, m.memberId});
    return out;
}

// "3 partitions moved, 1 newly assigned": how the group's partition owners changed.
QString assignmentSummary(const GroupState &was, const GroupState &now)
{
    qsizetype moved = 0, assigned = 0, released = 0;
    const auto partitionOf = [](const Ownership &o) -> const TopicPartition & { return o.partition; };
    mergeByKey(ownershipOf(was), ownershipOf(now), partitionOf, [&](const Ownership *before, const Ownership *after) {
        if (!before)
            ++assigned;
        else if (!after)
            ++released;
        else if (before->memberId != after->memberId)
            ++moved;
    });
    QStringList parts;
    if (moved)
        parts << countText(moved, QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "1 partition moved"),
                           QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "%1 partitions moved"));
    if (assigned)
        parts << countText(assigned, QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "1 partition newly assigned"),
                           QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "%1 partitions newly assigned"));
    if (released)
        parts << countText(released, QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "1 partition no longer assigned"),
                           QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "%1 partitions no longer assigned"));
    if (parts.isEmpty()) // partitions traded places within members only
        return SnapshotDiffText::tr("assignment changed");
    return parts.join(QStringLiteral(", "));
}

// The lag verdict (judged by the poller before the diff): one event per change of status,
// carrying the new reason. Severity follows the new status: OK again is Info, STOP and ERR
// are errors (nobody consumes, or records are lost), the others warnings.
void diffLagStatus(const GroupState &was, const GroupState &now, Emitter &out)
{
    const LagStatus from = was.verdict.status, to = now.verdict.status;
    if (from == to)
        return;
    EventSeverity severity = EventSeverity::Warning;
    if (to == LagStatus::Ok)
        severity = EventSeverity::Info;
    else if (to == LagStatus::Stop || to == LagStatus::Risk || to == LagStatus::Err)
        severity = EventSeverity::Error;
    out.add(
        EventKind::LagStatusChanged, severity, now.groupId,
        SnapshotDiffText::tr("lag status %1 → %2: %3").arg(lagStatusName(from), lagStatusName(to), now.verdict.reason),
        now.groupId);
}

void diffGroup(const GroupState *was, const GroupState *now, Emitter &out)
{
    if (!was) {
        const QString members =
            countText(qsizetype(now->members.size()), QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "1 member"),
                      QT_TRANSLATE_NOOP("lagscope::SnapshotDiff", "%1 members"));
        out.add(EventKind::GroupAppeared, EventSeverity::Info, now->groupId,
                SnapshotDiffText::tr("group appeared (%1, %2)").arg(now->state, members), now->groupId);
        return;
    }
    if (!now) {
        out.add(EventKind::GroupDisappeared, EventSeverity::Info, was->groupId,
                SnapshotDiffText::tr("group disappeared (was %1)").arg(was->state), was->groupId);
        return;
    }
    const QString &id = now->groupId;
    if (was->state != now->state) {
        const bool alarming =
            isRebalanceState(now->state) || now->state.compare(QLatin1String("Dead"), Qt::CaseInsensitive) == 0;
        out.add(EventKind::GroupStateChanged, alarming ? EventSeverity::Warning : EventSeverity::Info, id,
                SnapshotDiffText::tr("%1 → %2").arg(was->state, now->state), id);
    }

    std::vector<const GroupMember *> joined, left;
    bool reassigned = false;
    mergeByKey(
        was->members, now->members, [](const GroupMember &m) -> const QString & { return m.memberId; },
        [&](const GroupMember *before, const GroupMember *after) {
            if (!before)
                joined.push_back(after);
            else if (!after)
                left.push_back(before);
            else if (!reassigned)
                reassigned = sortedAssignment(*before) != sortedAssignment(*after);
        });
    for (const GroupMember *m : joined)
        out.add(EventKind::MemberJoined, EventSeverity::Info, id,
                SnapshotDiffText::tr("member %1 joined (client %2, host %3)").arg(m->memberId, m->clientId, m->host),
                id);
    for (const GroupMember *m : left)
        out.add(EventKind::MemberLeft, EventSeverity::Info, id,
                SnapshotDiffText::tr("member %1 left (client %2, host %3)").arg(m->memberId, m->clientId, m->host), id);
    if (reassigned)
        out.add(EventKind::AssignmentChanged, EventSeverity::Info, id, assignmentSummary(*was, *now), id);
    diffLagStatus(*was, *now, out);
}

void diffGroups(const ClusterSnapshot &before, const ClusterSnapshot &after, Emitter &out)
{
    mergeByKey(
        before.groups, after.groups, [](const GroupState &g) -> const QString & { return g.groupId; },
        [&](const GroupState *was, const GroupState *now) { diffGroup(was, now, out); });
}

} // namespace

bool isRebalanceState(const QString &state)
{
    for (const char *name : {"PreparingRebalance", "CompletingRebalance", "Assigning", "Reconciling"})
        if (state.compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

std::vector<ClusterEvent> diffSnapshots(const ClusterSnapshot *previousPoll, const ClusterSnapshot *lastReachable,
                                        const ClusterSnapshot &current)
{
    std::vector<ClusterEvent> events;
    Emitter out(current, events);

    if (!current.reachable) {
        // Reported once when the outage starts; the failed poll's data says nothing.
        if (!previousPoll || previousPoll->reachable)
            out.add(EventKind::ClusterUnreachable, EventSeverity::Error, current.cluster,
                    current.error.isEmpty() ? SnapshotDiffText::tr("cannot reach the cluster")
                                            : SnapshotDiffText::tr("cannot reach the cluster: %1").arg(current.error));
        return events;
    }
    if (!previousPoll) // first look at the cluster: nothing has changed yet
        return events;

    const ClusterSnapshot *base = previousPoll;
    if (!previousPoll->reachable) {
        const QDateTime since = previousPoll->unreachableSince;
        out.add(EventKind::ClusterReachable, EventSeverity::Info, current.cluster,
                since.isValid() ? SnapshotDiffText::tr("cluster is reachable again (unreachable since %1)")
                                      .arg(since.toUTC().toString(Qt::ISODate))
                                : SnapshotDiffText::tr("cluster is reachable again"));
        base = lastReachable;
    }
    if (!base || !base->reachable)
        return events;

    diffBrokers(*base, current, out);
    diffController(*base, current, out);
    diffPartitions(*base, current, out);
    diffGroups(*base, current, out);
    return events;
}

} // namespace lagscope
