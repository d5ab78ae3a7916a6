#include "replication/FlowReadinessChart.h"

#include "charts/ChartAxisStyle.h"
#include "charts/ChartData.h"
#include "charts/ChartImageMenu.h"
#include "charts/ChartRangeBar.h"
#include "charts/LagAxisTickers.h"
#include "charts/QCustomPlotInclude.h"
#include "history/HistoryReader.h"
#include "mirror/FlowHistory.h"
#include "models/StatusColors.h"

#include <QVBoxLayout>

#include <algorithm>

namespace lagscope {

FlowReadinessChart::FlowReadinessChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("flowReadinessChart"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    m_bar = new ChartRangeBar(m_range, this);
    connect(m_bar, &ChartRangeBar::rangeClicked, this, &FlowReadinessChart::setRange);
    connect(m_bar, &ChartRangeBar::liveClicked, this, [this](bool live) {
        if (live)
            reload();
    });
    layout->addWidget(m_bar);

    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("flowReadinessPlot"));
    m_plot->setMinimumHeight(140);
    installSaveImageMenu(m_plot, [this] { return QString(QStringLiteral("failover-readiness-") + m_group); });
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    connect(m_plot, &QCustomPlot::mousePress, this, [this] { m_bar->setLive(false); });
    connect(m_plot, &QCustomPlot::mouseWheel, this, [this] { m_bar->setLive(false); });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] {
        m_bar->setLive(true);
        reload();
    });
    m_timeTicker = QSharedPointer<LocalTimeTicker>::create();
    m_plot->xAxis->setTicker(m_timeTicker);
    m_plot->xAxis->setLabel(tr("time (local)"));
    m_plot->yAxis->setTicker(QSharedPointer<LagValueTicker>::create());
    m_plot->yAxis->setLabel(tr("re-read (records)"));
    // Partitions are few and whole: their own axis, so that 2 of them are not a flat line
    // under 100,000 records.
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setTicker(QSharedPointer<LagValueTicker>::create());
    m_plot->yAxis2->setLabel(tr("without checkpoint (partitions)"));
    m_reread = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis);
    m_reread->setName(tr("records re-read on failover"));
    m_untranslatable = m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2);
    m_untranslatable->setName(tr("partitions without checkpoint"));
    m_untranslatable->setLineStyle(QCPGraph::lsStepLeft);

    // The legend goes below the axes, in one row, so it never covers a line.
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
    m_plot->plotLayout()->setRowSpacing(0);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(2);
    m_plot->legend->setMargins(QMargins(8, 0, 8, 4));
    m_plot->legend->setIconSize(18, 10);

    m_emptyLabel = addCentredLabel(m_plot);
    layout->addWidget(m_plot, 1);
    applyPalette();
    reload();
}

FlowReadinessChart::~FlowReadinessChart()
{
    if (m_reader)
        m_reader->cancel(m_loading);
}

void FlowReadinessChart::applyPalette()
{
    const QPalette pal = palette();
    const auto [base, text, muted, grid] = chartColors(pal);
    m_plot->setBackground(base);
    styleChartAxes(m_plot, muted, text, grid, false);
    for (QCPAxis *axis : {m_plot->yAxis2}) {
        axis->setBasePen(QPen(muted, 1));
        axis->setTickPen(QPen(muted, 1));
        axis->setSubTickPen(QPen(muted, 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setVisible(false); // one grid: the records'
    }
    m_plot->legend->setBrush(base);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(text);
    m_reread->setPen(QPen(pal.color(QPalette::Active, QPalette::Highlight), 1.5));
    m_untranslatable->setPen(QPen(statusForeground(StatusTone::Warning, pal), 1.5, Qt::DashLine));
    m_emptyLabel->setColor(muted);
}

void FlowReadinessChart::setSource(HistoryReader *reader)
{
    if (m_reader)
        m_reader->cancel(m_loading);
    m_loading = 0;
    m_reader = reader;
    reload();
}

void FlowReadinessChart::setGroup(const QString &flow, const QString &group)
{
    if (flow == m_flow && group == m_group)
        return;
    m_flow = flow;
    m_group = group;
    m_live.clear();
    reload();
}

void FlowReadinessChart::setRange(ChartRange range)
{
    m_bar->setRange(range);
    m_bar->setLive(true); // a range is "the last …": it ends now
    m_range = range;
    reload();
}

void FlowReadinessChart::reload()
{
    if (m_reader)
        m_reader->cancel(m_loading); // its answer is for another group or range
    m_loading = 0;
    if (!m_reader || m_group.isEmpty()) {
        showPoints({}, QString());
        return;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QDateTime from = now.addSecs(-chartRangeSpan(m_range).count());
    m_loading = m_reader->read<std::vector<Point>>(
        this,
        [flow = m_flow, group = m_group, from,
         to = now.addSecs(60)](const HistoryStore &store) -> Result<std::vector<Point>> {
            const auto samples = store.readinessHistory(flow, group, from, to);
            if (!samples)
                return samples.error();
            std::vector<Point> points;
            points.reserve(samples->size());
            for (const HistoryStore::ReadinessSample &s : *samples)
                points.push_back({double(s.timeMs) / 1000.0, s.reread, s.untranslatable});
            return points;
        },
        [this](Result<std::vector<Point>> stored) {
            m_loading = 0;
            showPoints(stored ? *stored : std::vector<Point>(), stored ? QString() : stored.errorMessage());
        });
    showPoints({}, QString()); // the live points until the answer comes, and "Loading…"
}

void FlowReadinessChart::showPoints(const std::vector<Point> &stored, const QString &problem)
{
    m_reread->data()->clear();
    m_untranslatable->data()->clear();
    m_lastKey = 0;
    m_lastStep = 0;
    double lastStored = 0;
    for (const Point &p : stored) {
        addPoint(p);
        lastStored = p.key;
    }
    // Polls the recorder has not written yet (it runs on its own thread), or all of them
    // when there is no store.
    for (const Point &p : m_live)
        if (p.key > lastStored)
            addPoint(p);
    if (!problem.isEmpty())
        m_emptyLabel->setText(problem);
    else if (m_group.isEmpty())
        m_emptyLabel->setText(tr("Select a group to see its failover readiness"));
    else if (isLoading())
        m_emptyLabel->setText(tr("Loading history…"));
    else if (m_untranslatable->data()->isEmpty())
        m_emptyLabel->setText(tr("No failover readiness of %1 in the last %2").arg(m_group, chartRangeLabel(m_range)));
    else
        m_emptyLabel->setText(QString());
    m_emptyLabel->setVisible(!m_emptyLabel->text().isEmpty());
    m_timeTicker->setVisibleSpan(double(chartRangeSpan(m_range).count()));
    fitAxes();
}

void FlowReadinessChart::addPoint(const Point &p)
{
    // Nothing was polled in a gap (Lagscope was not running, a side unreachable): a NaN
    // breaks the lines there instead of drawing a slope nobody measured. The step is learnt
    // from the points themselves (10-minute buckets, then 1-minute ones, then polls), afresh
    // after each gap.
    const double step = p.key - m_lastKey;
    if (m_lastKey > 0 && m_lastStep > 0 && step > 2.5 * m_lastStep) {
        m_reread->addData(m_lastKey + m_lastStep / 2, qQNaN());
        m_untranslatable->addData(m_lastKey + m_lastStep / 2, qQNaN());
        m_lastStep = 0;
    } else if (m_lastKey > 0) {
        m_lastStep = step;
    }
    m_lastKey = p.key;
    m_reread->addData(p.key, p.reread >= 0 ? double(p.reread) : qQNaN());
    m_untranslatable->addData(p.key, double(p.untranslatable));
}

void FlowReadinessChart::appendSnapshot(const mirror::FlowSnapshot &s)
{
    if (m_group.isEmpty() || s.flow.label() != m_flow || !s.takenAt.isValid())
        return;
    for (const HistoryStore::GroupReadiness &g : mirror::readinessOf(s)) {
        if (g.group != m_group)
            continue;
        const Point p{keyOf(s.takenAt), g.reread, g.untranslatable};
        m_live.push_back(p);
        if (m_live.size() > 2880) // a day of 30 s polls, when there is no store
            m_live.erase(m_live.begin());
        if (!m_untranslatable->data()->isEmpty() && p.key <= (m_untranslatable->data()->constEnd() - 1)->key)
            return;
        addPoint(p);
        if (!isLoading())
            m_emptyLabel->setVisible(false);
        if (m_bar->isLive())
            fitAxes();
        else
            m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
}

void FlowReadinessChart::fitAxes()
{
    const double now = keyOf(QDateTime::currentDateTimeUtc());
    const double span = double(chartRangeSpan(m_range).count());
    double right = now;
    if (!m_untranslatable->data()->isEmpty())
        right = std::max(right, (m_untranslatable->data()->constEnd() - 1)->key);
    m_plot->xAxis->setRange(right - span, right + span * 0.01);
    double top = 0;
    for (const QCPGraphData &d : *m_reread->data())
        if (!qIsNaN(d.value))
            top = std::max(top, d.value);
    m_plot->yAxis->setRange(0.0, top > 8 ? top * 1.15 : 10.0); // whole ticks when there is little
    double partitions = 1;
    for (const QCPGraphData &d : *m_untranslatable->data())
        if (!qIsNaN(d.value))
            partitions = std::max(partitions, d.value);
    m_plot->yAxis2->setRange(0.0, std::ceil(partitions * 1.15 + 0.5));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

int FlowReadinessChart::pointCount() const
{
    return int(std::count_if(m_reread->data()->constBegin(), m_reread->data()->constEnd(),
                             [](const QCPGraphData &d) { return !qIsNaN(d.value); }));
}

QString FlowReadinessChart::emptyText() const { return m_emptyLabel->visible() ? m_emptyLabel->text() : QString(); }

} // namespace lagscope
