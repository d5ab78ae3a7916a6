#pragma once
// The history of one consumer group as the store keeps it since schema version 5: a point
// per poll (or per bucket further back) holding the group's aggregates and every partition
// with a known offset, and the pure functions on them: the block codec, buckets, merges.
// Internal to core/store; plain values, no SQL, any thread (docs/ARCHITECTURE.md, "History
// encoding", says why the store keeps blocks of points instead of a row per partition).

#include <QByteArray>
#include <QtGlobal>

#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace lagscope::history {

// A value the poll did not know (no commit yet, no leader…): NULL in the old tables.
constexpr qint64 kUnknown = std::numeric_limits<qint64>::min();

struct PartitionPoint {
    qint64 seriesId = 0; // partition_series.id: the group, topic and partition
    qint64 committed = kUnknown;
    qint64 logEnd = kUnknown;
    qint64 lag = kUnknown;
    friend bool operator==(const PartitionPoint &, const PartitionPoint &) = default;
};

// One poll of a group, or one bucket (then: maxima of the lags, worst status, the newest
// levels). status is a stable code, not a severity: 0 not judged, else statusCodeOf().
struct GroupPoint {
    qint64 timeMs = 0;
    qint64 totalLag = 0;
    qint64 maxLag = 0;
    int members = 0;
    qint64 stateId = 0; // group_state.id; 0: none
    int status = 0;
    std::optional<double> maxLagSeconds;
    std::optional<bool> lagSecondsAtLeast;
    std::vector<PartitionPoint> partitions; // sorted by seriesId, one each
    friend bool operator==(const GroupPoint &, const GroupPoint &) = default;
};

// Status names ("OK", "STOP"…) ↔ the codes stored in points; an unknown or empty name is 0.
int statusCodeOf(const QString &name);
QString statusNameOf(int code);
// Higher is worse; 0 (not judged) is below every status.
int statusRank(int code);

// Points sorted by time → a block; a block → its points, or nullopt when it is damaged or
// of an unknown format. Values are delta-coded against the previous point of the same
// series (offsets against their previous step: a log end growing at a steady rate costs a
// byte), then the block is deflated.
// Plain is for the recent polls: one point does not deflate well, and deflate's setup (a
// 256 KiB window, cleared) would cost more than the write of the row.
enum class Packing {
    Deflated,
    Plain,
};
QByteArray encodePoints(const std::vector<GroupPoint> &points, Packing packing = Packing::Deflated);
std::optional<std::vector<GroupPoint>> decodePoints(const QByteArray &block);

// Builds a block point by point (points in time order), holding only the encoded bytes and
// the last values of each series: compaction packs thousands of groups' polls, and a
// migration a span of every group, without their points in memory (a poll of 5,000 groups
// × 20 partitions is 3 MB as points, 0.3 MB encoded).
class PointEncoder {
public:
    PointEncoder();
    ~PointEncoder();
    PointEncoder(PointEncoder &&) noexcept;
    PointEncoder &operator=(PointEncoder &&) noexcept;

    void append(const GroupPoint &point);
    size_t size() const;
    qint64 lastTimeMs() const; // of the newest point appended; 0 when none
    // The block of the points appended so far (encodePoints() of them).
    QByteArray finish(Packing packing = Packing::Deflated) const;

private:
    struct State;
    std::unique_ptr<State> d;
};

// Points (sorted by time) folded into buckets of bucketMs aligned to the epoch, stamped
// with their start: per bucket the maxima of total, max and partition lags, of the lag
// seconds and of at-least; the worst status; members, state and each partition's offsets
// from the newest point that has them.
std::vector<GroupPoint> bucketize(const std::vector<GroupPoint> &points, qint64 bucketMs);

// How a point meets an existing point of the same time.
enum class SameTime {
    Replace, // a poll written again: the new one stands
    Combine, // a bucket built again from late rows: lags max, worst status, newer levels
};
// Both sorted by time; the result too. incoming is the newer information.
std::vector<GroupPoint> mergePoints(std::vector<GroupPoint> existing, const std::vector<GroupPoint> &incoming,
                                    SameTime rule);

qint64 floorTo(qint64 t, qint64 step);

} // namespace lagscope::history
