#pragma once
// The row above a history chart: checkable range buttons (15m … 7d, object names
// "range15m" … "range7d") and a "Live" follow toggle (object name "live").
// Signals report the user's clicks only; the setters are silent, so a chart can mirror
// its own state into the bar without reacting to itself.
//
// Thread: GUI. Ownership: owned by its parent widget (the chart).

#include "charts/ChartRange.h"

#include <QWidget>

class QButtonGroup;
class QToolButton;

namespace lagscope {

class ChartRangeBar final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ChartRangeBar)

public:
    explicit ChartRangeBar(ChartRange range, QWidget *parent = nullptr);

    void setRange(ChartRange range);
    void setLive(bool live);
    bool isLive() const;

Q_SIGNALS:
    // Also when the selected range is clicked again (charts reset their zoom then).
    void rangeClicked(lagscope::ChartRange range);
    void liveClicked(bool live);

private:
    QButtonGroup *m_ranges = nullptr;
    QToolButton *m_live = nullptr;
};

} // namespace lagscope
