#pragma once
// Files the app opens for the user that the package installs (docs, the sample
// configuration), found from the binary's folder so that any install prefix works, and from
// a build tree through the source tree it sits in. No path of the build machine is compiled
// in: an installed binary must not name the folder it was built in.

#include <QString>

namespace lagscope {

// The source tree a build folder sits in: the first of the binary folder's parents (up to
// four: build/app, or deeper build folders) holding README.md and docs/ARCHITECTURE.md;
// empty when the binary is not in one.
QString sourceTreeAbove(const QString &applicationDir);

// What Help → Documentation opens: the installed documentation (<prefix>/share/doc/lagscope),
// else the source tree's README.md when the binary runs from a build folder inside it; empty
// when neither is there.
QString documentationPath(const QString &applicationDir);

// The sample configuration the welcome page links: <prefix>/share/lagscope, the XDG data
// directories, the source tree's resources/; else where the package would put it (the
// welcome page names it).
QString sampleConfigPath(const QString &applicationDir);

} // namespace lagscope
