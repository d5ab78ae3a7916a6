// The lag chart's reactions to the user: hover tooltip and cursor, zoom and pan limits.
#include "charts/ChartData.h"
#include "charts/ChartRangeBar.h"
#include "charts/EventMarkers.h"
#include "charts/LagAxisTickers.h"
#include "charts/LagChart.h"
#include "charts/LagChartFormat.h"

#include <QToolTip>

namespace lagscope {

namespace {

// Zooming further in than this shows nothing useful between polls.
constexpr double kMinimumSpanSecs = 20;
// How close (in pixels) the mouse must be to a marker for the tooltip to describe it.
constexpr double kMarkerHoverPixels = 6;

} // namespace

void LagChart::onTimeRangeChanged(const QCPRange &range)
{
    if (range.size() < kMinimumSpanSecs) {
        const double mid = range.center();
        setVisibleRange(mid - kMinimumSpanSecs / 2, mid + kMinimumSpanSecs / 2);
        return;
    }
    m_timeTicker->setVisibleSpan(range.size());
    // Zooming or panning by hand means the user wants to look at this spot: stop following.
    if (m_programmaticRange == 0 && isLive())
        m_bar->setLive(false);
    updateValueRange();
}

QString LagChart::toolTipText(const QDateTime &time) const
{
    const double key = keyOf(time);
    const QCPRange visible = m_plot->xAxis->range();
    double headerKey = key;
    if (m_total && m_total->visible() && !m_total->data()->isEmpty())
        headerKey = nearestPoint(*m_total->data(), key)->key;

    QStringList lines;
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        const QCPGraph *g = m_plot->graph(i);
        if (!g->visible() || g->data()->isEmpty())
            continue;
        const auto p = nearestPoint(*g->data(), key);
        if (!visible.contains(p->key))
            continue;
        QString line = g->name() + QLatin1String(": ") + formatLag(p->value);
        if (std::abs(p->key - headerKey) >= 0.5)
            line += QLatin1String(" (") + formatHoverTime(timeOf(p->key), false) + QLatin1Char(')');
        lines.append(line);
    }

    const double pixelsPerSec = m_plot->axisRect()->width() / std::max(visible.size(), 1e-9);
    const double tolerance = kMarkerHoverPixels / std::max(pixelsPerSec, 1e-9);
    lines.append(m_markers->describeNear(key, tolerance));
    if (lines.isEmpty())
        return QString();
    lines.prepend(formatHoverTime(timeOf(headerKey), true));
    return lines.join(QLatin1Char('\n'));
}

void LagChart::onMouseMove(QMouseEvent *event)
{
    const QRect area = m_plot->axisRect()->rect();
    const QPoint pos = event->position().toPoint();
    if (event->buttons() != Qt::NoButton || !area.contains(pos)) {
        QToolTip::hideText();
        if (m_cursor->visible()) {
            m_cursor->setVisible(false);
            m_overlay->replot();
        }
        return;
    }
    const double key = m_plot->xAxis->pixelToCoord(event->position().x());
    m_cursor->point1->setCoords(key, 0);
    m_cursor->point2->setCoords(key, 1);
    m_cursor->setVisible(true);
    m_overlay->replot();
    const QString text = toolTipText(timeOf(key));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot, area);
}

void LagChart::onLegendClick(QCPLegend *, QCPAbstractLegendItem *item, QMouseEvent *)
{
    // Clicking a legend entry hides or shows its line, e.g. to see small topics next to a big one.
    auto *entry = qobject_cast<QCPPlottableLegendItem *>(item);
    if (!entry)
        return;
    QCPAbstractPlottable *plottable = entry->plottable();
    plottable->setVisible(!plottable->visible());
    applyPalette();
    updateValueRange();
    scheduleReplot();
}

bool LagChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_plot && event->type() == QEvent::Leave && m_cursor->visible()) {
        m_cursor->setVisible(false);
        m_overlay->replot();
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace lagscope
