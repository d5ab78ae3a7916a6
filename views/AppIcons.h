#pragma once
// Icons of the desktop app: its own (compiled into the resources when the source tree has
// it, else the installed theme's "lagscope"), and the action icons of menus and toolbars:
// the freedesktop icon theme's name, with a QStyle standard icon as the fallback, so that
// they show on the offscreen platform and on desktops without an icon theme.
// Thread: GUI. Ownership: free functions returning values.

#include <QIcon>
#include <QStyle>

namespace lagscope {

QIcon applicationIcon();

// themeName: a freedesktop Icon Naming Specification name ("view-refresh").
QIcon actionIcon(const char *themeName, QStyle::StandardPixmap fallback);

} // namespace lagscope
