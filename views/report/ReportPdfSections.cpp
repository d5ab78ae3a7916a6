// The PDF report's summary pages and per-group sections (ReportPdfPrivate.h has the
// drawing primitives they use).
#include "report/ReportPdfPrivate.h"

namespace lagscope {

// The groups ranked by what matters (report/ReportLayout.h): first those drawn in detail,
// then the quiet ones, one compact row each, so that a report of hundreds of groups leads
// with the few worth reading and still lists every group.
void ReportPdfWriter::Private::summary()
{
    y += 12;
    const auto begin = layout.ranked.begin();
    const auto split = begin + layout.detailedCount;
    auto rowsOf = [&](auto from, auto to) {
        std::vector<QStringList> rows;
        for (auto it = from; it != to; ++it)
            rows.push_back(rankedRow(int(it - begin), report.groups[size_t(*it)]));
        return rows;
    };
    if (layout.detailedCount > 0) {
        heading(options.everyGroup || split == layout.ranked.end()
                    ? ReportPdfText::tr("Summary, ranked")
                    : ReportPdfText::tr("Groups that breached an SLA or lagged most, ranked"),
                14);
        table(rankedColumns(), rowsOf(begin, split));
    }
    if (split != layout.ranked.end()) {
        heading(layout.detailedCount > 0 ? ReportPdfText::tr("Other groups, ranked") : ReportPdfText::tr("Summary"),
                layout.detailedCount > 0 ? 11 : 14);
        table(rankedColumns(), rowsOf(split, layout.ranked.end()));
    }
    statusSummary();
}

// Records and seconds side by side in one row per group: one table to read down, rather
// than a table per unit that repeats every group's name.
std::vector<Column> ReportPdfWriter::Private::rankedColumns() const
{
    const bool sla = report.request.slaLagRecords.has_value();
    const bool seconds = report.lagSecondsNote.isEmpty();
    const std::optional<double> slaSeconds = report.request.slaLagSeconds;
    // Widths fit the bold headers and a breach cell such as "12 (2 d 18 h)" at 8 pt.
    std::vector<Column> columns{{QStringLiteral("#"), 0.04, true},      {ReportPdfText::tr("Cluster"), 0.08, false},
                                {ReportPdfText::tr("Group"), 0, false}, {ReportPdfText::tr("Max lag"), 0.09, true},
                                {ReportPdfText::tr("P95"), 0.07, true}, {ReportPdfText::tr("Lag now"), 0.095, true}};
    if (sla)
        columns.push_back({ReportPdfText::tr("Breaches"), 0.13, true});
    if (seconds) {
        columns.push_back({ReportPdfText::tr("Max s"), 0.085, true});
        if (slaSeconds)
            columns.push_back({ReportPdfText::tr("Over %1 s").arg(QString::number(*slaSeconds)), 0.13, true});
        columns.push_back({ReportPdfText::tr("Status now"), 0.12, false});
    } else {
        columns.push_back({ReportPdfText::tr("State now"), 0.12, false});
    }
    qreal used = 0;
    for (const Column &c : columns)
        used += c.width;
    columns[2].width = 1.0 - used;
    return columns;
}

QStringList ReportPdfWriter::Private::rankedRow(int rank, const GroupReport &g) const
{
    auto breaches = [](const std::optional<BreachStats> &b) {
        return !b              ? QStringLiteral("–")
               : b->count == 0 ? QStringLiteral("0")
                               : ReportPdfText::tr("%1 (%2)").arg(b->count).arg(formatReportDuration(b->totalMs));
    };
    QStringList row{QString::number(rank + 1),      g.cluster, g.group, formatCount(g.lag.max), formatCount(g.lag.p95),
                    formatCount(g.current.totalLag)};
    if (report.request.slaLagRecords)
        row << breaches(g.breach);
    if (report.lagSecondsNote.isEmpty()) {
        const bool known = g.lagSeconds && g.lagSeconds->known();
        row << (known ? QString((g.lagSecondsAtLeast ? QStringLiteral("≥ ") : QString())
                                + formatDecimal(double(g.lagSeconds->max) / 1000.0))
                      : QStringLiteral("–"));
        if (report.request.slaLagSeconds)
            row << breaches(g.breachSeconds);
        row << (g.current.lagStatus.isEmpty() ? QStringLiteral("–") : g.current.lagStatus);
    } else {
        row << g.current.state;
    }
    return row;
}

// The share of the range in each lag status, per group: a table of its own, so that no
// column gets too narrow to read in print.
void ReportPdfWriter::Private::statusSummary()
{
    if (report.lagStatusNote.isEmpty() && report.groups.size() > kStatusTableMaxGroups) {
        heading(ReportPdfText::tr("Time in each lag status"), 11);
        paragraph(ReportPdfText::tr("Each chart shows its group's lag statuses; the time every group spent in each "
                                    "status is in the CSV (-states.csv) and JSON exports of the same range."),
                  font(9), QColor(0x33, 0x33, 0x33), 6);
        return;
    }
    if (report.lagStatusNote.isEmpty()) {
        heading(ReportPdfText::tr("Time in each lag status (share of the range)"), 11);
        // Only the statuses some group was in, in the order docs/LAG-STATUS.md lists them.
        const QStringList all{QStringLiteral("OK"),   QStringLiteral("WARN"),  QStringLiteral("ERR"),
                              QStringLiteral("STOP"), QStringLiteral("STALL"), QStringLiteral("REWIND"),
                              QStringLiteral("RISK")};
        auto timeIn = [](const GroupReport &g, const QString &status) {
            qint64 ms = 0;
            for (const StateTime &t : *g.lagStatuses)
                ms += t.state == status ? t.ms : 0;
            return ms;
        };
        QStringList present;
        bool noData = false;
        for (const GroupReport &g : report.groups) {
            if (!g.lagStatuses)
                continue;
            for (const QString &status : all)
                if (!present.contains(status) && timeIn(g, status) > 0)
                    present << status;
            noData = noData || g.lagStatusNoDataMs > 0;
        }
        std::sort(present.begin(), present.end(),
                  [&](const QString &a, const QString &b) { return all.indexOf(a) < all.indexOf(b); });
        const qreal each = 0.09;
        const int count = int(present.size()) + (noData ? 1 : 0);
        std::vector<Column> columns{{ReportPdfText::tr("Cluster"), 0.11, false},
                                    {ReportPdfText::tr("Group"), 0.89 - each * count, false}};
        for (const QString &status : present)
            columns.push_back({status, each, true});
        if (noData)
            columns.push_back({ReportPdfText::tr("No data"), each, true});
        const qint64 rangeMs = std::max<qint64>(1, report.request.from.msecsTo(report.request.to));
        auto share = [&](qint64 ms) {
            return ms <= 0
                       ? QStringLiteral("0")
                       : QString(QString::number(100.0 * double(ms) / double(rangeMs), 'f', 1) + QStringLiteral(" %"));
        };
        std::vector<QStringList> rows;
        for (const int index : layout.ranked) {
            const GroupReport &g = report.groups[size_t(index)];
            QStringList row{g.cluster, g.group};
            for (const QString &status : present)
                row << (g.lagStatuses ? share(timeIn(g, status)) : QStringLiteral("–"));
            if (noData)
                row << (g.lagStatuses ? share(g.lagStatusNoDataMs) : QStringLiteral("–"));
            rows.push_back(row);
        }
        table(columns, rows);
    }
}

void ReportPdfWriter::Private::group(const GroupReport &g)
{
    startPage();
    heading(ReportPdfText::tr("%1 / %2").arg(g.cluster, g.group), 14);
    groupSummary(g);
    groupTimelines(g);
    groupRebalances(g);
    groupTables(g);
}

// The numbers of the range, the SLA breaches, and the last sample.
void ReportPdfWriter::Private::groupSummary(const GroupReport &g)
{
    const LagStats &l = g.lag;
    paragraph(ReportPdfText::tr("Total lag: max %1, average %2, 95th percentile %3 records; largest partition lag %4. "
                                "%5 samples covering %6.")
                  .arg(formatCount(l.max), l.known() ? formatDecimal(l.avg) : QStringLiteral("–"), formatCount(l.p95),
                       formatCount(g.maxPartitionLag))
                  .arg(l.samples)
                  .arg(formatReportDuration(l.coveredMs)),
              font(9));
    if (g.breach) {
        const BreachStats &b = *g.breach;
        paragraph(
            b.count == 0
                ? ReportPdfText::tr("SLA: never above %1 records.").arg(formatCount(*report.request.slaLagRecords))
                : ReportPdfText::tr("SLA breaches (total lag above %1): %2, %3 in all; the longest %4 from %5.")
                      .arg(formatCount(*report.request.slaLagRecords))
                      .arg(b.count)
                      .arg(formatReportDuration(b.totalMs), formatReportDuration(b.longestMs),
                           formatTime(b.longestStartMs, options.timeZone, true)),
            font(9, b.count > 0), b.count > 0 ? QColor(0xb3, 0x26, 0x1e) : Qt::black);
    }
    if (g.lagSeconds && g.lagSeconds->known()) {
        const LagStats &s = *g.lagSeconds;
        const QString atLeast = g.lagSecondsAtLeast ? QStringLiteral("≥ ") : QString();
        QString text =
            ReportPdfText::tr("Lag in seconds (age of the oldest unconsumed record): max %1%2 s, average %1%3 s, "
                              "95th percentile %1%4 s.")
                .arg(atLeast, formatDecimal(double(s.max) / 1000.0), formatDecimal(s.avg / 1000.0),
                     formatDecimal(double(s.p95) / 1000.0));
        if (g.lagSecondsAtLeast)
            text += QLatin1Char(' ')
                    + ReportPdfText::tr(
                          "%1 of %2 samples (%3) were lower bounds (“at least”), so these are lower bounds too.")
                          .arg(g.lagSecondsBounds.lowerBoundSamples)
                          .arg(s.samples)
                          .arg(formatReportDuration(g.lagSecondsBounds.lowerBoundMs));
        paragraph(text, font(9));
    }
    if (g.breachSeconds && report.request.slaLagSeconds) {
        const BreachStats &b = *g.breachSeconds;
        const QString limit = QString::number(*report.request.slaLagSeconds);
        paragraph(b.count == 0
                      ? ReportPdfText::tr("SLA: never more than %1 s behind.").arg(limit)
                      : ReportPdfText::tr("SLA breaches (lag above %1 s): %2, %3 in all; the longest %4 from %5.")
                            .arg(limit)
                            .arg(b.count)
                            .arg(formatReportDuration(b.totalMs), formatReportDuration(b.longestMs),
                                 formatTime(b.longestStartMs, options.timeZone, true)),
                  font(9, b.count > 0), b.count > 0 ? QColor(0xb3, 0x26, 0x1e) : Qt::black);
    }
    const CurrentState &c = g.current;
    QString now = ReportPdfText::tr("Last sample (%1): %2, %3 members, total lag %4")
                      .arg(formatTime(c.timeMs, options.timeZone, true), c.state)
                      .arg(c.members)
                      .arg(formatCount(c.totalLag));
    if (!c.lagStatus.isEmpty())
        now += ReportPdfText::tr(", status %1").arg(c.lagStatus);
    if (c.lagSeconds)
        now += ReportPdfText::tr(", %1 s behind").arg(formatDecimal(*c.lagSeconds));
    paragraph(now + QStringLiteral("."), font(9), Qt::black, 6);
}

// The lag chart, and under it the group state and lag status bands on the same time axis.
void ReportPdfWriter::Private::groupTimelines(const GroupReport &g)
{
    const qreal chartHeight = 220;
    ensure(chartHeight);
    const QRectF plot = chart->draw(painter, QRectF(kMargin, y, contentWidth(), chartHeight), g, report);
    y += chartHeight + 8;
    // The timelines share the chart's time axis: a status band sits under the lag it explains.
    const qreal axisLeft = plot.width() > 100 ? plot.left() : kMargin;
    const qreal axisWidth = plot.width() > 100 ? plot.width() : contentWidth();

    heading(ReportPdfText::tr("Group state"), 10);
    ensure(70);
    y += drawStateTimeline(painter, QRectF(axisLeft, y, axisWidth, 24), g.stateTimeline,
                           report.request.from.toMSecsSinceEpoch(), report.request.to.toMSecsSinceEpoch(),
                           options.timeZone, seconds());
    qint64 stateMs = 0;
    for (const StateTime &s : g.groupStates)
        stateMs += s.ms;
    legend(g.groupStates, report.request.from.msecsTo(report.request.to) - stateMs);

    heading(ReportPdfText::tr("Lag status"), 10);
    if (g.lagStatuses) {
        ensure(70);
        y += drawStateTimeline(painter, QRectF(axisLeft, y, axisWidth, 24), g.statusTimeline,
                               report.request.from.toMSecsSinceEpoch(), report.request.to.toMSecsSinceEpoch(),
                               options.timeZone, seconds());
        legend(*g.lagStatuses, g.lagStatusNoDataMs);
    } else {
        paragraph(report.lagStatusNote.isEmpty() ? ReportPdfText::tr("Not recorded for this group in the range.")
                                                 : report.lagStatusNote,
                  font(8), QColor(0x55, 0x55, 0x55), 2);
    }
}

void ReportPdfWriter::Private::groupRebalances(const GroupReport &g)
{
    heading(ReportPdfText::tr("Rebalances"), 10);
    if (!g.rebalances) {
        paragraph(report.rebalanceNote, font(8), QColor(0x55, 0x55, 0x55));
    } else if (g.rebalances->list.empty()) {
        paragraph(ReportPdfText::tr("None in the range."), font(8));
    } else {
        paragraph(
            ReportPdfText::tr(
                "%1 rebalances, %2 to %3 in all (Lagscope sees a group only when it polls, so each duration "
                "lies between two bounds).")
                .arg(g.rebalances->count)
                .arg(formatReportDuration(g.rebalances->minTotalMs), formatReportDuration(g.rebalances->maxTotalMs)),
            font(8));
        std::vector<QStringList> rows;
        for (const ReportRebalance &r : g.rebalances->list)
            rows.push_back({formatTime(r.startByMs, options.timeZone, true),
                            ReportPdfText::tr("%1 – %2").arg(formatReportDuration(r.minDurationMs),
                                                             formatReportDuration(r.maxDurationMs)),
                            r.trigger, ReportPdfText::tr("%1 → %2").arg(r.membersBefore).arg(r.membersAfter),
                            QString::number(r.partitionsMoved)});
        table({{ReportPdfText::tr("Started by"), 0.25, false},
               {ReportPdfText::tr("Duration"), 0.2, false},
               {ReportPdfText::tr("Trigger"), 0.29, false},
               {ReportPdfText::tr("Members"), 0.13, true},
               {ReportPdfText::tr("Moved"), 0.13, true}},
              rows);
    }
}

// Lag per topic, and per partition when the report asked for partition detail.
void ReportPdfWriter::Private::groupTables(const GroupReport &g)
{
    heading(ReportPdfText::tr("Topics"), 10);
    std::vector<QStringList> rows;
    for (const TopicReport &t : g.topics)
        rows.push_back({t.topic, formatCount(t.lag.max), t.lag.known() ? formatDecimal(t.lag.avg) : QStringLiteral("–"),
                        formatCount(t.lag.p95)});
    table({{ReportPdfText::tr("Topic"), 0.49, false},
           {ReportPdfText::tr("Max lag"), 0.17, true},
           {ReportPdfText::tr("Avg"), 0.17, true},
           {ReportPdfText::tr("P95"), 0.17, true}},
          rows);

    if (!g.partitions.empty()) {
        heading(ReportPdfText::tr("Partitions"), 10);
        rows.clear();
        for (const PartitionReport &p : g.partitions)
            rows.push_back({p.partition.topic, QString::number(p.partition.partition), formatCount(p.lag.max),
                            p.lag.known() ? formatDecimal(p.lag.avg) : QStringLiteral("–"), formatCount(p.lag.p95),
                            formatCount(p.committed), formatCount(p.logEnd)});
        table({{ReportPdfText::tr("Topic"), 0.3, false},
               {ReportPdfText::tr("Partition"), 0.1, true},
               {ReportPdfText::tr("Max lag"), 0.12, true},
               {ReportPdfText::tr("Avg"), 0.12, true},
               {ReportPdfText::tr("P95"), 0.12, true},
               {ReportPdfText::tr("Committed"), 0.12, true},
               {ReportPdfText::tr("Log end"), 0.12, true}},
              rows);
    }
}

} // namespace lagscope
