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

// Where a handle reports: `opaque` (its Impl) goes to every callback, errors to onError and,
// when the cluster verifies certificates, the TLS verdict to onCertificateVerify (which keeps
// the reason a broker's certificate was refused).
using ErrorCallback = void (*)(rd_kafka_t *, int err, const char *reason, void *opaque);
using CertificateCallback = int (*)(rd_kafka_t *, const char *broker, int32_t brokerId, int *x509Error, int depth,
                                    const char *buf, size_t size, char *errstr, size_t errstrSize, void *opaque);
void setCallbacks(Conf &conf, const ClusterConfig &cluster, void *opaque, ErrorCallback onError,
                  CertificateCallback onCertificateVerify);

// A consumer handle on `conf`, which it takes over when it succeeds. The error names the
// cluster, with secrets masked.
Result<Handle> newConsumer(Conf &conf, const QString &cluster);

// log_cb for every handle: librdkafka would print to stderr by default; the CLI's output
// must stay clean, so failures surface as error values. LAGSCOPE_RDKAFKA_LOG=1 shows them.
void logWhenAsked(const rd_kafka_t *rk, int level, const char *facility, const char *message);

} // namespace lagscope::rd
