#pragma once
// The axis look the charts share (lag chart, flow latency chart): pens and label colours
// from the palette, dotted grid. Header-only; GUI thread.

#include "charts/QCustomPlotInclude.h"

#include <QColor>
#include <QPen>

namespace lagscope {

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
