// What an alert rule sees in a group or a cluster at one poll.
#include "alerts/AlertEvaluator.h"

#include <QCoreApplication>
#include <QLocale>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct AlertObserveText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::AlertEvaluator)
};

QString count(double value) { return QLocale::system().toString(qlonglong(value)); }

} // namespace

std::optional<AlertObservation> observeGroup(const AlertRule &rule, const GroupState &group)
{
    switch (rule.condition) {
    case AlertCondition::LagMessages: {
        const bool known = std::any_of(group.partitions.begin(), group.partitions.end(),
                                       [](const PartitionLag &p) { return p.lag.has_value(); });
        if (!known)
            return std::nullopt;
        const double v = double(group.totalLag);
        return AlertObservation{v >= rule.threshold, v, AlertObserveText::tr("total lag %1 records").arg(count(v))};
    }
    case AlertCondition::RebalancesPerHour: {
        const double v = group.rebalancesLastHour;
        return AlertObservation{v >= rule.threshold, v,
                                AlertObserveText::tr("%n rebalance(s) in the last hour", nullptr, int(v))};
    }
    case AlertCondition::LagSeconds: {
        if (!group.maxLagTime)
            return std::nullopt;
        const LagTime &t = *group.maxLagTime;
        // "At least N s" is a certain breach once N reaches the threshold; below it the
        // true age is unknown, so it is no observation either way.
        if (t.atLeast && t.seconds < rule.threshold)
            return std::nullopt;
        return AlertObservation{t.seconds >= rule.threshold, t.seconds,
                                AlertObserveText::tr("lag %1").arg(formatLagTime(t))};
    }
    case AlertCondition::Status: {
        const auto threshold = lagStatusFromName(rule.statusThreshold);
        if (!threshold)
            return std::nullopt;
        const LagStatus status = group.verdict.status;
        return AlertObservation{lagStatusSeverity(status) >= lagStatusSeverity(*threshold),
                                double(lagStatusSeverity(status)),
                                AlertObserveText::tr("status %1: %2").arg(lagStatusName(status), group.verdict.reason)};
    }
    case AlertCondition::BrokerOffline:
    case AlertCondition::FailoverReread:
    case AlertCondition::FailoverUntranslatable: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<AlertObservation> observeCluster(const AlertRule &rule, const ClusterSnapshot &snapshot)
{
    if (rule.condition != AlertCondition::BrokerOffline)
        return std::nullopt;
    QStringList down;
    for (const BrokerState &b : snapshot.brokers)
        if (b.status != BrokerStatus::Online)
            down << QString::number(b.info.id);
    const double v = double(down.size());
    return AlertObservation{v >= std::max(1.0, rule.threshold), v,
                            down.isEmpty()
                                ? AlertObserveText::tr("all brokers online")
                                : AlertObserveText::tr("%n broker(s) not online: %1", nullptr, int(down.size()))
                                      .arg(down.join(QStringLiteral(", ")))};
}

} // namespace lagscope
