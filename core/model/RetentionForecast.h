#pragma once
// The retention-breach forecast of one partition of a group: when, at the rates Lagscope
// has seen, the log start (moved by retention, which deletes whole segments) will pass the
// group's committed offset, so that records are deleted before the group read them. A range,
// never a single point: the log start moves in steps, and a rate from a few of them is
// coarse (docs/LAG-STATUS.md, "Retention-breach forecast").
//
// Pure values and formatting: no I/O, no clock; usable from any thread. Ownership: plain
// values, carried in the snapshot (PartitionLag::retention, GroupState::retention).

#include <QString>

#include <cstdint>

namespace lagscope {

struct RetentionForecast {
    enum class Kind : std::uint8_t {
        NoMovement, // the log start has not moved while Lagscope watched (compacted topic,
                    // infinite retention, or not yet): nothing to forecast from
        OneStep,    // one step seen: a step size but no rate yet
        Paused,     // no step for more than twice the longest interval between steps: the
                    // log start stopped (no more writes, or nothing left to delete)
        Outpaced,   // the committed offset advances at least as fast as the log start
        Breach,     // the log start is forecast to pass the committed offset
    };
    Kind kind = Kind::NoMovement;
    // Breach: seconds from the poll. `seconds` is the central estimate, within
    // [earliest, latest]; latestOpen: at the slowest rate the samples allow, the log start
    // never catches up, so there is no latest time.
    float seconds = 0;
    float earliest = 0;
    float latest = 0;
    bool latestOpen = false;
    std::uint8_t steps = 0; // log-start steps the rate was measured over (2 … 8)

    bool breach() const { return kind == Kind::Breach; }
    friend bool operator==(const RetentionForecast &, const RetentionForecast &) = default;
};

// A forecast's time rounded to what it can claim: 5 s under a minute, 30 s under ten
// minutes, minutes under an hour, ten minutes under a day, hours beyond; "45s", "4m 30s",
// "12m", "2h 10m", "3d 4h". `up` rounds up (a latest bound), else to nearest.
QString formatForecastDuration(double seconds, bool up = false);
// "~2h 10m (1h 50m – 2h 40m)"; an open latest bound: "~2h 10m (1h 50m or later)"; not a
// breach: "-". The earliest bound is rounded down, the latest up, the estimate to nearest.
QString formatRetentionForecast(const RetentionForecast &f);

} // namespace lagscope
