#pragma once
// Writes one cluster's entry back into the user's configuration file (the Add/Edit cluster
// dialog). The entry is found by name and updated in place — keys the dialog does not
// know (properties…) are kept — or appended. yaml-cpp does not keep comments, so the
// previous file is kept next to it as <file>.bak. Secrets are written only as the
// references the dialog chose (${keyring:…}, ${env:…}…), never in clear.
// Thread: any (file I/O).

#include "config/Config.h"
#include "util/Result.h"

#include <QString>

namespace lagscope {

// previousName: the name the entry had before an edit (empty when adding).
Status saveClusterToConfig(const QString &path, const ClusterConfig &cluster, const QString &previousName = {});

} // namespace lagscope
