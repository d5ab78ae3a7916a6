#include "charts/EventMarkers.h"

#include "charts/ChartData.h"
#include "charts/LagChartFormat.h"
#include "charts/QCustomPlotInclude.h"
#include "models/StatusColors.h"

#include <algorithm>

namespace lagscope {

namespace {

QColor severityColor(EventSeverity severity, const QPalette &palette)
{
    switch (severity) {
    case EventSeverity::Warning: return statusForeground(StatusTone::Warning, palette);
    case EventSeverity::Error: return statusForeground(StatusTone::Error, palette);
    case EventSeverity::Info: break;
    }
    return palette.color(QPalette::Active, QPalette::Link);
}

} // namespace

EventMarkers::EventMarkers(QCustomPlot *plot) : m_plot(plot) { }

bool EventMarkers::add(const ClusterEvent &event, const QPalette &palette, const QFont &font)
{
    if (!isMarkedEvent(event.kind) || !event.time.isValid())
        return false;
    Marker m;
    m.event = event;
    m.key = keyOf(event.time);
    m.line = new QCPItemStraightLine(m_plot);
    m.line->point1->setCoords(m.key, 0);
    m.line->point2->setCoords(m.key, 1);
    m.line->setSelectable(false);

    // Rotated text reads top to bottom and stays one line thick however many markers crowd
    // together; its x follows the event time, its y sticks to the top of the axis rect.
    m.label = new QCPItemText(m_plot);
    m.label->position->setAxisRect(m_plot->axisRect());
    m.label->position->setAxes(m_plot->xAxis, m_plot->yAxis);
    m.label->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m.label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m.label->position->setCoords(m.key, 0.0);
    m.label->setRotation(90);
    m.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m.label->setPadding(QMargins(4, 1, 4, 1));
    QFont small = font;
    small.setPointSizeF(font.pointSizeF() * 0.85);
    m.label->setFont(small);
    m.label->setText(markerLabel(event));
    m.label->setSelectable(false);
    colour(m, palette);
    m_markers.push_back(std::move(m));
    return true;
}

void EventMarkers::clear()
{
    for (const Marker &m : m_markers) {
        m_plot->removeItem(m.line);
        m_plot->removeItem(m.label);
    }
    m_markers.clear();
}

void EventMarkers::colour(const Marker &m, const QPalette &palette) const
{
    const QColor c = severityColor(m.event.severity, palette);
    m.line->setPen(QPen(c, 1.3, Qt::DashLine));
    m.label->setColor(c);
}

void EventMarkers::applyPalette(const QPalette &palette)
{
    for (const Marker &m : m_markers)
        colour(m, palette);
}

void EventMarkers::layoutLabels()
{
    // Labels hang right of their line, or left of it at the right edge. Where two would
    // overlap, the more severe one stays (on a tie the older); the tooltip lists both.
    const QRect area = m_plot->axisRect()->rect();
    const QCPRange keys = m_plot->xAxis->range();
    if (keys.size() <= 0 || area.width() <= 0)
        return;
    std::vector<const Marker *> order;
    order.reserve(m_markers.size());
    for (const Marker &m : m_markers)
        order.push_back(&m);
    std::stable_sort(order.begin(), order.end(), [](const Marker *a, const Marker *b) { return a->key < b->key; });

    const double right = area.left() + area.width(); // QRect::right() is one pixel short
    const Marker *previous = nullptr;
    double previousEnd = 0; // right edge in pixels of the last visible label
    for (const Marker *m : order) {
        const double x = area.left() + (m->key - keys.lower) / keys.size() * area.width();
        const double thickness = QFontMetricsF(m->label->font()).height() + 2;
        const bool flip = x + thickness > right;
        m->label->setPositionAlignment(Qt::AlignLeft | (flip ? Qt::AlignTop : Qt::AlignBottom));
        const double start = flip ? x - thickness : x;
        bool visible = x >= area.left() && x <= right;
        if (visible && previous && start < previousEnd) {
            if (int(m->event.severity) > int(previous->event.severity))
                previous->label->setVisible(false);
            else
                visible = false;
        }
        m->label->setVisible(visible);
        if (visible) {
            previous = m;
            previousEnd = start + thickness;
        }
    }
}

QStringList EventMarkers::describeNear(double key, double toleranceSecs) const
{
    QStringList out;
    for (const Marker &m : m_markers) {
        if (std::abs(m.key - key) <= toleranceSecs)
            out.append(formatHoverTime(m.event.time, false) + QLatin1String("  ") + markerDescription(m.event));
    }
    return out;
}

} // namespace lagscope
