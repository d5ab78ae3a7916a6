#pragma once
// Item data roles of the main window's cluster tree, shared by MainWindow.cpp (selection) and
// MainWindowBuild.cpp (building the tree). Internal to views.

#include <Qt>

namespace lagscope::mainwindow {

inline constexpr int ClusterRole = Qt::UserRole + 1;
inline constexpr int PageRole = Qt::UserRole + 2;
inline constexpr int TlsBadgeRole = Qt::UserRole + 3;

} // namespace lagscope::mainwindow
