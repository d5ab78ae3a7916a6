#pragma once
// The painted lanes of the brokers page's "Broker states" timeline: one lane per broker with
// its spans coloured by state (monitor/BrokerTimeline), a time axis below, and a tooltip per
// span telling broker, state, from and to. Before the lanes begin (where knowledge of the
// cluster begins, when that lies in the range) every lane is "No data", a flat neutral fill
// unlike every state's. Colours come from the palette's status tones
// (StatusColors.h), so both themes work; the states of one tone differ by a hatch, so they
// also read apart in grey.
// Thread: GUI. Ownership: owned by its parent (the timeline); keeps a copy of its lanes.

#include "monitor/BrokerTimeline.h"

#include <QDateTime>
#include <QWidget>

#include <optional>
#include <vector>

class QPainter;

namespace lagscope {

// How a state is painted: a fill and, for the states that share a tone with another, a hatch.
struct BrokerStateLook {
    QColor fill;
    Qt::BrushStyle hatch = Qt::NoBrush;
    QColor hatchColor;
};

BrokerStateLook brokerStateLook(const std::optional<BrokerStatus> &status, const QPalette &palette);
// Before anything was recorded of the cluster: no state at all.
BrokerStateLook noDataLook(const QPalette &palette);
void paintBrokerState(QPainter &painter, const QRect &rect, const BrokerStateLook &look);
// The state's name as the broker table shows it; "Unknown" for nullopt.
QString brokerStateText(const std::optional<BrokerStatus> &status);
QString noDataText();

class BrokerLanes final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(BrokerLanes)

public:
    explicit BrokerLanes(QWidget *parent = nullptr);

    // knownFrom: where knowledge of the cluster begins (BrokerHistory::knownFrom); the range
    // before it is No data. Invalid: nothing is known, the whole range is No data.
    void setLanes(std::vector<BrokerLane> lanes, const QDateTime &from, const QDateTime &to,
                  const QDateTime &knownFrom);
    const std::vector<BrokerLane> &lanes() const { return m_lanes; }
    // The end of the No data part of the range: from when there is none, to when it is all.
    QDateTime noDataUntil() const;

    // Where lane `index` is painted, and the x of a time (clamped to the range): tests point
    // at spans with these.
    QRect laneRect(int index) const;
    int xOf(const QDateTime &time) const;
    // What the tooltip says at `pos`; empty outside every span.
    QString toolTipAt(const QPoint &pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    struct Tick {
        QDateTime time;
        QString label;
    };

    int gutterWidth() const;
    int laneHeight() const;
    int axisHeight() const;
    QRect plotRect() const;
    QRect spanRect(const QRect &lane, const BrokerSpan &span) const;
    std::vector<Tick> ticks() const;
    QString spanText(int broker, const BrokerSpan &span) const;
    QString noDataTextOf(int broker) const;
    void paintNoData(QPainter &painter) const;

    std::vector<BrokerLane> m_lanes;
    QDateTime m_from;
    QDateTime m_to;
    QDateTime m_knownFrom;
};

} // namespace lagscope
