#include "model/Rebalance.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct RebalanceText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::Rebalance)
};

QString rebalanceSeconds(qint64 ms)
{
    if (ms < 10000)
        return RebalanceText::tr("%1 s").arg(QLocale::c().toString(double(ms) / 1000.0, 'f', 1));
    return RebalanceText::tr("%1 s").arg(ms / 1000);
}

} // namespace

qint64 Rebalance::minDurationMs() const
{
    if (!startBy.isValid() || !endAfter.isValid())
        return 0;
    return std::max<qint64>(0, startBy.msecsTo(endAfter));
}

qint64 Rebalance::maxDurationMs() const
{
    if (!startAfter.isValid() || !endBy.isValid())
        return 0;
    return std::max<qint64>(0, startAfter.msecsTo(endBy));
}

QString triggerText(int trigger)
{
    QStringList parts;
    if (trigger & TriggerMemberJoined)
        parts << RebalanceText::tr("member joined");
    if (trigger & TriggerMemberLeft)
        parts << RebalanceText::tr("member left");
    if (trigger & TriggerAssignmentChanged)
        parts << RebalanceText::tr("assignment changed");
    if (parts.isEmpty())
        return RebalanceText::tr("re-join, no visible change");
    return parts.join(QStringLiteral(", "));
}

QString durationText(const Rebalance &r)
{
    return RebalanceText::tr("between %1 and %2")
        .arg(rebalanceSeconds(r.minDurationMs()), rebalanceSeconds(r.maxDurationMs()));
}

QString rebalanceSummary(const Rebalance &r)
{
    const QString moved = r.moves.empty() ? RebalanceText::tr("no partition moved")
                                          : RebalanceText::tr("%n partition(s) moved", nullptr, int(r.moves.size()));
    const QString where =
        r.betweenPolls() ? RebalanceText::tr("completed between two polls") : r.statesSeen.join(QStringLiteral(" → "));
    return RebalanceText::tr("rebalance (%1): %2 → %3 member(s), %4; took %5 (%6)")
        .arg(triggerText(r.trigger))
        .arg(r.membersBefore.size())
        .arg(r.membersAfter.size())
        .arg(moved, durationText(r), where);
}

} // namespace lagscope
