// Kerberos (GSSAPI) and OAUTHBEARER with an OpenID Connect client against the real `secure`
// lab (tests/lab: an MIT KDC of its own, realm LAGSCOPE.TEST; the broker's KERBEROS and OAUTH
// listeners; the lab's oidc-server as token endpoint, whose JWKS the broker checks tokens
// against):
// - a good keytab is polled; a stale keytab, a wrong service name and an expired ticket fail
//   with "Authentication failed: <reason>" within the deadline, and the monitor recovers once
//   the keytab is replaced or the ticket renewed;
// - a valid client is polled; a wrong secret and an unreachable endpoint are explained; tokens
//   that expire every few seconds are refreshed without a failed poll;
// - neither the client secret nor any token appears in what was captured.

#include "LabClient.h"
#include "kafka/ConnectionCheck.h"
#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "monitor/MonitorService.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kTimeoutMs = 15000;
const char kWrongSecret[] = "wrong-oidc-secret-5d7a";

} // namespace

class TestEnterpriseSignIn final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void kerberosKeytab();
    void kerberosStaleKeytab();
    void kerberosKeytabFixedRecovers();
    void kerberosWrongServiceName();
    void kerberosExpiredTicketRecovers();
    void oidcClient();
    void oidcWrongSecret();
    void oidcEndpointUnreachable();
    void oidcTokensRefreshedWithoutAGap();
    void cliHidesSecretAndTokens();
    void secretsAppearNowhere();

private:
    ClusterConfig kerberos(const QString &name, const QString &keytab) const;
    ClusterConfig oidc(const QString &name, const QString &clientId, const QString &secretRef) const;
    Result<ClusterMetadata> connect(const ClusterConfig &c, qint64 *elapsedMs = nullptr);
    // Polls `cluster` with a MonitorService: the first poll must fail with "Authentication
    // failed: …" containing `reason`; after fix() a later poll must succeed.
    void monitorRecovers(const ClusterConfig &cluster, const QString &reason, const std::function<void()> &fix);
    void copyFile(const QString &from, const QString &to) const;
    ProcessResult kinit(const QStringList &args) const;
    int issuedTokens(const QString &clientId) const;
    void remember(const QString &where, const QString &text) { m_captured.append({where, text}); }

    QTemporaryDir m_dir;
    QJsonObject m_krb, m_oauth;
    QString m_keytab, m_staleKeytab;
    QList<std::pair<QString, QString>> m_captured;
};

void TestEnterpriseSignIn::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QFile json(QDir(qEnvironmentVariable("LAGSCOPE_SECURE_LAB_DIR")).filePath(QStringLiteral("lab.json")));
    QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(json.fileName()));
    const QJsonObject sec = QJsonDocument::fromJson(json.readAll())
                                .object()[QStringLiteral("clusters")]
                                .toObject()[QStringLiteral("secure")]
                                .toObject()[QStringLiteral("security")]
                                .toObject();
    m_krb = sec[QStringLiteral("kerberos")].toObject();
    m_oauth = sec[QStringLiteral("oauth")].toObject();
    QVERIFY2(!m_krb.isEmpty() && !m_oauth.isEmpty(), "lab.json has no kerberos/oauth section: lab too old?");
    // The lab's realm, and a ticket cache of this test's own: never the user's.
    qputenv("KRB5_CONFIG", m_krb[QStringLiteral("krb5_conf")].toString().toUtf8());
    qputenv("KRB5CCNAME", "FILE:" + m_dir.filePath(QStringLiteral("ccache")).toUtf8());
    qputenv("TST_OIDC_SECRET", m_oauth[QStringLiteral("client_secret")].toString().toUtf8());
    qputenv("TST_OIDC_SHORT_SECRET", m_oauth[QStringLiteral("short_client_secret")].toString().toUtf8());
    qputenv("TST_OIDC_WRONG_SECRET", kWrongSecret);
    m_keytab = m_krb[QStringLiteral("keytab")].toString();
    m_staleKeytab = m_krb[QStringLiteral("stale_keytab")].toString();
}

void TestEnterpriseSignIn::cleanupTestCase()
{
    if (QTest::currentTestFailed())
        runProcess(qEnvironmentVariable("LAGSCOPE_LAB"),
                   {QStringLiteral("--dir"), qEnvironmentVariable("LAGSCOPE_SECURE_LAB_DIR"), QStringLiteral("logs")},
                   60000);
}

ClusterConfig TestEnterpriseSignIn::kerberos(const QString &name, const QString &keytab) const
{
    ClusterConfig c;
    c.name = name;
    c.bootstrapServers = m_krb[QStringLiteral("bootstrap")].toString();
    c.security.protocol = QStringLiteral("SASL_PLAINTEXT");
    c.security.saslMechanism = QStringLiteral("GSSAPI");
    c.security.kerberosPrincipal = m_krb[QStringLiteral("principal")].toString();
    c.security.kerberosKeytab = keytab;
    c.security.kerberosServiceName = m_krb[QStringLiteral("service_name")].toString();
    return c;
}

ClusterConfig TestEnterpriseSignIn::oidc(const QString &name, const QString &clientId, const QString &secretRef) const
{
    ClusterConfig c;
    c.name = name;
    c.bootstrapServers = m_oauth[QStringLiteral("bootstrap")].toString();
    c.security.protocol = QStringLiteral("SASL_PLAINTEXT");
    c.security.saslMechanism = QStringLiteral("OAUTHBEARER");
    c.security.oauthTokenEndpoint = m_oauth[QStringLiteral("token_endpoint")].toString();
    c.security.oauthClientId = clientId;
    c.security.oauthClientSecret = secretRef;
    c.security.oauthScope = QStringLiteral("kafka.read");
    return c;
}

Result<ClusterMetadata> TestEnterpriseSignIn::connect(const ClusterConfig &c, qint64 *elapsedMs)
{
    QElapsedTimer timer;
    timer.start();
    auto client = KafkaClient::create(c, ClientOptions{kTimeoutMs, 0, {}});
    Result<ClusterMetadata> md =
        client ? (*client)->metadata(Deadline::inMs(kTimeoutMs)) : Result<ClusterMetadata>(client.error());
    if (elapsedMs)
        *elapsedMs = timer.elapsed();
    if (!md)
        remember(QStringLiteral("KafkaClient error (%1)").arg(c.name), md.errorMessage());
    return md;
}

ProcessResult TestEnterpriseSignIn::kinit(const QStringList &args) const
{
    return runProcess(QStringLiteral("kinit"), args, 20000);
}

// GET /stats of the lab's token endpoint: how many tokens it issued to clientId.
int TestEnterpriseSignIn::issuedTokens(const QString &clientId) const
{
    QTcpSocket socket;
    socket.connectToHost(QStringLiteral("127.0.0.1"), quint16(m_oauth[QStringLiteral("port")].toInt()));
    if (!socket.waitForConnected(5000))
        return -1;
    socket.write("GET /stats HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray answer;
    while (socket.waitForReadyRead(5000))
        answer += socket.readAll();
    answer += socket.readAll();
    const QJsonObject stats = QJsonDocument::fromJson(answer.mid(answer.indexOf("\r\n\r\n") + 4)).object();
    return stats[QStringLiteral("issued")].toObject()[clientId].toInt();
}

void TestEnterpriseSignIn::kerberosKeytab()
{
    const ClusterConfig c = kerberos(QStringLiteral("krb-keytab"), m_keytab);
    auto md = connect(c);
    QVERIFY2(md, qPrintable(md ? QString() : md.errorMessage()));
    QCOMPARE(int(md->brokers.size()), 1);
    // The test connection says how it signed in, with the kinit command librdkafka also runs.
    auto check = checkConnection(c, kTimeoutMs);
    QVERIFY2(check, qPrintable(check ? QString() : check.errorMessage()));
    QCOMPARE(check->signIn, QStringLiteral("Kerberos ticket from `kinit -k -t '%1' '%2'` (service kafka)")
                                .arg(m_keytab, c.security.kerberosPrincipal));
    // The mirror reader's handle signs in the same way.
    auto reader = PartitionReader::create(c, ClientOptions{kTimeoutMs, 0, {}});
    QVERIFY2(reader, qPrintable(reader ? QString() : reader.errorMessage()));
}

void TestEnterpriseSignIn::kerberosStaleKeytab()
{
    qint64 elapsed = 0;
    auto md = connect(kerberos(QStringLiteral("krb-stale"), m_staleKeytab), &elapsed);
    QVERIFY(!md);
    qInfo("stale keytab: %s after %lld ms", qPrintable(md.errorMessage()), elapsed);
    const QString auth = KafkaClient::authenticationFailure(md.errorMessage());
    QVERIFY2(
        auth.startsWith(QStringLiteral("Authentication failed: Kerberos ticket: `kinit -k -t '%1'").arg(m_staleKeytab)),
        qPrintable(md.errorMessage()));
    QVERIFY2(auth.contains(QStringLiteral("kinit: ")), qPrintable(auth)); // kinit's own words
    QCOMPARE(failedSignInStep(md.errorMessage()), SignInStep::Ticket);
    QVERIFY(elapsed < kTimeoutMs);
}

void TestEnterpriseSignIn::copyFile(const QString &from, const QString &to) const
{
    QFile in(from);
    QVERIFY2(in.open(QIODevice::ReadOnly), qPrintable(from));
    QFile out(to);
    QVERIFY2(out.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(to));
    out.write(in.readAll());
    out.close();
    out.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

void TestEnterpriseSignIn::monitorRecovers(const ClusterConfig &cluster, const QString &reason,
                                           const std::function<void()> &fix)
{
    AppConfig config;
    config.pollIntervalMs = 500;
    config.requestTimeoutMs = kTimeoutMs;
    config.clusters.push_back(cluster);
    MonitorService monitor(config);
    std::vector<PollUpdate> updates;
    QObject::connect(&monitor, &MonitorService::updated, this, [&](const PollUpdate &u) { updates.push_back(u); });
    QElapsedTimer timer;
    timer.start();
    monitor.start();
    QTRY_VERIFY_WITH_TIMEOUT(!updates.empty(), kTimeoutMs + 10000);
    const SnapshotPtr first = updates.front().snapshot;
    qInfo("%s: %s after %lld ms", qPrintable(cluster.name), qPrintable(first->error), timer.elapsed());
    QVERIFY(!first->reachable);
    const QString auth = KafkaClient::authenticationFailure(first->error);
    QVERIFY2(auth.startsWith(QStringLiteral("Authentication failed: ")), qPrintable(first->error));
    QVERIFY2(auth.contains(reason, Qt::CaseInsensitive), qPrintable(auth));
    QVERIFY(timer.elapsed() < kTimeoutMs + 5000);

    fix();
    timer.restart();
    QTRY_VERIFY_WITH_TIMEOUT(updates.back().snapshot->reachable, 60000);
    qInfo("%s recovered %lld ms after the fix, %d polls", qPrintable(cluster.name), timer.elapsed(),
          int(updates.size()));
    for (const PollUpdate &u : updates) {
        remember(QStringLiteral("snapshot error"), u.snapshot->error);
        for (const ClusterEvent &e : u.events)
            remember(QStringLiteral("event"), e.subject + QLatin1Char(' ') + e.message);
    }
}

// The keytab file replaced by a good one: the next poll's kinit gets a ticket.
void TestEnterpriseSignIn::kerberosKeytabFixedRecovers()
{
    const QString fixable = m_dir.filePath(QStringLiteral("fixable.keytab"));
    copyFile(m_staleKeytab, fixable);
    monitorRecovers(kerberos(QStringLiteral("krb-fixable"), fixable), QStringLiteral("Kerberos ticket: `kinit"),
                    [&] { copyFile(m_keytab, fixable); });
}

void TestEnterpriseSignIn::kerberosWrongServiceName()
{
    ClusterConfig c = kerberos(QStringLiteral("krb-service"), m_keytab);
    c.security.kerberosServiceName = QStringLiteral("kafka-nonexistent");
    qint64 elapsed = 0;
    auto md = connect(c, &elapsed);
    QVERIFY(!md);
    qInfo("wrong service name: %s after %lld ms", qPrintable(md.errorMessage()), elapsed);
    const QString auth = KafkaClient::authenticationFailure(md.errorMessage());
    QVERIFY2(auth.startsWith(QStringLiteral("Authentication failed: ")), qPrintable(md.errorMessage()));
    QVERIFY2(auth.contains(QStringLiteral("not found in Kerberos database")), qPrintable(auth));
    QCOMPARE(failedSignInStep(md.errorMessage()), SignInStep::Ticket);
    QVERIFY(elapsed < kTimeoutMs);
}

// Without a keytab Lagscope uses the ticket cache as it is: a ticket that expired is refused
// with the Kerberos library's reason, and the monitor's next poll after `kinit` succeeds.
void TestEnterpriseSignIn::kerberosExpiredTicketRecovers()
{
    const QString principal = m_krb[QStringLiteral("principal")].toString();
    requireSuccess(kinit(
        {QStringLiteral("-k"), QStringLiteral("-t"), m_keytab, QStringLiteral("-l"), QStringLiteral("2s"), principal}));
    QTRY_VERIFY_WITH_TIMEOUT(runProcess(QStringLiteral("klist"), {QStringLiteral("-s")}, 5000).exitCode != 0, 20000);
    monitorRecovers(kerberos(QStringLiteral("krb-cache"), QString()), QStringLiteral("expired"), [&] {
        requireSuccess(kinit({QStringLiteral("-k"), QStringLiteral("-t"), m_keytab, principal}));
    });
}

void TestEnterpriseSignIn::oidcClient()
{
    const ClusterConfig c = oidc(QStringLiteral("oidc"), m_oauth[QStringLiteral("client_id")].toString(),
                                 QStringLiteral("${env:TST_OIDC_SECRET}"));
    auto md = connect(c);
    QVERIFY2(md, qPrintable(md ? QString() : md.errorMessage()));
    QCOMPARE(int(md->brokers.size()), 1);
    auto check = checkConnection(c, kTimeoutMs);
    QVERIFY2(check, qPrintable(check ? QString() : check.errorMessage()));
    QCOMPARE(
        check->signIn,
        QStringLiteral("token from %1 as client '%2'").arg(c.security.oauthTokenEndpoint, c.security.oauthClientId));
    auto reader = PartitionReader::create(c, ClientOptions{kTimeoutMs, 0, {}});
    QVERIFY2(reader, qPrintable(reader ? QString() : reader.errorMessage()));
}

void TestEnterpriseSignIn::oidcWrongSecret()
{
    qint64 elapsed = 0;
    auto md = connect(oidc(QStringLiteral("oidc-wrong"), m_oauth[QStringLiteral("client_id")].toString(),
                           QStringLiteral("${env:TST_OIDC_WRONG_SECRET}")),
                      &elapsed);
    QVERIFY(!md);
    qInfo("wrong client secret: %s after %lld ms", qPrintable(md.errorMessage()), elapsed);
    const QString auth = KafkaClient::authenticationFailure(md.errorMessage());
    QVERIFY2(auth.startsWith(QStringLiteral("Authentication failed: ")), qPrintable(md.errorMessage()));
    QVERIFY2(auth.contains(QStringLiteral("token endpoint %1 refused client '%2': HTTP 401 invalid_client: client "
                                          "authentication failed")
                               .arg(m_oauth[QStringLiteral("token_endpoint")].toString(),
                                    m_oauth[QStringLiteral("client_id")].toString())),
             qPrintable(auth));
    QCOMPARE(failedSignInStep(md.errorMessage()), SignInStep::TokenEndpoint);
    QVERIFY(elapsed < kTimeoutMs);
}

void TestEnterpriseSignIn::oidcEndpointUnreachable()
{
    ClusterConfig c = oidc(QStringLiteral("oidc-down"), m_oauth[QStringLiteral("client_id")].toString(),
                           QStringLiteral("${env:TST_OIDC_SECRET}"));
    // The KDC's port speaks Kerberos, not HTTP; port 1 on loopback refuses connections.
    c.security.oauthTokenEndpoint = QStringLiteral("http://127.0.0.1:1/token");
    qint64 elapsed = 0;
    auto md = connect(c, &elapsed);
    QVERIFY(!md);
    qInfo("token endpoint down: %s after %lld ms", qPrintable(md.errorMessage()), elapsed);
    QVERIFY2(md.errorMessage().contains(QStringLiteral("token endpoint http://127.0.0.1:1/token unreachable: ")),
             qPrintable(md.errorMessage()));
    QCOMPARE(failedSignInStep(md.errorMessage()), SignInStep::TokenEndpoint);
    QVERIFY(elapsed < kTimeoutMs);
}

// The short client's tokens live a few seconds and the broker asks for a new sign-in when a
// session's token expires: polling for more than two lifetimes must never fail, and the
// endpoint must have been asked again.
void TestEnterpriseSignIn::oidcTokensRefreshedWithoutAGap()
{
    const QString client = m_oauth[QStringLiteral("short_client_id")].toString();
    const int lifetimeMs = m_oauth[QStringLiteral("short_lifetime")].toInt() * 1000;
    const int before = issuedTokens(client);
    QVERIFY(before >= 0);
    auto made =
        KafkaClient::create(oidc(QStringLiteral("oidc-short"), client, QStringLiteral("${env:TST_OIDC_SHORT_SECRET}")),
                            ClientOptions{kTimeoutMs, 0, {}});
    QVERIFY2(made, qPrintable(made ? QString() : made.errorMessage()));
    QElapsedTimer timer;
    timer.start();
    int polls = 0;
    qint64 slowest = 0;
    QString failure; // the first poll that failed, if any
    // One poll per check, until three tokens were issued (the first and two refreshes),
    // within a generous deadline; QTRY's own 50-ms step is the cadence of the polls.
    const auto pollAndCheck = [&] {
        QElapsedTimer one;
        one.start();
        auto md = (*made)->metadata(Deadline::inMs(kTimeoutMs));
        if (!md && failure.isEmpty())
            failure =
                QStringLiteral("poll %1 after %2 ms failed: %3").arg(polls).arg(timer.elapsed()).arg(md.errorMessage());
        slowest = std::max(slowest, one.elapsed());
        ++polls;
        return !failure.isEmpty() || issuedTokens(client) >= before + 3;
    };
    QTRY_VERIFY2_WITH_TIMEOUT(pollAndCheck(), "the tokens were not refreshed", 5 * lifetimeMs + kTimeoutMs);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    qInfo("%d polls over %lld ms with %d-ms tokens, all answered (slowest %lld ms); %d tokens issued", polls,
          timer.elapsed(), lifetimeMs, slowest, issuedTokens(client) - before);
}

// The CLI with the client secret written in clear text in the file and librdkafka's debug
// log on: neither the secret nor a token reaches stdout or stderr.
void TestEnterpriseSignIn::cliHidesSecretAndTokens()
{
    const QString path = m_dir.filePath(QStringLiteral("config.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        QStringLiteral(R"(clusters:
  - name: oidc
    bootstrap: %1
    properties:
      debug: security,broker,protocol
    security:
      protocol: SASL_PLAINTEXT
      sasl_mechanism: OAUTHBEARER
      oauth_token_endpoint: %2
      oauth_client_id: %3
      oauth_client_secret: %4
)")
            .arg(m_oauth[QStringLiteral("bootstrap")].toString(), m_oauth[QStringLiteral("token_endpoint")].toString(),
                 m_oauth[QStringLiteral("client_id")].toString(), m_oauth[QStringLiteral("client_secret")].toString())
            .toUtf8());
    f.close();
    qputenv("LAGSCOPE_RDKAFKA_LOG", "1");
    const ProcessResult r = runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                                       {QStringLiteral("brokers"), QStringLiteral("--config"), path,
                                        QStringLiteral("--cluster"), QStringLiteral("oidc")},
                                       60000);
    qunsetenv("LAGSCOPE_RDKAFKA_LOG");
    remember(QStringLiteral("lagscopectl brokers stdout"), r.out);
    remember(QStringLiteral("lagscopectl brokers stderr (with librdkafka debug log)"), r.err);
    QVERIFY2(r.exitCode == 0, qPrintable(r.describe().left(4000)));
    QVERIFY2(r.err.contains(QStringLiteral("OAUTHBEARER")), "librdkafka's security log was not captured");
}

void TestEnterpriseSignIn::secretsAppearNowhere()
{
    QVERIFY(m_captured.size() >= 8);
    const QStringList secrets{m_oauth[QStringLiteral("client_secret")].toString(),
                              m_oauth[QStringLiteral("short_client_secret")].toString(),
                              QString::fromLatin1(kWrongSecret),
                              // Every JWT starts with the base64url of `{"`: no token was printed.
                              QStringLiteral("eyJ")};
    QStringList checked;
    for (const auto &[where, text] : m_captured) {
        for (const QString &secret : secrets)
            QVERIFY2(!text.contains(secret),
                     qPrintable(QStringLiteral("a secret or a token appears in %1").arg(where)));
        checked << QStringLiteral("%1 (%2 chars)").arg(where).arg(text.size());
    }
    qInfo("no secret or token in: %s", qPrintable(checked.join(QStringLiteral("; "))));
}

QTEST_GUILESS_MAIN(TestEnterpriseSignIn)
#include "tst_enterprisesignin.moc"
