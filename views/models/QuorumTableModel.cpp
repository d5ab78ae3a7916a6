#include "models/QuorumTableModel.h"

#include "models/ModelFormat.h"
#include "models/StatusColors.h"

namespace lagscope {

namespace {

QString offsetText(qint64 value) { return value < 0 ? unknownText() : formatCount(std::int64_t(value)); }

} // namespace

QuorumTableModel::QuorumTableModel(QObject *parent) : SnapshotTableModel(columns(), parent) { m_rowNumbers = false; }

QString QuorumTableModel::roleText(QuorumTableRow::Role role)
{
    switch (role) {
    case QuorumTableRow::Role::Leader: return tr("Leader");
    case QuorumTableRow::Role::Follower: return tr("Follower");
    case QuorumTableRow::Role::Observer: return tr("Observer");
    }
    return unknownText();
}

QString QuorumTableModel::healthText(VoterHealth health)
{
    switch (health) {
    case VoterHealth::CaughtUp: return tr("Caught up");
    case VoterHealth::Lagging: return tr("Lagging");
    case VoterHealth::Lost: return tr("Lost");
    }
    return unknownText();
}

StatusTone QuorumTableModel::healthTone(VoterHealth health)
{
    switch (health) {
    case VoterHealth::CaughtUp: return StatusTone::Good;
    case VoterHealth::Lagging: return StatusTone::Warning;
    case VoterHealth::Lost: break;
    }
    return StatusTone::Error;
}

QString QuorumTableModel::ageText(qint64 ms)
{
    if (ms < 0)
        return unknownText();
    const qint64 s = ms / 1000;
    if (s < 60)
        return tr("%1 s ago").arg(s);
    if (s < 3600)
        return tr("%1 min ago").arg(s / 60);
    return tr("%1 h ago").arg(s / 3600);
}

std::vector<QuorumTableModel::Row> QuorumTableModel::rowsOf(const ClusterSnapshot &snapshot) const
{
    std::vector<Row> rows;
    if (!snapshot.quorum)
        return rows;
    const QuorumInfo &q = *snapshot.quorum;
    // Ages by the leader's clock: the Lagscope host's clock may be anywhere.
    const qint64 now = quorumClockMs(q);
    const auto age = [now](qint64 ms) { return ms < 0 || now < 0 ? qint64(-1) : std::max<qint64>(0, now - ms); };
    const auto rowOf = [&](const QuorumReplica &r, Row::Role role) {
        return Row{role,           r.id,     r.directoryId,      std::nullopt,
                   r.logEndOffset, q.lag(r), age(r.lastFetchMs), age(r.lastCaughtUpMs),
                   QString()};
    };
    for (const QuorumReplica &v : q.voters) {
        Row row = rowOf(v, v.id == q.leaderId ? Row::Role::Leader : Row::Role::Follower);
        // With no leader nobody's times are current: the health would judge a stale clock.
        if (q.leaderId >= 0) {
            row.health = voterHealth(q, v);
            row.reason = voterHealthReason(q, v);
        }
        rows.push_back(std::move(row));
    }
    for (const QuorumReplica &o : q.observers)
        rows.push_back(rowOf(o, Row::Role::Observer));
    return rows;
}

const QuorumTableModel::Columns &QuorumTableModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Id"),
         .alignment = right,
         .display = [](const Row &row) { return QString::number(row.id); },
         .sort = [](const Row &row) { return row.id; },
         .toolTip = [](const Row &row) -> QVariant {
             if (row.directoryId.isEmpty())
                 return QVariant();
             return tr("Metadata log directory %1").arg(row.directoryId);
         }},
        {.header = QT_TR_NOOP("Role"),
         .display = [](const Row &row) { return roleText(row.role); },
         .sort = [](const Row &row) { return int(row.role); },
         .toolTip = [](const Row &row) -> QVariant {
             switch (row.role) {
             case Row::Role::Leader: return tr("The active controller: it leads the metadata log");
             case Row::Role::Follower: return tr("A voter that follows the leader's metadata log");
             case Row::Role::Observer: return tr("A broker: it replicates the metadata log but has no vote");
             }
             return QVariant();
         }},
        {.header = QT_TR_NOOP("Health"),
         .headerToolTip = QT_TR_NOOP("Voters only, by the leader's clock: caught up; lagging (fetching, but "
                                     "without all of the log for a while); lost (not fetching)"),
         .display = [](const Row &row) { return row.health ? healthText(*row.health) : QString(); },
         .sort = [](const Row &row) { return row.health ? int(*row.health) : -1; },
         .toolTip = [](const Row &row) { return row.reason.isEmpty() ? QVariant() : QVariant(row.reason); },
         .foreground = [](const Row &row) -> std::optional<StatusTone> {
             if (!row.health)
                 return std::nullopt;
             return healthTone(*row.health);
         }},
        {.header = QT_TR_NOOP("Log end offset"),
         .alignment = right,
         .display = [](const Row &row) { return offsetText(row.logEndOffset); },
         .sort = [](const Row &row) { return row.logEndOffset; }},
        {.header = QT_TR_NOOP("Lag"),
         .headerToolTip = QT_TR_NOOP("Records behind the leader's high watermark"),
         .alignment = right,
         .display = [](const Row &row) { return offsetText(row.lag); },
         .sort = [](const Row &row) { return row.lag; }},
        {.header = QT_TR_NOOP("Last fetch"),
         .headerToolTip = QT_TR_NOOP("When the leader last had a fetch from it, by the leader's clock"),
         .alignment = right,
         .display = [](const Row &row) { return ageText(row.lastFetchAgeMs); },
         .sort = [](const Row &row) { return row.lastFetchAgeMs; }},
        {.header = QT_TR_NOOP("Last caught up"),
         .headerToolTip = QT_TR_NOOP("When it last had all of the leader's log, by the leader's clock"),
         .alignment = right,
         .display = [](const Row &row) { return ageText(row.lastCaughtUpAgeMs); },
         .sort = [](const Row &row) { return row.lastCaughtUpAgeMs; }},
        {.header = QT_TR_NOOP("Reason"),
         .display = [](const Row &row) { return row.reason; },
         .sort = [](const Row &row) { return row.reason; }},
    };
    return table;
}

} // namespace lagscope
