#pragma once
// Texts of the lag chart: marker labels, tooltip lines, numbers. Separate from the widget
// so they can be read and tested on their own. Thread: any (uses the default QLocale).
// Ownership: free functions only.

#include "model/ClusterEvent.h"

#include <QDateTime>
#include <QString>

namespace lagscope {

// Events that change who consumes what, or how: the ones worth a line on a lag chart.
bool isMarkedEvent(EventKind kind);

// A word or two on the chart ("joined", "→ Stable").
QString markerLabel(const ClusterEvent &event);
// The event's whole message, for the tooltip.
QString markerDescription(const ClusterEvent &event);

// A lag with thousands separators, even where the locale leaves them out by default.
QString formatLag(double value);

// Local time; with the date for the tooltip's first line.
QString formatHoverTime(const QDateTime &time, bool withDate);

} // namespace lagscope
