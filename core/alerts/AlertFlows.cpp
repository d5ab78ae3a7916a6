// The failover readiness rules (failover_reread, failover_untranslatable): what they see in a
// group of a MirrorMaker 2 flow, and their evaluation at each poll of the flow.
#include "alerts/AlertEvaluator.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct AlertFlowsText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::AlertFlows)
};

bool wholeMatch(const QString &pattern, const QString &text)
{
    return pattern.isEmpty() || QRegularExpression(QRegularExpression::anchoredPattern(pattern)).match(text).hasMatch();
}

} // namespace

std::optional<AlertObservation> observeFlowGroup(const AlertRule &rule, const mirror::GroupFlow &group)
{
    if (rule.condition == AlertCondition::FailoverReread) {
        // rereadOnFailover sums the partitions where both a checkpoint and a commit are
        // known; without any, 0 would claim a readiness nobody measured.
        const bool known =
            std::any_of(group.partitions.begin(), group.partitions.end(),
                        [](const mirror::GroupPartitionFlow &p) { return p.checkpointBehindCommit() >= 0; });
        if (!known)
            return std::nullopt;
        const double v = double(group.rereadOnFailover);
        return AlertObservation{v >= rule.threshold, v,
                                AlertFlowsText::tr("%1 records to re-read on failover")
                                    .arg(QLocale::system().toString(qlonglong(group.rereadOnFailover)))};
    }
    if (rule.condition == AlertCondition::FailoverUntranslatable) {
        const int n = int(group.withoutCheckpoint.size());
        QStringList partitions;
        for (const TopicPartition &tp : group.withoutCheckpoint)
            partitions << tp.toString();
        const double v = n;
        return AlertObservation{v >= std::max(1.0, rule.threshold), v,
                                n == 0 ? AlertFlowsText::tr("every committed partition has a checkpoint")
                                       : AlertFlowsText::tr("%n partition(s) without a checkpoint: %1", nullptr, n)
                                             .arg(partitions.join(QStringLiteral(", ")))};
    }
    return std::nullopt;
}

std::vector<AlertTransition> AlertEvaluator::evaluateFlow(const mirror::FlowSnapshot &snapshot, const QDateTime &now)
{
    std::vector<AlertTransition> out;
    if (!snapshot.sourceReachable || !snapshot.targetReachable)
        return out;
    const QString label = snapshot.flow.label();
    std::set<Key> seenKeys;
    for (const AlertRule &rule : m_rules) {
        if (!isFlowCondition(rule.condition))
            continue;
        if (!wholeMatch(rule.clusterPattern, label) && !wholeMatch(rule.clusterPattern, snapshot.flow.targetCluster))
            continue;
        for (const mirror::GroupFlow &g : snapshot.groups) {
            if (!wholeMatch(rule.groupPattern, g.group))
                continue;
            const Key key{rule.name, label, g.group};
            seenKeys.insert(key);
            observe(rule, key, observeFlowGroup(rule, g), now, out);
        }
    }
    observeUnseen(label, seenKeys, now, out);
    return out;
}

} // namespace lagscope
