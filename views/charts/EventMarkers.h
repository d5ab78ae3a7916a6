#pragma once
// The event markers of a lag chart: a dashed vertical line per event, coloured by
// severity, with a short vertical label hanging from the top edge.
//
// Thread: GUI. Ownership: owned by the LagChart; the line and text items it creates belong
// to the QCustomPlot, which must outlive this object.

#include "model/ClusterEvent.h"

#include <QFont>
#include <QPalette>
#include <QStringList>

#include <vector>

class QCPItemStraightLine;
class QCPItemText;
class QCustomPlot;

namespace lagscope {

class EventMarkers final {
public:
    explicit EventMarkers(QCustomPlot *plot);
    Q_DISABLE_COPY_MOVE(EventMarkers)

    // Adds a marker when the event is of a kind lag charts mark; returns whether it did.
    bool add(const ClusterEvent &event, const QPalette &palette, const QFont &font);
    void clear();
    int count() const { return int(m_markers.size()); }

    void applyPalette(const QPalette &palette);

    // Call before each replot: places labels for the current axis range and hides those
    // that would overlap a neighbour.
    void layoutLabels();

    // "HH:mm:ss  message" of each marker within `toleranceSecs` of `key` (seconds).
    QStringList describeNear(double key, double toleranceSecs) const;

private:
    struct Marker {
        QCPItemStraightLine *line = nullptr;
        QCPItemText *label = nullptr;
        ClusterEvent event;
        double key = 0;
    };
    void colour(const Marker &m, const QPalette &palette) const;

    QCustomPlot *m_plot;
    std::vector<Marker> m_markers;
};

} // namespace lagscope
