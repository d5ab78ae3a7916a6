#pragma once
// The lag chart's look shared by LagChart.cpp (data, ranges, replots) and LagChartLook.cpp
// (plot setup, legend, palette): pen widths, topic colours, the replot delay.
// Internal to views/charts.

#include <QColor>

#include <cmath>

namespace lagscope::chartstyle {

// Long enough to fold a burst of polls from many clusters into one replot, short enough
// that nobody sees the delay.
inline constexpr int kReplotDelayMs = 50;
// Pen widths. QPainter strokes lines exactly 1 px wide on a fast path; wider ones cost
// 20-50x more on dense, jagged data (a 2.4 px line through 1M adaptively sampled points took
// ~200 ms, a 1 px one ~5 ms). So the total is bold only while it has at most two points per
// pixel (below that QCustomPlot does not sample and the path stays short), and topic lines
// are always 1 px; the total keeps the text colour, so it still stands out when thin.
inline constexpr double kBoldWidth = 2.4;
inline constexpr double kThinWidth = 1.0;
inline constexpr double kBoldMaxPointsPerPixel = 2.0;

// Distinct hues along the golden angle: neighbours differ most, and any number of topics
// gets a colour. Lighter on dark backgrounds so that lines keep their contrast.
inline QColor topicColor(int index, bool dark)
{
    const double hue = std::fmod(0.58 + index * 0.381966, 1.0);
    return QColor::fromHslF(float(hue), 0.70f, dark ? 0.66f : 0.42f);
}

} // namespace lagscope::chartstyle
