#include "report/ReportLayout.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace lagscope {

bool reportGroupBreached(const GroupReport &group)
{
    return (group.breach && group.breach->count > 0) || (group.breachSeconds && group.breachSeconds->count > 0);
}

qint64 reportBreachMs(const GroupReport &group)
{
    return std::max(group.breach ? group.breach->totalMs : 0, group.breachSeconds ? group.breachSeconds->totalMs : 0);
}

ReportLayout planReportLayout(const Report &report, const ReportLayoutOptions &options)
{
    const std::vector<GroupReport> &groups = report.groups;
    ReportLayout layout;
    layout.ranked.resize(groups.size());
    std::iota(layout.ranked.begin(), layout.ranked.end(), 0);
    auto breachCount = [](const GroupReport &g) {
        return (g.breach ? g.breach->count : 0) + (g.breachSeconds ? g.breachSeconds->count : 0);
    };
    // Breaching groups first, longest in breach first; then by lag, so the groups that lagged
    // most follow; names last, so that equal groups keep a stable, findable order.
    std::stable_sort(layout.ranked.begin(), layout.ranked.end(), [&](int a, int b) {
        const GroupReport &x = groups[size_t(a)];
        const GroupReport &y = groups[size_t(b)];
        const auto key = [&](const GroupReport &g) {
            return std::make_tuple(reportGroupBreached(g), reportBreachMs(g), breachCount(g), g.lag.p95, g.lag.max);
        };
        if (key(x) != key(y))
            return key(x) > key(y);
        return std::tie(x.cluster, x.group) < std::tie(y.cluster, y.group);
    });
    if (options.everyGroup) {
        layout.detailedCount = int(groups.size());
        return layout;
    }
    int lagging = 0;
    for (const int index : layout.ranked) {
        const GroupReport &g = groups[size_t(index)];
        if (reportGroupBreached(g)) {
            ++layout.detailedCount;
        } else if (lagging < options.topLagging && g.lag.max > 0) {
            // Ranked by lag after the breaching groups, so these are the most lagging ones.
            ++lagging;
            ++layout.detailedCount;
        } else {
            break;
        }
    }
    layout.cards = layout.detailedCount > options.maxGroupPages;
    return layout;
}

} // namespace lagscope
