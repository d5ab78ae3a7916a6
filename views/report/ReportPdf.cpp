#include "report/ReportPdfPrivate.h"

namespace lagscope {

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

void ReportPdfWriter::Private::titlePage()
{
    const ReportRequest &r = report.request;
    y += 40;
    paragraph(ReportPdfText::tr("Lagscope lag report"), font(24, true), Qt::black, 8);
    paragraph(ReportPdfText::tr("%1 – %2").arg(time(r.from.toMSecsSinceEpoch()), time(r.to.toMSecsSinceEpoch())),
              font(13), Qt::black, 2);
    paragraph(ReportPdfText::tr("%1; times in %2").arg(formatReportDuration(r.from.msecsTo(r.to)), zone()), font(10),
              QColor(0x44, 0x44, 0x44), 24);

    field(ReportPdfText::tr("Clusters"),
          r.clusters.isEmpty() ? ReportPdfText::tr("all in the history") : r.clusters.join(QStringLiteral(", ")));
    field(ReportPdfText::tr("Groups"),
          r.groupPattern.isEmpty() ? ReportPdfText::tr("all") : ReportPdfText::tr("matching %1").arg(r.groupPattern));
    field(ReportPdfText::tr("Groups reported"), QString::number(report.groups.size()));
    const int quiet = int(report.groups.size()) - layout.detailedCount;
    field(ReportPdfText::tr("Charts"),
          options.everyGroup ? ReportPdfText::tr("every group, a page each (asked for)")
          : quiet == 0       ? ReportPdfText::tr("every group, a %1 each")
                             .arg(layout.cards ? ReportPdfText::tr("card") : ReportPdfText::tr("page"))
                       : ReportPdfText::tr("%1 groups that breached an SLA or lagged most, a %2 each; the other "
                                           "%3 are rows of the tables")
                             .arg(layout.detailedCount)
                             .arg(layout.cards ? ReportPdfText::tr("card") : ReportPdfText::tr("page"))
                             .arg(quiet));
    field(ReportPdfText::tr("SLA threshold"),
          r.slaLagRecords ? ReportPdfText::tr("total lag above %1 records").arg(formatCount(*r.slaLagRecords))
                          : ReportPdfText::tr("none"));
    if (r.slaLagSeconds)
        field(ReportPdfText::tr("SLA threshold (time)"),
              ReportPdfText::tr("lag above %1 s").arg(QString::number(*r.slaLagSeconds)));
    field(ReportPdfText::tr("Per-partition detail"),
          r.partitionDetail ? ReportPdfText::tr("yes") : ReportPdfText::tr("no"));
    field(ReportPdfText::tr("Generated"), formatTime(report.generatedAt.toMSecsSinceEpoch(), options.timeZone, true));
    field(ReportPdfText::tr("History"),
          ReportPdfText::tr("%1 (keeps %2)").arg(report.historyPath, formatReportDuration(report.retentionMs)));
    y += 10;

    heading(ReportPdfText::tr("What the history could not say"), 11);
    auto availability = [](const QString &note) { return note.isEmpty() ? ReportPdfText::tr("available") : note; };
    field(ReportPdfText::tr("Lag in seconds"), availability(report.lagSecondsNote));
    field(ReportPdfText::tr("Lag status"), availability(report.lagStatusNote));
    field(ReportPdfText::tr("Rebalances"), availability(report.rebalanceNote));
    for (const QString &note : report.notes)
        field(ReportPdfText::tr("Note"), note);
    y += 10;

    heading(ReportPdfText::tr("How to read the numbers"), 11);
    paragraph(
        ReportPdfText::tr(
            "Lag is a group's total lag in records (the sum over its partitions). Average and 95th percentile are "
            "weighted by time: each poll stands for the time until the next poll, each stored bucket for its "
            "span. History older than 6 hours is kept in 1-minute buckets and older than 24 hours in 10-minute "
            "buckets, each holding the maximum lag seen in it, so over older ranges average and percentile are "
            "upper bounds. A breach is a stretch of time during which the total lag stayed above the threshold; "
            "a gap in the data ends a stretch."),
        font(9), QColor(0x33, 0x33, 0x33), 6);
    paragraph(ReportPdfText::tr(
                  "Lag status (OK, WARN, ERR, STOP, STALL, REWIND) and lag in seconds (the age of the group's oldest "
                  "unconsumed record) are what Lagscope judged at each poll and recorded per group. A poll's status "
                  "holds until the next poll, but at most 3 usual poll intervals: a longer gap counts as no data "
                  "(Lagscope was not running). A bucket holds its worst status and largest lag in seconds. A value "
                  "marked ≥ is a lower bound: some samples only said “at least N s” (the oldest "
                  "unconsumed record was older than Lagscope's log-end history), and they count as N."),
              font(9), QColor(0x33, 0x33, 0x33), 6);
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
    d->writer->setTitle(ReportPdfText::tr("Lagscope lag report"));
    d->writer->setCreator(QStringLiteral("Lagscope"));
    if (!d->painter.begin(d->writer.get()))
        return Status::failure(ReportPdfText::tr("Cannot write %1").arg(path));
    d->painter.setRenderHint(QPainter::Antialiasing);
    const QRectF page = d->writer->pageLayout().fullRectPoints();
    d->pageWidth = page.width();
    d->pageHeight = page.height();
    d->chart = std::make_unique<LagChartPainter>(d->options.timeZone);
    d->cardChart = std::make_unique<LagChartPainter>(d->options.timeZone, true);
    ReportLayoutOptions layoutOptions;
    layoutOptions.everyGroup = d->options.everyGroup;
    d->layout = planReportLayout(d->report, layoutOptions);
    d->startPage();
    d->titlePage();
    d->summary();
    return success();
}

int ReportPdfWriter::groupCount() const { return d->layout.detailedCount; }

int ReportPdfWriter::reportedGroupCount() const { return int(d->report.groups.size()); }

void ReportPdfWriter::writeGroup(int index)
{
    const GroupReport &g = d->report.groups[size_t(d->layout.ranked[size_t(index)])];
    if (d->layout.cards)
        d->card(index, g);
    else
        d->group(g);
}

Status ReportPdfWriter::finish()
{
    if (!d->painter.end())
        return Status::failure(ReportPdfText::tr("Cannot finish the PDF"));
    d->writer.reset();
    if (QFileInfo(d->path).size() == 0)
        return Status::failure(ReportPdfText::tr("Cannot write %1").arg(d->path));
    return success();
}

int ReportPdfWriter::pageCount() const { return d->pages; }

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
