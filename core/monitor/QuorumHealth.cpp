#include "monitor/QuorumHealth.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

namespace lagscope {

namespace {

struct QuorumHealthText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::QuorumHealth)
};

QString quorumSeconds(qint64 ms) { return QuorumHealthText::tr("%1 s").arg(QLocale().toString((ms + 500) / 1000)); }

const QuorumReplica *voterOf(const QuorumInfo &q, int id)
{
    const auto it = std::find_if(q.voters.begin(), q.voters.end(), [&](const QuorumReplica &r) { return r.id == id; });
    return it == q.voters.end() ? nullptr : &*it;
}

QString voterSubject(int id) { return QStringLiteral("voter ") + QString::number(id); }

} // namespace

qint64 quorumClockMs(const QuorumInfo &quorum)
{
    qint64 latest = -1;
    for (const auto *list : {&quorum.voters, &quorum.observers})
        for (const QuorumReplica &r : *list)
            latest = std::max(latest, r.lastFetchMs);
    return latest;
}

VoterHealth voterHealth(const QuorumInfo &quorum, const QuorumReplica &voter)
{
    if (voter.id == quorum.leaderId)
        return VoterHealth::CaughtUp;
    const qint64 now = quorumClockMs(quorum);
    if (voter.lastFetchMs < 0 || now - voter.lastFetchMs > kVoterLostMs)
        return VoterHealth::Lost;
    if (voter.lastCaughtUpMs < 0 || now - voter.lastCaughtUpMs > kVoterLaggingMs)
        return VoterHealth::Lagging;
    return VoterHealth::CaughtUp;
}

QString voterHealthName(VoterHealth health)
{
    switch (health) {
    case VoterHealth::CaughtUp: return QStringLiteral("CaughtUp");
    case VoterHealth::Lagging: return QStringLiteral("Lagging");
    case VoterHealth::Lost: return QStringLiteral("Lost");
    }
    return {};
}

QString voterHealthReason(const QuorumInfo &quorum, const QuorumReplica &voter)
{
    const qint64 now = quorumClockMs(quorum);
    switch (voterHealth(quorum, voter)) {
    case VoterHealth::Lost:
        return voter.lastFetchMs < 0
                   ? QuorumHealthText::tr("no fetch known to leader %1").arg(quorum.leaderId)
                   : QuorumHealthText::tr("no fetch for %1").arg(quorumSeconds(now - voter.lastFetchMs));
    case VoterHealth::Lagging:
        return voter.lastCaughtUpMs < 0
                   ? QuorumHealthText::tr("%1 records behind, never caught up")
                         .arg(QLocale().toString(quorum.lag(voter)))
                   : QuorumHealthText::tr("%1 records behind, caught up %2 ago")
                         .arg(QLocale().toString(quorum.lag(voter)), quorumSeconds(now - voter.lastCaughtUpMs));
    case VoterHealth::CaughtUp:
        return voter.id == quorum.leaderId ? QuorumHealthText::tr("leader") : QuorumHealthText::tr("caught up");
    }
    return {};
}

void appendQuorumEvents(const QuorumInfo *before, const QuorumInfo *after, const QDateTime &time,
                        const QString &cluster, std::vector<ClusterEvent> &out)
{
    if (!before || !after)
        return; // an unreadable quorum says nothing of a change
    auto add = [&](EventKind kind, EventSeverity severity, QString subject, QString message) {
        out.push_back(ClusterEvent{time, cluster, kind, severity, std::move(subject), QString(), std::move(message)});
    };
    if (before->leaderId != after->leaderId)
        add(EventKind::QuorumLeaderChanged, after->leaderId < 0 ? EventSeverity::Error : EventSeverity::Warning,
            QStringLiteral("quorum"),
            after->leaderId < 0 ? QuorumHealthText::tr("controller quorum has no leader (was %1, epoch %2)")
                                      .arg(before->leaderId)
                                      .arg(before->leaderEpoch)
                                : QuorumHealthText::tr("controller quorum leader %1 → %2 (epoch %3 → %4)")
                                      .arg(before->leaderId)
                                      .arg(after->leaderId)
                                      .arg(before->leaderEpoch)
                                      .arg(after->leaderEpoch));
    for (const QuorumReplica &now : after->voters) {
        const QuorumReplica *was = voterOf(*before, now.id);
        const VoterHealth h = voterHealth(*after, now);
        const VoterHealth old = was ? voterHealth(*before, *was) : VoterHealth::CaughtUp;
        if (h == old)
            continue;
        const QString reason = voterHealthReason(*after, now);
        switch (h) {
        case VoterHealth::Lost:
            add(EventKind::QuorumVoterLost, EventSeverity::Error, voterSubject(now.id),
                QuorumHealthText::tr("controller voter %1 lost: %2").arg(now.id).arg(reason));
            break;
        case VoterHealth::Lagging:
            add(EventKind::QuorumVoterLagging, EventSeverity::Warning, voterSubject(now.id),
                QuorumHealthText::tr("controller voter %1 lagging: %2").arg(now.id).arg(reason));
            break;
        case VoterHealth::CaughtUp:
            add(EventKind::QuorumVoterCaughtUp, EventSeverity::Info, voterSubject(now.id),
                QuorumHealthText::tr("controller voter %1 caught up").arg(now.id));
            break;
        }
    }
}

} // namespace lagscope
