#include "pages/BrokerLanes.h"

#include "model/LagStatus.h"
#include "models/BrokerTableModel.h"
#include "models/StatusColors.h"

#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace lagscope {

namespace {

constexpr int kTopMargin = 2;
constexpr int kLaneGap = 4;
// A change of a few seconds in a week is less than a pixel wide: drawn this wide at least,
// so that it can be seen and hovered.
constexpr int kMinSpanWidth = 4;
// Narrower than this a hatch is noise: the span is striped with its colour instead.
constexpr int kMinHatchWidth = 8;
constexpr qint64 kMinuteMs = 60'000;

// `amount` of the tone over the palette's base: lanes are large areas, so the common states
// are tints and only the worst (Offline) is the full tone.
QColor over(const QPalette &palette, StatusTone tone, double amount)
{
    const QColor base = palette.color(QPalette::Active, QPalette::Base);
    const QColor fg = statusForeground(tone, palette);
    const auto mix = [amount](int a, int b) { return int(a + (b - a) * amount + 0.5); };
    return QColor(mix(base.red(), fg.red()), mix(base.green(), fg.green()), mix(base.blue(), fg.blue()));
}

QString timeText(const QDateTime &t) { return t.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")); }

} // namespace

BrokerStateLook brokerStateLook(const std::optional<BrokerStatus> &status, const QPalette &palette)
{
    if (!status)
        return {palette.color(QPalette::Active, QPalette::Base), Qt::FDiagPattern,
                statusForeground(StatusTone::Muted, palette)};
    switch (*status) {
    case BrokerStatus::Online: return {over(palette, StatusTone::Good, 0.45), Qt::NoBrush, {}};
    case BrokerStatus::Unreachable: return {over(palette, StatusTone::Warning, 0.7), Qt::NoBrush, {}};
    case BrokerStatus::Stopping:
        return {over(palette, StatusTone::Warning, 0.3), Qt::BDiagPattern,
                statusForeground(StatusTone::Warning, palette)};
    case BrokerStatus::Fenced:
        return {over(palette, StatusTone::Error, 0.3), Qt::DiagCrossPattern,
                statusForeground(StatusTone::Error, palette)};
    case BrokerStatus::Offline: return {statusForeground(StatusTone::Error, palette), Qt::NoBrush, {}};
    }
    return {};
}

BrokerStateLook noDataLook(const QPalette &palette)
{
    // The window's own colour: the lanes' background shows through where nothing was
    // recorded, flat, unlike any state (Unknown is hatched).
    return {palette.color(QPalette::Active, QPalette::Window), Qt::NoBrush, {}};
}

void paintBrokerState(QPainter &painter, const QRect &rect, const BrokerStateLook &look)
{
    if (look.hatch != Qt::NoBrush && rect.width() < kMinHatchWidth) {
        // Too narrow for the hatch: one-pixel stripes of its colour on the fill still tell the
        // state from the solid one of its tone (Fenced from Offline, Stopping from Unreachable).
        painter.fillRect(rect, look.fill);
        for (int x = rect.left(); x <= rect.right(); x += 2)
            painter.fillRect(QRect(x, rect.top(), 1, rect.height()), look.hatchColor);
        return;
    }
    painter.fillRect(rect, look.fill);
    if (look.hatch != Qt::NoBrush)
        painter.fillRect(rect, QBrush(look.hatchColor, look.hatch));
}

QString brokerStateText(const std::optional<BrokerStatus> &status)
{
    return status ? BrokerTableModel::statusText(*status) : BrokerLanes::tr("Unknown");
}

QString noDataText() { return BrokerLanes::tr("No data"); }

BrokerLanes::BrokerLanes(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("brokerLanes"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    setMouseTracking(true);
}

void BrokerLanes::setLanes(std::vector<BrokerLane> lanes, const QDateTime &from, const QDateTime &to,
                           const QDateTime &knownFrom)
{
    const bool resized = lanes.size() != m_lanes.size();
    m_lanes = std::move(lanes);
    m_from = from;
    m_to = to;
    m_knownFrom = knownFrom;
    if (resized)
        updateGeometry();
    update();
}

QDateTime BrokerLanes::noDataUntil() const
{
    if (!m_from.isValid() || !m_to.isValid() || m_from >= m_to)
        return m_from;
    if (!m_knownFrom.isValid())
        return m_to;
    return std::clamp(m_knownFrom, m_from, m_to);
}

int BrokerLanes::laneHeight() const { return fontMetrics().height() + 8; }

int BrokerLanes::axisHeight() const { return fontMetrics().height() + 8; }

int BrokerLanes::gutterWidth() const
{
    int widest = fontMetrics().horizontalAdvance(tr("broker %1").arg(0));
    for (const BrokerLane &lane : m_lanes)
        widest = std::max(widest, fontMetrics().horizontalAdvance(tr("broker %1").arg(lane.broker)));
    return widest + 12;
}

QRect BrokerLanes::plotRect() const
{
    const int lanes = std::max<int>(1, int(m_lanes.size()));
    return QRect(gutterWidth(), kTopMargin, std::max(1, width() - gutterWidth() - 8),
                 lanes * (laneHeight() + kLaneGap) + kLaneGap);
}

QRect BrokerLanes::laneRect(int index) const
{
    const QRect plot = plotRect();
    return QRect(plot.left() + 1, plot.top() + kLaneGap + index * (laneHeight() + kLaneGap), plot.width() - 2,
                 laneHeight());
}

int BrokerLanes::xOf(const QDateTime &time) const
{
    const QRect plot = plotRect().adjusted(1, 0, -1, 0);
    const qint64 span = m_from.msecsTo(m_to);
    if (span <= 0)
        return plot.left();
    const double f = std::clamp(double(m_from.msecsTo(time)) / double(span), 0.0, 1.0);
    return plot.left() + int(f * plot.width() + 0.5);
}

QRect BrokerLanes::spanRect(const QRect &lane, const BrokerSpan &span) const
{
    int x0 = xOf(span.from);
    int x1 = std::max(xOf(span.to), x0 + kMinSpanWidth);
    // At the right edge it widens to the left instead: the latest state, seen for seconds
    // (the first poll of a fresh history, a change a moment ago), is drawn as wide as any.
    const int right = lane.right() + 1;
    if (x1 > right) {
        x0 = std::max(lane.left(), x0 - (x1 - right));
        x1 = right;
    }
    return QRect(QPoint(x0, lane.top()), QPoint(x1 - 1, lane.bottom()));
}

QSize BrokerLanes::sizeHint() const { return QSize(640, plotRect().height() + kTopMargin + axisHeight()); }

QSize BrokerLanes::minimumSizeHint() const
{
    return QSize(240, kTopMargin + laneHeight() + 2 * kLaneGap + axisHeight());
}

std::vector<BrokerLanes::Tick> BrokerLanes::ticks() const
{
    std::vector<Tick> out;
    const qint64 span = m_from.msecsTo(m_to);
    if (span <= 0)
        return out;
    // Steps in minutes; the smallest whose labels do not collide.
    constexpr std::array<qint64, 13> steps{1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880};
    const bool days = span > 24 * 60 * kMinuteMs;
    const QString sample = days ? QStringLiteral("00-00 00:00") : QStringLiteral("00:00");
    const int room = fontMetrics().horizontalAdvance(sample) + 24;
    const qint64 fits = std::max(1, plotRect().width() / room);
    qint64 stepMs = steps.back() * kMinuteMs;
    for (const qint64 s : steps) {
        if (span / (s * kMinuteMs) <= fits) {
            stepMs = s * kMinuteMs;
            break;
        }
    }
    const QString format = stepMs >= 1440 * kMinuteMs ? QStringLiteral("MM-dd")
                           : days                     ? QStringLiteral("MM-dd HH:mm")
                                                      : QStringLiteral("HH:mm");
    // Ticks on round local times (whole hours, local midnight), as a clock on the wall shows.
    const qint64 offset = qint64(m_from.toLocalTime().offsetFromUtc()) * 1000;
    const qint64 fromMs = m_from.toMSecsSinceEpoch();
    qint64 t = ((fromMs + offset + stepMs - 1) / stepMs) * stepMs - offset;
    for (; t <= m_to.toMSecsSinceEpoch(); t += stepMs) {
        const QDateTime at = QDateTime::fromMSecsSinceEpoch(t, Qt::UTC);
        out.push_back({at, at.toLocalTime().toString(format)});
    }
    return out;
}

void BrokerLanes::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QPalette &pal = palette();
    const QRect plot = plotRect();
    p.fillRect(plot, pal.color(QPalette::Base));
    const QFontMetrics fm = fontMetrics();

    // Grid and time labels under the plot, kept inside the widget at both ends.
    const int labelY = plot.bottom() + 4 + fm.ascent();
    for (const Tick &tick : ticks()) {
        const int x = xOf(tick.time);
        p.setPen(pal.color(QPalette::Midlight));
        p.drawLine(x, plot.top(), x, plot.bottom());
        p.setPen(pal.color(QPalette::WindowText));
        p.drawLine(x, plot.bottom(), x, plot.bottom() + 3);
        const int w = fm.horizontalAdvance(tick.label);
        p.drawText(std::clamp(x - w / 2, 0, width() - w), labelY, tick.label);
    }

    if (m_lanes.empty()) {
        p.setPen(statusForeground(StatusTone::Muted, pal));
        p.drawText(plot, Qt::AlignCenter, tr("No broker known yet: waiting for the first poll"));
    } else {
        paintNoData(p);
    }
    for (int i = 0; i < int(m_lanes.size()); ++i) {
        const BrokerLane &lane = m_lanes[size_t(i)];
        const QRect r = laneRect(i);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(0, r.top(), plot.left() - 6, r.height()), Qt::AlignRight | Qt::AlignVCenter,
                   tr("broker %1").arg(lane.broker));
        // Spans widened to be seen go last, over the neighbour they were widened into.
        for (const bool widened : {false, true})
            for (const BrokerSpan &span : lane.spans) {
                const QRect rect = spanRect(r, span);
                if ((rect.width() > xOf(span.to) - xOf(span.from)) == widened)
                    paintBrokerState(p, rect, brokerStateLook(span.status, pal));
            }
    }
    p.setPen(pal.color(QPalette::Mid));
    p.drawRect(plot.adjusted(0, 0, -1, -1));
}

void BrokerLanes::paintNoData(QPainter &p) const
{
    const int x0 = xOf(m_from);
    const int x1 = xOf(noDataUntil());
    if (x1 <= x0)
        return;
    // One block over every lane: nothing was recorded of the whole cluster then.
    const QRect block(QPoint(x0, laneRect(0).top()), QPoint(x1 - 1, laneRect(int(m_lanes.size()) - 1).bottom()));
    paintBrokerState(p, block, noDataLook(palette()));
    p.setPen(palette().color(QPalette::Mid));
    p.drawLine(block.topRight(), block.bottomRight());
    const QString label = noDataText();
    if (fontMetrics().horizontalAdvance(label) + 12 <= block.width()) {
        p.setPen(statusForeground(StatusTone::Muted, palette()));
        p.drawText(block, Qt::AlignCenter, label);
    }
}

QString BrokerLanes::noDataTextOf(int broker) const
{
    const QDateTime until = noDataUntil();
    QString text = tr("broker %1 · %2").arg(broker).arg(noDataText()) + QLatin1Char('\n')
                   + tr("%1 – %2 (%3)")
                         .arg(timeText(m_from), timeText(until), formatDuration(double(m_from.msecsTo(until)) / 1000.0))
                   + QLatin1Char('\n');
    if (m_knownFrom.isValid())
        text += tr("Nothing of this cluster is recorded before %1: Lagscope was not watching it.")
                    .arg(timeText(m_knownFrom));
    else
        text += tr("Nothing of this cluster is recorded yet.");
    return text;
}

QString BrokerLanes::spanText(int broker, const BrokerSpan &span) const
{
    QString text = tr("broker %1 · %2").arg(broker).arg(brokerStateText(span.status)) + QLatin1Char('\n');
    if (span.from == span.to)
        text += tr("since %1 (the latest poll)").arg(timeText(span.from));
    else
        text += tr("%1 – %2 (%3)")
                    .arg(timeText(span.from), timeText(span.to),
                         formatDuration(double(span.from.msecsTo(span.to)) / 1000.0));
    if (!span.status)
        text += QLatin1Char('\n')
                + tr("No change of this broker is recorded before %1, so its state before it is "
                     "not known.")
                      .arg(timeText(span.to));
    else if (span.from == m_from && span.from != m_knownFrom)
        text += QLatin1Char('\n') + tr("Began before the range shown.");
    return text;
}

QString BrokerLanes::toolTipAt(const QPoint &pos) const
{
    for (int i = 0; i < int(m_lanes.size()); ++i) {
        const QRect r = laneRect(i);
        if (pos.y() < r.top() || pos.y() > r.bottom())
            continue;
        // The shortest span drawn there: a narrow one widened over its neighbour stays reachable.
        const BrokerSpan *hit = nullptr;
        for (const BrokerSpan &span : m_lanes[size_t(i)].spans)
            if (spanRect(r, span).contains(pos) && (!hit || span.from.msecsTo(span.to) < hit->from.msecsTo(hit->to)))
                hit = &span;
        if (hit)
            return spanText(m_lanes[size_t(i)].broker, *hit);
        if (pos.x() >= xOf(m_from) && pos.x() < xOf(noDataUntil()))
            return noDataTextOf(m_lanes[size_t(i)].broker);
    }
    return {};
}

bool BrokerLanes::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace lagscope
