#include "triage/Triage.h"

#include "util/SecretMasker.h"

#include <QJsonObject>
#include <QJsonValue>

#include <set>

namespace lagscope {

QString triageKindName(TriageKind kind)
{
    switch (kind) {
    case TriageKind::ClusterUnreachable: return QStringLiteral("cluster");
    case TriageKind::AlertFiring: return QStringLiteral("alert");
    case TriageKind::SplitBrain: return QStringLiteral("split-brain");
    case TriageKind::Quorum: return QStringLiteral("quorum");
    case TriageKind::Broker: return QStringLiteral("broker");
    case TriageKind::OfflinePartitions: return QStringLiteral("offline-partitions");
    case TriageKind::Flow: return QStringLiteral("flow");
    case TriageKind::UnderReplicated: return QStringLiteral("under-replicated");
    case TriageKind::Group: return QStringLiteral("group");
    }
    return {};
}

QString triageSeverityName(TriageSeverity s)
{
    return s == TriageSeverity::Error ? QStringLiteral("error") : QStringLiteral("warning");
}

QString triageTargetName(TriageTarget target)
{
    switch (target) {
    case TriageTarget::Overview: return QStringLiteral("overview");
    case TriageTarget::Brokers: return QStringLiteral("brokers");
    case TriageTarget::Topics: return QStringLiteral("topics");
    case TriageTarget::Group: return QStringLiteral("group");
    case TriageTarget::Replication: return QStringLiteral("replication");
    }
    return {};
}

ClusterTriage clusterTriage(const std::vector<TriageItem> &items, const QString &cluster,
                            const std::vector<mirror::FlowSnapshotPtr> &flows)
{
    // Flow and split-brain rows carry the flow's label: they concern both of its clusters.
    std::set<QString> labels;
    for (const auto &f : flows)
        if (f && (f->flow.sourceCluster == cluster || f->flow.targetCluster == cluster))
            labels.insert(f->flow.label());
    constexpr int kLines = 6; // a tooltip, not a report
    ClusterTriage out;
    for (const TriageItem &i : items) { // worst first already
        if (i.cluster != cluster && !labels.count(i.cluster))
            continue;
        if (!out.any || i.severity > out.worst)
            out.worst = i.severity;
        out.any = true;
        ++out.count;
        if (out.lines.size() < kLines)
            out.lines << (i.cluster == cluster ? i.subject : i.cluster + QLatin1Char(' ') + i.subject)
                             + QStringLiteral(": ") + i.message;
    }
    if (out.count > kLines)
        out.lines << QStringLiteral("… +%1").arg(out.count - kLines);
    return out;
}

QJsonArray triageJson(const std::vector<TriageItem> &items)
{
    QJsonArray out;
    for (const TriageItem &i : items)
        out.append(QJsonObject{
            {QStringLiteral("severity"), triageSeverityName(i.severity)},
            {QStringLiteral("kind"), triageKindName(i.kind)},
            {QStringLiteral("cluster"), i.cluster},
            {QStringLiteral("subject"), i.subject},
            {QStringLiteral("group"), i.group.isEmpty() ? QJsonValue() : QJsonValue(i.group)},
            {QStringLiteral("message"), maskSecrets(i.message)},
            {QStringLiteral("target"), triageTargetName(i.target)},
            {QStringLiteral("since"),
             i.since.isValid() ? QJsonValue(i.since.toUTC().toString(Qt::ISODate)) : QJsonValue()},
            {QStringLiteral("since_at_least"), i.sinceAtLeast},
        });
    return out;
}

void TriageSince::update(std::vector<TriageItem> &items, const QDateTime &now, const QStringList &firstLooks)
{
    std::map<QString, QDateTime> seen;
    std::set<QString> atLeast;
    for (TriageItem &i : items) {
        const QString key = i.key();
        const auto it = m_first.find(key);
        const bool known = it != m_first.end();
        seen.emplace(key, known ? it->second : now);
        // Already so at the first look at its cluster: it started before Lagscope saw it.
        if (known ? m_atLeast.count(key) > 0 : firstLooks.contains(i.cluster))
            atLeast.insert(key);
        if (i.since.isValid())
            continue;
        i.since = seen[key];
        i.sinceAtLeast = atLeast.count(key) > 0;
    }
    m_first = std::move(seen);
    m_atLeast = std::move(atLeast);
}

} // namespace lagscope
