#pragma once
// Lag in seconds: how long ago the first unconsumed record was appended, interpolated from
// a partition's history of (log-end offset, time) points. Pure functions plus a bounded
// history value; see docs/LAG-STATUS.md, "Lag in seconds".
//
// Unlike kafka-lag-exporter (docs/LAG-RULES.md, Background) this never extrapolates: a committed offset
// older than the history gives "at least the history span"; a flat run of points never
// brackets an offset, so no division by zero; lag 0 is 0 s; one point is "unknown", never NaN.

#include "model/LagStatus.h"

#include <QtGlobal>

#include <cstdint>
#include <optional>
#include <vector>

namespace lagscope {

struct LogEndPoint {
    qint64 timeMs = 0;
    std::int64_t offset = 0;
    friend bool operator==(const LogEndPoint &, const LogEndPoint &) = default;
};

// A partition's log-end offsets over time, oldest first, offsets non-decreasing, times
// increasing. Bounded: a flat run keeps only its first and latest point, and when the
// capacity is reached every second point of the older half is dropped, so the history
// keeps reaching back (more coarsely) instead of forgetting the past.
class LogEndHistory {
public:
    static constexpr int kDefaultCapacity = 128;
    explicit LogEndHistory(int capacity = kDefaultCapacity) : m_capacity(std::max(capacity, 4)) { }

    // A point older than the newest is ignored (clock went back). A lower offset than the
    // newest means the log was truncated or the topic recreated: the history restarts.
    void add(LogEndPoint p);
    const std::vector<LogEndPoint> &points() const { return m_points; }
    bool empty() const { return m_points.empty(); }

private:
    void thin();
    int m_capacity;
    std::vector<LogEndPoint> m_points;
};

// Age of the first unconsumed record (offset `committed`) at nowMs:
// - committed >= newest log end → 0 s;
// - fewer than two points → nullopt (unknown until the second poll);
// - committed below the oldest point's offset → atLeast, now − oldest time;
// - else the two points l, r with l.offset <= committed < r.offset: record `committed` was
//   appended when the log end passed committed+1, at
//   l.time + (committed + 1 − l.offset) · (r.time − l.time) / (r.offset − l.offset).
std::optional<LagTime> lagTime(const std::vector<LogEndPoint> &history, std::int64_t committed, qint64 nowMs);

// Time to consume `lag` records at `ratePerSec`; lag 0 → 0 s; rate <= 0 with lag → never.
DrainTime drainTime(std::int64_t lag, double ratePerSec);

} // namespace lagscope
