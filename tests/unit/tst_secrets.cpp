// Secret references (env, file, cmd with timeout and failure, keyring), the masker's table
// of strings that must never appear in any output path, and the audit log (append, mask,
// rotate, read since).

#include "TableRows.h"
#include "actions/AuditLog.h"
#include "actions/WriteGuard.h"
#include "config/SecretReference.h"
#include "util/SecretMasker.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;

class TestSecrets final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init() { SecretMasker::instance().clearForTests(); }
    void resolve_data();
    void resolve();
    void failures_data();
    void failures();
    void commandTimeout();
    void resolvedSecretsAreMasked();
    void keyring();
    void masking_data();
    void masking();
    void auditRecordsAreMasked();
    void auditRotationAndSince();
    void guardAuditsRefusals();

private:
    QTemporaryDir m_dir;
};

void TestSecrets::initTestCase()
{
    QVERIFY(m_dir.isValid());
    qputenv("TST_SECRET", "s3cr3t-env");
    qputenv("TST_EMPTY", "");
    QFile f(m_dir.filePath(QStringLiteral("pw")));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("  s3cr3t-file \n\n");
    f.close();
    QFile empty(m_dir.filePath(QStringLiteral("empty")));
    QVERIFY(empty.open(QIODevice::WriteOnly));
}

void TestSecrets::resolve_data()
{
    test::addColumns<QString, QString>("text", "secret");
    QTest::newRow("clear") << QStringLiteral("plain-pw") << QStringLiteral("plain-pw");
    QTest::newRow("dollar without braces is clear") << QStringLiteral("$abc{") << QStringLiteral("$abc{");
    QTest::newRow("env") << QStringLiteral("${env:TST_SECRET}") << QStringLiteral("s3cr3t-env");
    QTest::newRow("env, spaces around") << QStringLiteral(" ${env: TST_SECRET } ") << QStringLiteral("s3cr3t-env");
    QTest::newRow("set but empty env") << QStringLiteral("${env:TST_EMPTY}") << QString();
    QTest::newRow("file, trimmed") << QStringLiteral("${file:%1}").arg(m_dir.filePath(QStringLiteral("pw")))
                                   << QStringLiteral("s3cr3t-file");
    QTest::newRow("cmd, first line trimmed")
        << QStringLiteral("${cmd:printf ' s3cr3t-cmd \\nnotes\\n'}") << QStringLiteral("s3cr3t-cmd");
    QTest::newRow("cmd sees the environment")
        << QStringLiteral("${cmd:echo $TST_SECRET}") << QStringLiteral("s3cr3t-env");
}

void TestSecrets::resolve()
{
    QFETCH(QString, text);
    QFETCH(QString, secret);
    auto resolved = resolveSecret(text);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.errorMessage()));
    QCOMPARE(*resolved, secret);
}

void TestSecrets::failures_data()
{
    test::addColumns<QString, QString>("text", "error");
    QTest::newRow("unset env") << QStringLiteral("${env:TST_NOT_SET_ANYWHERE}")
                               << QStringLiteral("${env:TST_NOT_SET_ANYWHERE}: the environment variable is not set");
    QTest::newRow("missing file") << QStringLiteral("${file:/nonexistent/pw}")
                                  << QStringLiteral("${file:/nonexistent/pw}: No such file or directory");
    QTest::newRow("empty file")
        << QStringLiteral("${file:%1}").arg(m_dir.filePath(QStringLiteral("empty")))
        << QStringLiteral("${file:%1}: the file is empty").arg(m_dir.filePath(QStringLiteral("empty")));
    QTest::newRow("cmd fails, stderr shown")
        << QStringLiteral("${cmd:echo 'gpg: decryption failed: No secret key' >&2; exit 2}")
        << QStringLiteral("${cmd:echo 'gpg: decryption failed: No secret key' >&2; exit 2}: failed (exit code 2); "
                          "stderr: gpg: decryption failed: No secret key");
    QTest::newRow("cmd prints nothing") << QStringLiteral("${cmd:true}")
                                        << QStringLiteral("${cmd:true}: printed nothing");
    QTest::newRow("unknown scheme") << QStringLiteral(
        "${vault:x}") << QStringLiteral("unknown reference ${vault:...} (expected env, file, cmd or keyring)");
    QTest::newRow("empty argument") << QStringLiteral("${env:}") << QStringLiteral("${env:} names nothing");
    QTest::newRow("unclosed") << QStringLiteral("${env:X")
                              << QStringLiteral("a reference must look like ${env:NAME}, ${file:/path}, ${cmd:command} "
                                                "or ${keyring:NAME}");
    QTest::newRow("keyring outside the desktop app")
        << QStringLiteral("${keyring:prod}")
        << QStringLiteral("${keyring:prod}: keyring secrets are available in the desktop app only; use ${env:}, "
                          "${file:} or ${cmd:} here");
}

void TestSecrets::failures()
{
    QFETCH(QString, text);
    QFETCH(QString, error);
    auto resolved = resolveSecret(text);
    QVERIFY(!resolved);
    QCOMPARE(resolved.errorMessage(), error);
}

void TestSecrets::commandTimeout()
{
    QElapsedTimer timer;
    timer.start();
    auto resolved =
        resolveSecret(QStringLiteral("${cmd:echo waiting for a pinentry >&2; sleep 30}"), SecretResolveOptions{300});
    QVERIFY(!resolved);
    QCOMPARE(resolved.errorMessage(),
             QStringLiteral("${cmd:echo waiting for a pinentry >&2; sleep 30}: no answer within "
                            "0.3 s (killed); stderr: waiting for a pinentry"));
    // Killed, not waited for: well under the command's 30 s.
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QString::number(timer.elapsed())));
}

void TestSecrets::resolvedSecretsAreMasked()
{
    QVERIFY(resolveSecret(QStringLiteral("${env:TST_SECRET}")));
    QVERIFY(resolveSecret(QStringLiteral("${file:%1}").arg(m_dir.filePath(QStringLiteral("pw")))));
    QVERIFY(resolveSecret(QStringLiteral("${cmd:echo s3cr3t-cmd}")));
    QCOMPARE(maskSecrets(QStringLiteral("a s3cr3t-env b s3cr3t-file c s3cr3t-cmd")),
             QStringLiteral("a **** b **** c ****"));
    // A failing command's stderr is masked too.
    auto failed = resolveSecret(QStringLiteral("${cmd:echo bad s3cr3t-env >&2; exit 1}"));
    QVERIFY(!failed);
    QVERIFY2(failed.errorMessage().endsWith(QStringLiteral("stderr: bad ****")), qPrintable(failed.errorMessage()));
}

void TestSecrets::keyring()
{
    setKeyringLookup([](const QString &name) -> std::optional<QString> {
        if (name == u"prod/alice")
            return QStringLiteral("kr-secret");
        return std::nullopt;
    });
    auto found = resolveSecret(QStringLiteral("${keyring:prod/alice}"));
    QVERIFY(found);
    QCOMPARE(*found, QStringLiteral("kr-secret"));
    QCOMPARE(maskSecrets(QStringLiteral("kr-secret")), QStringLiteral("****"));
    auto missing = resolveSecret(QStringLiteral("${keyring:other}"));
    QVERIFY(!missing);
    QCOMPARE(missing.errorMessage(), QStringLiteral("${keyring:other}: no such secret in the keyring or this session"));
    setKeyringLookup({});
}

void TestSecrets::masking_data()
{
    // Each secret, and text carrying it the way a given output path would: none may keep it.
    test::addColumns<QString, QString, QString>("secret", "text", "masked");
    QTest::newRow("log line") << QStringLiteral("pa55word") << QStringLiteral("login pa55word failed")
                              << QStringLiteral("login **** failed");
    QTest::newRow("several times") << QStringLiteral("pa55word") << QStringLiteral("pa55word/pa55word")
                                   << QStringLiteral("****/****");
    QTest::newRow("librdkafka property dump")
        << QStringLiteral("pa55word") << QStringLiteral("sasl.password = pa55word, sasl.username = u")
        << QStringLiteral("sasl.password = ****, sasl.username = u");
    QTest::newRow("JSON-escaped quote and backslash")
        << QStringLiteral("pa\"ss\\word") << QStringLiteral("{\"reason\":\"pa\\\"ss\\\\word\"}")
        << QStringLiteral("{\"reason\":\"****\"}");
    QTest::newRow("URL-encoded") << QStringLiteral("p@ss w/rd") << QStringLiteral("sasl://u:p%40ss%20w%2Frd@host")
                                 << QStringLiteral("sasl://u:****@host");
    QTest::newRow("unicode") << QStringLiteral("pässwörd€") << QStringLiteral("x pässwörd€ y")
                             << QStringLiteral("x **** y");
    QTest::newRow("secret containing a shorter secret first")
        << QStringLiteral("hunter2hunter2") << QStringLiteral("hunter2hunter2") << QStringLiteral("****");
    QTest::newRow("other text untouched")
        << QStringLiteral("pa55word") << QStringLiteral("nothing secret here") << QStringLiteral("nothing secret here");
}

void TestSecrets::masking()
{
    QFETCH(QString, secret);
    QFETCH(QString, text);
    QFETCH(QString, masked);
    addSecret(QStringLiteral("hunter2"));
    addSecret(secret);
    QCOMPARE(maskSecrets(text), masked);
    QCOMPARE(SecretMasker::instance().mask(text.toUtf8()), masked.toUtf8());
}

void TestSecrets::auditRecordsAreMasked()
{
    addSecret(QStringLiteral("pa\"55word"));
    const QString path = m_dir.filePath(QStringLiteral("masked/audit.jsonl"));
    QJsonObject record = auditRecordBase(QDateTime::currentDateTimeUtc());
    record.insert(QStringLiteral("reason"), QStringLiteral("SASL said pa\"55word is wrong"));
    QVERIFY(appendAuditRecord(path, record));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY2(!text.contains("55word"), text.constData());
    QVERIFY2(text.contains("SASL said **** is wrong"), text.constData());
    QCOMPARE(int(f.permissions() & (QFileDevice::ReadOther | QFileDevice::ReadGroup)), 0);
}

void TestSecrets::auditRotationAndSince()
{
    const QString path = m_dir.filePath(QStringLiteral("rot/audit.jsonl"));
    const QDateTime t0 = QDateTime::fromString(QStringLiteral("2026-01-01T00:00:00Z"), Qt::ISODate);
    const AuditRotation rotation{250, 2};
    for (int i = 0; i < 12; ++i) {
        QJsonObject r = auditRecordBase(t0.addDays(i));
        r.insert(QStringLiteral("n"), i);
        QVERIFY(appendAuditRecord(path, r, rotation));
    }
    QVERIFY(QFileInfo::exists(path + QStringLiteral(".1")));
    QVERIFY(QFileInfo::exists(path + QStringLiteral(".2")));
    QVERIFY(!QFileInfo::exists(path + QStringLiteral(".3"))); // keep = 2
    QVERIFY(QFileInfo(path).size() <= 250);
    auto all = readAuditRecords(path, QDateTime::fromMSecsSinceEpoch(0, Qt::UTC));
    QVERIFY(all);
    // Oldest first, consecutive, ending with the last one written; the oldest rotated away.
    QVERIFY2(all->size() >= 3 && all->size() < 12, qPrintable(QString::number(all->size())));
    for (size_t i = 1; i < all->size(); ++i)
        QCOMPARE((*all)[i][QStringLiteral("n")].toInt(), (*all)[i - 1][QStringLiteral("n")].toInt() + 1);
    QCOMPARE(all->back()[QStringLiteral("n")].toInt(), 11);
    auto recent = readAuditRecords(path, t0.addDays(10));
    QVERIFY(recent);
    QCOMPARE(int(recent->size()), 2);
    QCOMPARE(recent->front()[QStringLiteral("n")].toInt(), 10);
}

void TestSecrets::guardAuditsRefusals()
{
    const QString path = m_dir.filePath(QStringLiteral("guard/audit.jsonl"));
    QVERIFY(!guardWrite({QStringLiteral("failover"), QStringLiteral("dev"), false, {}, {}}, path));
    QVERIFY(!QFileInfo::exists(path)); // allowed writes are audited by the action itself
    auto refusal = guardWrite({QStringLiteral("failover"), QStringLiteral("prod-eu"), true,
                               QStringLiteral("matches read_only_clusters \"prod-.*\""),
                               QJsonObject{{QStringLiteral("group"), QStringLiteral("g1")}}},
                              path);
    QVERIFY(refusal);
    QCOMPARE(*refusal, QStringLiteral("cluster 'prod-eu' is read-only (matches read_only_clusters \"prod-.*\"): "
                                      "failover is refused"));
    auto records = readAuditRecords(path, QDateTime::fromMSecsSinceEpoch(0, Qt::UTC));
    QVERIFY(records);
    QCOMPARE(int(records->size()), 1);
    const QJsonObject r = records->front();
    QCOMPARE(r[QStringLiteral("action")].toString(), QStringLiteral("failover"));
    QCOMPARE(r[QStringLiteral("cluster")].toString(), QStringLiteral("prod-eu"));
    QCOMPARE(r[QStringLiteral("group")].toString(), QStringLiteral("g1"));
    QCOMPARE(r[QStringLiteral("result")].toString(), QStringLiteral("refused"));
    QCOMPARE(r[QStringLiteral("reason")].toString(), *refusal);
}

QTEST_GUILESS_MAIN(TestSecrets)
#include "tst_secrets.moc"
