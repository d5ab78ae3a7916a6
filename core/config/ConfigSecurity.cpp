#include "config/ConfigSecurity.h"

#include "config/SecretReference.h"
#include "config/SecurityProperties.h"
#include "util/SecretMasker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QUrl>

#include <optional>

namespace lagscope::configsecurity {

namespace {

using confignodes::describe;
using confignodes::findEntry;
using confignodes::MapEntry;
using confignodes::readMap;
using confignodes::scalarText;

// The translation context of this file's strings (lupdate reads it from here).
struct ConfigLoaderText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ConfigLoader)
};

const QStringList &securityKeys()
{
    static const QStringList keys{QStringLiteral("protocol"),
                                  QStringLiteral("sasl_mechanism"),
                                  QStringLiteral("username"),
                                  QStringLiteral("password"),
                                  QStringLiteral("ca_file"),
                                  QStringLiteral("cert_file"),
                                  QStringLiteral("key_file"),
                                  QStringLiteral("key_password"),
                                  QStringLiteral("verify_certificates"),
                                  QStringLiteral("verify_hostname"),
                                  QStringLiteral("kerberos_principal"),
                                  QStringLiteral("kerberos_keytab"),
                                  QStringLiteral("kerberos_service_name"),
                                  QStringLiteral("oauth_token_endpoint"),
                                  QStringLiteral("oauth_client_id"),
                                  QStringLiteral("oauth_client_secret"),
                                  QStringLiteral("oauth_scope"),
                                  QStringLiteral("oauth_extensions")};
    return keys;
}

class SecurityParser {
public:
    SecurityParser(ConfigDiagnostics &d, QString dir) : m_d(d), m_dir(std::move(dir)) { }

    void parse(const MapEntry &block, SecurityConfig &s);

private:
    // Scalar text, or an error (never quoting the value: it may be a password).
    std::optional<QString> text(const MapEntry &e, bool secret = false);
    std::optional<QString> choice(const MapEntry &e, const QStringList &choices);
    std::optional<bool> boolean(const MapEntry &e);
    QString file(const MapEntry &e, bool privateKey);
    QString secret(const MapEntry &e);
    // GSSAPI's kerberos_* keys and OAUTHBEARER's oauth_* keys.
    void parseSignIn(const MapEntry &block, const std::vector<MapEntry> &entries, SecurityConfig &s);

    ConfigDiagnostics &m_d;
    QString m_dir;
};

std::optional<QString> SecurityParser::text(const MapEntry &e, bool secret)
{
    if (e.value.IsScalar() && !scalarText(e.value).isEmpty())
        return scalarText(e.value);
    const QString got =
        e.value.IsScalar() || e.value.IsNull() ? ConfigLoaderText::tr("an empty value") : describe(e.value);
    m_d.error(e.valueMark(), e.path,
              secret ? ConfigLoaderText::tr("expected a secret or a reference like ${env:NAME}, got %1").arg(got)
                     : ConfigLoaderText::tr("expected a single value, got %1").arg(got));
    return std::nullopt;
}

std::optional<QString> SecurityParser::choice(const MapEntry &e, const QStringList &choices)
{
    if (e.value.IsScalar() && choices.contains(scalarText(e.value)))
        return scalarText(e.value);
    m_d.error(
        e.valueMark(), e.path,
        ConfigLoaderText::tr("expected one of %1, got %2").arg(choices.join(QStringLiteral(", ")), describe(e.value)));
    return std::nullopt;
}

std::optional<bool> SecurityParser::boolean(const MapEntry &e)
{
    const QString t = e.value.IsScalar() ? scalarText(e.value).toLower() : QString();
    if (t == u"true" || t == u"false")
        return t == u"true";
    m_d.error(e.valueMark(), e.path, ConfigLoaderText::tr("expected true or false, got %1").arg(describe(e.value)));
    return std::nullopt;
}

QString SecurityParser::file(const MapEntry &e, bool privateKey)
{
    const auto value = text(e);
    if (!value)
        return QString();
    const QString path = QDir::cleanPath(QDir(m_dir).absoluteFilePath(QDir::fromNativeSeparators(*value)));
    const QFileInfo info(path);
    if (!info.exists())
        m_d.error(e.valueMark(), e.path, ConfigLoaderText::tr("file not found: %1").arg(path));
    else if (!info.isFile())
        m_d.error(e.valueMark(), e.path, ConfigLoaderText::tr("not a file: %1").arg(path));
    else if (!info.isReadable())
        m_d.error(e.valueMark(), e.path, ConfigLoaderText::tr("cannot read %1: permission denied").arg(path));
    else if (privateKey)
        if (const QString problem = secretFilePermissionProblem(path); !problem.isEmpty())
            m_d.warning(e.valueMark(), e.path, problem);
    return path;
}

QString SecurityParser::secret(const MapEntry &e)
{
    const auto value = text(e, true);
    if (!value)
        return QString();
    auto ref = parseSecretReference(*value);
    if (!ref) {
        m_d.error(e.valueMark(), e.path, ref.errorMessage());
        return QString();
    }
    switch (ref->kind) {
    case SecretReference::Clear:
        addSecret(*value);
        m_d.warning(e.valueMark(), e.path,
                    ConfigLoaderText::tr(
                        "written in clear text; prefer ${env:NAME}, ${file:/path}, ${cmd:...} or ${keyring:NAME}"));
        break;
    case SecretReference::File: {
        const QFileInfo info(ref->argument);
        if (!info.exists())
            m_d.error(e.valueMark(), e.path, ConfigLoaderText::tr("${file:%1}: file not found").arg(ref->argument));
        else if (const QString problem = secretFilePermissionProblem(ref->argument); !problem.isEmpty())
            m_d.warning(e.valueMark(), e.path, problem);
        break;
    }
    default: break;
    }
    return *value;
}

void SecurityParser::parse(const MapEntry &block, SecurityConfig &s)
{
    if (!block.value.IsMap()) {
        m_d.error(
            block.valueMark(), block.path,
            ConfigLoaderText::tr("expected a map with protocol, sasl_mechanism, username, password, ca_file..., got %1")
                .arg(describe(block.value)));
        return;
    }
    const std::vector<MapEntry> entries = readMap(m_d, block.value, block.path, securityKeys());
    const MapEntry *protocol = findEntry(entries, u"protocol");
    if (!protocol) {
        m_d.error(block.value.Mark(), block.path, ConfigLoaderText::tr("missing required key \"protocol\""));
        return;
    }
    const auto p = choice(*protocol, {QStringLiteral("PLAINTEXT"), QStringLiteral("SSL"),
                                      QStringLiteral("SASL_PLAINTEXT"), QStringLiteral("SASL_SSL")});
    if (!p)
        return;
    s.protocol = *p;

    auto onlyWith = [&](const MapEntry *e, bool allowed, const QString &protocols) {
        if (e && !allowed)
            m_d.error(e->keyNode.Mark(), e->path,
                      ConfigLoaderText::tr("only used with protocol %1, not %2").arg(protocols, s.protocol));
        return e && allowed;
    };
    const QString sasl = QStringLiteral("SASL_PLAINTEXT or SASL_SSL");
    const QString tls = QStringLiteral("SSL or SASL_SSL");
    const MapEntry *mechanism = findEntry(entries, u"sasl_mechanism");
    const MapEntry *user = findEntry(entries, u"username");
    const MapEntry *password = findEntry(entries, u"password");
    if (onlyWith(mechanism, s.usesSasl(), sasl))
        s.saslMechanism = choice(*mechanism, {QStringLiteral("PLAIN"), QStringLiteral("SCRAM-SHA-256"),
                                              QStringLiteral("SCRAM-SHA-512"), QStringLiteral("GSSAPI"),
                                              QStringLiteral("OAUTHBEARER")})
                              .value_or(QString());
    if (onlyWith(user, s.usesSasl(), sasl))
        s.username = text(*user).value_or(QString());
    if (onlyWith(password, s.usesSasl(), sasl))
        s.password = secret(*password);
    if (s.usesSasl() && !mechanism) {
        m_d.error(block.value.Mark(), block.path,
                  ConfigLoaderText::tr(
                      "missing required key \"sasl_mechanism\" (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512, GSSAPI or "
                      "OAUTHBEARER) "
                      "for protocol %1")
                      .arg(s.protocol));
    } else if (s.saslMechanism == u"OAUTHBEARER" || s.saslMechanism == u"GSSAPI") {
        for (const MapEntry *e : {user, password})
            if (e)
                m_d.error(
                    e->keyNode.Mark(), e->path,
                    s.saslMechanism == u"GSSAPI"
                        ? ConfigLoaderText::tr("not used with GSSAPI (set kerberos_principal and kerberos_keytab)")
                        : ConfigLoaderText::tr("not used with OAUTHBEARER (set oauth_token_endpoint, "
                                               "oauth_client_id and oauth_client_secret)"));
    } else if (!s.saslMechanism.isEmpty()) {
        if (!user)
            m_d.error(block.value.Mark(), block.path + QStringLiteral(".username"),
                      ConfigLoaderText::tr("missing: sasl_mechanism %1 needs a username and a password")
                          .arg(s.saslMechanism));
        if (!password)
            m_d.error(block.value.Mark(), block.path + QStringLiteral(".password"),
                      ConfigLoaderText::tr("missing: sasl_mechanism %1 needs a username and a password")
                          .arg(s.saslMechanism));
    }

    parseSignIn(block, entries, s);

    const MapEntry *ca = findEntry(entries, u"ca_file");
    const MapEntry *cert = findEntry(entries, u"cert_file");
    const MapEntry *key = findEntry(entries, u"key_file");
    const MapEntry *keyPassword = findEntry(entries, u"key_password");
    if (onlyWith(ca, s.usesTls(), tls))
        s.caFile = file(*ca, false);
    if (onlyWith(cert, s.usesTls(), tls))
        s.certFile = file(*cert, false);
    if (onlyWith(key, s.usesTls(), tls))
        s.keyFile = file(*key, true);
    if (onlyWith(keyPassword, s.usesTls(), tls))
        s.keyPassword = secret(*keyPassword);
    if (cert && !key && s.usesTls())
        m_d.error(cert->keyNode.Mark(), block.path + QStringLiteral(".key_file"),
                  ConfigLoaderText::tr("missing: a client certificate needs its key_file"));
    if (key && !cert && s.usesTls())
        m_d.error(key->keyNode.Mark(), block.path + QStringLiteral(".cert_file"),
                  ConfigLoaderText::tr("missing: a client key needs its cert_file"));
    if (keyPassword && !key && s.usesTls())
        m_d.error(keyPassword->keyNode.Mark(), keyPassword->path, ConfigLoaderText::tr("given without key_file"));

    for (const auto &[name, flag] :
         {std::pair{u"verify_certificates", &s.verifyCertificates}, std::pair{u"verify_hostname", &s.verifyHostname}}) {
        const MapEntry *e = findEntry(entries, name);
        if (!onlyWith(e, s.usesTls(), tls))
            continue;
        *flag = boolean(*e).value_or(true);
        if (!*flag)
            m_d.warning(e->valueMark(), e->path,
                        ConfigLoaderText::tr(
                            "TLS verification is off for this cluster: anyone on the network path can impersonate it"));
    }
}

void SecurityParser::parseSignIn(const MapEntry &block, const std::vector<MapEntry> &entries, SecurityConfig &s)
{
    const bool gssapi = s.saslMechanism == u"GSSAPI";
    const bool oauth = s.saslMechanism == u"OAUTHBEARER";
    // A key of the other mechanism is refused, and still read, so that its value's own
    // problems are reported in the same run.
    auto only = [&](QStringView key, bool allowed, const QString &mechanism) -> const MapEntry * {
        const MapEntry *e = findEntry(entries, key);
        if (e && !allowed)
            m_d.error(e->keyNode.Mark(), e->path,
                      ConfigLoaderText::tr("only used with sasl_mechanism %1").arg(mechanism));
        return e;
    };
    const QString kerberos = QStringLiteral("GSSAPI");
    const QString bearer = QStringLiteral("OAUTHBEARER");
    if (const MapEntry *e = only(u"kerberos_principal", gssapi, kerberos))
        s.kerberosPrincipal = text(*e).value_or(QString());
    if (const MapEntry *e = only(u"kerberos_service_name", gssapi, kerberos))
        s.kerberosServiceName = text(*e).value_or(QString());
    if (const MapEntry *e = only(u"kerberos_keytab", gssapi, kerberos)) {
        // A keytab holds keys as good as a password: warn when others can read it.
        s.kerberosKeytab = file(*e, true);
        if (gssapi && !findEntry(entries, u"kerberos_principal"))
            m_d.error(e->keyNode.Mark(), block.path + QStringLiteral(".kerberos_principal"),
                      ConfigLoaderText::tr("missing: a keytab needs the principal to sign in as "
                                           "(kerberos_principal, e.g. lagscope@EXAMPLE.COM)"));
    }

    const MapEntry *endpoint = only(u"oauth_token_endpoint", oauth, bearer);
    const MapEntry *clientId = only(u"oauth_client_id", oauth, bearer);
    const MapEntry *clientSecret = only(u"oauth_client_secret", oauth, bearer);
    const MapEntry *scope = only(u"oauth_scope", oauth, bearer);
    const MapEntry *extensions = only(u"oauth_extensions", oauth, bearer);
    if (endpoint) {
        s.oauthTokenEndpoint = text(*endpoint).value_or(QString());
        const QUrl url(s.oauthTokenEndpoint, QUrl::StrictMode);
        const QString scheme = url.scheme().toLower();
        if (!s.oauthTokenEndpoint.isEmpty()
            && (!url.isValid() || url.host().isEmpty() || (scheme != u"https" && scheme != u"http")))
            m_d.error(endpoint->valueMark(), endpoint->path,
                      ConfigLoaderText::tr("expected an http:// or https:// URL of the token endpoint, got \"%1\"")
                          .arg(s.oauthTokenEndpoint));
        else if (scheme == u"http" && url.host() != u"localhost" && url.host() != u"127.0.0.1" && url.host() != u"::1")
            m_d.warning(
                endpoint->valueMark(), endpoint->path,
                ConfigLoaderText::tr("http:// sends the client secret and the tokens unencrypted; use https://"));
    }
    if (clientId)
        s.oauthClientId = text(*clientId).value_or(QString());
    if (clientSecret)
        s.oauthClientSecret = secret(*clientSecret);
    if (scope)
        s.oauthScope = text(*scope).value_or(QString());
    if (extensions) {
        if (!extensions->value.IsMap()) {
            m_d.error(extensions->valueMark(), extensions->path,
                      ConfigLoaderText::tr("expected a map of extension names to values, got %1")
                          .arg(describe(extensions->value)));
        } else {
            for (const auto &kv : extensions->value) {
                const QString key = scalarText(kv.first);
                const QString value = kv.second.IsScalar() ? scalarText(kv.second) : QString();
                // RFC 7628: an extension key is letters only; "auth" is reserved.
                static const QRegularExpression keyPattern(QStringLiteral("^[A-Za-z]+$"));
                if (!keyPattern.match(key).hasMatch() || key == u"auth")
                    m_d.error(kv.first.Mark(), extensions->path + u'.' + key,
                              ConfigLoaderText::tr("an extension name is letters only and not \"auth\""));
                else if (value.isEmpty())
                    m_d.error(kv.second.Mark(), extensions->path + u'.' + key,
                              ConfigLoaderText::tr("expected a single value, got %1").arg(describe(kv.second)));
                else
                    s.oauthExtensions[key] = value;
            }
        }
    }
    const bool anyOidc = endpoint || clientId || clientSecret || scope || extensions;
    if (anyOidc && oauth) {
        for (const auto &[e, key] :
             {std::pair{endpoint, u"oauth_token_endpoint"}, std::pair{clientId, u"oauth_client_id"},
              std::pair{clientSecret, u"oauth_client_secret"}})
            if (!e)
                m_d.error(block.value.Mark(), block.path + u'.' + QString::fromUtf16(key),
                          ConfigLoaderText::tr("missing: an OpenID Connect client needs oauth_token_endpoint, "
                                               "oauth_client_id and oauth_client_secret"));
    }
}

} // namespace

void parseSecurity(ConfigDiagnostics &diagnostics, const MapEntry &entry, const QString &configDir,
                   SecurityConfig &security)
{
    SecurityParser(diagnostics, configDir).parse(entry, security);
}

void checkPassthroughProperty(ConfigDiagnostics &diagnostics, const MapEntry &property)
{
    const QString value = scalarText(property.value);
    if (property.key == u"enable.ssl.certificate.verification"
        || property.key == u"ssl.endpoint.identification.algorithm" || property.key == u"security.protocol") {
        diagnostics.error(
            property.keyNode.Mark(), property.path,
            ConfigLoaderText::tr("set it with the cluster's security block (protocol, verify_certificates, "
                                 "verify_hostname), so that it is checked and shown"));
        return;
    }
    if (!isSecretProperty(property.key))
        return;
    auto ref = parseSecretReference(value);
    if (!ref) {
        diagnostics.error(property.valueMark(), property.path, ref.errorMessage());
    } else if (ref->kind == SecretReference::Clear) {
        addSecret(value);
        diagnostics.warning(
            property.valueMark(), property.path,
            ConfigLoaderText::tr(
                "written in clear text; prefer ${env:NAME}, ${file:/path}, ${cmd:...} or ${keyring:NAME}"));
    }
}

} // namespace lagscope::configsecurity
