#include "triage/Triage.h"

#include "kafka/KafkaClient.h"
#include "monitor/QuorumHealth.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <tuple>

namespace lagscope {

namespace {

struct TriageText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::Triage)
};

// Groups at STALL or worse are errors: a consumer stuck, gone, or records lost; REWIND and
// WARN (and anything between) are warnings — the group still moves.
bool groupIsError(LagStatus status) { return lagStatusSeverity(status) >= lagStatusSeverity(LagStatus::Stall); }

// "orders-1, orders-2, clicks-0 and 4 more"
QString partitionList(const QStringList &names)
{
    constexpr int kShown = 3;
    if (names.size() <= kShown)
        return names.join(QStringLiteral(", "));
    return TriageText::tr("%1 and %2 more")
        .arg(names.mid(0, kShown).join(QStringLiteral(", ")))
        .arg(names.size() - kShown);
}

TriageItem item(TriageSeverity severity, TriageKind kind, const QString &cluster, const QString &subject,
                const QString &message, TriageTarget target)
{
    TriageItem i;
    i.severity = severity;
    i.kind = kind;
    i.cluster = cluster;
    i.subject = subject;
    i.message = message;
    i.target = target;
    return i;
}

void addUnreachable(const ClusterSnapshot &s, std::vector<TriageItem> &out)
{
    const QString auth = KafkaClient::authenticationFailure(s.error);
    QString message = !auth.isEmpty() ? auth : TriageText::tr("Unreachable: %1").arg(s.error);
    TriageItem i = item(TriageSeverity::Error, TriageKind::ClusterUnreachable, s.cluster, TriageText::tr("cluster"),
                        message, TriageTarget::Overview);
    i.since = s.unreachableSince;
    out.push_back(std::move(i));
}

void addQuorum(const ClusterSnapshot &s, std::vector<TriageItem> &out)
{
    if (!s.quorum)
        return;
    const QuorumInfo &q = *s.quorum;
    if (q.leaderId < 0) {
        out.push_back(item(TriageSeverity::Error, TriageKind::Quorum, s.cluster, TriageText::tr("quorum"),
                           TriageText::tr("The controller quorum has no leader: no metadata change is possible"),
                           TriageTarget::Brokers));
        return;
    }
    for (const QuorumReplica &voter : q.voters) {
        const VoterHealth h = voterHealth(q, voter);
        if (h == VoterHealth::CaughtUp)
            continue;
        out.push_back(item(TriageSeverity::Warning, TriageKind::Quorum, s.cluster,
                           TriageText::tr("voter %1").arg(voter.id),
                           TriageText::tr("Controller voter %1 %2: %3")
                               .arg(voter.id)
                               .arg(voterHealthName(h).toLower(), voterHealthReason(q, voter)),
                           TriageTarget::Brokers));
    }
}

QString brokerStatusWord(BrokerStatus status)
{
    switch (status) {
    case BrokerStatus::Online: return TriageText::tr("online");
    case BrokerStatus::Unreachable: return TriageText::tr("unreachable");
    case BrokerStatus::Offline: return TriageText::tr("offline");
    case BrokerStatus::Fenced: return TriageText::tr("fenced");
    case BrokerStatus::Stopping: return TriageText::tr("stopping");
    }
    return {};
}

void addBrokers(const ClusterSnapshot &s, std::vector<TriageItem> &out)
{
    for (const BrokerState &b : s.brokers) {
        if (b.status == BrokerStatus::Online)
            continue;
        const bool error = b.status == BrokerStatus::Offline || b.status == BrokerStatus::Fenced;
        QString message = TriageText::tr("Broker %1 %2").arg(b.info.id).arg(brokerStatusWord(b.status));
        if (!b.reason.isEmpty())
            message += QStringLiteral(": ") + b.reason;
        TriageItem i = item(error ? TriageSeverity::Error : TriageSeverity::Warning, TriageKind::Broker, s.cluster,
                            TriageText::tr("broker %1").arg(b.info.id), message, TriageTarget::Brokers);
        i.weight = b.partitionsLed;
        out.push_back(std::move(i));
    }
}

void addPartitions(const ClusterSnapshot &s, std::vector<TriageItem> &out)
{
    QStringList offline;
    QStringList under;
    for (const TopicState &t : s.topics)
        for (const PartitionState &p : t.partitions) {
            const QString name = t.name + QLatin1Char('-') + QString::number(p.partition);
            if (p.offline())
                offline << name;
            else if (p.underReplicated())
                under << name;
        }
    if (!offline.isEmpty()) {
        TriageItem i =
            item(TriageSeverity::Error, TriageKind::OfflinePartitions, s.cluster,
                 TriageText::tr("%n partition(s)", nullptr, int(offline.size())),
                 TriageText::tr("Offline (no leader): %1").arg(partitionList(offline)), TriageTarget::Topics);
        i.weight = double(offline.size());
        out.push_back(std::move(i));
    }
    if (!under.isEmpty()) {
        TriageItem i = item(TriageSeverity::Warning, TriageKind::UnderReplicated, s.cluster,
                            TriageText::tr("%n partition(s)", nullptr, int(under.size())),
                            TriageText::tr("Under-replicated: %1").arg(partitionList(under)), TriageTarget::Topics);
        i.weight = double(under.size());
        out.push_back(std::move(i));
    }
}

void addGroups(const ClusterSnapshot &s, std::vector<TriageItem> &out)
{
    const QLocale locale;
    for (const GroupState &g : s.groups) {
        if (g.unread()) {
            TriageItem i = item(TriageSeverity::Warning, TriageKind::Group, s.cluster, g.groupId,
                                TriageText::tr("Not read: %1").arg(g.error), TriageTarget::Group);
            i.group = g.groupId;
            out.push_back(std::move(i));
            continue;
        }
        const LagStatus status = g.verdict.status;
        if (lagStatusSeverity(status) < lagStatusSeverity(LagStatus::Warn))
            continue;
        QString message = lagStatusName(status) + QStringLiteral(" — ") + g.verdict.reason;
        if (g.totalLag > 0)
            message += TriageText::tr(" (total lag %1)").arg(locale.toString(qlonglong(g.totalLag)));
        TriageItem i = item(groupIsError(status) ? TriageSeverity::Error : TriageSeverity::Warning, TriageKind::Group,
                            s.cluster, g.groupId, message, TriageTarget::Group);
        i.group = g.groupId;
        // The status's severity first, then the lag: among equals the group furthest behind.
        i.weight = lagStatusSeverity(status) * 1e15 + double(std::min<std::int64_t>(g.totalLag, 999'999'999'999'999));
        out.push_back(std::move(i));
    }
}

void addCluster(const ClusterSnapshot &s, std::vector<TriageItem> &out)
{
    if (!s.reachable) {
        addUnreachable(s, out);
        return; // what it shows is stale: the one row says so
    }
    addQuorum(s, out);
    addBrokers(s, out);
    addPartitions(s, out);
    addGroups(s, out);
}

void addFlow(const mirror::FlowSnapshot &f, std::vector<TriageItem> &out)
{
    if (f.health == mirror::FlowHealth::Ok)
        return;
    const bool error = f.health == mirror::FlowHealth::Broken || f.health == mirror::FlowHealth::Stalled;
    QString message = mirror::flowHealthName(f.health) + QStringLiteral(" — ") + f.reason;
    if (!f.staleCheckpointGroups.isEmpty())
        message += TriageText::tr("; stale checkpoints: %1").arg(partitionList(f.staleCheckpointGroups));
    TriageItem i = item(error ? TriageSeverity::Error : TriageSeverity::Warning, TriageKind::Flow, f.flow.label(),
                        TriageText::tr("flow"), message, TriageTarget::Replication);
    i.weight = double(std::max<qint64>(0, f.maxRecordsBehind()));
    out.push_back(std::move(i));
}

void addAlert(const AlertInstance &a, std::vector<TriageItem> &out)
{
    if (!a.firing)
        return;
    const QString what = a.group.isEmpty()
                             ? TriageText::tr("Alert %1 firing: %2").arg(a.rule, a.valueText)
                             : TriageText::tr("Alert %1 firing for %2: %3").arg(a.rule, a.group, a.valueText);
    TriageItem i = item(TriageSeverity::Error, TriageKind::AlertFiring, a.cluster, a.rule, what,
                        a.group.isEmpty() ? TriageTarget::Overview : TriageTarget::Group);
    i.group = a.group;
    i.since = a.firedAt;
    if (!a.group.isEmpty())
        i.subject = a.rule + QStringLiteral(" / ") + a.group;
    out.push_back(std::move(i));
}

void addSplitBrain(const SplitBrainFinding &b, std::vector<TriageItem> &out)
{
    TriageItem i = item(TriageSeverity::Error, TriageKind::SplitBrain, b.flow, b.group,
                        TriageText::tr("Split brain: %1").arg(b.detail), TriageTarget::Replication);
    i.group = b.group;
    i.since = b.since;
    out.push_back(std::move(i));
}

} // namespace

QString TriageItem::key() const
{
    return triageKindName(kind) + QLatin1Char('\x1f') + cluster + QLatin1Char('\x1f') + subject;
}

std::vector<TriageItem> buildTriage(const TriageInputs &in)
{
    std::vector<TriageItem> out;
    for (const SnapshotPtr &s : in.clusters)
        if (s)
            addCluster(*s, out);
    for (const mirror::FlowSnapshotPtr &f : in.flows)
        if (f)
            addFlow(*f, out);
    for (const AlertInstance &a : in.alerts)
        addAlert(a, out);
    for (const SplitBrainFinding &b : in.splitBrains)
        addSplitBrain(b, out);
    std::stable_sort(out.begin(), out.end(), [](const TriageItem &a, const TriageItem &b) {
        return std::make_tuple(-int(a.severity), int(a.kind), -a.weight, a.cluster, a.subject)
               < std::make_tuple(-int(b.severity), int(b.kind), -b.weight, b.cluster, b.subject);
    });
    return out;
}

} // namespace lagscope
