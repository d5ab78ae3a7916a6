#pragma once
// The time ranges a lag chart offers, as a value the main window can persist.
// Thread: any. Ownership: free functions only.

#include <QCoreApplication>
#include <QString>

#include <array>
#include <chrono>

namespace lagscope {

enum class ChartRange {
    Min15,
    Hour1,
    Hour6,
    Hour24,
    Day7
};

inline constexpr std::array<ChartRange, 5> kChartRanges{ChartRange::Min15, ChartRange::Hour1, ChartRange::Hour6,
                                                        ChartRange::Hour24, ChartRange::Day7};

inline std::chrono::seconds chartRangeSpan(ChartRange range)
{
    using namespace std::chrono;
    switch (range) {
    case ChartRange::Min15: return minutes(15);
    case ChartRange::Hour1: return hours(1);
    case ChartRange::Hour6: return hours(6);
    case ChartRange::Hour24: return hours(24);
    case ChartRange::Day7: break;
    }
    return days(7);
}

// Stable, untranslated key for settings and object names ("15m", "1h", …).
inline QString chartRangeKey(ChartRange range)
{
    switch (range) {
    case ChartRange::Min15: return QStringLiteral("15m");
    case ChartRange::Hour1: return QStringLiteral("1h");
    case ChartRange::Hour6: return QStringLiteral("6h");
    case ChartRange::Hour24: return QStringLiteral("24h");
    case ChartRange::Day7: break;
    }
    return QStringLiteral("7d");
}

inline bool chartRangeFromKey(const QString &key, ChartRange *range)
{
    for (const ChartRange r : kChartRanges) {
        if (chartRangeKey(r) == key) {
            *range = r;
            return true;
        }
    }
    return false;
}

// What the range button shows.
inline QString chartRangeLabel(ChartRange range)
{
    switch (range) {
    case ChartRange::Min15: return QCoreApplication::translate("lagscope::ChartRange", "15m");
    case ChartRange::Hour1: return QCoreApplication::translate("lagscope::ChartRange", "1h");
    case ChartRange::Hour6: return QCoreApplication::translate("lagscope::ChartRange", "6h");
    case ChartRange::Hour24: return QCoreApplication::translate("lagscope::ChartRange", "24h");
    case ChartRange::Day7: break;
    }
    return QCoreApplication::translate("lagscope::ChartRange", "7d");
}

} // namespace lagscope
