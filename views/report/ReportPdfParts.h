#pragma once
// Drawing pieces of the PDF report shared by ReportPdf.cpp and ReportPdfChart.cpp. Units
// are PostScript points (the writer's resolution is 72 dpi); fonts are sized in those units.
// Thread: GUI. Ownership: free functions; the chart helper owns its QCustomPlot.

#include "report/ReportModel.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QTimeZone>

#include <memory>

class QCustomPlot;
class QCPPainter;
class QPainter;

namespace lagscope::pdf {

QFont font(int points, bool bold = false);
QColor stateColor(const QString &state);
QColor noDataColor(); // where the history has no sample (Lagscope was not polling)
QString formatTime(qint64 ms, const QTimeZone &zone, bool withSeconds = false);
QString formatCount(qint64 value);   // "1,234"; "–" when unknown (< 0)
QString formatDecimal(double value); // "1,234.5"

// A group's lag over the report range, drawn with QCustomPlot: the total lag in bold, one
// line per topic when there are several, the SLA threshold dashed; axes with units and
// the time zone.
class LagChartPainter final {
public:
    // compact: for chart cards, a few ticks, no legend and no axis titles (the card's
    // heading says what the chart is).
    explicit LagChartPainter(const QTimeZone &zone, bool compact = false);
    ~LagChartPainter();
    Q_DISABLE_COPY_MOVE(LagChartPainter)
    // Returns the plot area (inside the axes) in the painter's coordinates, so that the
    // timelines beneath can line up with the chart's time axis.
    QRectF draw(QCPPainter &painter, const QRectF &area, const GroupReport &group, const Report &report);

private:
    std::unique_ptr<QCustomPlot> m_plot;
    QTimeZone m_zone;
    bool m_compact = false;
};

// A state timeline (group state or lag status): one bar across the range, a coloured
// stretch per state and light grey where there is no data; beneath it a time axis with
// ticks at round local times, the start and end in full and the time zone. Returns the
// height used.
qreal drawStateTimeline(QPainter &painter, const QRectF &area, const std::vector<StateSpan> &spans, qint64 fromMs,
                        qint64 toMs, const QTimeZone &zone, bool withSeconds = false);

// Just the bar of a state timeline, for chart cards: no ticks, no labels.
void drawStateBand(QPainter &painter, const QRectF &bar, const std::vector<StateSpan> &spans, qint64 fromMs,
                   qint64 toMs);

} // namespace lagscope::pdf
