#pragma once
// The look the charts share (lag chart, flow latency and failover readiness charts): colours
// from the palette, axis pens and a dotted grid, the centred "no data" text. Header-only; GUI thread.

#include "charts/QCustomPlotInclude.h"
#include "models/StatusColors.h"

#include <QColor>
#include <QPalette>
#include <QPen>

namespace lagscope {

// A palette's chart colours: the base behind the plot, text, muted axis pens and a grid in
// the text colour, fainter on a light base (it would shout on white) than on a dark one.
struct ChartColors {
    QColor base;
    QColor text;
    QColor muted;
    QColor grid;
};

inline ChartColors chartColors(const QPalette &pal)
{
    ChartColors c{pal.color(QPalette::Active, QPalette::Base), pal.color(QPalette::Active, QPalette::Text),
                  pal.color(QPalette::Active, QPalette::PlaceholderText), pal.color(QPalette::Active, QPalette::Text)};
    c.grid.setAlpha(isDarkPalette(pal) ? 50 : 38);
    return c;
}

// A text centred over the plot's axis rect, for "Loading…" and "No data" states.
inline QCPItemText *addCentredLabel(QCustomPlot *plot)
{
    auto *label = new QCPItemText(plot);
    label->position->setType(QCPItemPosition::ptAxisRectRatio);
    label->position->setAxisRect(plot->axisRect());
    label->position->setCoords(0.5, 0.5);
    label->setPositionAlignment(Qt::AlignCenter);
    label->setSelectable(false);
    return label;
}

// `zeroLine` also draws each axis's zero line in the grid colour (solid).
inline void styleChartAxes(QCustomPlot *plot, const QColor &muted, const QColor &text, const QColor &grid,
                           bool zeroLine)
{
    for (QCPAxis *axis : plot->axisRect()->axes()) {
        axis->setBasePen(QPen(muted, 1));
        axis->setTickPen(QPen(muted, 1));
        axis->setSubTickPen(QPen(muted, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        if (zeroLine)
            axis->grid()->setZeroLinePen(QPen(grid, 1));
    }
}

} // namespace lagscope
