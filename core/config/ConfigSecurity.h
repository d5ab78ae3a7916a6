#pragma once
// Internal to the config loader: the `security:` block of a cluster and the secret-bearing
// passthrough properties. Checks what can be checked without connecting (files exist and
// are readable, a mechanism has its credentials, references are well-formed) and reports
// through the same diagnostics, so errors read "<file>:<line>:<col>: clusters[0].security.ca_file: ...".
// Clear-text secrets are handed to the SecretMasker as soon as they are read.

#include "config/Config.h"
#include "config/ConfigNodes.h"

namespace lagscope::configsecurity {

// configDir: folder of the configuration file, for relative file paths.
void parseSecurity(ConfigDiagnostics &diagnostics, const confignodes::MapEntry &entry, const QString &configDir,
                   SecurityConfig &security);

// For a passthrough property already read: warns about clear-text secrets (and masks them),
// refuses malformed references and the verification switches that must be typed keys.
void checkPassthroughProperty(ConfigDiagnostics &diagnostics, const confignodes::MapEntry &property);

} // namespace lagscope::configsecurity
