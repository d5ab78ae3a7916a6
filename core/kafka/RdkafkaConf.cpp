#include "kafka/RdkafkaConf.h"

#include "config/SecurityProperties.h"
#include "util/SecretMasker.h"

#include <algorithm>
#include <cstdio>

namespace lagscope::rd {

namespace {

// The failure is "property <key>: <librdkafka's reason>", without the cluster.
Status set(rd_kafka_conf_t *conf, const QString &key, const QString &value)
{
    char err[512];
    if (rd_kafka_conf_set(conf, key.toUtf8().constData(), value.toUtf8().constData(), err, sizeof err)
        != RD_KAFKA_CONF_OK) {
        // librdkafka may quote the value it refused: a secret must not reach the message.
        addSecret(isSecretProperty(key) ? value : QString());
        return Status::failure(QStringLiteral("property %1: %2").arg(key, maskSecrets(QString::fromUtf8(err))));
    }
    return success();
}

} // namespace

Result<Conf> makeConf(const ClusterConfig &cluster, const QString &clientId, int requestTimeoutMs,
                      std::initializer_list<Setting> extra)
{
    Conf conf(rd_kafka_conf_new());
    auto fail = [&](const QString &error) {
        return Result<Conf>::failure(QStringLiteral("cluster '%1': %2").arg(cluster.name, error));
    };
    for (const auto &[key, value] : cluster.properties) {
        QString resolved = value;
        if (isSecretProperty(key)) {
            auto secret = resolveSecret(value);
            if (!secret)
                return fail(QStringLiteral("property %1: %2").arg(key, secret.errorMessage()));
            resolved = *secret;
        }
        if (Status s = set(conf.get(), key, resolved); !s)
            return fail(s.errorMessage());
    }
    // The typed security keys win over passthrough properties.
    auto security = securityProperties(cluster.security);
    if (!security)
        return fail(security.errorMessage());
    for (const auto &[key, value] : *security)
        if (Status s = set(conf.get(), key, value); !s)
            return fail(s.errorMessage());
    const int timeoutMs = std::max(1000, requestTimeoutMs);
    // librdkafka refuses a socket.timeout.ms over 5 minutes; a longer deadline (lagscopectl
    // --timeout 600) still bounds the whole command, each request waits at most this long.
    constexpr int kMaxSocketTimeoutMs = 300000;
    const Setting common[] = {
        {"bootstrap.servers", cluster.bootstrapServers},
        {"client.id", clientId},
        {"socket.timeout.ms", QString::number(std::min(timeoutMs, kMaxSocketTimeoutMs))},
        {"socket.connection.setup.timeout.ms", QString::number(timeoutMs)},
        {"reconnect.backoff.max.ms", QStringLiteral("5000")},
        {"log.connection.close", QStringLiteral("false")},
    };
    for (const auto &[key, value] : common)
        if (Status s = set(conf.get(), QString::fromLatin1(key), value); !s)
            return fail(s.errorMessage());
    for (const auto &[key, value] : extra)
        if (Status s = set(conf.get(), QString::fromLatin1(key), value); !s)
            return fail(s.errorMessage());
    rd_kafka_conf_set_log_cb(conf.get(), logWhenAsked);
    return conf;
}

void logWhenAsked(const rd_kafka_t *rk, int level, const char *, const char *message)
{
    static const bool verbose = qEnvironmentVariableIntValue("LAGSCOPE_RDKAFKA_LOG") != 0;
    if (verbose)
        fprintf(stderr, "rdkafka[%d] %s: %s\n", level, rd_kafka_name(rk),
                maskSecrets(QString::fromUtf8(message)).toUtf8().constData());
}

void setCallbacks(Conf &conf, const ClusterConfig &cluster, void *opaque, ErrorCallback onError,
                  CertificateCallback onCertificateVerify)
{
    rd_kafka_conf_set_opaque(conf.get(), opaque);
    rd_kafka_conf_set_error_cb(conf.get(), onError);
    if (cluster.security.usesTls() && cluster.security.verifyCertificates)
        rd_kafka_conf_set_ssl_cert_verify_cb(conf.get(), onCertificateVerify);
}

Result<Handle> newConsumer(Conf &conf, const QString &cluster)
{
    char err[512];
    rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_CONSUMER, conf.get(), err, sizeof err);
    if (!rk)
        return Result<Handle>::failure(
            maskSecrets(QStringLiteral("cluster '%1': %2").arg(cluster, QString::fromUtf8(err))));
    conf.release(); // rd_kafka_new took ownership
    return Handle(rk);
}

} // namespace lagscope::rd
