#include "charts/LagChart.h"

#include "charts/ChartRangeBar.h"
#include "charts/ChartData.h"
#include "charts/ChartImageMenu.h"
#include "charts/EventMarkers.h"
#include "charts/LagAxisTickers.h"
#include "charts/LagChartFormat.h"
#include "models/StatusColors.h"
#include "store/HistoryStore.h"

#include <QTimer>
#include <QVBoxLayout>

#include "charts/QCustomPlotInclude.h"

#include <algorithm>
#include <cmath>

namespace lagscope {

namespace {

// Long enough to fold a burst of polls from many clusters into one replot, short enough
// that nobody sees the delay.
constexpr int kReplotDelayMs = 50;
// Pen widths. QPainter strokes lines exactly 1 px wide on a fast path; wider ones cost
// 20-50x more on dense, jagged data (a 2.4 px line through 1M adaptively sampled points took
// ~200 ms, a 1 px one ~5 ms). So the total is bold only while it has at most two points per
// pixel (below that QCustomPlot does not sample and the path stays short), and topic lines
// are always 1 px; the total keeps the text colour, so it still stands out when thin.
constexpr double kBoldWidth = 2.4;
constexpr double kThinWidth = 1.0;
constexpr double kBoldMaxPointsPerPixel = 2.0;

// Distinct hues along the golden angle: neighbours differ most, and any number of topics
// gets a colour. Lighter on dark backgrounds so that lines keep their contrast.
QColor topicColor(int index, bool dark)
{
    const double hue = std::fmod(0.58 + index * 0.381966, 1.0);
    return QColor::fromHslF(float(hue), 0.70f, dark ? 0.66f : 0.42f);
}

} // namespace

LagChart::LagChart(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_bar = new ChartRangeBar(m_range, this);
    connect(m_bar, &ChartRangeBar::rangeClicked, this, [this](ChartRange r) {
        if (r == m_range)
            resetView(); // clicking the selected range again undoes zoom and pan
        else
            setRange(r);
    });
    connect(m_bar, &ChartRangeBar::liveClicked, this, &LagChart::setLive);
    layout->addWidget(m_bar);
    setupPlot();
    m_markers = std::make_unique<EventMarkers>(m_plot);
    layout->addWidget(m_plot, 1);

    m_replotTimer = new QTimer(this);
    m_replotTimer->setSingleShot(true);
    m_replotTimer->setInterval(kReplotDelayMs);
    connect(m_replotTimer, &QTimer::timeout, this, [this] {
        updateValueRange();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });

    applyPalette();
    reload();
}

LagChart::~LagChart() = default;

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

    m_emptyLabel = new QCPItemText(m_plot);
    m_emptyLabel->setLayer(m_overlay);
    m_emptyLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_emptyLabel->position->setAxisRect(m_plot->axisRect());
    m_emptyLabel->position->setCoords(0.5, 0.5);
    m_emptyLabel->setPositionAlignment(Qt::AlignCenter);
    m_emptyLabel->setSelectable(false);
    m_emptyLabel->setVisible(false);

    connect(m_plot->xAxis, qOverload<const QCPRange &>(&QCPAxis::rangeChanged), this,
            &LagChart::onTimeRangeChanged);
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] {
        placeLegend();
        m_markers->layoutLabels();
        updateTotalPen();
    });
    connect(m_plot, &QCustomPlot::mouseMove, this, &LagChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
    connect(m_plot, &QCustomPlot::legendClick, this, &LagChart::onLegendClick);
    installSaveImageMenu(m_plot, [this] { return m_group.isEmpty() ? QString() : m_cluster + QLatin1Char('-') + m_group; });
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
    const QColor base = pal.color(QPalette::Active, QPalette::Base);
    const QColor text = pal.color(QPalette::Active, QPalette::Text);
    const QColor muted = pal.color(QPalette::Active, QPalette::PlaceholderText);
    QColor grid = text;
    grid.setAlpha(dark ? 50 : 38);

    m_plot->setBackground(base);
    for (QCPAxis *axis : m_plot->axisRect()->axes()) {
        axis->setBasePen(QPen(muted, 1));
        axis->setTickPen(QPen(muted, 1));
        axis->setSubTickPen(QPen(muted, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        axis->grid()->setZeroLinePen(QPen(grid, 1));
    }
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

void LagChart::setSource(const HistoryStore *store)
{
    m_store = store;
    reload();
}

void LagChart::setGroup(const QString &cluster, const QString &group)
{
    m_cluster = cluster;
    m_group = group;
    m_lastAppendKey = 0;
    reload();
}

void LagChart::setRange(ChartRange range)
{
    m_bar->setRange(range);
    if (range == m_range)
        return;
    m_range = range;
    reload();
    Q_EMIT rangeChanged(range);
}

void LagChart::setLive(bool live)
{
    m_bar->setLive(live);
    if (!live)
        return;
    const double now = nowKey();
    setVisibleRange(now - double(chartRangeSpan(m_range).count()), now);
    scheduleReplot();
}

bool LagChart::isLive() const
{
    return m_bar->isLive();
}

void LagChart::resetView()
{
    m_bar->setLive(true); // reload() positions the view itself
    reload();
}

double LagChart::nowKey() const
{
    return std::max(double(QDateTime::currentMSecsSinceEpoch()) / 1000.0, m_lastAppendKey);
}

void LagChart::clearData()
{
    m_plot->clearGraphs();
    m_topics.clear();
    m_total = nullptr;
    m_markers->clear();
}

void LagChart::reload()
{
    clearData();
    const double now = nowKey();
    const double span = double(chartRangeSpan(m_range).count());
    setVisibleRange(now - span, now);
    loadHistory(timeOf(now - span), timeOf(now));
    updateValueRange();
    scheduleReplot();
}

void LagChart::loadHistory(const QDateTime &from, const QDateTime &to)
{
    if (!m_store) {
        setEmptyText(tr("No history: the history store is not available"));
        return;
    }
    if (m_group.isEmpty()) {
        setEmptyText(tr("No group selected"));
        return;
    }
    const auto total = m_store->groupHistory(m_cluster, m_group, from, to);
    if (!total) {
        setEmptyText(total.errorMessage());
        return;
    }
    m_total = addSeries(tr("total"), true);
    QVector<QCPGraphData> points;
    points.reserve(qsizetype(total->size()));
    for (const HistoryStore::GroupSample &s : *total)
        points.append(QCPGraphData(double(s.timeMs) / 1000.0, double(s.totalLag)));
    m_total->data()->set(points, true);

    const auto topics = m_store->topicHistory(m_cluster, m_group, from, to);
    if (topics) {
        for (const auto &[topic, samples] : *topics) {
            points.clear();
            for (const HistoryStore::TopicSample &s : samples)
                points.append(QCPGraphData(double(s.timeMs) / 1000.0, double(s.totalLag)));
            topicGraph(topic)->data()->set(points, true);
        }
    } else {
        qWarning("LagChart: %s", qPrintable(topics.errorMessage()));
    }

    const auto events = m_store->events(m_cluster, from, to, m_group);
    if (events) {
        for (const ClusterEvent &e : *events)
            m_markers->add(e, palette(), font());
    } else {
        qWarning("LagChart: %s", qPrintable(events.errorMessage()));
    }

    if (pointCount() == 0) {
        // No legend of empty lines (markers stay); a live poll brings the lines back.
        m_plot->clearGraphs();
        m_topics.clear();
        m_total = nullptr;
        placeLegend();
        setEmptyText(tr("No history of %1 in the last %2").arg(m_group, chartRangeLabel(m_range)));
    } else {
        setEmptyText(QString());
    }
}

QCPGraph *LagChart::addSeries(const QString &name, bool total)
{
    QCPGraph *g = m_plot->addGraph();
    g->setName(name);
    g->setLineStyle(QCPGraph::lsLine);
    g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssNone));
    g->setAdaptiveSampling(true);
    g->setSelectable(QCP::stNone);
    if (total)
        g->setPen(QPen(palette().color(QPalette::Active, QPalette::Text), kBoldWidth));
    else
        g->setPen(QPen(topicColor(int(m_topics.size()), isDarkPalette(palette())), kThinWidth));
    return g;
}

QCPGraph *LagChart::topicGraph(const QString &topic)
{
    if (QCPGraph *g = m_topics.value(topic))
        return g;
    QCPGraph *g = addSeries(topic, false);
    m_topics.insert(topic, g);
    return g;
}

void LagChart::setEmptyText(const QString &text)
{
    m_emptyLabel->setText(text);
    m_emptyLabel->setVisible(!text.isEmpty());
}

QString LagChart::emptyText() const
{
    return m_emptyLabel->visible() ? m_emptyLabel->text() : QString();
}

void LagChart::appendSnapshot(const SnapshotPtr &snapshot)
{
    if (!snapshot || !snapshot->reachable || m_group.isEmpty() || snapshot->cluster != m_cluster)
        return;
    const GroupState *g = snapshot->group(m_group);
    if (!g || !snapshot->takenAt.isValid())
        return;
    const double key = keyOf(snapshot->takenAt);
    if (!m_total)
        m_total = addSeries(tr("total"), true);
    // The same poll may already be in the store the chart loaded from.
    if (!hasPointAt(*m_total->data(), key))
        m_total->addData(key, double(g->totalLag));

    // Partitions are sorted by topic: sum runs, like the store's topic history (known lags only).
    for (auto it = g->partitions.begin(); it != g->partitions.end();) {
        const QString &topic = it->partition.topic;
        qint64 sum = 0;
        bool known = false;
        for (; it != g->partitions.end() && it->partition.topic == topic; ++it) {
            if (it->lag) {
                sum += *it->lag;
                known = true;
            }
        }
        QCPGraph *tg = topicGraph(topic);
        if (known && !hasPointAt(*tg->data(), key))
            tg->addData(key, double(sum));
    }
    m_lastAppendKey = std::max(m_lastAppendKey, key);
    setEmptyText(QString());
    if (isLive()) {
        const double now = nowKey();
        const double span = double(chartRangeSpan(m_range).count());
        setVisibleRange(now - span, now);
        // Following for days must not grow without bound; what scrolled far out of view
        // goes (cheap: QCustomPlot only moves its start marker).
        for (int i = 0; i < m_plot->graphCount(); ++i)
            m_plot->graph(i)->data()->removeBefore(now - 2 * span);
    }
    scheduleReplot();
}

void LagChart::appendEvents(const std::vector<ClusterEvent> &events)
{
    bool added = false;
    for (const ClusterEvent &e : events) {
        if (e.cluster == m_cluster && e.group == m_group && !m_group.isEmpty())
            added = m_markers->add(e, palette(), font()) || added;
    }
    if (added)
        scheduleReplot();
}

void LagChart::setVisibleRange(double lower, double upper)
{
    ++m_programmaticRange;
    m_plot->xAxis->setRange(lower, upper);
    --m_programmaticRange;
}

void LagChart::updateValueRange()
{
    const QCPRange keys = m_plot->xAxis->range();
    double top = 0;
    for (int i = 0; i < m_plot->graphCount(); ++i) {
        QCPGraph *g = m_plot->graph(i);
        if (!g->visible())
            continue;
        bool found = false;
        const QCPRange values = g->getValueRange(found, QCP::sdBoth, keys);
        if (found)
            top = std::max(top, values.upper);
    }
    // Headroom at the top keeps the line off the frame and leaves room for marker labels.
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.15 : 10);
    updateTotalPen();
}

void LagChart::updateTotalPen()
{
    if (!m_total)
        return;
    const QCPRange keys = m_plot->xAxis->range();
    const auto *data = m_total->data().data();
    const auto visiblePoints = double(data->findEnd(keys.upper) - data->findBegin(keys.lower));
    const double pixels = std::max(1, m_plot->axisRect()->width());
    QPen pen(palette().color(QPalette::Active, QPalette::Text));
    pen.setWidthF(visiblePoints / pixels <= kBoldMaxPointsPerPixel ? kBoldWidth : kThinWidth);
    m_total->setPen(pen);
}

void LagChart::scheduleReplot()
{
    if (!m_replotTimer->isActive())
        m_replotTimer->start();
}

bool LagChart::replotPending() const
{
    return m_replotTimer->isActive();
}

void LagChart::replot()
{
    m_replotTimer->stop();
    updateValueRange();
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

int LagChart::pointCount() const
{
    int n = 0;
    for (int i = 0; i < m_plot->graphCount(); ++i)
        n += m_plot->graph(i)->data()->size();
    return n;
}

int LagChart::seriesCount() const
{
    return m_plot->graphCount();
}

int LagChart::markerCount() const
{
    return m_markers->count();
}

QDateTime LagChart::visibleFrom() const
{
    return timeOf(m_plot->xAxis->range().lower);
}

QDateTime LagChart::visibleTo() const
{
    return timeOf(m_plot->xAxis->range().upper);
}

void LagChart::setSeriesForBenchmark(const QVector<double> &timeSecs, const QVector<double> &lag)
{
    clearData();
    setLive(false);
    m_total = addSeries(tr("total"), true);
    const qsizetype n = std::min(timeSecs.size(), lag.size());
    QVector<QCPGraphData> points(n);
    for (qsizetype i = 0; i < n; ++i)
        points[i] = QCPGraphData(timeSecs[i], lag[i]);
    m_total->data()->set(points, true);
    setEmptyText(QString());
    if (n > 1)
        setVisibleRange(timeSecs.front(), timeSecs[n - 1]);
    updateValueRange();
}

} // namespace lagscope
