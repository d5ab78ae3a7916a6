#include "model/ClusterHealth.h"

#include "kafka/KafkaClient.h"
#include "monitor/QuorumHealth.h"

#include <QCoreApplication>
#include <QStringList>

#include <map>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ClusterHealthText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ClusterHealth)
};

// The tree's status column and the status bar have room for one line, not for a TLS
// failure's whole explanation (the tooltip has all of it).
constexpr qsizetype kReasonLength = 90;

QString cut(const QString &reason)
{
    return reason.size() > kReasonLength ? reason.left(kReasonLength) + QStringLiteral("…") : reason;
}

// "broker 2 fenced", "brokers 2, 5 offline": the brokers in each state that is not Online,
// errors (Offline, Fenced) apart from warnings (Unreachable, Stopping).
void addBrokers(const ClusterSnapshot &s, QStringList &errors, QStringList &warnings)
{
    std::map<BrokerStatus, QStringList> ids;
    for (const BrokerState &b : s.brokers)
        if (b.status != BrokerStatus::Online)
            ids[b.status] << QString::number(b.info.id);
    const auto add = [&ids](BrokerStatus status, QStringList &out, const QString &one, const QString &many) {
        const QStringList &list = ids[status];
        if (!list.isEmpty())
            out << (list.size() == 1 ? one : many).arg(list.join(QStringLiteral(", ")));
    };
    add(BrokerStatus::Offline, errors, ClusterHealthText::tr("broker %1 offline"),
        ClusterHealthText::tr("brokers %1 offline"));
    add(BrokerStatus::Fenced, errors, ClusterHealthText::tr("broker %1 fenced"),
        ClusterHealthText::tr("brokers %1 fenced"));
    add(BrokerStatus::Unreachable, warnings, ClusterHealthText::tr("broker %1 unreachable"),
        ClusterHealthText::tr("brokers %1 unreachable"));
    add(BrokerStatus::Stopping, warnings, ClusterHealthText::tr("broker %1 stopping"),
        ClusterHealthText::tr("brokers %1 stopping"));
}

// A quorum without a leader cannot change the cluster's metadata: no broker can be fenced,
// unfenced or added, no partition leader moved. A voter lost or lagging is a warning: while
// a leader holds, a majority still follows it, but the quorum has one loss less to spare.
// Without a leader the voters' times mean nothing, so they are not judged. No quorum read
// (ZooKeeper, Kafka < 3.3, no patch) says nothing about the cluster's health.
void addQuorum(const ClusterSnapshot &s, QStringList &errors, QStringList &warnings)
{
    if (!s.quorum)
        return;
    const QuorumInfo &q = *s.quorum;
    if (q.leaderId < 0) {
        errors << ClusterHealthText::tr("controller quorum has no leader");
        return;
    }
    for (const QuorumReplica &voter : q.voters) {
        switch (voterHealth(q, voter)) {
        case VoterHealth::Lost: warnings << ClusterHealthText::tr("controller voter %1 lost").arg(voter.id); break;
        case VoterHealth::Lagging:
            warnings << ClusterHealthText::tr("controller voter %1 lagging").arg(voter.id);
            break;
        case VoterHealth::CaughtUp: break;
        }
    }
}

} // namespace

ClusterHealth clusterHealth(const ClusterSnapshot &s)
{
    ClusterHealth h;
    h.brokers = int(s.brokers.size());
    h.brokersOnline = s.onlineBrokerCount();
    for (const auto &t : s.topics) {
        h.partitions += int(t.partitions.size());
        h.underReplicated += t.underReplicatedCount();
        h.offlinePartitions += t.offlineCount();
    }

    if (const QString auth = KafkaClient::authenticationFailure(s.error); !s.reachable && !auth.isEmpty()) {
        h.level = HealthLevel::Error;
        h.reason = cut(auth);
        return h;
    }
    if (!s.reachable) {
        h.level = HealthLevel::Error;
        h.reason = ClusterHealthText::tr("Unreachable since %1")
                       .arg(s.unreachableSince.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
        return h;
    }
    QStringList errors;
    QStringList warnings;
    addBrokers(s, errors, warnings);
    addQuorum(s, errors, warnings);
    if (h.offlinePartitions > 0)
        errors << ClusterHealthText::tr("%1 offline partition(s)").arg(h.offlinePartitions);
    if (h.underReplicated > 0)
        warnings << ClusterHealthText::tr("%1 under-replicated").arg(h.underReplicated);
    h.level = !errors.isEmpty() ? HealthLevel::Error : !warnings.isEmpty() ? HealthLevel::Warning : HealthLevel::Ok;
    h.reason =
        h.level == HealthLevel::Ok ? ClusterHealthText::tr("OK") : cut((errors + warnings).join(QStringLiteral(", ")));
    return h;
}

} // namespace lagscope
