// SASL and TLS against the real `secure` lab (tests/lab, profile secure: SCRAM-SHA-512 on a
// SASL_PLAINTEXT and a SASL_SSL listener, CA and broker certificate made by the lab):
// right credentials from env and from file connect; a wrong password, a wrong CA and a
// hostname mismatch fail with "Authentication failed: <reason>" before the deadline; the
// monitor recovers once the secret file is fixed; read-only refusals in the CLI are
// audited; and neither password appears in any output that was captured (each place is
// listed in secretsAppearNowhere()).

#include "LabClient.h"
#include "config/SecretReference.h"
#include "kafka/KafkaClient.h"
#include "kafka/PartitionReader.h"
#include "monitor/MonitorService.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kTimeoutMs = 20000;
const char kWrongPassword[] = "wrong-Pw-9c1e-not-this";

} // namespace

class TestSecurity final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void scramFromEnv();
    void saslSslFromFile();
    void wrongPassword();
    void unknownUserAndUnsupportedMechanism();
    void wrongCa();
    void hostnameMismatch();
    void mirrorReaderNamesTheRejectedCertificate();
    void monitorRecoversWhenTheSecretIsFixed();
    void cliWrongPassword();
    void cliReadOnlyRefusesAndAudits();
    void secretsAppearNowhere();

private:
    ClusterConfig cluster(const QString &name, const QString &bootstrap, const QString &protocol,
                          const QString &password) const;
    Result<ClusterMetadata> connect(const ClusterConfig &c, qint64 *elapsedMs = nullptr) const;
    void writeFile(const QString &path, const QByteArray &data) const;
    QString writeConfig() const;
    void remember(const QString &where, const QString &text) { m_captured.append({where, text}); }

    QTemporaryDir m_dir;
    QJsonObject m_sec;
    QString m_plainBootstrap;
    QString m_password;
    QString m_goodFile, m_badFile, m_fixableFile, m_dataDir, m_historyPath;
    QList<std::pair<QString, QString>> m_captured; // (where, text) of every output gathered
};

void TestSecurity::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString labDir = qEnvironmentVariable("LAGSCOPE_SECURE_LAB_DIR");
    QFile json(QDir(labDir).filePath(QStringLiteral("lab.json")));
    QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(json.fileName()));
    const QJsonObject cluster = QJsonDocument::fromJson(json.readAll())
                                    .object()[QStringLiteral("clusters")]
                                    .toObject()[QStringLiteral("secure")]
                                    .toObject();
    m_sec = cluster[QStringLiteral("security")].toObject();
    m_plainBootstrap = cluster[QStringLiteral("bootstrap")].toString();
    m_password = m_sec[QStringLiteral("password")].toString();
    QVERIFY(!m_password.isEmpty());
    qputenv("TST_LAB_PASSWORD", m_password.toUtf8());
    qputenv("TST_WRONG_PASSWORD", kWrongPassword);
    m_goodFile = m_dir.filePath(QStringLiteral("good.pw"));
    m_badFile = m_dir.filePath(QStringLiteral("bad.pw"));
    m_fixableFile = m_dir.filePath(QStringLiteral("fixable.pw"));
    writeFile(m_goodFile, m_password.toUtf8() + "\n");
    writeFile(m_badFile, QByteArray(kWrongPassword) + "\n");
    m_dataDir = m_dir.filePath(QStringLiteral("data"));
    qputenv("XDG_DATA_HOME", m_dataDir.toUtf8());
    m_historyPath = m_dir.filePath(QStringLiteral("history.sqlite"));
}

void TestSecurity::cleanupTestCase()
{
    if (QTest::currentTestFailed())
        runProcess(qEnvironmentVariable("LAGSCOPE_LAB"),
                   {QStringLiteral("--dir"), qEnvironmentVariable("LAGSCOPE_SECURE_LAB_DIR"), QStringLiteral("logs")},
                   60000);
}

void TestSecurity::writeFile(const QString &path, const QByteArray &data) const
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(data);
    f.close();
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

ClusterConfig TestSecurity::cluster(const QString &name, const QString &bootstrap, const QString &protocol,
                                    const QString &password) const
{
    ClusterConfig c;
    c.name = name;
    c.bootstrapServers = bootstrap;
    c.security.protocol = protocol;
    c.security.saslMechanism = m_sec[QStringLiteral("mechanism")].toString();
    c.security.username = m_sec[QStringLiteral("username")].toString();
    c.security.password = password;
    if (c.security.usesTls())
        c.security.caFile = m_sec[QStringLiteral("ca")].toString();
    return c;
}

Result<ClusterMetadata> TestSecurity::connect(const ClusterConfig &c, qint64 *elapsedMs) const
{
    QElapsedTimer timer;
    timer.start();
    auto client = KafkaClient::create(c, ClientOptions{kTimeoutMs, 0, {}});
    if (!client)
        return Result<ClusterMetadata>(client.error());
    auto md = (*client)->metadata(Deadline::inMs(kTimeoutMs));
    if (elapsedMs)
        *elapsedMs = timer.elapsed();
    return md;
}

void TestSecurity::scramFromEnv()
{
    auto md = connect(cluster(QStringLiteral("scram-env"), m_sec[QStringLiteral("sasl_bootstrap")].toString(),
                              QStringLiteral("SASL_PLAINTEXT"), QStringLiteral("${env:TST_LAB_PASSWORD}")));
    QVERIFY2(md, qPrintable(md ? QString() : md.errorMessage()));
    QCOMPARE(int(md->brokers.size()), 1);
}

void TestSecurity::saslSslFromFile()
{
    auto md = connect(cluster(QStringLiteral("ssl-file"), m_sec[QStringLiteral("ssl_bootstrap")].toString(),
                              QStringLiteral("SASL_SSL"), QStringLiteral("${file:%1}").arg(m_goodFile)));
    QVERIFY2(md, qPrintable(md ? QString() : md.errorMessage()));
    QCOMPARE(int(md->brokers.size()), 1);
    QCOMPARE(md->brokers.front().host, QStringLiteral("localhost")); // the TLS listener's advertised name
}

void TestSecurity::wrongPassword()
{
    for (const QString &protocol : {QStringLiteral("SASL_PLAINTEXT"), QStringLiteral("SASL_SSL")}) {
        const QString bootstrap =
            m_sec[protocol == u"SASL_SSL" ? QStringLiteral("ssl_bootstrap") : QStringLiteral("sasl_bootstrap")]
                .toString();
        qint64 elapsed = 0;
        auto md = connect(cluster(QStringLiteral("wrong-") + protocol, bootstrap, protocol,
                                  QStringLiteral("${env:TST_WRONG_PASSWORD}")),
                          &elapsed);
        QVERIFY(!md);
        remember(QStringLiteral("KafkaClient error (%1)").arg(protocol), md.errorMessage());
        qInfo("%s wrong password: %s after %lld ms (deadline %d ms)", qPrintable(protocol),
              qPrintable(md.errorMessage()), elapsed, kTimeoutMs);
        const QString auth = KafkaClient::authenticationFailure(md.errorMessage());
        QVERIFY2(auth.startsWith(QStringLiteral("Authentication failed: ")), qPrintable(md.errorMessage()));
        QVERIFY2(auth.contains(QStringLiteral("invalid credentials")), qPrintable(auth));
    }
}

// The other two authentication refusals: a user the broker does not know, and a mechanism its
// listener does not enable (the lab enables only SCRAM-SHA-512).
void TestSecurity::unknownUserAndUnsupportedMechanism()
{
    const QString bootstrap = m_sec[QStringLiteral("sasl_bootstrap")].toString();
    ClusterConfig stranger = cluster(QStringLiteral("unknown-user"), bootstrap, QStringLiteral("SASL_PLAINTEXT"),
                                     QStringLiteral("${env:TST_LAB_PASSWORD}"));
    stranger.security.username = QStringLiteral("nobody-here");
    ClusterConfig sha256 = cluster(QStringLiteral("sha-256"), bootstrap, QStringLiteral("SASL_PLAINTEXT"),
                                   QStringLiteral("${env:TST_LAB_PASSWORD}"));
    sha256.security.saslMechanism = QStringLiteral("SCRAM-SHA-256");
    const std::pair<const ClusterConfig *, QString> cases[] = {{&stranger, QStringLiteral("invalid credentials")},
                                                               {&sha256, QStringLiteral("SCRAM-SHA-256")}};
    for (const auto &[c, expected] : cases) {
        qint64 elapsed = 0;
        auto md = connect(*c, &elapsed);
        QVERIFY(!md);
        remember(QStringLiteral("KafkaClient error (%1)").arg(c->name), md.errorMessage());
        qInfo("%s: %s after %lld ms (deadline %d ms)", qPrintable(c->name), qPrintable(md.errorMessage()), elapsed,
              kTimeoutMs);
        const QString auth = KafkaClient::authenticationFailure(md.errorMessage());
        QVERIFY2(auth.startsWith(QStringLiteral("Authentication failed: ")), qPrintable(md.errorMessage()));
        QVERIFY2(auth.contains(expected), qPrintable(auth));
    }
}

void TestSecurity::wrongCa()
{
    ClusterConfig c = cluster(QStringLiteral("wrong-ca"), m_sec[QStringLiteral("ssl_bootstrap")].toString(),
                              QStringLiteral("SASL_SSL"), QStringLiteral("${env:TST_LAB_PASSWORD}"));
    c.security.caFile = m_sec[QStringLiteral("wrong_ca")].toString();
    auto md = connect(c);
    QVERIFY(!md);
    remember(QStringLiteral("KafkaClient error (wrong CA)"), md.errorMessage());
    qInfo("wrong CA: %s", qPrintable(md.errorMessage()));
    const QString auth = KafkaClient::authenticationFailure(md.errorMessage());
    QVERIFY2(auth.contains(QStringLiteral("certificate verify failed")), qPrintable(md.errorMessage()));
    QVERIFY2(auth.contains(QStringLiteral("its issuer is not in ca_file")), qPrintable(md.errorMessage()));
}

void TestSecurity::hostnameMismatch()
{
    // The certificate names localhost; 127.0.0.1 is not in it.
    ClusterConfig c = cluster(QStringLiteral("by-ip"), m_sec[QStringLiteral("ssl_bootstrap_ip")].toString(),
                              QStringLiteral("SASL_SSL"), QStringLiteral("${env:TST_LAB_PASSWORD}"));
    auto refused = connect(c);
    QVERIFY(!refused);
    remember(QStringLiteral("KafkaClient error (hostname mismatch)"), refused.errorMessage());
    qInfo("hostname mismatch: %s", qPrintable(refused.errorMessage()));
    const QString auth = KafkaClient::authenticationFailure(refused.errorMessage());
    QVERIFY2(auth.contains(QStringLiteral("certificate verify failed")), qPrintable(refused.errorMessage()));
    QVERIFY2(auth.contains(QStringLiteral(" mismatch (chain depth 0)")), qPrintable(refused.errorMessage()));
    QVERIFY2(auth.contains(QStringLiteral("verify_hostname: false")), qPrintable(refused.errorMessage()));

    c.security.verifyHostname = false; // the explicit per-cluster flag
    auto accepted = connect(c);
    QVERIFY2(accepted, qPrintable(accepted ? QString() : accepted.errorMessage()));
}

// The assign-only reader of MirrorMaker's internal topics connects on its own: it too
// must say which certificate was refused and why, and mask what it reports.
void TestSecurity::mirrorReaderNamesTheRejectedCertificate()
{
    ClusterConfig c = cluster(QStringLiteral("reader-wrong-ca"), m_sec[QStringLiteral("ssl_bootstrap")].toString(),
                              QStringLiteral("SASL_SSL"), QStringLiteral("${env:TST_LAB_PASSWORD}"));
    c.security.caFile = m_sec[QStringLiteral("wrong_ca")].toString();
    auto reader = PartitionReader::create(c, ClientOptions{kTimeoutMs, 0, nullptr});
    QVERIFY2(reader, qPrintable(reader ? QString() : reader.errorMessage()));
    QElapsedTimer timer;
    timer.start();
    auto read = (*reader)->read({QStringLiteral("mm2-offset-syncs.dr.internal"), 0}, PartitionReader::kEarliest, 10,
                                Deadline::inMs(kTimeoutMs));
    QVERIFY(!read);
    remember(QStringLiteral("PartitionReader error (wrong CA)"), read.errorMessage());
    qInfo("mirror reader, wrong CA: %s after %lld ms", qPrintable(read.errorMessage()), timer.elapsed());
    QVERIFY2(read.errorMessage().contains(QStringLiteral("TLS certificate of ")), qPrintable(read.errorMessage()));
    QVERIFY2(read.errorMessage().contains(QStringLiteral("its issuer is not in ca_file")),
             qPrintable(read.errorMessage()));
}

void TestSecurity::monitorRecoversWhenTheSecretIsFixed()
{
    writeFile(m_fixableFile, QByteArray(kWrongPassword) + "\n");
    AppConfig config;
    config.pollIntervalMs = 500;
    config.requestTimeoutMs = kTimeoutMs;
    config.clusters.push_back(cluster(QStringLiteral("fixable"), m_sec[QStringLiteral("sasl_bootstrap")].toString(),
                                      QStringLiteral("SASL_PLAINTEXT"),
                                      QStringLiteral("${file:%1}").arg(m_fixableFile)));
    MonitorService monitor(config);
    std::vector<PollUpdate> updates;
    QObject::connect(&monitor, &MonitorService::updated, this, [&](const PollUpdate &u) { updates.push_back(u); });
    QElapsedTimer timer;
    timer.start();
    monitor.start();
    QTRY_VERIFY_WITH_TIMEOUT(!updates.empty(), kTimeoutMs + 10000);
    const SnapshotPtr first = updates.front().snapshot;
    qInfo("first poll with the wrong password: %s after %lld ms", qPrintable(first->error), timer.elapsed());
    QVERIFY(!first->reachable);
    QVERIFY2(!KafkaClient::authenticationFailure(first->error).isEmpty(), qPrintable(first->error));

    writeFile(m_fixableFile, m_password.toUtf8() + "\n");
    QTRY_VERIFY_WITH_TIMEOUT(updates.back().snapshot->reachable, 60000);
    qInfo("recovered after %d polls", int(updates.size()));

    // Into the event store, as the desktop app records them, for the leak check.
    auto store = HistoryStore::open(m_historyPath);
    QVERIFY2(store, qPrintable(store ? QString() : store.errorMessage()));
    for (const PollUpdate &u : updates) {
        QVERIFY((*store)->appendSnapshot(*u.snapshot));
        QVERIFY((*store)->appendEvents(u.events));
        remember(QStringLiteral("snapshot error"), u.snapshot->error);
        for (const ClusterEvent &e : u.events)
            remember(QStringLiteral("event"), e.subject + QLatin1Char(' ') + e.message);
    }
}

QString TestSecurity::writeConfig() const
{
    const QString path = m_dir.filePath(QStringLiteral("config.yaml"));
    const QString text =
        QStringLiteral(R"(read_only_clusters: "prod-.*"
clusters:
  - name: wrong
    bootstrap: %1
    properties:
      debug: security,broker,protocol
    security: {protocol: SASL_SSL, sasl_mechanism: %3, username: %4, password: "${file:%5}", ca_file: %6}
  - name: prod-secure
    bootstrap: %2
    security: {protocol: SASL_PLAINTEXT, sasl_mechanism: %3, username: %4, password: "${env:TST_LAB_PASSWORD}"}
  - name: prod-dr
    bootstrap: %2
    security: {protocol: SASL_PLAINTEXT, sasl_mechanism: %3, username: %4, password: "${env:TST_LAB_PASSWORD}"}
replication:
  - {source: prod-secure, target: prod-dr}
)")
            .arg(m_sec[QStringLiteral("ssl_bootstrap")].toString(), m_sec[QStringLiteral("sasl_bootstrap")].toString(),
                 m_sec[QStringLiteral("mechanism")].toString(), m_sec[QStringLiteral("username")].toString(), m_badFile,
                 m_sec[QStringLiteral("ca")].toString());
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(text.toUtf8());
    return path;
}

void TestSecurity::cliWrongPassword()
{
    qputenv("LAGSCOPE_RDKAFKA_LOG", "1"); // librdkafka's debug log on stderr, to be searched too
    const ProcessResult r =
        runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                   {QStringLiteral("brokers"), QStringLiteral("--config"), writeConfig(), QStringLiteral("--cluster"),
                    QStringLiteral("wrong"), QStringLiteral("--timeout"), QStringLiteral("20")},
                   60000);
    qunsetenv("LAGSCOPE_RDKAFKA_LOG");
    remember(QStringLiteral("lagscopectl brokers stdout"), r.out);
    remember(QStringLiteral("lagscopectl brokers stderr (with librdkafka debug log)"), r.err);
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains(QStringLiteral("Authentication failed: ")), qPrintable(r.describe()));
    QVERIFY2(r.err.contains(QStringLiteral("rdkafka[")), "the librdkafka log was not captured");
    qInfo("lagscopectl with the wrong password: exit %d after %lld ms, %lld bytes of stderr", r.exitCode, r.elapsedMs,
          qint64(r.err.size()));
}

void TestSecurity::cliReadOnlyRefusesAndAudits()
{
    const QString config = writeConfig();
    const QString backup = m_dir.filePath(QStringLiteral("backup.json"));
    writeFile(backup, QJsonDocument(QJsonObject{{QStringLiteral("cluster"), QStringLiteral("prod-secure")},
                                                {QStringLiteral("group"), QStringLiteral("g-ro")},
                                                {QStringLiteral("time"), QStringLiteral("2026-01-01T00:00:00.000Z")},
                                                {QStringLiteral("offsets"),
                                                 QJsonArray{QJsonObject{{QStringLiteral("topic"), QStringLiteral("t")},
                                                                        {QStringLiteral("partition"), 0},
                                                                        {QStringLiteral("offset"), 0}}}}})
                          .toJson());
    const QStringList common{QStringLiteral("--config"), config, QStringLiteral("--cluster"),
                             QStringLiteral("prod-secure")};
    const ProcessResult reset = runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                                           QStringList{QStringLiteral("reset-offsets"), QStringLiteral("--group"),
                                                       QStringLiteral("g-ro"), QStringLiteral("--all-topics"),
                                                       QStringLiteral("--to-earliest"), QStringLiteral("--execute")}
                                               + common,
                                           60000);
    const ProcessResult undo = runProcess(
        qEnvironmentVariable("LAGSCOPECTL"),
        QStringList{QStringLiteral("undo"), QStringLiteral("--backup"), backup, QStringLiteral("--execute")} + common,
        60000);
    // Failover writes to the target, failback to the original cluster: both are read-only here.
    auto move = [&](const QString &command, const QString &from, const QString &to) {
        return runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                          {command, QStringLiteral("--config"), config, QStringLiteral("--from"), from,
                           QStringLiteral("--to"), to, QStringLiteral("--group"), QStringLiteral("g-ro"),
                           QStringLiteral("--execute")},
                          60000);
    };
    const ProcessResult failover =
        move(QStringLiteral("failover"), QStringLiteral("prod-secure"), QStringLiteral("prod-dr"));
    const ProcessResult failback =
        move(QStringLiteral("failback"), QStringLiteral("prod-dr"), QStringLiteral("prod-secure"));
    const std::pair<const ProcessResult *, QString> refusals[] = {
        {&reset, QStringLiteral("prod-secure")},
        {&undo, QStringLiteral("prod-secure")},
        {&failover, QStringLiteral("prod-dr")},
        {&failback, QStringLiteral("prod-secure")},
    };
    for (const auto &[r, target] : refusals) {
        remember(QStringLiteral("lagscopectl refusal stdout"), r->out);
        remember(QStringLiteral("lagscopectl refusal stderr"), r->err);
        QVERIFY2(r->exitCode == 3, qPrintable(r->describe()));
        QVERIFY2(r->err.contains(
                     QStringLiteral("cluster '%1' is read-only (matches read_only_clusters \"prod-.*\")").arg(target)),
                 qPrintable(r->describe()));
    }

    // Every refusal is in the audit log, and `lagscopectl audit` lists them.
    const ProcessResult listed = runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                                            {QStringLiteral("audit"), QStringLiteral("--since"), QStringLiteral("7d"),
                                             QStringLiteral("--format"), QStringLiteral("json")},
                                            60000);
    remember(QStringLiteral("lagscopectl audit stdout"), listed.out);
    remember(QStringLiteral("lagscopectl audit stderr"), listed.err);
    QVERIFY2(listed.exitCode == 0, qPrintable(listed.describe()));
    QStringList actions;
    for (const QJsonValue &v : QJsonDocument::fromJson(listed.out.toUtf8()).array()) {
        const QJsonObject o = v.toObject();
        if (o[QStringLiteral("result")].toString() == u"refused")
            actions << QStringLiteral("%1 %2@%3")
                           .arg(o[QStringLiteral("action")].toString(), o[QStringLiteral("group")].toString(),
                                o[QStringLiteral("cluster")].toString());
    }
    QCOMPARE(actions,
             (QStringList{QStringLiteral("reset-offsets g-ro@prod-secure"), QStringLiteral("undo g-ro@prod-secure"),
                          QStringLiteral("failover g-ro@prod-dr"), QStringLiteral("failback g-ro@prod-secure")}));
    const ProcessResult table = runProcess(qEnvironmentVariable("LAGSCOPECTL"), {QStringLiteral("audit")}, 60000);
    // The table: RESULT column "refused", then the reason in DETAIL.
    static const QRegularExpression refusedRow(QStringLiteral("\\srefused\\s+cluster '"));
    QVERIFY2(table.exitCode == 0 && table.out.count(refusedRow) == 4, qPrintable(table.describe()));
    const ProcessResult future =
        runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                   {QStringLiteral("audit"), QStringLiteral("--since"), QStringLiteral("2999-01-01"),
                    QStringLiteral("--format"), QStringLiteral("json")},
                   60000);
    QVERIFY2(future.exitCode == 0 && QJsonDocument::fromJson(future.out.toUtf8()).array().isEmpty(),
             qPrintable(future.describe()));
    const ProcessResult bad =
        runProcess(qEnvironmentVariable("LAGSCOPECTL"),
                   {QStringLiteral("audit"), QStringLiteral("--since"), QStringLiteral("yesterday")}, 60000);
    QVERIFY2(bad.exitCode == 2 && bad.err.contains(QStringLiteral("--since takes")), qPrintable(bad.describe()));
    qInfo("audit: %s", qPrintable(table.out.trimmed()));
}

void TestSecurity::secretsAppearNowhere()
{
    // Files written by the runs above.
    QStringList files{QDir(m_dataDir).filePath(QStringLiteral("lagscope/audit.jsonl")), m_historyPath,
                      m_historyPath + QStringLiteral("-wal")};
    for (const QString &path : files) {
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            remember(QStringLiteral("file ") + path, QString::fromUtf8(f.readAll()));
    }
    QVERIFY(m_captured.size() >= 10);
    const QStringList secrets{m_password, QString::fromLatin1(kWrongPassword)};
    QStringList checked;
    for (const auto &[where, text] : m_captured) {
        for (const QString &secret : secrets)
            QVERIFY2(!text.contains(secret), qPrintable(QStringLiteral("a password appears in %1").arg(where)));
        checked << QStringLiteral("%1 (%2 chars)").arg(where).arg(text.size());
    }
    qInfo("no password in: %s", qPrintable(checked.join(QStringLiteral("; "))));
}

QTEST_GUILESS_MAIN(TestSecurity)
#include "tst_security.moc"
