#include "report/ReportPdfParts.h"

#include "charts/LagAxisTickers.h"
#include "charts/LagChartFormat.h"
#include "report/ReportPdf.h"

#include "charts/QCustomPlotInclude.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace lagscope::pdf {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ReportPdfChartText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ReportPdf)
};

// Distinct hues along the golden angle, dark enough for white paper.
QColor topicColor(int index)
{
    const double hue = std::fmod(0.58 + index * 0.381966, 1.0);
    return QColor::fromHslF(float(hue), 0.70f, 0.40f);
}

constexpr int kMaxTopicLines = 8;

// At most the lowest and the highest point (in time order) of each bucket of the time axis,
// a bucket per point of width: thousands of points a line were most of a report's size
// (vector paths), and a line cannot show more than its width holds; highs and lows stay, so
// no spike is hidden.
QVector<QCPGraphData> decimated(const std::vector<SeriesPoint> &points, double fromSecs, double toSecs, int buckets)
{
    QVector<QCPGraphData> out;
    auto point = [](const SeriesPoint &s) { return QCPGraphData(double(s.timeMs) / 1000.0, double(s.value)); };
    if (buckets <= 0 || points.size() <= size_t(2 * buckets) || toSecs <= fromSecs) {
        out.reserve(qsizetype(points.size()));
        for (const SeriesPoint &s : points)
            out.append(point(s));
        return out;
    }
    out.reserve(2 * buckets + 2);
    auto bucketOf = [&](const SeriesPoint &s) {
        return std::clamp(int((double(s.timeMs) / 1000.0 - fromSecs) / (toSecs - fromSecs) * buckets), 0, buckets - 1);
    };
    for (size_t i = 0; i < points.size();) {
        const int bucket = bucketOf(points[i]);
        size_t low = i;
        size_t high = i;
        size_t j = i;
        for (; j < points.size() && bucketOf(points[j]) == bucket; ++j) {
            low = points[j].value < points[low].value ? j : low;
            high = points[j].value > points[high].value ? j : high;
        }
        out.append(point(points[std::min(low, high)]));
        if (low != high)
            out.append(point(points[std::max(low, high)]));
        i = j;
    }
    return out;
}

} // namespace

QFont font(int points, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(points); // one pixel is one point at the writer's 72 dpi
    f.setBold(bold);
    f.setHintingPreference(QFont::PreferNoHinting); // hinting is for screens; print keeps the design widths
    // No ligatures: a group or topic named "...fi..." would otherwise be drawn with the
    // single glyph U+FB01, and copying or searching the name in the PDF would not find it.
    f.setStyleStrategy(QFont::PreferNoShaping);
    return f;
}

QColor stateColor(const QString &state)
{
    // Lag statuses (docs/LAG-STATUS.md): one colour each, told apart in print.
    if (state == QLatin1String("OK"))
        return QColor(0x2e, 0x7d, 0x32);
    if (state == QLatin1String("WARN"))
        return QColor(0xf9, 0xa8, 0x25);
    if (state == QLatin1String("REWIND"))
        return QColor(0x00, 0x83, 0x8f); // teal: apart from STOP's purple in print
    if (state == QLatin1String("STALL"))
        return QColor(0xe6, 0x51, 0x00);
    if (state == QLatin1String("STOP"))
        return QColor(0x8e, 0x24, 0xaa).darker(160);
    if (state == QLatin1String("RISK"))
        return QColor(0xad, 0x14, 0x57); // crimson: between STOP's purple and ERR's red
    if (state == QLatin1String("ERR"))
        return QColor(0xc6, 0x28, 0x28);
    if (state == QLatin1String("Stable"))
        return QColor(0x2e, 0x7d, 0x32);
    if (state == QLatin1String("Empty"))
        return QColor(0x9e, 0x9e, 0x9e);
    if (state == QLatin1String("Dead"))
        return QColor(0xc6, 0x28, 0x28);
    if (state.contains(QLatin1String("Rebalance")) || state == QLatin1String("Reconciling")
        || state == QLatin1String("Assigning"))
        return QColor(0xef, 0x6c, 0x00);
    return QColor(0x15, 0x65, 0xc0);
}

QColor noDataColor() { return QColor(0xe4, 0xe4, 0xe4); }

QString formatTime(qint64 ms, const QTimeZone &zone, bool withSeconds)
{
    return QDateTime::fromMSecsSinceEpoch(ms, zone).toString(withSeconds ? QStringLiteral("yyyy-MM-dd HH:mm:ss")
                                                                         : QStringLiteral("yyyy-MM-dd HH:mm"));
}

QString formatCount(qint64 value) { return value < 0 ? QStringLiteral("–") : formatLag(double(value)); }

QString formatDecimal(double value)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    return locale.toString(value, 'f', 1);
}

LagChartPainter::LagChartPainter(const QTimeZone &zone, bool compact)
    : m_plot(std::make_unique<QCustomPlot>()), m_zone(zone), m_compact(compact)
{
    QCustomPlot &p = *m_plot;
    p.setBackground(Qt::white);
    auto ticker = QSharedPointer<QCPAxisTickerDateTime>::create();
    ticker->setTimeZone(zone);
    ticker->setTickCount(6);
    p.xAxis->setTicker(ticker);
    p.yAxis->setTicker(QSharedPointer<LagValueTicker>::create());
    p.yAxis->setLabel(ReportPdfChartText::tr("lag (records)"));
    for (QCPAxis *axis : {p.xAxis, p.yAxis}) {
        axis->setTickLabelFont(font(7));
        axis->setLabelFont(font(8));
        axis->setBasePen(QPen(Qt::black, 0.6));
        axis->setTickPen(QPen(Qt::black, 0.6));
        axis->setSubTickPen(QPen(Qt::black, 0.4));
        axis->setTickLengthIn(3);
        axis->setSubTickLengthIn(2);
        // Solid and faint rather than dotted: Qt writes a dotted pen to PDF as a filled shape
        // per dot, which made the grid most of a report's size.
        axis->grid()->setPen(QPen(QColor(0, 0, 0, 28), 0.4));
        axis->setPadding(2);
        axis->setLabelPadding(3);
        axis->setTickLabelPadding(2);
    }
    if (compact) {
        ticker->setTickCount(3);
        p.yAxis->ticker()->setTickCount(3);
        p.yAxis->setLabel(QString());
        for (QCPAxis *axis : {p.xAxis, p.yAxis}) {
            axis->setTickLabelFont(font(6));
            axis->setSubTicks(false);
        }
    }
    p.legend->setVisible(!compact);
    p.legend->setFont(font(7));
    p.legend->setBrush(QColor(255, 255, 255, 230));
    p.legend->setBorderPen(QPen(QColor(0x99, 0x99, 0x99), 0.5));
    p.legend->setIconSize(14, 6);
    p.legend->setRowSpacing(0);
    p.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
}

LagChartPainter::~LagChartPainter() = default;

QRectF LagChartPainter::draw(QCPPainter &painter, const QRectF &area, const GroupReport &group, const Report &report)
{
    QCustomPlot &p = *m_plot;
    p.clearGraphs();
    const double from = double(report.request.from.toMSecsSinceEpoch()) / 1000.0;
    const double to = double(report.request.to.toMSecsSinceEpoch()) / 1000.0;
    const double span = to - from;
    auto *ticker = static_cast<QCPAxisTickerDateTime *>(p.xAxis->ticker().data());
    ticker->setDateTimeFormat(span > 86400 * 1.01 ? QStringLiteral("MM-dd\nHH:mm")
                              : span > 600        ? QStringLiteral("HH:mm")
                                                  : QStringLiteral("HH:mm:ss"));
    if (m_compact)
        ticker->setDateTimeFormat(span > 86400 * 1.01 ? QStringLiteral("MM-dd") : QStringLiteral("HH:mm"));
    else
        p.xAxis->setLabel(ReportPdfChartText::tr("time (%1)").arg(reportZoneLabel(m_zone, report.request.to)));
    p.xAxis->setRange(from, to);

    double top = 0;
    auto addLine = [&](const QString &name, const std::vector<SeriesPoint> &points, const QPen &pen) {
        QCPGraph *g = p.addGraph();
        g->setName(name);
        g->setPen(pen);
        g->setAdaptiveSampling(false); // decimated already, and the same way in every viewer
        for (const SeriesPoint &s : points)
            top = std::max(top, double(s.value));
        g->data()->set(decimated(points, from, to, int(area.width())), true);
    };
    addLine(ReportPdfChartText::tr("total"), group.totalSeries, QPen(Qt::black, 1.4));
    if (group.topicSeries.size() > 1) {
        int i = 0;
        for (const auto &[topic, points] : group.topicSeries) {
            if (i == kMaxTopicLines)
                break;
            addLine(topic, points, QPen(topicColor(i++), 0.7));
        }
    }
    if (report.request.slaLagRecords) {
        const double sla = double(*report.request.slaLagRecords);
        QCPGraph *g = p.addGraph();
        g->setName(ReportPdfChartText::tr("SLA %1").arg(formatLag(sla)));
        g->setPen(QPen(QColor(0xc6, 0x28, 0x28), 0.9, Qt::DashLine));
        g->setData({from, to}, {sla, sla}, true);
        top = std::max(top, sla);
    }
    p.yAxis->setRange(0, top > 0 ? top * 1.15 : 10);

    painter.save();
    painter.translate(area.topLeft());
    painter.setMode(QCPPainter::pmVectorized);
    p.toPainter(&painter, int(area.width()), int(area.height()));
    painter.restore();
    return QRectF(p.axisRect()->rect()).translated(area.topLeft());
}

namespace {

// A tick step that puts 4 to 8 ticks across the range.
qint64 timelineStep(qint64 rangeMs)
{
    constexpr qint64 kMin = 60 * 1000;
    const qint64 steps[] = {1000,          2000,           5000,           10 * 1000,          15 * 1000,
                            30 * 1000,     kMin,           2 * kMin,       5 * kMin,           10 * kMin,
                            15 * kMin,     30 * kMin,      60 * kMin,      2 * 60 * kMin,      3 * 60 * kMin,
                            6 * 60 * kMin, 12 * 60 * kMin, 24 * 60 * kMin, 2 * 24 * 60 * kMin, 7 * 24 * 60 * kMin};
    for (const qint64 step : steps)
        if (rangeMs / step <= 8)
            return step;
    return steps[std::size(steps) - 1];
}

} // namespace

void drawStateBand(QPainter &painter, const QRectF &bar, const std::vector<StateSpan> &spans, qint64 fromMs,
                   qint64 toMs)
{
    const qint64 rangeMs = std::max<qint64>(1, toMs - fromMs);
    auto xOf = [&](qint64 t) {
        return bar.left() + bar.width() * double(std::clamp(t, fromMs, toMs) - fromMs) / double(rangeMs);
    };
    painter.save();
    painter.fillRect(bar, noDataColor());
    for (const StateSpan &s : spans) {
        const qreal x0 = xOf(s.startMs);
        const qreal x1 = std::max(xOf(s.endMs), x0 + 0.3); // a short rebalance stays visible
        painter.fillRect(QRectF(x0, bar.top(), x1 - x0, bar.height()), stateColor(s.state));
    }
    painter.setPen(QPen(QColor(0x66, 0x66, 0x66), 0.5));
    painter.drawRect(bar);
    painter.restore();
}

qreal drawStateTimeline(QPainter &painter, const QRectF &area, const std::vector<StateSpan> &spans, qint64 fromMs,
                        qint64 toMs, const QTimeZone &zone, bool withSeconds)
{
    const qreal barHeight = 12;
    const QRectF bar(area.left(), area.top(), area.width(), barHeight);
    const qint64 rangeMs = std::max<qint64>(1, toMs - fromMs);
    auto xOf = [&](qint64 t) {
        return bar.left() + bar.width() * double(std::clamp(t, fromMs, toMs) - fromMs) / double(rangeMs);
    };

    drawStateBand(painter, bar, spans, fromMs, toMs);
    painter.save();

    // Ticks at round local times of the zone (a step of a day or more: at local midnight).
    const qint64 step = timelineStep(rangeMs);
    const qint64 offsetMs = qint64(zone.offsetFromUtc(QDateTime::fromMSecsSinceEpoch(fromMs, Qt::UTC))) * 1000;
    const QString format = step >= 24 * 3600 * 1000          ? QStringLiteral("MM-dd")
                           : rangeMs > 24 * 3600 * 1000      ? QStringLiteral("MM-dd HH:mm")
                           : step < 60 * 1000 || withSeconds ? QStringLiteral("HH:mm:ss")
                                                             : QStringLiteral("HH:mm");
    painter.setFont(font(7));
    const QFontMetricsF metrics(painter.font(), painter.device());
    const qint64 firstLocal = ((fromMs + offsetMs + step - 1) / step) * step;
    for (qint64 local = firstLocal; local - offsetMs <= toMs; local += step) {
        const qint64 t = local - offsetMs;
        const qreal x = xOf(t);
        painter.setPen(QPen(QColor(0x33, 0x33, 0x33), 0.5));
        painter.drawLine(QPointF(x, bar.bottom()), QPointF(x, bar.bottom() + 2.5));
        const QString label = QDateTime::fromMSecsSinceEpoch(t, zone).toString(format);
        const qreal w = metrics.horizontalAdvance(label);
        if (x - w / 2 < bar.left() || x + w / 2 > bar.right())
            continue; // would be cut at the edge; the line below gives the ends
        painter.setPen(Qt::black);
        painter.drawText(QRectF(x - w / 2 - 1, bar.bottom() + 2.5, w + 2, 9), Qt::AlignCenter, label);
    }
    // The ends in full, and the time zone between them.
    painter.setPen(QColor(0x44, 0x44, 0x44));
    const QRectF below(bar.left(), bar.bottom() + 12, bar.width(), 9);
    painter.drawText(below, Qt::AlignLeft | Qt::AlignTop, formatTime(fromMs, zone, withSeconds));
    painter.drawText(below, Qt::AlignRight | Qt::AlignTop, formatTime(toMs, zone, withSeconds));
    painter.drawText(
        below, Qt::AlignHCenter | Qt::AlignTop,
        ReportPdfChartText::tr("time (%1)").arg(reportZoneLabel(zone, QDateTime::fromMSecsSinceEpoch(toMs, Qt::UTC))));
    painter.restore();
    return barHeight + 24;
}

} // namespace lagscope::pdf
