#pragma once
// How long the history store keeps what, and how coarsely. A plain value, copied into the
// store when it opens.
//
// Partition samples and group aggregates age through three tiers:
//
//   tier 0  raw, one row per poll ............ for the newest `rawFor`        (default 6 h)
//   tier 1  `fineBucket` buckets (1 min) ..... until `fineFor` old            (default 24 h)
//   tier 2  `coarseBucket` buckets (10 min) .. until `keepFor` old            (default 7 days)
//
// Nothing older than `keepFor` is kept, events included. Buckets are aligned to multiples
// of their size since the Unix epoch and stamped with their start. A bucket holds the
// maximum lag seen in it (partition lag; group total and max lag) and the last committed
// offset, log-end offset, member count and group state: charts must not hide a spike, and
// offsets and states are levels, not amounts.
//
// Why raw data is kept so briefly: at 500 groups × 20 partitions and a 5 s poll, one hour
// of raw polls is 7.2 million partition values; the buckets cut that by 12× and 120×.

#include <QString>

#include <chrono>

namespace lagscope {

struct RetentionPolicy {
    std::chrono::seconds rawFor{std::chrono::hours(6)};
    std::chrono::seconds fineBucket{std::chrono::minutes(1)};
    std::chrono::seconds fineFor{std::chrono::hours(24)};
    std::chrono::seconds coarseBucket{std::chrono::minutes(10)};
    std::chrono::seconds keepFor{std::chrono::days(7)};

    // Empty when the policy is usable, else what is wrong with it: tiers must not overlap
    // backwards and a coarse bucket must be a whole number of fine buckets.
    QString problem() const
    {
        using std::chrono::seconds;
        if (rawFor <= seconds(0) || fineBucket <= seconds(0) || coarseBucket <= seconds(0))
            return QStringLiteral("durations and bucket sizes must be positive");
        if (coarseBucket % fineBucket != seconds(0))
            return QStringLiteral("the coarse bucket must be a multiple of the fine bucket");
        if (fineFor < rawFor || keepFor < fineFor)
            return QStringLiteral("each tier must reach at least as far back as the one before");
        return QString();
    }

    friend bool operator==(const RetentionPolicy &, const RetentionPolicy &) = default;
};

} // namespace lagscope
