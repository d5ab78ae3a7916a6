#pragma once
// Right-click → "Save image…" on any chart: a PNG of the chart as it is shown, through a
// non-modal file dialog (no nested event loop).
// Thread: GUI. Ownership: the menu and dialog delete themselves; the plot is not owned.

#include "util/Result.h"

#include <QString>

#include <functional>

class QCustomPlot;

namespace lagscope {

// `baseName` is the suggested file name without extension (e.g. the group's name).
void installSaveImageMenu(QCustomPlot *plot, std::function<QString()> baseName = {});

// Writes the chart as shown (at the screen's device pixel ratio) to a PNG file.
Status saveChartImage(QCustomPlot *plot, const QString &path);

// Tests answer the file dialog with this instead of a person; empty function: the dialog.
void setSaveImagePathProviderForTests(std::function<QString(const QString &suggested)> provider);

} // namespace lagscope
