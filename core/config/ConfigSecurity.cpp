#include "config/ConfigSecurity.h"

#include "config/SecretReference.h"
#include "config/SecurityProperties.h"
#include "util/SecretMasker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

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
    static const QStringList keys{
        QStringLiteral("protocol"),       QStringLiteral("sasl_mechanism"), QStringLiteral("username"),
        QStringLiteral("password"),       QStringLiteral("ca_file"),        QStringLiteral("cert_file"),
        QStringLiteral("key_file"),       QStringLiteral("key_password"),   QStringLiteral("verify_certificates"),
        QStringLiteral("verify_hostname")};
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
                                              QStringLiteral("SCRAM-SHA-512"), QStringLiteral("OAUTHBEARER")})
                              .value_or(QString());
    if (onlyWith(user, s.usesSasl(), sasl))
        s.username = text(*user).value_or(QString());
    if (onlyWith(password, s.usesSasl(), sasl))
        s.password = secret(*password);
    if (s.usesSasl() && !mechanism) {
        m_d.error(block.value.Mark(), block.path,
                  ConfigLoaderText::tr(
                      "missing required key \"sasl_mechanism\" (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512 or OAUTHBEARER) "
                      "for protocol %1")
                      .arg(s.protocol));
    } else if (s.saslMechanism == u"OAUTHBEARER") {
        for (const MapEntry *e : {user, password})
            if (e)
                m_d.error(e->keyNode.Mark(), e->path,
                          ConfigLoaderText::tr("not used with OAUTHBEARER (set sasl.oauthbearer.* under properties)"));
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
