#include "kafka/SignIn.h"

#include "config/SecurityProperties.h"
#include "kafka/KafkaClient.h"
#include "kafka/OidcTokenSource.h"
#include "util/SecretMasker.h"

#include <QProcess>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

namespace lagscope::rd {

namespace {

struct Registered {
    std::shared_ptr<const OidcTokenSource> source;
    int timeoutMs = 10000;
};

// The token callback gets the handle and its sasl.oauthbearer.config, which carries the
// registry key: the handle's opaque already belongs to its owner's callbacks.
std::mutex &registryMutex()
{
    static std::mutex m;
    return m;
}
std::map<QByteArray, Registered> &registry()
{
    static std::map<QByteArray, Registered> r;
    return r;
}

void onTokenRefresh(rd_kafka_t *rk, const char *config, void *)
{
    Registered entry;
    {
        std::lock_guard lock(registryMutex());
        const auto it = registry().find(QByteArray(config ? config : ""));
        if (it != registry().end())
            entry = it->second;
    }
    if (!entry.source) {
        rd_kafka_oauthbearer_set_token_failure(rk, "token endpoint: the client was closed");
        return;
    }
    auto token = entry.source->fetch(entry.timeoutMs);
    if (!token) {
        rd_kafka_oauthbearer_set_token_failure(rk, maskSecrets(token.errorMessage()).toUtf8().constData());
        return;
    }
    std::vector<QByteArray> storage;
    for (const auto &[key, value] : entry.source->extensions()) {
        storage.push_back(key.toUtf8());
        storage.push_back(value.toUtf8());
    }
    std::vector<const char *> extensions;
    for (const QByteArray &s : storage)
        extensions.push_back(s.constData());
    char err[512] = {};
    if (rd_kafka_oauthbearer_set_token(rk, token->value.toUtf8().constData(), token->expiresAtMs,
                                       token->principal.toUtf8().constData(), extensions.data(), extensions.size(), err,
                                       sizeof err)
        != RD_KAFKA_RESP_ERR_NO_ERROR)
        rd_kafka_oauthbearer_set_token_failure(
            rk,
            maskSecrets(QStringLiteral("token endpoint: the token was not accepted: %1").arg(QString::fromUtf8(err)))
                .toUtf8()
                .constData());
}

QString excerpt(const QByteArray &output)
{
    QString text = QString::fromLocal8Bit(output).trimmed();
    text.replace(u'\n', QStringLiteral(" | "));
    return text.isEmpty() ? QStringLiteral("(no error output)") : text.left(400);
}

} // namespace

Status runKinit(const QString &command, int timeoutMs)
{
    QProcess process;
    process.setProgram(QStringLiteral("/bin/sh"));
    process.setArguments({QStringLiteral("-c"), command});
    process.setStandardInputFile(QProcess::nullDevice()); // never a password prompt
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start();
    const QString prefix = QStringLiteral("Kerberos ticket: `%1`").arg(command);
    if (!process.waitForStarted(timeoutMs))
        return Status::failure(QStringLiteral("%1: cannot start /bin/sh: %2").arg(prefix, process.errorString()));
    if (!process.waitForFinished(timeoutMs)) {
        process.kill();
        process.waitForFinished(1000);
        return Status::failure(QStringLiteral("%1: no answer within %2 s (is the KDC in krb5.conf reachable?)")
                                   .arg(prefix)
                                   .arg(timeoutMs / 1000.0));
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return Status::failure(QStringLiteral("%1 failed (exit code %2): %3")
                                   .arg(prefix)
                                   .arg(process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1)
                                   .arg(excerpt(process.readAll())));
    return success();
}

Status SignIn::prepare(rd_kafka_conf_t *conf, const ClusterConfig &cluster, int timeoutMs)
{
    const SecurityConfig &s = cluster.security;
    if (const QString kinit = kinitCommand(s); !kinit.isEmpty()) {
        if (Status ticket = runKinit(kinit, timeoutMs); !ticket)
            return Status::failure(kAuthenticationFailed.toString() + ticket.errorMessage());
    }
    if (!s.usesOidc())
        return success();
    static std::atomic<quint64> counter{0};
    m_oidcId = "lagscope-oidc-" + QByteArray::number(++counter);
    {
        std::lock_guard lock(registryMutex());
        registry()[m_oidcId] = Registered{std::make_shared<const OidcTokenSource>(s), timeoutMs};
    }
    char err[512];
    if (rd_kafka_conf_set(conf, "sasl.oauthbearer.config", m_oidcId.constData(), err, sizeof err) != RD_KAFKA_CONF_OK)
        return Status::failure(QStringLiteral("property sasl.oauthbearer.config: %1").arg(QString::fromUtf8(err)));
    rd_kafka_conf_set_oauthbearer_token_refresh_cb(conf, onTokenRefresh);
    rd_kafka_conf_enable_sasl_queue(conf, 1);
    return success();
}

void SignIn::started(rd_kafka_t *rk) const
{
    if (m_oidcId.isEmpty())
        return;
    // The first token is fetched at once on librdkafka's background thread, not when the
    // owner happens to call rd_kafka_poll(): a poll waiting for metadata gets its token.
    if (rd_kafka_error_t *error = rd_kafka_sasl_background_callbacks_enable(rk))
        rd_kafka_error_destroy(error);
}

SignIn::~SignIn()
{
    if (m_oidcId.isEmpty())
        return;
    std::lock_guard lock(registryMutex());
    registry().erase(m_oidcId);
}

} // namespace lagscope::rd
