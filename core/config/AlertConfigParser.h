#pragma once
// Internal to the config loader: reads the `alerts:` list (config/AlertConfig.h) with every
// problem reported to the loader's diagnostics as file:line:column: key: what.

#include "config/AlertConfig.h"
#include "config/ConfigNodes.h"

#include <vector>

namespace lagscope {

// `clusterNames`: the clusters defined in the file, to warn about a cluster pattern that
// matches none of them.
std::vector<AlertRule> parseAlertRules(ConfigDiagnostics &diagnostics, const confignodes::MapEntry &entry,
                                       const QStringList &clusterNames);

} // namespace lagscope
