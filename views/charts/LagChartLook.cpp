// The lag chart's look: the plot's axes, legend, interactions and palette (LagChart.cpp has
// its data).
#include "charts/LagChart.h"

#include "charts/ChartAxisStyle.h"
#include "charts/ChartRangeBar.h"
#include "charts/ChartData.h"
#include "charts/ChartImageMenu.h"
#include "charts/EventMarkers.h"
#include "charts/LagAxisTickers.h"
#include "charts/LagChartFormat.h"
#include "charts/LagChartStyle.h"
#include "models/StatusColors.h"
#include "store/HistoryStore.h"

#include <QTimer>
#include <QVBoxLayout>

#include "charts/QCustomPlotInclude.h"

#include <algorithm>
#include <cmath>

namespace lagscope {

using namespace chartstyle;

void LagChart::setupPlot()
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("lagPlot"));
    m_plot->setMinimumHeight(180);
    m_plot->setMouseTracking(true);
    m_plot->installEventFilter(this);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->setNoAntialiasingOnDrag(true);

    m_timeTicker = QSharedPointer<LocalTimeTicker>::create();
    m_plot->xAxis->setTicker(m_timeTicker);
    m_plot->xAxis->setLabel(tr("time (local)"));
    m_plot->yAxis->setTicker(QSharedPointer<LagValueTicker>::create());
    m_plot->yAxis->setLabel(tr("lag (records)"));
    m_plot->yAxis->setRange(0, 10);

    // The legend goes below the axes, in one wrapped row, so it never covers data.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->setRowSpacing(0);
    placeLegend();
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(6);
    m_plot->legend->setMargins(QMargins(8, 0, 8, 4));
    m_plot->legend->setLayer(QStringLiteral("legend"));
    m_plot->legend->setIconSize(18, 10);

    // The hover cursor lives on QCustomPlot's buffered "overlay" layer: moving it redraws
    // that layer alone, not a million points.
    m_overlay = m_plot->layer(QStringLiteral("overlay"));
    m_overlay->setMode(QCPLayer::lmBuffered);
    m_cursor = new QCPItemStraightLine(m_plot);
    m_cursor->setLayer(m_overlay);
    m_cursor->setSelectable(false);
    m_cursor->setVisible(false);

    m_emptyLabel = addCentredLabel(m_plot);
    m_emptyLabel->setLayer(m_overlay);
    m_emptyLabel->setVisible(false);

    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this, &LagChart::onTimeRangeChanged);
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] {
        placeLegend();
        m_markers->layoutLabels();
        updateTotalPen();
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &LagChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
    connect(m_plot, &QCustomPlot::legendClick, this, &LagChart::onLegendClick);
    installSaveImageMenu(m_plot,
                         [this] { return m_group.isEmpty() ? QString() : m_cluster + QLatin1Char('-') + m_group; });
}

void LagChart::placeLegend()
{
    // An empty legend must leave the layout: its maximum width is 0, and QCustomPlot would
    // squeeze the axis rect above it to that.
    QCPLayoutGrid *layout = m_plot->plotLayout();
    const bool placed = layout->hasElement(1, 0);
    m_plot->legend->setVisible(m_plot->legend->itemCount() > 0); // out of a layout it still draws
    if (m_plot->legend->itemCount() > 0 && !placed) {
        layout->addElement(1, 0, m_plot->legend);
        layout->setRowStretchFactor(1, 0.001);
    } else if (m_plot->legend->itemCount() == 0 && placed) {
        layout->take(m_plot->legend);
        layout->simplify();
    }
}

void LagChart::applyPalette()
{
    const QPalette pal = palette();
    const bool dark = isDarkPalette(pal);
    const auto [base, text, muted, grid] = chartColors(pal);

    m_plot->setBackground(base);
    styleChartAxes(m_plot, muted, text, grid, true);
    m_plot->legend->setBrush(base);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(text);
    for (int i = 0; i < m_plot->legend->itemCount(); ++i) {
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->item(i)))
            item->setTextColor(item->plottable()->visible() ? text : muted);
    }

    int topicIndex = 0;
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        QCPGraph *g = m_plot->graph(i);
        if (g != m_total)
            g->setPen(QPen(topicColor(topicIndex++, dark), kThinWidth));
    }
    updateTotalPen();
    m_markers->applyPalette(pal);
    QColor cursor = text;
    cursor.setAlpha(110);
    m_cursor->setPen(QPen(cursor, 1));
    m_emptyLabel->setColor(muted);
}

void LagChart::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (m_markers && (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange)) {
        applyPalette();
        scheduleReplot();
    }
}

} // namespace lagscope
