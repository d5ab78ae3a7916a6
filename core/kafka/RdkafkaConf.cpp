#include "kafka/RdkafkaConf.h"

#include "config/SecurityProperties.h"
#include "util/SecretMasker.h"

#include <cstdio>

namespace lagscope::rd {

namespace {

bool set(rd_kafka_conf_t *conf, const QString &key, const QString &value, QString *error)
{
    char err[512];
    if (rd_kafka_conf_set(conf, key.toUtf8().constData(), value.toUtf8().constData(), err, sizeof err)
        != RD_KAFKA_CONF_OK) {
        // librdkafka may quote the value it refused: a secret must not reach the message.
        addSecret(isSecretProperty(key) ? value : QString());
        *error = QStringLiteral("property %1: %2").arg(key, maskSecrets(QString::fromUtf8(err)));
        return false;
    }
    return true;
}

} // namespace

Result<Conf> makeConf(const ClusterConfig &cluster, const QString &clientId, int requestTimeoutMs,
                      std::initializer_list<Setting> extra)
{
    Conf conf(rd_kafka_conf_new());
    QString error;
    auto fail = [&] { return Result<Conf>::failure(QStringLiteral("cluster '%1': %2").arg(cluster.name, error)); };
    for (const auto &[key, value] : cluster.properties) {
        QString resolved = value;
        if (isSecretProperty(key)) {
            auto secret = resolveSecret(value);
            if (!secret) {
                error = QStringLiteral("property %1: %2").arg(key, secret.errorMessage());
                return fail();
            }
            resolved = *secret;
        }
        if (!set(conf.get(), key, resolved, &error))
            return fail();
    }
    // The typed security keys win over passthrough properties.
    auto security = securityProperties(cluster.security);
    if (!security) {
        error = security.errorMessage();
        return fail();
    }
    for (const auto &[key, value] : *security)
        if (!set(conf.get(), key, value, &error))
            return fail();
    const QString timeout = QString::number(std::max(1000, requestTimeoutMs));
    const Setting common[] = {
        {"bootstrap.servers", cluster.bootstrapServers},
        {"client.id", clientId},
        {"socket.timeout.ms", timeout},
        {"socket.connection.setup.timeout.ms", timeout},
        {"reconnect.backoff.max.ms", QStringLiteral("5000")},
        {"log.connection.close", QStringLiteral("false")},
    };
    for (const auto &[key, value] : common)
        if (!set(conf.get(), QString::fromLatin1(key), value, &error))
            return fail();
    for (const auto &[key, value] : extra)
        if (!set(conf.get(), QString::fromLatin1(key), value, &error))
            return fail();
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

} // namespace lagscope::rd
