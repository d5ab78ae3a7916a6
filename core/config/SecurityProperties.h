#pragma once
// Maps a cluster's `security:` block onto librdkafka properties, resolving its secret
// references on the way. Pure apart from the resolution (env, file, command, keyring).
// Thread: any; blocks while a ${cmd:} runs.

#include "config/Config.h"
#include "config/SecretReference.h"
#include "util/Result.h"

#include <QString>

#include <utility>
#include <vector>

namespace lagscope {

using PropertyList = std::vector<std::pair<QString, QString>>;

// librdkafka properties whose values are secrets: masked in messages, and resolved like
// `password` when they are given as raw passthrough properties.
bool isSecretProperty(const QString &key);

// The typed keys as librdkafka properties, e.g. {"security.protocol","SASL_SSL"},
// {"sasl.mechanisms","SCRAM-SHA-512"}, {"sasl.password", <resolved>},
// {"ssl.endpoint.identification.algorithm","https"}. Verification is always stated
// explicitly, so a passthrough property cannot turn it off silently. Errors name the key
// ("security.password: ${env:X}: ...").
Result<PropertyList> securityProperties(const SecurityConfig &security, const SecretResolveOptions &options = {});

} // namespace lagscope
