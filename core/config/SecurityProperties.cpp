#include "config/SecurityProperties.h"

#include <QCoreApplication>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct SecurityPropertiesText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::SecurityProperties)
};

} // namespace

bool isSecretProperty(const QString &key)
{
    static const QStringList keys{
        QStringLiteral("sasl.password"),           QStringLiteral("ssl.key.password"),
        QStringLiteral("ssl.keystore.password"),   QStringLiteral("sasl.oauthbearer.client.secret"),
        QStringLiteral("sasl.oauthbearer.config"), QStringLiteral("ssl.key.pem"),
        QStringLiteral("sasl.kerberos.keytab")};
    return keys.contains(key);
}

Result<PropertyList> securityProperties(const SecurityConfig &s, const SecretResolveOptions &options)
{
    using R = Result<PropertyList>;
    PropertyList out;
    if (s.protocol.isEmpty())
        return out;
    out.emplace_back(QStringLiteral("security.protocol"), s.protocol);
    if (s.usesSasl()) {
        out.emplace_back(QStringLiteral("sasl.mechanisms"), s.saslMechanism);
        if (!s.username.isEmpty())
            out.emplace_back(QStringLiteral("sasl.username"), s.username);
        if (!s.password.isEmpty()) {
            auto password = resolveSecret(s.password, options);
            if (!password)
                return R::failure(SecurityPropertiesText::tr("security.password: %1").arg(password.errorMessage()));
            out.emplace_back(QStringLiteral("sasl.password"), *password);
        }
    }
    if (s.usesTls()) {
        if (!s.caFile.isEmpty())
            out.emplace_back(QStringLiteral("ssl.ca.location"), s.caFile);
        if (!s.certFile.isEmpty())
            out.emplace_back(QStringLiteral("ssl.certificate.location"), s.certFile);
        if (!s.keyFile.isEmpty())
            out.emplace_back(QStringLiteral("ssl.key.location"), s.keyFile);
        if (!s.keyPassword.isEmpty()) {
            auto keyPassword = resolveSecret(s.keyPassword, options);
            if (!keyPassword)
                return R::failure(
                    SecurityPropertiesText::tr("security.key_password: %1").arg(keyPassword.errorMessage()));
            out.emplace_back(QStringLiteral("ssl.key.password"), *keyPassword);
        }
        out.emplace_back(QStringLiteral("enable.ssl.certificate.verification"),
                         s.verifyCertificates ? QStringLiteral("true") : QStringLiteral("false"));
        out.emplace_back(QStringLiteral("ssl.endpoint.identification.algorithm"),
                         s.verifyHostname ? QStringLiteral("https") : QStringLiteral("none"));
    }
    return out;
}

} // namespace lagscope
