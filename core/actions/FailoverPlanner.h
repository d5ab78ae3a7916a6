#pragma once
// The failover planner and preflight checks: pure functions of gathered inputs
// (FailoverPlan.h), table-tested in tests/unit/tst_failoverplanner.cpp.
//
// Per partition, the candidates — each one never past the first record the group has not
// consumed — are:
//   exact        the replica position found by record matching (ReplicaMatcher.h); when
//                identical records leave several positions, exact-ambiguous (earliest);
//   offset-sync  MirrorMaker's own rule on the group's CURRENT committed offset C: the
//                newest sync with from <= C gives to + (C == from ? 0 : 1);
//   checkpoint   MirrorMaker's newest checkpoint, when its upstream offset is not past C;
//   log-start    C at or below the source's log start (an empty partition at 0): the
//                target's log start, in every mode.
// Auto takes the highest candidate (exact wins ties); a forced mode takes only its own.
// In disaster mode (source unreachable) C is the newest value the cache saw; a checkpoint
// written after that sighting is the fresher view of the group and is used instead.
// Partitions with no candidate get the user's fallback: earliest, latest, or fail.

#include "actions/FailoverPlan.h"

#include <vector>

namespace lagscope::failover {

FailoverPlan planFailover(const FailoverGroupInputs &inputs, const PlanOptions &options);

// In words: where a consumer starts on a partition the group never committed.
QString uncommittedNote(const UncommittedPartition &partition, const QString &toCluster);
// The same for a plan's warnings, one line a topic.
QStringList uncommittedSummary(const std::vector<UncommittedPartition> &partitions, const QString &toCluster);

// The conservative offset-sync translation of `committed`, or -1 when no sync is at or
// below it (MirrorMaker then translates nothing either).
qint64 translateBySyncs(const std::vector<OffsetPair> &syncs, qint64 committed);

struct PreflightCheck {
    enum Level {
        Green,
        Amber,
        Red
    };
    QString name;
    Level level = Green;
    QString reason;
};

QString levelName(PreflightCheck::Level level); // "green", "amber", "red"

struct PreflightOptions {
    bool disasterAcknowledged = false;   // the user accepts failing over from an unreachable source
    bool acceptSkips = false;            // the user accepts partitions that skip records
    qint64 staleAfterMs = 5 * 60 * 1000; // cached data or checkpoints older than this are amber
};

// In a fixed order: target group inactive, source group inactive, remote topics, read-only,
// every partition translated, no skipped records, replication caught up, data freshness.
std::vector<PreflightCheck> preflightFailover(const FailoverGroupInputs &inputs, const FailoverPlan &plan,
                                              const PreflightOptions &options);
bool anyRed(const std::vector<PreflightCheck> &checks);

} // namespace lagscope::failover
