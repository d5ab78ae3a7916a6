#pragma once
// The replication latency of one MirrorMaker 2 flow over time: read from the history store
// for the selected range (15m … 7d, ChartRangeBar), followed live with each new snapshot.
// Polls whose verdict was not OK are marked on the line in the warning/error colour.
//
// Without a history (or before it is open) it shows the points seen live since the page
// started, so the chart is never blank while the flow is polled. The history is read off the
// GUI thread (HistoryReader): while it loads the chart says so, and the live points follow
// the stored ones when they arrive; another flow or range drops the answer still due.
//
// Thread: GUI only. Ownership: owned by its parent widget; the reader is borrowed and must
// outlive the chart or be unset first.

#include "charts/ChartRange.h"
#include "mirror/FlowSnapshot.h"

#include <QSharedPointer>
#include <QWidget>

#include <map>
#include <vector>

class QCPGraph;
class QCPItemText;
class QCustomPlot;

namespace lagscope {

class ChartRangeBar;
class HistoryReader;
class LocalTimeTicker;

class FlowLatencyChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowLatencyChart)

public:
    static constexpr int kMaxLivePoints = 1440; // per flow, when there is no store

    explicit FlowLatencyChart(QWidget *parent = nullptr);
    ~FlowLatencyChart() override;

    void setSource(HistoryReader *reader); // null: live points only
    void setFlow(const QString &flowKey);  // FlowIdentity::label()
    QString flow() const { return m_flow; }
    void setRange(ChartRange range);
    ChartRange range() const { return m_range; }

    // Every flow's snapshots come here; those of the shown flow add a point.
    void appendSnapshot(const mirror::FlowSnapshot &snapshot);
    void reload();
    bool isLoading() const { return m_loading != 0; }

    int pointCount() const;                                 // latency points shown
    int notOkPointCount() const;                            // of those, polls whose verdict was not OK
    int storedPointCount() const { return m_storedPoints; } // read from the store at the last reload
    QString emptyText() const;
    QCustomPlot *plot() const { return m_plot; }

private:
    struct Point {
        double key;
        double latencySeconds;
        int health;
    };
    void addPoint(const Point &p);
    void applyPalette();
    void fitAxes();
    void showPoints(const std::vector<Point> &stored, const QString &problem);

    QCustomPlot *m_plot = nullptr;
    ChartRangeBar *m_bar = nullptr;
    QCPGraph *m_latency = nullptr;
    QCPGraph *m_notOk = nullptr;
    QCPItemText *m_emptyLabel = nullptr;
    QSharedPointer<LocalTimeTicker> m_timeTicker;
    HistoryReader *m_reader = nullptr;
    quint64 m_loading = 0; // the reader's id of the load in flight, 0 when none
    QString m_flow;
    double m_lastKey = 0; // of the latency line, to break it where polls are missing
    double m_lastStep = 0;
    ChartRange m_range = ChartRange::Min15;
    int m_storedPoints = 0;
    std::map<QString, std::vector<Point>> m_live; // per flow, oldest first
};

} // namespace lagscope
