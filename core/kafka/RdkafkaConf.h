#pragma once
// The librdkafka configuration every Lagscope connection starts from. Internal to core/kafka.

#include "config/Config.h"
#include "kafka/RdkafkaHandles.h"
#include "util/Result.h"

#include <QString>

#include <initializer_list>
#include <utility>

namespace lagscope::rd {

using Setting = std::pair<const char *, QString>;

// The cluster's passthrough properties first, then what every connection relies on
// (bootstrap servers, client id, timeouts, quiet connection logs), then `extra`: later
// settings win, so a passthrough property cannot break what Lagscope depends on.
// Errors name the cluster and the property.
Result<Conf> makeConf(const ClusterConfig &cluster, const QString &clientId, int requestTimeoutMs,
                      std::initializer_list<Setting> extra);

// A consumer handle on `conf`, which it takes over when it succeeds. The error names the
// cluster, with secrets masked.
Result<Handle> newConsumer(Conf &conf, const QString &cluster);

// log_cb for every handle: librdkafka would print to stderr by default; the CLI's output
// must stay clean, so failures surface as error values. LAGSCOPE_RDKAFKA_LOG=1 shows them.
void logWhenAsked(const rd_kafka_t *rk, int level, const char *facility, const char *message);

} // namespace lagscope::rd
