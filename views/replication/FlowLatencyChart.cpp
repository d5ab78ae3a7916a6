#include "replication/FlowLatencyChart.h"

#include "charts/ChartAxisStyle.h"
#include "charts/ChartData.h"
#include "charts/ChartRangeBar.h"
#include "charts/LagAxisTickers.h"
#include "charts/ChartImageMenu.h"
#include "charts/QCustomPlotInclude.h"
#include "models/StatusColors.h"
#include "history/HistoryReader.h"

#include <QVBoxLayout>

#include <algorithm>

namespace lagscope {

FlowLatencyChart::FlowLatencyChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("flowLatencyChart"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_bar = new ChartRangeBar(m_range, this);
    connect(m_bar, &ChartRangeBar::rangeClicked, this, &FlowLatencyChart::setRange);
    connect(m_bar, &ChartRangeBar::liveClicked, this, [this](bool live) {
        if (live)
            reload();
    });
    layout->addWidget(m_bar);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("flowLatencyPlot"));
    m_plot->setMinimumHeight(140);
    installSaveImageMenu(m_plot, [] { return QStringLiteral("replication-latency"); });
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    // Dragging or zooming means the user reads the past: stop following new polls.
    connect(m_plot, &QCustomPlot::mousePress, this, [this] { m_bar->setLive(false); });
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { m_bar->setLive(false); });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_bar->setLive(true);
        reload();
    });
    m_timeTicker = QSharedPointer<LocalTimeTicker>::create();
    m_plot->xAxis->setTicker(m_timeTicker);
    m_plot->yAxis->setLabel(tr("latency (s)"));
    m_latency = m_plot->addGraph();
    m_latency->setName(tr("replication latency"));
    m_notOk = m_plot->addGraph();
    m_notOk->setName(tr("not OK"));
    m_notOk->setLineStyle(QCPGraph::lsNone);

    m_emptyLabel = addCentredLabel(m_plot);
    layout->addWidget(m_plot, 1);
    applyPalette();
    reload();
}

FlowLatencyChart::~FlowLatencyChart()
{
    if (m_reader)
        m_reader->cancel(m_loading);
}

void FlowLatencyChart::applyPalette()
{
    const QPalette pal = palette();
    const auto [base, text, muted, grid] = chartColors(pal);
    m_plot->setBackground(base);
    styleChartAxes(m_plot, muted, text, grid, false);
    m_latency->setPen(QPen(pal.color(QPalette::Active, QPalette::Highlight), 1.5));
    const QColor bad = statusForeground(StatusTone::Error, pal);
    m_notOk->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, bad, bad, 5));
    m_emptyLabel->setColor(muted);
}

void FlowLatencyChart::setSource(HistoryReader *reader)
{
    if (m_reader)
        m_reader->cancel(m_loading);
    m_loading = 0;
    m_reader = reader;
    reload();
}

void FlowLatencyChart::setFlow(const QString &flowKey)
{
    if (flowKey == m_flow)
        return;
    m_flow = flowKey;
    reload();
}

void FlowLatencyChart::setRange(ChartRange range)
{
    m_bar->setRange(range);
    m_bar->setLive(true); // a range is "the last …": it ends now
    m_range = range;
    reload();
}

void FlowLatencyChart::reload()
{
    if (m_reader)
        m_reader->cancel(m_loading); // its answer is for another flow or range
    m_loading = 0;
    if (!m_reader || m_flow.isEmpty()) {
        showPoints({}, QString());
        return;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QDateTime from = now.addSecs(-chartRangeSpan(m_range).count());
    const QString flow = m_flow;
    m_loading = m_reader->read<std::vector<Point>>(
        this,
        [flow, from, to = now.addSecs(60)](const HistoryStore &store) -> Result<std::vector<Point>> {
            const auto samples = store.flowHistory(flow, from, to);
            if (!samples)
                return samples.error();
            std::vector<Point> points;
            points.reserve(samples->size());
            for (const HistoryStore::FlowSample &s : *samples)
                if (s.latencyMs >= 0)
                    points.push_back({double(s.timeMs) / 1000.0, double(s.latencyMs) / 1000.0, s.health});
            return points;
        },
        [this](Result<std::vector<Point>> stored) {
            m_loading = 0;
            showPoints(stored ? *stored : std::vector<Point>(), stored ? QString() : stored.errorMessage());
        });
    // Until the answer comes: the live points, and a word that more is on its way.
    showPoints({}, QString());
}

void FlowLatencyChart::showPoints(const std::vector<Point> &stored, const QString &problem)
{
    m_latency->data()->clear();
    m_notOk->data()->clear();
    m_storedPoints = 0;
    m_lastKey = 0;
    m_lastStep = 0;
    double lastStored = 0;
    for (const Point &p : stored) {
        addPoint(p);
        lastStored = p.key;
        ++m_storedPoints;
    }
    // Live points the recorder has not written yet (it runs on its own thread), or all of
    // them when there is no store.
    const auto it = m_live.find(m_flow);
    if (it != m_live.end())
        for (const Point &p : it->second)
            if (p.key > lastStored)
                addPoint(p);
    if (!problem.isEmpty())
        m_emptyLabel->setText(problem);
    else if (m_flow.isEmpty())
        m_emptyLabel->setText(tr("No flow selected"));
    else if (isLoading())
        m_emptyLabel->setText(tr("Loading history…"));
    else if (m_latency->data()->isEmpty())
        m_emptyLabel->setText(tr("No replication latency of this flow in the last %1").arg(chartRangeLabel(m_range)));
    else
        m_emptyLabel->setText(QString());
    m_emptyLabel->setVisible(!m_emptyLabel->text().isEmpty());
    m_timeTicker->setVisibleSpan(double(chartRangeSpan(m_range).count()));
    fitAxes();
}

void FlowLatencyChart::addPoint(const Point &p)
{
    // Nothing was polled in a gap (Lagscope was not running): a NaN point breaks the line
    // there instead of drawing a slope nobody measured. Buckets are spaced wider than polls.
    const double step = p.key - m_lastKey;
    if (m_lastKey > 0 && step > std::max(30.0, 2.5 * m_lastStep))
        m_latency->addData(m_lastKey + m_lastStep / 2, qQNaN());
    else if (m_lastKey > 0)
        m_lastStep = step;
    m_lastKey = p.key;
    m_latency->addData(p.key, p.latencySeconds);
    if (p.health > 0)
        m_notOk->addData(p.key, p.latencySeconds);
}

void FlowLatencyChart::appendSnapshot(const mirror::FlowSnapshot &s)
{
    if (s.heartbeatAgeMs < 0 || !s.takenAt.isValid())
        return;
    const QString key = s.flow.label();
    const Point p{keyOf(s.takenAt), double(s.heartbeatAgeMs) / 1000.0, int(s.health)};
    auto &points = m_live[key];
    points.push_back(p);
    if (points.size() > size_t(kMaxLivePoints))
        points.erase(points.begin(), points.begin() + std::ptrdiff_t(points.size() - kMaxLivePoints));
    if (key != m_flow)
        return;
    if (!m_latency->data()->isEmpty() && p.key <= (m_latency->data()->constEnd() - 1)->key)
        return;
    addPoint(p);
    if (!isLoading())
        m_emptyLabel->setVisible(false);
    if (m_bar->isLive())
        fitAxes();
    else
        m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void FlowLatencyChart::fitAxes()
{
    const double now = keyOf(QDateTime::currentDateTimeUtc());
    const double span = double(chartRangeSpan(m_range).count());
    double right = now;
    if (!m_latency->data()->isEmpty())
        right = std::max(right, (m_latency->data()->constEnd() - 1)->key);
    m_plot->xAxis->setRange(right - span, right + span * 0.01);
    double top = 1.0;
    for (const QCPGraphData &d : *m_latency->data())
        if (!qIsNaN(d.value))
            top = std::max(top, d.value);
    m_plot->yAxis->setRange(0.0, top * 1.15);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int FlowLatencyChart::pointCount() const
{
    return int(std::count_if(m_latency->data()->constBegin(), m_latency->data()->constEnd(),
                             [](const QCPGraphData &d) { return !qIsNaN(d.value); }));
}

int FlowLatencyChart::notOkPointCount() const { return m_notOk->data()->size(); }

QString FlowLatencyChart::emptyText() const { return m_emptyLabel->visible() ? m_emptyLabel->text() : QString(); }

} // namespace lagscope
