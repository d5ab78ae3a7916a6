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

namespace {

QString shellQuoted(const QString &arg)
{
    QString quoted = arg;
    quoted.replace(u'\'', QStringLiteral("'\\''"));
    return u'\'' + quoted + u'\'';
}

} // namespace

QString kinitCommand(const SecurityConfig &s)
{
    if (!s.usesKerberos() || s.kerberosKeytab.isEmpty())
        return QString();
    return QStringLiteral("kinit -k -t %1 %2").arg(shellQuoted(s.kerberosKeytab), shellQuoted(s.kerberosPrincipal));
}

QString kerberosServiceName(const SecurityConfig &s)
{
    return s.kerberosServiceName.isEmpty() ? QStringLiteral("kafka") : s.kerberosServiceName;
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
        if (s.usesKerberos()) {
            out.emplace_back(QStringLiteral("sasl.kerberos.service.name"), kerberosServiceName(s));
            if (!s.kerberosPrincipal.isEmpty())
                out.emplace_back(QStringLiteral("sasl.kerberos.principal"), s.kerberosPrincipal);
            if (!s.kerberosKeytab.isEmpty()) {
                out.emplace_back(QStringLiteral("sasl.kerberos.keytab"), s.kerberosKeytab);
                out.emplace_back(QStringLiteral("sasl.kerberos.kinit.cmd"), kinitCommand(s));
            } else {
                // No keytab: the user's ticket cache is used as it is; librdkafka's default
                // kinit would look for a keytab that does not exist and fail every minute.
                out.emplace_back(QStringLiteral("sasl.kerberos.min.time.before.relogin"), QStringLiteral("0"));
            }
        }
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
