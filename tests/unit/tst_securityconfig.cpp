// The cluster `security:` block: how it maps onto librdkafka properties, and every
// validation error with file, line, column and key; read_only_clusters.

#include "ConfigTestUtil.h"
#include "TableRows.h"
#include "config/ConfigLoader.h"
#include "config/SecurityProperties.h"
#include "util/SecretMasker.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace lagscope;
using namespace lagscope::test;

namespace {

// A one-cluster file whose cluster ends with `security` (indented under the cluster).
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

} // namespace

class TestSecurityConfig final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void mapping_data();
    void mapping();
    void errors_data();
    void errors();
    void warnings_data();
    void warnings();
    void readOnlyClusters();
    void badReadOnlyPattern();
    void clearPasswordIsMaskedAtOnce();

private:
    QTemporaryDir m_dir;
    QString m_ca, m_cert, m_key, m_unreadable, m_secretFile, m_openSecretFile;
};

void TestSecurityConfig::initTestCase()
{
    QVERIFY(m_dir.isValid());
    auto make = [this](const char *name, QFileDevice::Permissions perms) {
        const QString path = m_dir.filePath(QString::fromLatin1(name));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot create %s", name);
        f.write("x\n");
        f.close();
        f.setPermissions(perms);
        return path;
    };
    const auto owner = QFileDevice::ReadOwner | QFileDevice::WriteOwner;
    m_ca = make("ca.pem", owner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    m_cert = make("client.pem", owner);
    m_key = make("client.key", owner);
    m_unreadable = make("unreadable.key", QFileDevice::WriteOwner);
    m_secretFile = make("secret", owner);
    m_openSecretFile = make("open-secret", owner | QFileDevice::ReadOther);
    qputenv("TST_SECURITY_PW", "pw-from-env");
}

void TestSecurityConfig::mapping_data()
{
    addColumns<QString, QString>("security", "properties");

    QTest::newRow("plaintext") << QStringLiteral("      protocol: PLAINTEXT\n")
                               << QStringLiteral("security.protocol=PLAINTEXT");
    QTest::newRow("scram over plaintext, env password")
        << QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: SCRAM-SHA-512\n"
                          "      username: alice\n      password: ${env:TST_SECURITY_PW}\n")
        << QStringLiteral("security.protocol=SASL_PLAINTEXT sasl.mechanisms=SCRAM-SHA-512 sasl.username=alice "
                          "sasl.password=pw-from-env");
    QTest::newRow("sasl_ssl: verification on by default")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: PLAIN\n      username: u\n"
                          "      password: ${file:%1}\n      ca_file: %2\n")
               .arg(m_secretFile, m_ca)
        << QStringLiteral("security.protocol=SASL_SSL sasl.mechanisms=PLAIN sasl.username=u sasl.password=x "
                          "ssl.ca.location=%1 enable.ssl.certificate.verification=true "
                          "ssl.endpoint.identification.algorithm=https")
               .arg(m_ca);
    QTest::newRow("mutual TLS, hostname check off")
        << QStringLiteral("      protocol: SSL\n      ca_file: %1\n      cert_file: %2\n      key_file: %3\n"
                          "      key_password: ${env:TST_SECURITY_PW}\n      verify_hostname: false\n")
               .arg(m_ca, m_cert, m_key)
        << QStringLiteral("security.protocol=SSL ssl.ca.location=%1 ssl.certificate.location=%2 ssl.key.location=%3 "
                          "ssl.key.password=pw-from-env enable.ssl.certificate.verification=true "
                          "ssl.endpoint.identification.algorithm=none")
               .arg(m_ca, m_cert, m_key);
    QTest::newRow("certificates unverified")
        << QStringLiteral("      protocol: SSL\n      verify_certificates: false\n")
        << QStringLiteral("security.protocol=SSL enable.ssl.certificate.verification=false "
                          "ssl.endpoint.identification.algorithm=https");
}

void TestSecurityConfig::mapping()
{
    QFETCH(QString, security);
    QFETCH(QString, properties);
    auto config = parseConfig(withSecurity(security), fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    auto mapped = securityProperties(config->clusters.front().security);
    QVERIFY2(mapped, qPrintable(mapped ? QString() : mapped.errorMessage()));
    QCOMPARE(propertiesText(*mapped), properties);
}

void TestSecurityConfig::errors_data()
{
    addColumns<QString, QString>("security", "error");

    const QString at = QStringLiteral("config.yaml:");
    QTest::newRow("unknown protocol") << QStringLiteral("      protocol: TLS\n")
                                      << at
                                             + QStringLiteral("5:17: clusters[0].security.protocol: expected one of "
                                                              "PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL, got \"TLS\"");
    QTest::newRow("no protocol") << QStringLiteral("      ca_file: /x\n")
                                 << at + QStringLiteral("5:7: clusters[0].security: missing required key \"protocol\"");
    QTest::newRow("missing CA file")
        << QStringLiteral("      protocol: SSL\n      ca_file: /nonexistent/ca.pem\n")
        << at + QStringLiteral("6:16: clusters[0].security.ca_file: file not found: /nonexistent/ca.pem");
    // root reads any file whatever its mode: the permission row only means something otherwise.
    if (::geteuid() != 0)
        QTest::newRow("unreadable key")
            << QStringLiteral("      protocol: SSL\n      cert_file: %1\n      key_file: %2\n")
                   .arg(m_cert, m_unreadable)
            << at
                   + QStringLiteral("7:17: clusters[0].security.key_file: cannot read %1: permission denied")
                         .arg(m_unreadable);
    QTest::newRow("key is a folder")
        << QStringLiteral("      protocol: SSL\n      cert_file: %1\n      key_file: %2\n").arg(m_cert, m_dir.path())
        << at + QStringLiteral("7:17: clusters[0].security.key_file: not a file: %1").arg(m_dir.path());
    QTest::newRow("mechanism without credentials")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: SCRAM-SHA-512\n")
        << at
               + QStringLiteral("5:7: clusters[0].security.username: missing: sasl_mechanism SCRAM-SHA-512 needs a "
                                "username and a password\n")
               + at
               + QStringLiteral("5:7: clusters[0].security.password: missing: sasl_mechanism SCRAM-SHA-512 needs "
                                "a username and a password");
    QTest::newRow("password without user")
        << QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: PLAIN\n      password: ${env:X}\n")
        << at
               + QStringLiteral("5:7: clusters[0].security.username: missing: sasl_mechanism PLAIN needs a username "
                                "and a password");
    QTest::newRow("sasl without mechanism")
        << QStringLiteral("      protocol: SASL_PLAINTEXT\n")
        << at
               + QStringLiteral("5:7: clusters[0].security: missing required key \"sasl_mechanism\" (PLAIN, "
                                "SCRAM-SHA-256, SCRAM-SHA-512, GSSAPI or OAUTHBEARER) for protocol SASL_PLAINTEXT");
    QTest::newRow("unknown mechanism")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: KERBEROS\n")
        << at
               + QStringLiteral("6:23: clusters[0].security.sasl_mechanism: expected one of PLAIN, SCRAM-SHA-256, "
                                "SCRAM-SHA-512, GSSAPI, OAUTHBEARER, got \"KERBEROS\"");
    QTest::newRow("mechanism on a plaintext listener")
        << QStringLiteral("      protocol: PLAINTEXT\n      sasl_mechanism: PLAIN\n")
        << at
               + QStringLiteral("6:7: clusters[0].security.sasl_mechanism: only used with protocol SASL_PLAINTEXT or "
                                "SASL_SSL, not PLAINTEXT");
    QTest::newRow("CA without TLS")
        << QStringLiteral("      protocol: SASL_PLAINTEXT\n      sasl_mechanism: OAUTHBEARER\n      ca_file: %1\n")
               .arg(m_ca)
        << at
               + QStringLiteral("7:7: clusters[0].security.ca_file: only used with protocol SSL or SASL_SSL, not "
                                "SASL_PLAINTEXT");
    QTest::newRow("certificate without key")
        << QStringLiteral("      protocol: SSL\n      cert_file: %1\n").arg(m_cert)
        << at + QStringLiteral("6:7: clusters[0].security.key_file: missing: a client certificate needs its key_file");
    QTest::newRow("unknown reference scheme")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: PLAIN\n      username: u\n"
                          "      password: ${vault:kafka}\n")
        << at
               + QStringLiteral("8:17: clusters[0].security.password: unknown reference ${vault:...} (expected env, "
                                "file, cmd or keyring)");
    QTest::newRow("secret file missing")
        << QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: PLAIN\n      username: u\n"
                          "      password: ${file:/nonexistent/pw}\n")
        << at + QStringLiteral("8:17: clusters[0].security.password: ${file:/nonexistent/pw}: file not found");
    QTest::newRow("verify flag not a bool")
        << QStringLiteral("      protocol: SSL\n      verify_hostname: no\n")
        << at + QStringLiteral("6:24: clusters[0].security.verify_hostname: expected true or false, got \"no\"");
    QTest::newRow("unknown key")
        << QStringLiteral("      protocol: SSL\n      ca_fle: /x\n")
        << at + QStringLiteral("6:7: clusters[0].security.ca_fle: unknown key (did you mean \"ca_file\"?)");
}

void TestSecurityConfig::errors()
{
    QFETCH(QString, security);
    QFETCH(QString, error);
    auto config = parseConfig(withSecurity(security), fileName());
    QVERIFY(!config);
    QCOMPARE(config.errorMessage(), error);
}

void TestSecurityConfig::warnings_data()
{
    addColumns<QByteArray, QString>("yaml", "warning");

    QTest::newRow("clear-text password")
        << withSecurity(QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: PLAIN\n      username: u\n"
                                       "      password: hunter2-clear\n"))
        << QStringLiteral("config.yaml:8:17: clusters[0].security.password: written in clear text; prefer "
                          "${env:NAME}, ${file:/path}, ${cmd:...} or ${keyring:NAME}");
    QTest::newRow("secret file readable by others")
        << withSecurity(QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: PLAIN\n      username: u\n"
                                       "      password: ${file:%1}\n")
                            .arg(m_openSecretFile))
        << QStringLiteral("config.yaml:8:17: clusters[0].security.password: %1 is readable by others (mode 604): "
                          "chmod 600 it")
               .arg(m_openSecretFile);
    QTest::newRow("verification off")
        << withSecurity(QStringLiteral("      protocol: SSL\n      verify_certificates: false\n"))
        << QStringLiteral("config.yaml:6:28: clusters[0].security.verify_certificates: TLS verification is off for "
                          "this cluster: anyone on the network path can impersonate it");
    QTest::newRow("clear passthrough secret")
        << QByteArrayLiteral("clusters:\n  - name: c\n    bootstrap: h:9092\n    properties:\n"
                             "      sasl.password: hunter3-clear\n")
        << QStringLiteral("config.yaml:5:22: clusters[0].properties.sasl.password: written in clear text; prefer "
                          "${env:NAME}, ${file:/path}, ${cmd:...} or ${keyring:NAME}");
}

void TestSecurityConfig::warnings()
{
    QFETCH(QByteArray, yaml);
    QFETCH(QString, warning);
    auto config = parseConfig(yaml, fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    QCOMPARE(config->warnings, QStringList{warning});
}

void TestSecurityConfig::readOnlyClusters()
{
    auto config = parseConfig(yaml(R"(
read_only_clusters: prod-.*
clusters:
  - name: prod-eu
    bootstrap: a:1
  - name: staging
    bootstrap: b:1
  - name: prod-us
    bootstrap: c:1
    read_only: false
  - name: preprod-eu
    bootstrap: d:1
)"),
                              fileName());
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    QCOMPARE(config->readOnlyClusters, QStringLiteral("prod-.*"));
    QVERIFY(config->cluster(QStringLiteral("prod-eu"))->readOnly);
    QVERIFY(config->cluster(QStringLiteral("prod-us"))->readOnly); // the pattern wins over read_only: false
    QVERIFY(!config->cluster(QStringLiteral("staging"))->readOnly);
    QVERIFY(!config->cluster(QStringLiteral("preprod-eu"))->readOnly); // whole-name match only
    QCOMPARE(config->cluster(QStringLiteral("prod-eu"))->readOnlyReason,
             QStringLiteral("matches read_only_clusters \"prod-.*\""));
}

void TestSecurityConfig::badReadOnlyPattern()
{
    auto config =
        parseConfig(yaml("read_only_clusters: \"prod-(\"\nclusters: [{name: a, bootstrap: \"h:1\"}]\n"), fileName());
    QVERIFY(!config);
    QVERIFY2(config.errorMessage().startsWith(QStringLiteral(
                 "config.yaml:1:21: read_only_clusters: expected a regular expression over cluster names, got "
                 "\"prod-(\" (")),
             qPrintable(config.errorMessage()));
}

void TestSecurityConfig::clearPasswordIsMaskedAtOnce()
{
    // Read, not yet used for a connection: already masked in any output.
    auto config = parseConfig(withSecurity(QStringLiteral("      protocol: SASL_SSL\n      sasl_mechanism: PLAIN\n"
                                                          "      username: u\n      password: Tr0ub4dor&3\n")),
                              fileName());
    QVERIFY(config);
    QCOMPARE(maskSecrets(QStringLiteral("login with Tr0ub4dor&3 failed")), QStringLiteral("login with **** failed"));
}

QTEST_GUILESS_MAIN(TestSecurityConfig)
#include "tst_securityconfig.moc"
