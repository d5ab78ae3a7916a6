#pragma once
// Which groups a report leads with and which get a chart of their own: a report of hundreds
// of groups must not be hundreds of mostly blank pages. Groups are ranked by what matters
// (time in breach of an SLA, then lag); the groups that breached an SLA, and the few that
// lagged most, are drawn in detail; the rest stay compact table rows. docs/REPORTS.md
// describes the layout.
//
// Pure: no I/O, no clock; usable from any thread. Ownership: values.

#include "report/ReportModel.h"

#include <vector>

namespace lagscope {

struct ReportLayoutOptions {
    bool everyGroup = false; // every group gets its own page and chart, as asked for
    // Besides the breaching groups, this many of the most lagging ones (by p95, then max) get
    // a chart, so that a report without SLA thresholds still shows the groups worth a look.
    int topLagging = 5;
    // Up to this many detailed groups get a page each; more are drawn as chart cards, several
    // to a page, so that a report where most groups breached stays short enough to read.
    int maxGroupPages = 24;
};

struct ReportLayout {
    std::vector<int> ranked; // indices into Report::groups, most important first
    int detailedCount = 0;   // the first detailedCount of `ranked` get their own chart
    bool cards = false;      // the detailed groups are chart cards, not a page each
    bool quiet(int rank) const { return rank >= detailedCount; }
};

// Whether the group's lag was ever above an SLA threshold of the report (records or seconds).
bool reportGroupBreached(const GroupReport &group);

// Time in breach: the longer of the two thresholds' totals (they overlap in time, so their
// sum would count a stretch twice).
qint64 reportBreachMs(const GroupReport &group);

ReportLayout planReportLayout(const Report &report, const ReportLayoutOptions &options = {});

} // namespace lagscope
