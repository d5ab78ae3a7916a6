#pragma once
// The rebalance timeline of a group's detail page: a strip with one bar per rebalance over
// the chart's time range (pale: when it may have run, given the poll times; solid: when it
// was certainly running), and below it the list — end, duration bounds, trigger, members
// before → after, partitions moved — with details in the tooltip.
//
// The history is read off the GUI thread (HistoryReader); until it answers, the title says it
// is loading and live rebalances are listed as they come.
//
// Thread: GUI only. Ownership: owned by its parent; the reader is borrowed and must outlive it
// or be replaced first.

#include "charts/ChartRange.h"
#include "model/Rebalance.h"

#include <QWidget>

#include <vector>

class QLabel;
class QTreeWidget;

namespace lagscope {

class HistoryReader;
class RebalanceStrip;

class RebalanceTimeline final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RebalanceTimeline)

public:
    explicit RebalanceTimeline(QWidget *parent = nullptr);
    ~RebalanceTimeline() override;

    void setSource(HistoryReader *reader);
    // Reloads the group's rebalances of the range from the history (isLoading() until then).
    void setGroup(const QString &cluster, const QString &group);
    void setRange(ChartRange range);
    // Live rebalances from the pollers; those of other groups are ignored.
    void append(const std::vector<Rebalance> &rebalances);
    // Moves the right edge of the strip (the time of the latest poll).
    void setNow(const QDateTime &now);

    const std::vector<Rebalance> &rebalances() const { return m_rebalances; }
    bool isLoading() const { return m_loading != 0; }
    QTreeWidget *list() const { return m_list; }

private:
    void reload();
    void refresh();
    void refreshStrip();
    void rebuildList();
    bool add(const Rebalance &rebalance);

    HistoryReader *m_reader = nullptr;
    quint64 m_loading = 0; // the reader's id of the load in flight, 0 when none
    QString m_cluster;
    QString m_group;
    ChartRange m_range = ChartRange::Hour1;
    QDateTime m_now;
    std::vector<Rebalance> m_rebalances; // oldest first
    QLabel *m_title = nullptr;
    RebalanceStrip *m_strip = nullptr;
    QTreeWidget *m_list = nullptr;
};

} // namespace lagscope
