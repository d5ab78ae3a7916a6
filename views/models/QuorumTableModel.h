#pragma once
// The KRaft controller quorum of one cluster snapshot, one row per voter, then one per
// observer: role, health (voters only: observers are brokers, not voters), log end, lag
// behind the high watermark, and the leader's times of each replica's last fetch and last
// catch-up, as ages by the leader's own clock (quorumClockMs()). docs/BROKER-STATES.md has
// the health rules. Empty when the snapshot has no quorum (quorumError says why).
// Thread: GUI thread only. Ownership: a plain QObject, owned by its parent; it keeps a
// reference to the last snapshot applied.

#include "model/ClusterSnapshot.h"
#include "models/SnapshotTableModel.h"
#include "monitor/QuorumHealth.h"

#include <optional>
#include <tuple>

namespace lagscope {

// One row of QuorumTableModel: what it shows of a replica, compared to find the changed rows.
struct QuorumTableRow {
    enum class Role {
        Leader,
        Follower,
        Observer
    };
    Role role = Role::Follower;
    int id = -1;
    QString directoryId;
    std::optional<VoterHealth> health; // nullopt for observers
    qint64 logEndOffset = -1;          // -1: unknown
    qint64 lag = -1;                   // records behind the high watermark; -1: unknown
    qint64 lastFetchAgeMs = -1;        // by the leader's clock; -1: unknown
    qint64 lastCaughtUpAgeMs = -1;
    QString reason; // voterHealthReason(), voters only

    // Voters first, then observers, each by id (a KIP-853 reconfiguration may list one id
    // with two directories).
    std::tuple<bool, int, QString> key() const { return {role == Role::Observer, id, directoryId}; }
    friend bool operator==(const QuorumTableRow &, const QuorumTableRow &) = default;
};

class QuorumTableModel final : public SnapshotTableModel<QuorumTableRow, ClusterSnapshot> {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(QuorumTableModel)

public:
    enum Column {
        Id,
        Role,
        Health,
        LogEndOffset,
        Lag,
        LastFetch,
        LastCaughtUp,
        Reason,
        NB_COLUMNS
    };
    enum Roles {
        SortRole = kTableSortRole
    };

    explicit QuorumTableModel(QObject *parent = nullptr);

    static QString roleText(QuorumTableRow::Role role);
    static QString healthText(VoterHealth health);
    static StatusTone healthTone(VoterHealth health);
    // "3 s ago", "4 min ago", "2 h ago"; "-" when unknown (negative).
    static QString ageText(qint64 ms);

private:
    using Row = QuorumTableRow;

    static const Columns &columns();
    std::vector<Row> rowsOf(const ClusterSnapshot &snapshot) const override;
};

} // namespace lagscope
