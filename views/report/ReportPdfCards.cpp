// Chart cards: when many groups are drawn in detail (most of them breached an SLA), each gets
// a small chart with its numbers and lag-status band, a grid of them to a page, instead of a
// page of its own that would be mostly blank (report/ReportLayout.h decides which).
#include "report/ReportPdfPrivate.h"

namespace lagscope {

void ReportPdfWriter::Private::card(int step, const GroupReport &g)
{
    const int perPage = kCardColumns * kCardRows;
    const int slot = step % perPage;
    if (slot == 0) {
        startPage();
        const int last = std::min(step + perPage, layout.detailedCount);
        heading(ReportPdfText::tr("Charts, ranks %1 to %2 of %3").arg(step + 1).arg(last).arg(layout.detailedCount),
                12);
        paragraph(ReportPdfText::tr(
                      "Total lag in records over the range (SLA threshold dashed); the bar beneath is "
                      "the lag status: OK green, WARN amber, STALL orange, STOP dark purple, REWIND "
                      "teal, RISK crimson, ERR red, no data grey. Each group's full numbers are in the CSV and JSON "
                      "exports; ask for every group (lagscopectl report --every-group, or the export dialog) "
                      "for a page each."),
                  font(8), QColor(0x33, 0x33, 0x33), 6);
        cardTop = y;
    }
    const qreal cellWidth = contentWidth() / kCardColumns;
    const qreal cellHeight = (bottom() - cardTop) / kCardRows;
    const QRectF cell(kMargin + (slot % kCardColumns) * cellWidth, cardTop + (slot / kCardColumns) * cellHeight,
                      cellWidth - 8, cellHeight - 8);

    auto line = [&](const QString &text, const QFont &f, qreal top, const QColor &color = Qt::black) {
        painter.setFont(f);
        painter.setPen(color);
        const QFontMetricsF metrics(f, painter.device());
        painter.drawText(QRectF(cell.left(), top, cell.width(), 10), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(text, Qt::ElideMiddle, cell.width()));
        painter.setPen(Qt::black);
    };
    auto breaches = [](const QString &limit, const BreachStats &b) {
        return ReportPdfText::tr("above %1: %2 breaches, %3")
            .arg(limit)
            .arg(b.count)
            .arg(formatReportDuration(b.totalMs));
    };
    const QColor red(0xb3, 0x26, 0x1e);
    line(ReportPdfText::tr("%1. %2 / %3").arg(step + 1).arg(g.cluster, g.group), font(8, true), cell.top());
    // Short lines, each a fact, so that none is cut at the card's width.
    QString numbers = ReportPdfText::tr("lag max %1, p95 %2").arg(formatCount(g.lag.max), formatCount(g.lag.p95));
    if (g.lagSeconds && g.lagSeconds->known())
        numbers += ReportPdfText::tr("; max %1%2 s")
                       .arg(g.lagSecondsAtLeast ? QStringLiteral("≥ ") : QString(),
                            formatDecimal(double(g.lagSeconds->max) / 1000.0));
    qreal top = cell.top() + 10;
    line(numbers, font(7), top);
    top += 9;
    if (g.breach && g.breach->count > 0) {
        line(breaches(formatCount(*report.request.slaLagRecords), *g.breach), font(7), top, red);
        top += 9;
    }
    if (g.breachSeconds && g.breachSeconds->count > 0 && report.request.slaLagSeconds) {
        line(breaches(QString::number(*report.request.slaLagSeconds) + QStringLiteral(" s"), *g.breachSeconds), font(7),
             top, red);
        top += 9;
    }
    const qreal bandHeight = 5;
    const QRectF chartArea(cell.left(), top + 1, cell.width(), cell.bottom() - top - bandHeight - 3);
    const QRectF plot = cardChart->draw(painter, chartArea, g, report);
    const bool statuses = g.lagStatuses.has_value();
    drawStateBand(painter, QRectF(plot.left(), chartArea.bottom() + 2, plot.width(), bandHeight),
                  statuses ? g.statusTimeline : g.stateTimeline, report.request.from.toMSecsSinceEpoch(),
                  report.request.to.toMSecsSinceEpoch());
}

} // namespace lagscope
