#include "report/ReportPdf.h"

#include "report/ReportBuilder.h"
#include "report/ReportPdfParts.h"

#include "charts/QCustomPlotInclude.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>
#include <functional>

namespace lagscope {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("lagscope::ReportPdf", text);
}

constexpr qreal kMargin = 42;      // 15 mm
constexpr qreal kRowHeight = 12.5; // table rows at 8 pt
constexpr qreal kFooter = 24;

struct Column {
    QString title;
    qreal width; // fraction of the content width
    bool number;
};

} // namespace

using namespace pdf;

QString reportZoneLabel(const QTimeZone &zone, const QDateTime &at)
{
    const int offset = zone.offsetFromUtc(at);
    const QString id = QString::fromUtf8(zone.id());
    if (zone == QTimeZone::utc() || (offset == 0 && id.contains(QLatin1String("UTC"))))
        return QStringLiteral("UTC");
    const QString sign = offset < 0 ? QStringLiteral("−") : QStringLiteral("+");
    const int minutes = std::abs(offset) / 60;
    const QString utcOffset = QStringLiteral("UTC%1%2:%3")
                                  .arg(sign)
                                  .arg(minutes / 60, 2, 10, QLatin1Char('0'))
                                  .arg(minutes % 60, 2, 10, QLatin1Char('0'));
    return id.isEmpty() || id == QLatin1String("UTC") ? utcOffset : id + QStringLiteral(", ") + utcOffset;
}

struct ReportPdfWriter::Private {
    Report report;
    PdfReportOptions options;
    std::unique_ptr<QPdfWriter> writer;
    QString path;
    QCPPainter painter;
    std::unique_ptr<LagChartPainter> chart;
    qreal pageWidth = 0;
    qreal pageHeight = 0;
    qreal y = kMargin;
    int pages = 0;

    qreal contentWidth() const { return pageWidth - 2 * kMargin; }
    qreal bottom() const { return pageHeight - kMargin - kFooter; }
    // Seconds matter only in short reports.
    bool seconds() const { return report.request.from.msecsTo(report.request.to) < 3600 * 1000; }
    QString time(qint64 ms) const { return formatTime(ms, options.timeZone, seconds()); }
    QString zone() const { return reportZoneLabel(options.timeZone, report.request.to); }

    void startPage()
    {
        if (pages > 0)
            writer->newPage();
        ++pages;
        y = kMargin;
        // Footer: what this is, and which page.
        painter.setFont(font(7));
        painter.setPen(QColor(0x55, 0x55, 0x55));
        const QRectF footer(kMargin, pageHeight - kMargin - 10, contentWidth(), 10);
        painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter,
                         tr("Lagscope lag report, %1 – %2 (%3)")
                             .arg(time(report.request.from.toMSecsSinceEpoch()),
                                  time(report.request.to.toMSecsSinceEpoch()), zone()));
        painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter, tr("page %1").arg(pages));
        painter.setPen(Qt::black);
    }

    void ensure(qreal height)
    {
        if (y + height > bottom())
            startPage();
    }

    // Wrapped text across the content width; returns nothing, moves y down.
    void paragraph(const QString &text, const QFont &f, const QColor &color = Qt::black, qreal after = 4)
    {
        painter.setFont(f);
        const QRectF box(kMargin, 0, contentWidth(), 10000);
        const QRectF needed = painter.boundingRect(box, Qt::TextWordWrap, text);
        ensure(needed.height());
        painter.setPen(color);
        painter.drawText(QRectF(kMargin, y, contentWidth(), needed.height()), Qt::TextWordWrap, text);
        painter.setPen(Qt::black);
        y += needed.height() + after;
    }

    // Label: value lines, label in bold.
    void field(const QString &label, const QString &value)
    {
        const qreal labelWidth = 120;
        painter.setFont(font(9));
        const QRectF box(kMargin + labelWidth, 0, contentWidth() - labelWidth, 10000);
        const qreal h = std::max<qreal>(12, painter.boundingRect(box, Qt::TextWordWrap, value).height());
        ensure(h);
        painter.setFont(font(9, true));
        painter.drawText(QRectF(kMargin, y, labelWidth, h), Qt::AlignLeft | Qt::AlignTop, label);
        painter.setFont(font(9));
        painter.drawText(QRectF(kMargin + labelWidth, y, contentWidth() - labelWidth, h), Qt::TextWordWrap, value);
        y += h + 2;
    }

    void heading(const QString &text, int size)
    {
        ensure(size + 40); // never a heading alone at the bottom of a page
        y += size / 2.0;
        paragraph(text, font(size, true), Qt::black, 4);
    }

    // A table with its header repeated on each page it runs onto.
    void table(const std::vector<Column> &columns, const std::vector<QStringList> &rows)
    {
        auto drawRow = [&](const QStringList &cells, bool header, bool shaded) {
            if (shaded || header)
                painter.fillRect(QRectF(kMargin, y, contentWidth(), kRowHeight),
                                 header ? QColor(0xdd, 0xe3, 0xea) : QColor(0xf4, 0xf6, 0xf8));
            const QFont f = font(8, header);
            painter.setFont(f);
            const QFontMetricsF metrics(f, painter.device());
            qreal x = kMargin;
            for (size_t c = 0; c < columns.size(); ++c) {
                const qreal w = columns[c].width * contentWidth();
                const QRectF cell(x + 3, y, w - 6, kRowHeight);
                const QString text = metrics.elidedText(c < size_t(cells.size()) ? cells[qsizetype(c)] : QString(),
                                                        Qt::ElideMiddle, cell.width());
                painter.drawText(cell, Qt::AlignVCenter | (columns[c].number ? Qt::AlignRight : Qt::AlignLeft), text);
                x += w;
            }
            y += kRowHeight;
        };
        QStringList titles;
        for (const Column &c : columns)
            titles << c.title;
        ensure(3 * kRowHeight);
        drawRow(titles, true, false);
        for (size_t i = 0; i < rows.size(); ++i) {
            if (y + kRowHeight > bottom()) {
                startPage();
                drawRow(titles, true, false);
            }
            drawRow(rows[i], false, i % 2 == 1);
        }
        y += 6;
    }

    // Coloured squares with "state duration (share)", wrapped across the content width; the
    // share is of the report range, with the time without data as its own entry.
    void legend(const std::vector<StateTime> &times, qint64 noDataMs = 0)
    {
        std::vector<StateTime> entries = times;
        if (noDataMs > 0)
            entries.push_back({tr("no data"), noDataMs});
        qint64 covered = 0;
        for (const StateTime &s : entries)
            covered += s.ms;
        qreal x = kMargin;
        painter.setFont(font(8));
        for (size_t i = 0; i < entries.size(); ++i) {
            const StateTime &s = entries[i];
            const QString text = tr("%1 %2 (%3 %)")
                                     .arg(s.state, formatReportDuration(s.ms))
                                     .arg(covered > 0 ? QString::number(100.0 * double(s.ms) / double(covered), 'f', 1)
                                                      : QStringLiteral("0"));
            const qreal w = painter.fontMetrics().horizontalAdvance(text) + 12;
            if (x > kMargin && x + 10 + w > kMargin + contentWidth()) {
                x = kMargin;
                y += 12;
            }
            const bool noData = noDataMs > 0 && i + 1 == entries.size();
            painter.fillRect(QRectF(x, y + 2, 7, 7), noData ? noDataColor() : stateColor(s.state));
            if (noData) {
                painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 0.5));
                painter.drawRect(QRectF(x, y + 2, 7, 7));
                painter.setPen(Qt::black);
            }
            x += 10;
            painter.drawText(QRectF(x, y, w, 11), Qt::AlignLeft | Qt::AlignVCenter, text);
            x += w;
        }
        y += 16;
    }

    void titlePage();
    void summary();
    void statusSummary();
    void group(const GroupReport &g);
};

void ReportPdfWriter::Private::titlePage()
{
    const ReportRequest &r = report.request;
    y += 40;
    paragraph(tr("Lagscope lag report"), font(24, true), Qt::black, 8);
    paragraph(tr("%1 – %2").arg(time(r.from.toMSecsSinceEpoch()), time(r.to.toMSecsSinceEpoch())), font(13), Qt::black, 2);
    paragraph(tr("%1; times in %2").arg(formatReportDuration(r.from.msecsTo(r.to)), zone()), font(10),
              QColor(0x44, 0x44, 0x44), 24);

    field(tr("Clusters"), r.clusters.isEmpty() ? tr("all in the history") : r.clusters.join(QStringLiteral(", ")));
    field(tr("Groups"), r.groupPattern.isEmpty() ? tr("all") : tr("matching %1").arg(r.groupPattern));
    field(tr("Groups reported"), QString::number(report.groups.size()));
    field(tr("SLA threshold"), r.slaLagRecords ? tr("total lag above %1 records").arg(formatCount(*r.slaLagRecords))
                                               : tr("none"));
    if (r.slaLagSeconds)
        field(tr("SLA threshold (time)"), tr("lag above %1 s").arg(QString::number(*r.slaLagSeconds)));
    field(tr("Per-partition detail"), r.partitionDetail ? tr("yes") : tr("no"));
    field(tr("Generated"), formatTime(report.generatedAt.toMSecsSinceEpoch(), options.timeZone, true));
    field(tr("History"), tr("%1 (keeps %2)").arg(report.historyPath, formatReportDuration(report.retentionMs)));
    y += 10;

    heading(tr("What the history could not say"), 11);
    auto availability = [](const QString &note) { return note.isEmpty() ? tr("available") : note; };
    field(tr("Lag in seconds"), availability(report.lagSecondsNote));
    field(tr("Lag status"), availability(report.lagStatusNote));
    field(tr("Rebalances"), availability(report.rebalanceNote));
    for (const QString &note : report.notes)
        field(tr("Note"), note);
    y += 10;

    heading(tr("How to read the numbers"), 11);
    paragraph(tr("Lag is a group's total lag in records (the sum over its partitions). Average and 95th percentile are "
                 "weighted by time: each poll stands for the time until the next poll, each stored bucket for its "
                 "span. History older than 6 hours is kept in 1-minute buckets and older than 24 hours in 10-minute "
                 "buckets, each holding the maximum lag seen in it, so over older ranges average and percentile are "
                 "upper bounds. A breach is a stretch of time during which the total lag stayed above the threshold; "
                 "a gap in the data ends a stretch."),
              font(9), QColor(0x33, 0x33, 0x33), 6);
    paragraph(tr("Lag status (OK, WARN, ERR, STOP, STALL, REWIND) and lag in seconds (the age of the group's oldest "
                 "unconsumed record) are what Lagscope judged at each poll and recorded per group. A poll's status "
                 "holds until the next poll, but at most 3 usual poll intervals: a longer gap counts as no data "
                 "(Lagscope was not running). A bucket holds its worst status and largest lag in seconds. A value "
                 "marked ≥ is a lower bound: some samples only said “at least N s” (the oldest "
                 "unconsumed record was older than Lagscope's log-end history), and they count as N."),
              font(9), QColor(0x33, 0x33, 0x33), 6);
}

void ReportPdfWriter::Private::summary()
{
    y += 12;
    heading(tr("Summary"), 14);
    const bool sla = report.request.slaLagRecords.has_value();
    std::vector<Column> columns{{tr("Cluster"), 0.11, false},
                                {tr("Group"), sla ? 0.22 : 0.30, false},
                                {tr("Max lag"), 0.1, true},
                                {tr("Avg"), 0.1, true},
                                {tr("P95"), 0.1, true},
                                {tr("State now"), 0.14, false},
                                {tr("Lag now"), sla ? 0.09 : 0.15, true}};
    if (sla)
        columns.push_back({tr("Breaches"), 0.14, true});
    std::vector<QStringList> rows;
    for (const GroupReport &g : report.groups) {
        QStringList row{g.cluster,
                        g.group,
                        formatCount(g.lag.max),
                        g.lag.known() ? formatDecimal(g.lag.avg) : QStringLiteral("–"),
                        formatCount(g.lag.p95),
                        g.current.state,
                        formatCount(g.current.totalLag)};
        if (sla)
            row << (g.breach && g.breach->count > 0
                        ? tr("%1 (%2)").arg(g.breach->count).arg(formatReportDuration(g.breach->totalMs))
                        : QStringLiteral("0"));
        rows.push_back(row);
    }
    table(columns, rows);
    statusSummary();
}

// Lag in seconds and the share of the range in each lag status, per group: tables of their
// own, so that no column gets too narrow to read in print.
void ReportPdfWriter::Private::statusSummary()
{
    const std::optional<double> slaSeconds = report.request.slaLagSeconds;
    auto seconds = [](qint64 ms, bool atLeast) {
        return ms < 0 ? QStringLiteral("–")
                      : QString((atLeast ? QStringLiteral("≥ ") : QString()) + formatDecimal(double(ms) / 1000.0));
    };
    if (report.lagSecondsNote.isEmpty()) {
        heading(tr("Lag in seconds"), 11);
        std::vector<Column> columns{{tr("Cluster"), 0.11, false}, {tr("Group"), slaSeconds ? 0.22 : 0.37, false},
                                    {tr("Max s"), 0.1, true},     {tr("Avg s"), 0.1, true},
                                    {tr("P95 s"), 0.1, true},     {tr("Now s"), 0.1, true},
                                    {tr("Status now"), 0.12, false}};
        if (slaSeconds)
            columns.push_back({tr("Over %1 s").arg(QString::number(*slaSeconds)), 0.15, true});
        std::vector<QStringList> rows;
        for (const GroupReport &g : report.groups) {
            const bool known = g.lagSeconds && g.lagSeconds->known();
            const bool atLeast = g.lagSecondsAtLeast;
            QStringList row{g.cluster,
                            g.group,
                            seconds(known ? g.lagSeconds->max : -1, atLeast),
                            seconds(known ? qint64(std::llround(g.lagSeconds->avg)) : -1, atLeast),
                            seconds(known ? g.lagSeconds->p95 : -1, atLeast),
                            g.current.lagSeconds ? seconds(qint64(std::llround(*g.current.lagSeconds * 1000.0)),
                                                           g.current.lagSecondsAtLeast)
                                                 : QStringLiteral("–"),
                            g.current.lagStatus.isEmpty() ? QStringLiteral("–") : g.current.lagStatus};
            if (slaSeconds)
                row << (!g.breachSeconds ? QStringLiteral("–")
                        : g.breachSeconds->count == 0
                            ? QStringLiteral("0")
                            : tr("%1 (%2)").arg(g.breachSeconds->count).arg(formatReportDuration(g.breachSeconds->totalMs)));
            rows.push_back(row);
        }
        table(columns, rows);
    }
    if (report.lagStatusNote.isEmpty()) {
        heading(tr("Time in each lag status (share of the range)"), 11);
        // Only the statuses some group was in, in the order docs/LAG-STATUS.md lists them.
        const QStringList all{QStringLiteral("OK"),   QStringLiteral("WARN"),  QStringLiteral("ERR"),
                              QStringLiteral("STOP"), QStringLiteral("STALL"), QStringLiteral("REWIND")};
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
        std::sort(present.begin(), present.end(), [&](const QString &a, const QString &b) {
            return all.indexOf(a) < all.indexOf(b);
        });
        const qreal each = 0.09;
        const int count = int(present.size()) + (noData ? 1 : 0);
        std::vector<Column> columns{{tr("Cluster"), 0.11, false}, {tr("Group"), 0.89 - each * count, false}};
        for (const QString &status : present)
            columns.push_back({status, each, true});
        if (noData)
            columns.push_back({tr("No data"), each, true});
        const qint64 rangeMs = std::max<qint64>(1, report.request.from.msecsTo(report.request.to));
        auto share = [&](qint64 ms) {
            return ms <= 0 ? QStringLiteral("0")
                           : QString(QString::number(100.0 * double(ms) / double(rangeMs), 'f', 1) + QStringLiteral(" %"));
        };
        std::vector<QStringList> rows;
        for (const GroupReport &g : report.groups) {
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
    heading(tr("%1 / %2").arg(g.cluster, g.group), 14);
    const LagStats &l = g.lag;
    paragraph(tr("Total lag: max %1, average %2, 95th percentile %3 records; largest partition lag %4. "
                 "%5 samples covering %6.")
                  .arg(formatCount(l.max), l.known() ? formatDecimal(l.avg) : QStringLiteral("–"), formatCount(l.p95),
                       formatCount(g.maxPartitionLag))
                  .arg(l.samples)
                  .arg(formatReportDuration(l.coveredMs)),
              font(9));
    if (g.breach) {
        const BreachStats &b = *g.breach;
        paragraph(b.count == 0 ? tr("SLA: never above %1 records.").arg(formatCount(*report.request.slaLagRecords))
                               : tr("SLA breaches (total lag above %1): %2, %3 in all; the longest %4 from %5.")
                                     .arg(formatCount(*report.request.slaLagRecords))
                                     .arg(b.count)
                                     .arg(formatReportDuration(b.totalMs), formatReportDuration(b.longestMs),
                                          formatTime(b.longestStartMs, options.timeZone, true)),
                  font(9, b.count > 0), b.count > 0 ? QColor(0xb3, 0x26, 0x1e) : Qt::black);
    }
    if (g.lagSeconds && g.lagSeconds->known()) {
        const LagStats &s = *g.lagSeconds;
        const QString atLeast = g.lagSecondsAtLeast ? QStringLiteral("≥ ") : QString();
        QString text = tr("Lag in seconds (age of the oldest unconsumed record): max %1%2 s, average %1%3 s, "
                          "95th percentile %1%4 s.")
                           .arg(atLeast, formatDecimal(double(s.max) / 1000.0), formatDecimal(s.avg / 1000.0),
                                formatDecimal(double(s.p95) / 1000.0));
        if (g.lagSecondsAtLeast)
            text += QLatin1Char(' ')
                    + tr("%1 of %2 samples (%3) were lower bounds (“at least”), so these are lower bounds too.")
                          .arg(g.lagSecondsBounds.lowerBoundSamples)
                          .arg(s.samples)
                          .arg(formatReportDuration(g.lagSecondsBounds.lowerBoundMs));
        paragraph(text, font(9));
    }
    if (g.breachSeconds && report.request.slaLagSeconds) {
        const BreachStats &b = *g.breachSeconds;
        const QString limit = QString::number(*report.request.slaLagSeconds);
        paragraph(b.count == 0 ? tr("SLA: never more than %1 s behind.").arg(limit)
                               : tr("SLA breaches (lag above %1 s): %2, %3 in all; the longest %4 from %5.")
                                     .arg(limit)
                                     .arg(b.count)
                                     .arg(formatReportDuration(b.totalMs), formatReportDuration(b.longestMs),
                                          formatTime(b.longestStartMs, options.timeZone, true)),
                  font(9, b.count > 0), b.count > 0 ? QColor(0xb3, 0x26, 0x1e) : Qt::black);
    }
    const CurrentState &c = g.current;
    QString now = tr("Last sample (%1): %2, %3 members, total lag %4")
                      .arg(formatTime(c.timeMs, options.timeZone, true), c.state)
                      .arg(c.members)
                      .arg(formatCount(c.totalLag));
    if (!c.lagStatus.isEmpty())
        now += tr(", status %1").arg(c.lagStatus);
    if (c.lagSeconds)
        now += tr(", %1 s behind").arg(formatDecimal(*c.lagSeconds));
    paragraph(now + QStringLiteral("."), font(9), Qt::black, 6);

    const qreal chartHeight = 220;
    ensure(chartHeight);
    const QRectF plot = chart->draw(painter, QRectF(kMargin, y, contentWidth(), chartHeight), g, report);
    y += chartHeight + 8;
    // The timelines share the chart's time axis: a status band sits under the lag it explains.
    const qreal axisLeft = plot.width() > 100 ? plot.left() : kMargin;
    const qreal axisWidth = plot.width() > 100 ? plot.width() : contentWidth();

    heading(tr("Group state"), 10);
    ensure(70);
    y += drawStateTimeline(painter, QRectF(axisLeft, y, axisWidth, 24), g.stateTimeline,
                           report.request.from.toMSecsSinceEpoch(), report.request.to.toMSecsSinceEpoch(),
                           options.timeZone, seconds());
    qint64 stateMs = 0;
    for (const StateTime &s : g.groupStates)
        stateMs += s.ms;
    legend(g.groupStates, report.request.from.msecsTo(report.request.to) - stateMs);

    heading(tr("Lag status"), 10);
    if (g.lagStatuses) {
        ensure(70);
        y += drawStateTimeline(painter, QRectF(axisLeft, y, axisWidth, 24), g.statusTimeline,
                               report.request.from.toMSecsSinceEpoch(), report.request.to.toMSecsSinceEpoch(),
                               options.timeZone, seconds());
        legend(*g.lagStatuses, g.lagStatusNoDataMs);
    } else {
        paragraph(report.lagStatusNote.isEmpty() ? tr("Not recorded for this group in the range.")
                                                 : report.lagStatusNote,
                  font(8), QColor(0x55, 0x55, 0x55), 2);
    }

    heading(tr("Rebalances"), 10);
    if (!g.rebalances) {
        paragraph(report.rebalanceNote, font(8), QColor(0x55, 0x55, 0x55));
    } else if (g.rebalances->list.empty()) {
        paragraph(tr("None in the range."), font(8));
    } else {
        paragraph(tr("%1 rebalances, %2 to %3 in all (Lagscope sees a group only when it polls, so each duration "
                     "lies between two bounds).")
                      .arg(g.rebalances->count)
                      .arg(formatReportDuration(g.rebalances->minTotalMs), formatReportDuration(g.rebalances->maxTotalMs)),
                  font(8));
        std::vector<QStringList> rows;
        for (const ReportRebalance &r : g.rebalances->list)
            rows.push_back({formatTime(r.startByMs, options.timeZone, true),
                            tr("%1 – %2").arg(formatReportDuration(r.minDurationMs), formatReportDuration(r.maxDurationMs)),
                            r.trigger, tr("%1 → %2").arg(r.membersBefore).arg(r.membersAfter),
                            QString::number(r.partitionsMoved)});
        table({{tr("Started by"), 0.25, false}, {tr("Duration"), 0.2, false}, {tr("Trigger"), 0.29, false},
               {tr("Members"), 0.13, true}, {tr("Moved"), 0.13, true}},
              rows);
    }

    heading(tr("Topics"), 10);
    std::vector<QStringList> rows;
    for (const TopicReport &t : g.topics)
        rows.push_back({t.topic, formatCount(t.lag.max), t.lag.known() ? formatDecimal(t.lag.avg) : QStringLiteral("–"),
                        formatCount(t.lag.p95)});
    table({{tr("Topic"), 0.49, false}, {tr("Max lag"), 0.17, true}, {tr("Avg"), 0.17, true}, {tr("P95"), 0.17, true}},
          rows);

    if (!g.partitions.empty()) {
        heading(tr("Partitions"), 10);
        rows.clear();
        for (const PartitionReport &p : g.partitions)
            rows.push_back({p.partition.topic, QString::number(p.partition.partition), formatCount(p.lag.max),
                            p.lag.known() ? formatDecimal(p.lag.avg) : QStringLiteral("–"), formatCount(p.lag.p95),
                            formatCount(p.committed), formatCount(p.logEnd)});
        table({{tr("Topic"), 0.3, false}, {tr("Partition"), 0.1, true}, {tr("Max lag"), 0.12, true},
               {tr("Avg"), 0.12, true}, {tr("P95"), 0.12, true}, {tr("Committed"), 0.12, true},
               {tr("Log end"), 0.12, true}},
              rows);
    }
}

ReportPdfWriter::ReportPdfWriter(Report report, PdfReportOptions options) : d(std::make_unique<Private>())
{
    d->report = std::move(report);
    d->options = std::move(options);
}

ReportPdfWriter::~ReportPdfWriter()
{
    if (d->painter.isActive())
        d->painter.end();
}

Status ReportPdfWriter::begin(const QString &path)
{
    d->path = path;
    d->writer = std::make_unique<QPdfWriter>(path);
    d->writer->setResolution(72); // one unit is one point
    d->writer->setPageSize(QPageSize(QPageSize::A4));
    d->writer->setPageMargins(QMarginsF(0, 0, 0, 0));
    d->writer->setTitle(tr("Lagscope lag report"));
    d->writer->setCreator(QStringLiteral("Lagscope"));
    if (!d->painter.begin(d->writer.get()))
        return Status::failure(tr("Cannot write %1").arg(path));
    d->painter.setRenderHint(QPainter::Antialiasing);
    const QRectF page = d->writer->pageLayout().fullRectPoints();
    d->pageWidth = page.width();
    d->pageHeight = page.height();
    d->chart = std::make_unique<LagChartPainter>(d->options.timeZone);
    d->startPage();
    d->titlePage();
    d->summary();
    return success();
}

int ReportPdfWriter::groupCount() const
{
    return int(d->report.groups.size());
}

void ReportPdfWriter::writeGroup(int index)
{
    d->group(d->report.groups[size_t(index)]);
}

Status ReportPdfWriter::finish()
{
    if (!d->painter.end())
        return Status::failure(tr("Cannot finish the PDF"));
    d->writer.reset();
    if (QFileInfo(d->path).size() == 0)
        return Status::failure(tr("Cannot write %1").arg(d->path));
    return success();
}

int ReportPdfWriter::pageCount() const
{
    return d->pages;
}

Status writeReportPdf(const Report &report, const QString &path, const PdfReportOptions &options)
{
    ReportPdfWriter writer(report, options);
    if (Status s = writer.begin(path); !s)
        return s;
    for (int i = 0; i < writer.groupCount(); ++i)
        writer.writeGroup(i);
    return writer.finish();
}

} // namespace lagscope
