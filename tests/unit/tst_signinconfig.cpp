// The enterprise sign-ins as configuration and pure logic: GSSAPI (kerberos_principal,
// kerberos_keytab checked when the file is read, kerberos_service_name) and OAUTHBEARER with an
// OpenID Connect client (oauth_*): their librdkafka properties and the kinit command, every
// error with file, line, column and key; what a token endpoint's answer means; which step of
// a sign-in a failure names; and the client secret and tokens masked.

#include "ConfigTestUtil.h"
#include "TableRows.h"
#include "config/ConfigLoader.h"
#include "config/SecurityProperties.h"
#include "kafka/ConnectionCheck.h"
#include "kafka/OidcTokenSource.h"
#include "util/SecretMasker.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

QByteArray withSecurity(const QString &security)
{
    return QByteArrayLiteral("clusters:\n  - name: c\n    bootstrap: h:9092\n    security:\n") + security.toUtf8();
}

QString propertiesText(const PropertyList &list)
{
    QStringList out;
    for (const auto &[k, v] : list)
        out << k + QLatin1Char('=') + v;
    return out.join(QLatin1Char(' '));
}

// A JWT whose payload is `claims` (the signature is not checked by Lagscope).
QByteArray jwt(const QByteArray &claims)
{
    const auto enc = QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals;
    return QByteArray(R"({"alg":"RS256"})").toBase64(enc) + '.' + claims.toBase64(enc) + ".c2ln";
}

} // namespace

class TestSignInConfig final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void mapping_data();
    void mapping();
    void errors_data();
    void errors();
    void warnings();
    void kinitCommandQuotes();
    void tokenAnswer_data();
    void tokenAnswer();
    void failedStep_data();
    void failedStep();
    void secretAndTokenMasked();

private:
    QTemporaryDir m_dir;
    QString m_keytab, m_openKeytab;
};

void TestSignInConfig::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto make = [this](const char *name, QFileDevice::Permissions perms) {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot create %s", name);
        f.write("keytab\n");
        f.close();
        f.setPermissions(perms);
        return path;
    };
    const auto owner = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    m_keytab = make("lagscope.keytab", owner);
    m_openKeytab = make("open.keytab", owner | QFileDevice::ReadOther);
    qputenv("TST_OIDC_SECRET", "oidc-secret-from-env");
}

void TestSignInConfig::mapping_data()
{
    addColumns<QString, QString>("security", "properties");

    QTest::newRow("kerberos with a keytab")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: GSSAPI\n"
                          "      kerberos_principal: lagscope@EXAMPLE.COM\n      kerberos_keytab: %1\n")
               .arg(m_keytab)
        << QStringLiteral("security.protocol=SASL_SSL sasl.mechanisms=GSSAPI sasl.kerberos.service.name=kafka "
                          "sasl.kerberos.principal=lagscope@EXAMPLE.COM sasl.kerberos.keytab=%1 "
                          "sasl.kerberos.kinit.cmd=kinit -k -t '%1' 'lagscope@EXAMPLE.COM' "
                          "enable.ssl.certificate.verification=true ssl.endpoint.identification.algorithm=https")
               .arg(m_keytab);
    QTest::newRow("kerberos from the ticket cache, own service name")
        << QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: GSSAPI\n"
                          "      kerberos_service_name: kafka-prod\n")
        << QStringLiteral("security.protocol=SASL_PLAINTEXT sasl.mechanisms=GSSAPI "
                          "sasl.kerberos.service.name=kafka-prod sasl.kerberos.min.time.before.relogin=0");
    // The token callback (kafka/SignIn) does the rest: nothing secret becomes a property.
    QTest::newRow("oidc client")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: OAUTHBEARER\n"
                          "      oauth_token_endpoint: https://idp.example.com/oauth2/token\n"
                          "      oauth_client_id: lagscope\n      oauth_client_secret: ${env:TST_OIDC_SECRET}\n"
                          "      oauth_scope: kafka\n      oauth_extensions: {logicalCluster: lkc-1}\n")
        << QStringLiteral("security.protocol=SASL_SSL sasl.mechanisms=OAUTHBEARER "
                          "enable.ssl.certificate.verification=true ssl.endpoint.identification.algorithm=https");
}

void TestSignInConfig::mapping()
{
    QFETCH(QString, security);
    QFETCH(QString, properties);
    auto config = parseConfig(withSecurity(security), fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    auto mapped = securityProperties(config->clusters.front().security);
    QVERIFY2(mapped, qPrintable(mapped ? QString() : mapped.errorMessage()));
    QCOMPARE(propertiesText(*mapped), properties);
}

void TestSignInConfig::errors_data()
{
    addColumns<QString, QString>("security", "error");
    const QString at = QStringLiteral("config.yaml:");
    const QString gssapi = QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: GSSAPI\n");
    const QString oauth = QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: OAUTHBEARER\n");

    QTest::newRow("keytab missing")
        << gssapi + QStringLiteral("      kerberos_principal: p@R\n      kerberos_keytab: /nonexistent/x.keytab\n")
        << at + QStringLiteral("8:24: clusters[0].security.kerberos_keytab: file not found: /nonexistent/x.keytab");
    QTest::newRow("keytab is a folder")
        << gssapi + QStringLiteral("      kerberos_principal: p@R\n      kerberos_keytab: %1\n").arg(m_dir.path())
        << at + QStringLiteral("8:24: clusters[0].security.kerberos_keytab: not a file: %1").arg(m_dir.path());
    QTest::newRow("keytab without principal")
        << gssapi + QStringLiteral("      kerberos_keytab: %1\n").arg(m_keytab)
        << at
               + QStringLiteral("7:7: clusters[0].security.kerberos_principal: missing: a keytab needs the principal "
                                "to sign in as (kerberos_principal, e.g. lagscope@EXAMPLE.COM)");
    QTest::newRow("password with GSSAPI")
        << gssapi + QStringLiteral("      username: u\n")
        << at
               + QStringLiteral("7:7: clusters[0].security.username: not used with GSSAPI (set kerberos_principal "
                                "and kerberos_keytab)");
    QTest::newRow("kerberos key with SCRAM")
        << QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: SCRAM-SHA-512\n      username: u\n"
                          "      password: ${env:X}\n      kerberos_principal: p@R\n")
        << at + QStringLiteral("9:7: clusters[0].security.kerberos_principal: only used with sasl_mechanism GSSAPI");
    QTest::newRow("oauth key with GSSAPI")
        << gssapi + QStringLiteral("      oauth_client_id: x\n")
        << at + QStringLiteral("7:7: clusters[0].security.oauth_client_id: only used with sasl_mechanism OAUTHBEARER");
    QTest::newRow("oidc client without secret")
        << oauth + QStringLiteral("      oauth_token_endpoint: https://idp/token\n      oauth_client_id: x\n")
        << at
               + QStringLiteral("5:7: clusters[0].security.oauth_client_secret: missing: an OpenID Connect client "
                                "needs oauth_token_endpoint, oauth_client_id and oauth_client_secret");
    QTest::newRow("endpoint not a URL")
        << oauth
               + QStringLiteral("      oauth_token_endpoint: idp.example.com/token\n      oauth_client_id: x\n"
                                "      oauth_client_secret: ${env:X}\n")
        << at
               + QStringLiteral("7:29: clusters[0].security.oauth_token_endpoint: expected an http:// or https:// URL "
                                "of the token endpoint, got \"idp.example.com/token\"");
    QTest::newRow("extension name reserved")
        << oauth
               + QStringLiteral("      oauth_token_endpoint: https://idp/token\n      oauth_client_id: x\n"
                                "      oauth_client_secret: ${env:X}\n      oauth_extensions: {auth: x}\n")
        << at
               + QStringLiteral("10:26: clusters[0].security.oauth_extensions.auth: an extension name is letters "
                                "only and not \"auth\"");
    QTest::newRow("password with OAUTHBEARER")
        << oauth + QStringLiteral("      password: ${env:X}\n")
        << at
               + QStringLiteral("7:7: clusters[0].security.password: not used with OAUTHBEARER (set "
                                "oauth_token_endpoint, oauth_client_id and oauth_client_secret)");
}

void TestSignInConfig::errors()
{
    QFETCH(QString, security);
    QFETCH(QString, error);
    auto config = parseConfig(withSecurity(security), fileName());
    QVERIFY(!config);
    QCOMPARE(config.errorMessage(), error);
}

void TestSignInConfig::warnings()
{
    // A keytab is as good as a password: one that others can read is worth a warning, and
    // so is a token endpoint that would get the secret in clear over the network.
    auto config =
        parseConfig(withSecurity(QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: GSSAPI\n"
                                                "      kerberos_principal: p@R\n      kerberos_keytab: %1\n")
                                     .arg(m_openKeytab)),
                    fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    QCOMPARE(config->warnings,
             QStringList{QStringLiteral("config.yaml:8:24: clusters[0].security.kerberos_keytab: %1 is readable by "
                                        "others (mode 604): chmod 600 it")
                             .arg(m_openKeytab)});
    config =
        parseConfig(withSecurity(QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: OAUTHBEARER\n"
                                                "      oauth_token_endpoint: http://idp.example.com/token\n"
                                                "      oauth_client_id: x\n      oauth_client_secret: ${env:X}\n")),
                    fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    QCOMPARE(config->warnings,
             QStringList{QStringLiteral("config.yaml:7:29: clusters[0].security.oauth_token_endpoint: "
                                        "http:// sends the client secret and the tokens unencrypted; "
                                        "use https://")});
}

void TestSignInConfig::kinitCommandQuotes()
{
    SecurityConfig s;
    s.protocol = QStringLiteral("SASL_PLAINTEXT");
    s.saslMechanism = QStringLiteral("GSSAPI");
    s.kerberosPrincipal = QStringLiteral("svc@R");
    s.kerberosKeytab = QStringLiteral("/k/it's; rm -rf x.keytab");
    QCOMPARE(kinitCommand(s), QStringLiteral(R"(kinit -k -t '/k/it'\''s; rm -rf x.keytab' 'svc@R')"));
    s.kerberosKeytab.clear();
    QCOMPARE(kinitCommand(s), QString()); // the ticket cache: no kinit
    QCOMPARE(signInDescription(s), QStringLiteral("Kerberos ticket from the ticket cache (service kafka)"));
}

void TestSignInConfig::tokenAnswer_data()
{
    addColumns<long, QByteArray, QString>("status", "body", "expected");
    const QByteArray token = jwt(R"({"sub":"svc-lagscope","exp":2000000000})");
    QTest::newRow("token with exp and sub")
        << 200L << QByteArray(R"({"access_token":")" + token + R"(","expires_in":60})")
        << QStringLiteral("ok: svc-lagscope until 2000000000000");
    QTest::newRow("opaque token: expires_in and the client id")
        << 200L << QByteArray(R"({"access_token":"opaque-abc","expires_in":60})")
        << QStringLiteral("ok: lagscope until 1060000");
    QTest::newRow("wrong secret (RFC 6749 error)")
        << 401L << QByteArray(R"({"error":"invalid_client","error_description":"client authentication failed"})")
        << QStringLiteral("token endpoint https://idp/token refused client 'lagscope': HTTP 401 invalid_client: "
                          "client authentication failed (check oauth_client_id and oauth_client_secret)");
    QTest::newRow("server error without JSON")
        << 503L << QByteArray("<html>Service Unavailable</html>")
        << QStringLiteral("token endpoint https://idp/token refused client "
                          "'lagscope': HTTP 503 <html>Service Unavailable</html>");
    QTest::newRow("no token in the answer") << 200L << QByteArray(R"({"token_type":"Bearer"})")
                                            << QStringLiteral("token endpoint https://idp/token: the answer has no "
                                                              "access_token");
    QTest::newRow("expired token")
        << 200L << QByteArray(R"({"access_token":")" + jwt(R"({"exp":10})") + R"("})")
        << QStringLiteral(
               "token endpoint https://idp/token: the token has no expiry in the future (exp or expires_in)");
}

void TestSignInConfig::tokenAnswer()
{
    QFETCH(long, status);
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    auto token = OidcTokenSource::parseAnswer(QStringLiteral("https://idp/token"), QStringLiteral("lagscope"), status,
                                              body, 1000000);
    const QString got =
        token ? QStringLiteral("ok: %1 until %2").arg(token->principal).arg(token->expiresAtMs) : token.errorMessage();
    QCOMPARE(got, expected);
}

void TestSignInConfig::failedStep_data()
{
    addColumns<QString, int>("error", "step");
    QTest::newRow("kinit") << QStringLiteral("cluster 'c' (h:1): Authentication failed: Kerberos ticket: `kinit -k -t "
                                             "'/k' 'p'` failed (exit code 1): kinit: Password incorrect")
                           << int(SignInStep::Ticket);
    QTest::newRow("expired ticket") << QStringLiteral(
        "cluster 'c': Authentication failed: SASL authentication error: GSSAPI Error: Unspecified "
        "GSS failure (Ticket expired)")
                                    << int(SignInStep::Ticket);
    QTest::newRow("token endpoint") << QStringLiteral(
        "cluster 'c': Authentication failed: Failed to acquire SASL OAUTHBEARER token: token "
        "endpoint https://idp/token unreachable: Connection refused")
                                    << int(SignInStep::TokenEndpoint);
    QTest::newRow("broker refused") << QStringLiteral(
        "cluster 'c': Authentication failed: SASL authentication error: Authentication failed "
        "during authentication due to invalid credentials with SASL mechanism SCRAM-SHA-512")
                                    << int(SignInStep::Broker);
    QTest::newRow("no broker") << QStringLiteral("cluster 'c': metadata: Local: Broker transport failure")
                               << int(SignInStep::Connection);
}

void TestSignInConfig::failedStep()
{
    QFETCH(QString, error);
    QFETCH(int, step);
    QCOMPARE(int(failedSignInStep(error)), step);
}

void TestSignInConfig::secretAndTokenMasked()
{
    // A clear-text client secret is masked as soon as the file is read (with a warning)…
    auto config = parseConfig(
        withSecurity(QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: OAUTHBEARER\n"
                                    "      oauth_token_endpoint: https://idp/token\n      oauth_client_id: x\n"
                                    "      oauth_client_secret: Clear-Oidc-S3cret\n")),
        fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    QCOMPARE(config->warnings.size(), 1);
    QVERIFY(!config->warnings.front().contains(QStringLiteral("Clear-Oidc-S3cret")));
    QCOMPARE(maskSecrets(QStringLiteral("a Clear-Oidc-S3cret b")), QStringLiteral("a **** b"));
    // …and every token the endpoint hands out from the moment it is read.
    const QByteArray token = jwt(R"({"sub":"s","exp":2000000000,"jti":"masked-token-7"})");
    auto parsed = OidcTokenSource::parseAnswer(QStringLiteral("https://idp/token"), QStringLiteral("x"), 200,
                                               R"({"access_token":")" + token + R"("})", 0);
    QVERIFY(parsed);
    QCOMPARE(maskSecrets(QStringLiteral("Bearer ") + QString::fromLatin1(token)), QStringLiteral("Bearer ****"));
}

QTEST_GUILESS_MAIN(TestSignInConfig)
#include "tst_signinconfig.moc"
