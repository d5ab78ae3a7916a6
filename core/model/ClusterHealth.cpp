#include "model/ClusterHealth.h"

#include "kafka/KafkaClient.h"

#include <QCoreApplication>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ClusterHealthText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ClusterHealth)
};

// The tree's status column and the status bar have room for one line, not for a TLS
// failure's whole explanation (the tooltip has all of it).
constexpr qsizetype kReasonLength = 90;

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
        h.reason = auth.size() > kReasonLength ? auth.left(kReasonLength) + QStringLiteral("…") : auth;
    } else if (!s.reachable) {
        h.level = HealthLevel::Error;
        h.reason = ClusterHealthText::tr("Unreachable since %1")
                       .arg(s.unreachableSince.toLocalTime().toString(QStringLiteral("HH:mm:ss")));
    } else if (h.offlinePartitions > 0 || h.brokersDown() > 0) {
        h.level = HealthLevel::Error;
        h.reason = ClusterHealthText::tr("%1 broker(s) down, %2 offline partition(s)")
                       .arg(h.brokersDown())
                       .arg(h.offlinePartitions);
    } else if (h.underReplicated > 0) {
        h.level = HealthLevel::Warning;
        h.reason = ClusterHealthText::tr("%1 under-replicated").arg(h.underReplicated);
    } else {
        h.level = HealthLevel::Ok;
        h.reason = ClusterHealthText::tr("OK");
    }
    return h;
}

} // namespace lagscope
