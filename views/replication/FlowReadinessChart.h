#pragma once
// The failover readiness of one consumer group of a MirrorMaker 2 flow over time: the records a
// consumer failing over now would read again (left axis) and the committed partitions without
// a checkpoint (right axis), read from the history store for the selected range (15m … 7d,
// ChartRangeBar; 7 days by default: readiness degrades slowly, and a week shows whether a
// group's re-read is its normal or a drift) and followed live with each new snapshot.
//
// The history is read off the GUI thread (HistoryReader): meanwhile the chart says it is
// loading; another group or range drops the answer still due. Without a history it shows the
// polls seen since the group was selected.
//
// Thread: GUI only. Ownership: owned by its parent widget; the reader is borrowed and must
// outlive the chart or be unset first.

#include "charts/ChartRange.h"
#include "mirror/FlowSnapshot.h"

#include <QSharedPointer>
#include <QWidget>

#include <vector>

class QCPGraph;
class QCPItemText;
class QCustomPlot;

namespace lagscope {

class ChartRangeBar;
class HistoryReader;
class LocalTimeTicker;

class FlowReadinessChart final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FlowReadinessChart)

public:
    explicit FlowReadinessChart(QWidget *parent = nullptr);
    ~FlowReadinessChart() override;

    void setSource(HistoryReader *reader); // null: live points only
    // The flow's label (FlowIdentity::label()) and a group of it; an empty group: none shown.
    void setGroup(const QString &flow, const QString &group);
    QString flow() const { return m_flow; }
    QString group() const { return m_group; }
    void setRange(ChartRange range);
    ChartRange range() const { return m_range; }

    // Every snapshot of the page's flows comes here; the shown group's adds a point.
    void appendSnapshot(const mirror::FlowSnapshot &snapshot);
    void reload();
    bool isLoading() const { return m_loading != 0; }

    int pointCount() const; // re-read points shown (known values only)
    QString emptyText() const;
    QCustomPlot *plot() const { return m_plot; }

private:
    struct Point {
        double key;
        qint64 reread; // -1: unknown
        qint64 untranslatable;
    };
    void applyPalette();
    void showPoints(const std::vector<Point> &stored, const QString &problem);
    void addPoint(const Point &p);
    void fitAxes();

    QCustomPlot *m_plot = nullptr;
    ChartRangeBar *m_bar = nullptr;
    QCPGraph *m_reread = nullptr;
    QCPGraph *m_untranslatable = nullptr;
    QCPItemText *m_emptyLabel = nullptr;
    QSharedPointer<LocalTimeTicker> m_timeTicker;
    HistoryReader *m_reader = nullptr;
    quint64 m_loading = 0; // the reader's id of the load in flight, 0 when none
    QString m_flow;
    QString m_group;
    ChartRange m_range = ChartRange::Day7;
    double m_lastKey = 0;
    double m_lastStep = 0;
    std::vector<Point> m_live; // of the shown group, since it was selected
};

} // namespace lagscope
