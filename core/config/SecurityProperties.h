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

// The command that gets Lagscope a Kerberos ticket from its keytab, as librdkafka runs it
// (sasl.kerberos.kinit.cmd, through /bin/sh) and as the connection details show it:
// kinit -k -t '/etc/lagscope/lagscope.keytab' 'lagscope@EXAMPLE.COM'. Empty without a keytab
// (the ticket cache is used as it is). Arguments are single-quoted for the shell.
QString kinitCommand(const SecurityConfig &security);

// The Kerberos service name the broker's principal starts with ("kafka" unless configured).
QString kerberosServiceName(const SecurityConfig &security);

} // namespace lagscope
