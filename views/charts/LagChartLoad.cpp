// The lag chart's history load: the query, which runs on the history reader's thread, and
// what the GUI thread does with its answer (LagChart.cpp has the live data).
#include "charts/LagChart.h"

#include "charts/ChartData.h"
#include "charts/EventMarkers.h"
#include "history/HistoryReader.h"

#include "charts/QCustomPlotInclude.h"

#include <algorithm>
#include <utility>

namespace lagscope {

// Built on the reader thread: the points are already in QCustomPlot's form, so the GUI thread
// only hands them to the graphs.
struct LagChart::LoadedHistory {
    QVector<QCPGraphData> total;
    std::vector<std::pair<QString, QVector<QCPGraphData>>> topics;
    std::vector<ClusterEvent> events;
    QStringList problems; // reads that failed after the total's succeeded
};

namespace {

template <typename Samples> QVector<QCPGraphData> pointsOf(const Samples &samples)
{
    QVector<QCPGraphData> points;
    points.reserve(qsizetype(samples.size()));
    for (const auto &s : samples)
        points.append(QCPGraphData(double(s.timeMs) / 1000.0, double(s.totalLag)));
    return points;
}

// The points of `graph` that `loaded` lacks: polls that arrived live while the load ran.
QVector<QCPGraphData> pointsMissingFrom(const QCPGraph *graph, const QCPGraphDataContainer &loaded)
{
    QVector<QCPGraphData> out;
    if (!graph)
        return out;
    for (const QCPGraphData &d : *graph->data())
        if (!hasPointAt(loaded, d.key))
            out.append(d);
    return out;
}

} // namespace

void LagChart::loadHistory(const QDateTime &from, const QDateTime &to)
{
    if (m_reader)
        m_reader->cancel(m_loading); // its answer is for another range or group
    m_loading = 0;
    m_eventsDuringLoad.clear();
    if (!m_reader) {
        setEmptyText(tr("No history: the history store is not available"));
        return;
    }
    if (m_group.isEmpty()) {
        setEmptyText(tr("No group selected"));
        return;
    }
    setEmptyText(tr("Loading history…"));
    const QString cluster = m_cluster;
    const QString group = m_group;
    m_loading = m_reader->read<LoadedHistory>(
        this,
        [cluster, group, from, to](const HistoryStore &store) -> Result<LoadedHistory> {
            const auto total = store.groupHistory(cluster, group, from, to);
            if (!total)
                return total.error();
            LoadedHistory loaded;
            loaded.total = pointsOf(*total);
            if (const auto topics = store.topicHistory(cluster, group, from, to)) {
                for (const auto &[topic, samples] : *topics)
                    loaded.topics.emplace_back(topic, pointsOf(samples));
            } else {
                loaded.problems << topics.errorMessage();
            }
            if (auto events = store.events(cluster, from, to, group))
                loaded.events = std::move(*events);
            else
                loaded.problems << events.errorMessage();
            return loaded;
        },
        [this](Result<LoadedHistory> loaded) {
            m_loading = 0;
            applyHistory(std::move(loaded));
        });
}

void LagChart::applyHistory(Result<LoadedHistory> loaded)
{
    if (!loaded) {
        setEmptyText(pointCount() == 0 ? loaded.errorMessage() : QString());
        if (pointCount() > 0)
            qWarning("LagChart: %s", qPrintable(loaded.errorMessage()));
        scheduleReplot();
        return;
    }
    for (const QString &problem : loaded->problems)
        qWarning("LagChart: %s", qPrintable(problem));

    // Polls appended while the history loaded are newer than what it read; they stay.
    QCPGraphDataContainer loadedTotal;
    loadedTotal.set(loaded->total, true);
    const QVector<QCPGraphData> liveTotal = pointsMissingFrom(m_total, loadedTotal);
    std::vector<std::pair<QString, QVector<QCPGraphData>>> liveTopics;
    for (auto it = m_topics.cbegin(); it != m_topics.cend(); ++it) {
        QCPGraphDataContainer loadedTopic;
        for (const auto &[topic, points] : loaded->topics)
            if (topic == it.key())
                loadedTopic.set(points, true);
        liveTopics.emplace_back(it.key(), pointsMissingFrom(it.value(), loadedTopic));
    }
    m_plot->clearGraphs();
    m_topics.clear();
    m_total = addSeries(tr("total"), true);
    m_total->data()->set(loaded->total, true);
    m_total->data()->add(liveTotal, false);
    for (const auto &[topic, points] : loaded->topics)
        topicGraph(topic)->data()->set(points, true);
    for (const auto &[topic, points] : liveTopics)
        topicGraph(topic)->data()->add(points, false);
    // Events marked live during the load may have been recorded before it read them.
    m_markers->clear();
    for (const ClusterEvent &e : loaded->events)
        m_markers->add(e, palette(), font());
    for (const ClusterEvent &e : std::exchange(m_eventsDuringLoad, {}))
        if (std::none_of(loaded->events.begin(), loaded->events.end(), [&](const ClusterEvent &l) {
                return l.time == e.time && l.kind == e.kind && l.subject == e.subject && l.message == e.message;
            }))
            m_markers->add(e, palette(), font());

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
    updateValueRange();
    scheduleReplot();
}

} // namespace lagscope
