#pragma once
// The failover readiness of a MirrorMaker 2 flow's groups at one poll (or bucket), as the
// history store keeps it: per group the records a consumer failing over now would read again
// and the partitions MirrorMaker has no checkpoint for (mirror::GroupFlow), one row per flow
// and poll holding every group (docs/MIRRORMAKER2.md, "Failover readiness history").
//
// Pure: no SQL, no I/O; plain values usable from any thread. Internal to core/store.

#include <QByteArray>
#include <QtGlobal>

#include <optional>
#include <vector>

namespace lagscope::history {

struct GroupReadinessPoint {
    qint64 groupId = 0;        // flow_group.id
    qint64 reread = -1;        // records; -1: no partition had both a checkpoint and a commit
    qint64 untranslatable = 0; // committed partitions without a checkpoint
    friend bool operator==(const GroupReadinessPoint &, const GroupReadinessPoint &) = default;
};

// Every group of one poll or bucket, sorted by groupId, one each.
using ReadinessPoll = std::vector<GroupReadinessPoint>;

// A poll → the row's bytes; the bytes → the poll, or nullopt when damaged or of an unknown
// format. Per group three varints: the id's step from the previous group's (ids are dense
// per flow, so mostly one byte), reread + 1 and untranslatable. Deflated when that is smaller
// (a flow's many idle groups repeat the same few bytes).
QByteArray encodeReadiness(const ReadinessPoll &poll);
std::optional<ReadinessPoll> decodeReadiness(const QByteArray &bytes);

// Folds a poll into a bucket: a group's worst of both values (the most records to re-read,
// the most partitions without a checkpoint), so that a bucket never hides a degraded poll.
// Both sorted by groupId; the bucket stays so.
void foldReadiness(ReadinessPoll &bucket, const ReadinessPoll &poll);

} // namespace lagscope::history
