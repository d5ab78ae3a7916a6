#pragma once
// The lag history chart of a consumer group's detail page: the group's total lag (bold),
// one line per topic, and markers for membership, assignment and state events, over a
// selectable range read from the history, optionally following live snapshots.
//
// The history is read off the GUI thread (HistoryReader); while a range loads the chart says
// "Loading history…" and follows live polls, which join the loaded points when they arrive.
// Asking for another range or group drops the answer still due for the previous one.
//
// Thread: GUI only. Ownership: owned by its parent widget; the reader is borrowed and must
// outlive the chart or be replaced with setSource(nullptr) first.

#include "charts/ChartRange.h"
#include "model/ClusterEvent.h"
#include "model/ClusterSnapshot.h"
#include "util/Result.h"

#include <QDateTime>
#include <QHash>
#include <QSharedPointer>
#include <QVector>
#include <QWidget>

#include <memory>
#include <vector>

class QCPGraph;
class QCPAbstractLegendItem;
class QCPItemStraightLine;
class QCPItemText;
class QCPLayer;
class QCPLegend;
class QCPRange;
class QCustomPlot;
class QMouseEvent;
class QTimer;

namespace lagscope {

class ChartRangeBar;
class EventMarkers;
class HistoryReader;
class LocalTimeTicker;

class LagChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LagChart)

public:
    explicit LagChart(QWidget *parent = nullptr);
    ~LagChart() override;

    // Null shows an empty chart that says there is no history.
    void setSource(HistoryReader *reader);
    void setGroup(const QString &cluster, const QString &group);
    QString cluster() const { return m_cluster; }
    QString group() const { return m_group; }

    void setRange(ChartRange range);
    ChartRange range() const { return m_range; }

    // Follow mode: each appended snapshot slides the view so that its time is the right edge.
    void setLive(bool live);
    bool isLive() const;

    // Reloads the selected range from the history, ending now; the points arrive later
    // (isLoading() until then).
    void reload();
    bool isLoading() const { return m_loading != 0; }
    // Back to the selected range ending now (double-click does this), with Live on.
    void resetView();

    // A poll of any cluster; adds points when it is of this chart's cluster and group.
    // Cheap: the replot happens once per burst, on a short timer.
    void appendSnapshot(const SnapshotPtr &snapshot);
    // Live events (from the snapshot diff); those of this group that the chart marks get a
    // marker. Events of other clusters, groups or kinds are ignored.
    void appendEvents(const std::vector<ClusterEvent> &events);

    // What hovering at `time` shows: the nearest point of each visible line, and the events
    // marked near it. Empty when there is nothing to show.
    QString toolTipText(const QDateTime &time) const;

    // Points over all lines, markers shown, and the visible time span (UTC).
    int pointCount() const;
    int seriesCount() const;
    int markerCount() const;
    QDateTime visibleFrom() const;
    QDateTime visibleTo() const;
    bool replotPending() const;
    // The message shown instead of data ("no history…"); empty when data is shown.
    QString emptyText() const;

    // Benchmarks: replaces everything with one total line of the given points (seconds
    // since the epoch, sorted) and shows all of it; replot() then redraws synchronously.
    void setSeriesForBenchmark(const QVector<double> &timeSecs, const QVector<double> &lag);
    void replot();

Q_SIGNALS:
    void rangeChanged(lagscope::ChartRange range);

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setupPlot();
    void placeLegend();
    void applyPalette();
    void clearData();
    struct LoadedHistory; // what one load read, made ready for the plot on the reader thread
    void loadHistory(const QDateTime &from, const QDateTime &to);
    void applyHistory(Result<LoadedHistory> loaded);
    QCPGraph *addSeries(const QString &name, bool total);
    QCPGraph *topicGraph(const QString &topic);
    void setEmptyText(const QString &text);
    void setVisibleRange(double lower, double upper);
    void updateValueRange();
    void updateTotalPen();
    void scheduleReplot();
    void onTimeRangeChanged(const QCPRange &range);
    void onMouseMove(QMouseEvent *event);
    void onLegendClick(QCPLegend *legend, QCPAbstractLegendItem *item, QMouseEvent *event);
    double nowKey() const;

    QCustomPlot *m_plot = nullptr;
    ChartRangeBar *m_bar = nullptr;
    QTimer *m_replotTimer = nullptr;
    QCPLayer *m_overlay = nullptr;
    QCPItemStraightLine *m_cursor = nullptr;
    QCPItemText *m_emptyLabel = nullptr;
    QSharedPointer<LocalTimeTicker> m_timeTicker;

    HistoryReader *m_reader = nullptr;
    quint64 m_loading = 0; // the reader's id of the load in flight, 0 when none
    QString m_cluster;
    QString m_group;
    ChartRange m_range = ChartRange::Hour1;

    QCPGraph *m_total = nullptr;
    QHash<QString, QCPGraph *> m_topics;
    std::unique_ptr<EventMarkers> m_markers;
    std::vector<ClusterEvent> m_eventsDuringLoad; // marked live while a load ran
    double m_lastAppendKey = 0;
    int m_programmaticRange = 0; // > 0 while the chart itself moves the time axis
};

} // namespace lagscope
