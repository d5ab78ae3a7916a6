// Buckets and merges of group points (store/GroupPoints.h): the rules the version-4 store
// applied in SQL when it moved rows down a tier, applied to points in memory.
#include "model/LagStatus.h"
#include "store/GroupPoints.h"

#include <QString>

#include <algorithm>

namespace lagscope::history {

namespace {

// Stored codes: the position in this list plus one. Never reorder: files hold the codes.
constexpr LagStatus kStatusCodes[] = {LagStatus::Ok,    LagStatus::Warn,   LagStatus::Err, LagStatus::Stop,
                                      LagStatus::Stall, LagStatus::Rewind, LagStatus::Risk};

template <typename T> std::optional<T> maxKnown(const std::optional<T> &a, const std::optional<T> &b)
{
    if (!a)
        return b;
    if (!b)
        return a;
    return std::max(*a, *b);
}

qint64 maxKnown(qint64 a, qint64 b)
{
    if (a == kUnknown)
        return b;
    if (b == kUnknown)
        return a;
    return std::max(a, b);
}

// Folds `newer` into `into`: lags are maxima, levels (offsets) come from the newer.
void combinePartitions(std::vector<PartitionPoint> &into, const std::vector<PartitionPoint> &newer)
{
    std::vector<PartitionPoint> out;
    out.reserve(std::max(into.size(), newer.size()));
    auto a = into.begin();
    auto b = newer.begin();
    while (a != into.end() || b != newer.end()) {
        if (b == newer.end() || (a != into.end() && a->seriesId < b->seriesId)) {
            out.push_back(*a++);
        } else if (a == into.end() || b->seriesId < a->seriesId) {
            out.push_back(*b++);
        } else {
            PartitionPoint p = *b;
            p.lag = maxKnown(a->lag, b->lag);
            out.push_back(p);
            ++a;
            ++b;
        }
    }
    into = std::move(out);
}

// Folds the newer point `b` into `a` by the bucket rules; a keeps its time.
void combine(GroupPoint &a, const GroupPoint &b)
{
    a.totalLag = std::max(a.totalLag, b.totalLag);
    a.maxLag = std::max(a.maxLag, b.maxLag);
    a.members = b.members;
    a.stateId = b.stateId;
    if (statusRank(b.status) > statusRank(a.status))
        a.status = b.status;
    a.maxLagSeconds = maxKnown(a.maxLagSeconds, b.maxLagSeconds);
    a.lagSecondsAtLeast = maxKnown(a.lagSecondsAtLeast, b.lagSecondsAtLeast);
    combinePartitions(a.partitions, b.partitions);
}

} // namespace

int statusCodeOf(const QString &name)
{
    for (size_t i = 0; i < std::size(kStatusCodes); ++i)
        if (lagStatusName(kStatusCodes[i]) == name)
            return int(i) + 1;
    return 0;
}

QString statusNameOf(int code)
{
    if (code < 1 || code > int(std::size(kStatusCodes)))
        return {};
    return lagStatusName(kStatusCodes[code - 1]);
}

int statusRank(int code)
{
    if (code < 1 || code > int(std::size(kStatusCodes)))
        return -1;
    return lagStatusSeverity(kStatusCodes[code - 1]);
}

qint64 floorTo(qint64 t, qint64 step)
{
    const qint64 q = t / step;
    return (t % step < 0 ? q - 1 : q) * step;
}

std::vector<GroupPoint> bucketize(const std::vector<GroupPoint> &points, qint64 bucketMs)
{
    std::vector<GroupPoint> out;
    for (const GroupPoint &p : points) {
        const qint64 start = floorTo(p.timeMs, bucketMs);
        if (out.empty() || out.back().timeMs != start) {
            out.push_back(p);
            out.back().timeMs = start;
        } else {
            combine(out.back(), p);
        }
    }
    return out;
}

std::vector<GroupPoint> mergePoints(std::vector<GroupPoint> existing, const std::vector<GroupPoint> &incoming,
                                    SameTime rule)
{
    if (existing.empty())
        return incoming;
    std::vector<GroupPoint> out;
    out.reserve(existing.size() + incoming.size());
    auto a = existing.begin();
    auto b = incoming.begin();
    while (a != existing.end() || b != incoming.end()) {
        if (b == incoming.end() || (a != existing.end() && a->timeMs < b->timeMs)) {
            out.push_back(std::move(*a++));
        } else if (a == existing.end() || b->timeMs < a->timeMs) {
            out.push_back(*b++);
        } else {
            if (rule == SameTime::Replace) {
                out.push_back(*b);
            } else {
                out.push_back(std::move(*a));
                combine(out.back(), *b);
            }
            ++a;
            ++b;
        }
    }
    return out;
}

} // namespace lagscope::history
