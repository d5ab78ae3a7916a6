#pragma once
// Small helpers between Lagscope times and QCustomPlot keys (seconds since the epoch, as
// QCPAxisTickerDateTime wants) and lookups in a graph's sorted data.
// Thread: GUI. Ownership: free functions only.

#include "charts/QCustomPlotInclude.h"

#include <QDateTime>

#include <algorithm>
#include <cmath>

namespace lagscope {

inline double keyOf(const QDateTime &time) { return double(time.toMSecsSinceEpoch()) / 1000.0; }

inline QDateTime timeOf(double key)
{
    return QDateTime::fromMSecsSinceEpoch(qint64(std::llround(key * 1000.0)), Qt::UTC);
}

// The point whose key is closest to `key`; end() only when the data is empty.
inline QCPGraphDataContainer::const_iterator nearestPoint(const QCPGraphDataContainer &data, double key)
{
    auto it = std::lower_bound(data.constBegin(), data.constEnd(), key,
                               [](const QCPGraphData &d, double k) { return d.key < k; });
    if (it == data.constBegin())
        return it;
    if (it == data.constEnd() || key - (it - 1)->key < it->key - key)
        return it - 1;
    return it;
}

inline bool hasPointAt(const QCPGraphDataContainer &data, double key)
{
    if (data.isEmpty() || key > (data.constEnd() - 1)->key)
        return false;
    const auto it = nearestPoint(data, key);
    return it != data.constEnd() && it->key == key;
}

} // namespace lagscope
