#include "charts/LagChart.h"

#include "charts/ChartRangeBar.h"
#include "charts/ChartData.h"
#include "charts/ChartImageMenu.h"
#include "charts/EventMarkers.h"
#include "charts/LagAxisTickers.h"
#include "charts/LagChartFormat.h"
#include "charts/LagChartStyle.h"
#include "models/StatusColors.h"
#include "history/HistoryReader.h"

#include <QTimer>
#include <QVBoxLayout>

#include "charts/QCustomPlotInclude.h"

#include <algorithm>
#include <cmath>

namespace lagscope {

using namespace chartstyle;

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

LagChart::~LagChart()
{
    if (m_reader)
        m_reader->cancel(m_loading);
}

void LagChart::setSource(HistoryReader *reader)
{
    if (m_reader)
        m_reader->cancel(m_loading);
    m_loading = 0;
    m_reader = reader;
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

bool LagChart::isLive() const { return m_bar->isLive(); }

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

QString LagChart::emptyText() const { return m_emptyLabel->visible() ? m_emptyLabel->text() : QString(); }

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
    if (!isLoading())
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
        if (e.cluster != m_cluster || e.group != m_group || m_group.isEmpty())
            continue;
        added = m_markers->add(e, palette(), font()) || added;
        if (isLoading())
            m_eventsDuringLoad.push_back(e); // the load may read it too
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

bool LagChart::replotPending() const { return m_replotTimer->isActive(); }

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

int LagChart::seriesCount() const { return m_plot->graphCount(); }

int LagChart::markerCount() const { return m_markers->count(); }

QDateTime LagChart::visibleFrom() const { return timeOf(m_plot->xAxis->range().lower); }

QDateTime LagChart::visibleTo() const { return timeOf(m_plot->xAxis->range().upper); }

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
