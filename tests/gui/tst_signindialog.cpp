// The cluster dialog's enterprise sign-ins against the real `secure` lab, offscreen:
// GSSAPI (principal, keytab, service name) and OAUTHBEARER with an OpenID Connect client
// (token endpoint, client ID, client secret, scope). "Test connection" names the step that
// failed (the Kerberos ticket, the token endpoint) and, when it works, how it signed in; the
// saved cluster reads back the same from the file, with the client secret as a reference.

#include "GuiTestUtil.h"
#include "config/ConfigLoader.h"
#include "config/ConfigWriter.h"
#include "settings/ClusterDialog.h"
#include "settings/ConnectionTester.h"
#include "settings/Keyring.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kTimeoutMs = 15000;

void typeInto(QLineEdit *edit, const QString &text)
{
    edit->clear();
    QTest::keyClicks(edit, text);
}

} // namespace

class TestSignInDialog final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void kerberosStaleKeytabNamesTheTicket();
    void oidcWrongSecretNamesTheEndpointThenSignsIn();

private:
    bool runTest(ClusterDialog &dialog, bool expectReachable);

    QTemporaryDir m_dir;
    QJsonObject m_krb, m_oauth;
};

void TestSignInDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    Keyring::instance().installLookup();
    QFile json(QDir(qEnvironmentVariable("LAGSCOPE_SECURE_LAB_DIR")).filePath(QStringLiteral("lab.json")));
    QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(json.fileName()));
    const QJsonObject sec = QJsonDocument::fromJson(json.readAll())
                                .object()[QStringLiteral("clusters")]
                                .toObject()[QStringLiteral("secure")]
                                .toObject()[QStringLiteral("security")]
                                .toObject();
    m_krb = sec[QStringLiteral("kerberos")].toObject();
    m_oauth = sec[QStringLiteral("oauth")].toObject();
    QVERIFY(!m_krb.isEmpty() && !m_oauth.isEmpty());
    qputenv("KRB5_CONFIG", m_krb[QStringLiteral("krb5_conf")].toString().toUtf8());
    qputenv("KRB5CCNAME", "FILE:" + m_dir.filePath(QStringLiteral("ccache")).toUtf8());
}

bool TestSignInDialog::runTest(ClusterDialog &dialog, bool expectReachable)
{
    QSignalSpy done(dialog.tester(), &ConnectionTester::finished);
    auto *button = child<QPushButton>(&dialog, "testConnectionButton");
    if (!button->isEnabled()) {
        qWarning("test button disabled: %s", qPrintable(dialog.problem()));
        return false;
    }
    QTest::mouseClick(button, Qt::LeftButton);
    if (!done.wait(kTimeoutMs + 10000))
        return false;
    return done.front().front().toBool() == expectReachable;
}

void TestSignInDialog::kerberosStaleKeytabNamesTheTicket()
{
    ClusterDialog dialog(nullptr);
    dialog.setTimeoutMs(kTimeoutMs);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::keyClicks(child<QLineEdit>(&dialog, "nameEdit"), QStringLiteral("corp-kerberos"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "bootstrapEdit"), m_krb[QStringLiteral("bootstrap")].toString());
    child<QComboBox>(&dialog, "protocolCombo")->setCurrentText(QStringLiteral("SASL_PLAINTEXT"));
    child<QComboBox>(&dialog, "mechanismCombo")->setCurrentText(QStringLiteral("GSSAPI"));
    // GSSAPI's rows replace the password's.
    QVERIFY(child<QLineEdit>(&dialog, "keytabEdit")->isVisible());
    QVERIFY(!child<QLineEdit>(&dialog, "passwordEdit")->isVisible());
    QVERIFY(!child<QLineEdit>(&dialog, "tokenEndpointEdit")->isVisible());
    typeInto(child<QLineEdit>(&dialog, "usernameEdit"), m_krb[QStringLiteral("principal")].toString());
    typeInto(child<QLineEdit>(&dialog, "keytabEdit"), m_krb[QStringLiteral("stale_keytab")].toString());
    QVERIFY(runTest(dialog, false));
    auto *result = child<QLabel>(&dialog, "testResult");
    QVERIFY2(result->text().startsWith(QStringLiteral("Failed at the Kerberos ticket: ")), qPrintable(result->text()));
    QVERIFY2(result->text().contains(QStringLiteral("kinit -k -t")), qPrintable(result->text()));
    saveScreenshot(&dialog, QStringLiteral("clusterdialog-kerberos-stale-keytab"));

    typeInto(child<QLineEdit>(&dialog, "keytabEdit"), m_krb[QStringLiteral("keytab")].toString());
    QVERIFY(runTest(dialog, true));
    QVERIFY2(result->text().contains(QStringLiteral("Signed in with: Kerberos ticket from `kinit -k -t")),
             qPrintable(result->text()));
    saveScreenshot(&dialog, QStringLiteral("clusterdialog-kerberos"));
    const ClusterConfig c = dialog.cluster();
    QCOMPARE(c.security.kerberosKeytab, m_krb[QStringLiteral("keytab")].toString());
    QCOMPARE(c.security.kerberosPrincipal, m_krb[QStringLiteral("principal")].toString());
    QVERIFY(c.security.password.isEmpty());
}

void TestSignInDialog::oidcWrongSecretNamesTheEndpointThenSignsIn()
{
    ClusterDialog dialog(nullptr);
    dialog.setTimeoutMs(kTimeoutMs);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::keyClicks(child<QLineEdit>(&dialog, "nameEdit"), QStringLiteral("cloud-oidc"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "bootstrapEdit"), m_oauth[QStringLiteral("bootstrap")].toString());
    child<QComboBox>(&dialog, "protocolCombo")->setCurrentText(QStringLiteral("SASL_PLAINTEXT"));
    child<QComboBox>(&dialog, "mechanismCombo")->setCurrentText(QStringLiteral("OAUTHBEARER"));
    QVERIFY(child<QLineEdit>(&dialog, "tokenEndpointEdit")->isVisible());
    QVERIFY(!child<QLineEdit>(&dialog, "keytabEdit")->isVisible());
    typeInto(child<QLineEdit>(&dialog, "tokenEndpointEdit"), m_oauth[QStringLiteral("token_endpoint")].toString());
    typeInto(child<QLineEdit>(&dialog, "usernameEdit"), m_oauth[QStringLiteral("client_id")].toString());
    typeInto(child<QLineEdit>(&dialog, "scopeEdit"), QStringLiteral("kafka.read"));
    auto *secret = child<QLineEdit>(&dialog, "passwordEdit");
    QCOMPARE(secret->echoMode(), QLineEdit::Password);
    typeInto(secret, QStringLiteral("not-the-secret-1f0c"));
    QVERIFY(runTest(dialog, false));
    auto *result = child<QLabel>(&dialog, "testResult");
    QVERIFY2(result->text().startsWith(QStringLiteral("Failed at the token endpoint: ")), qPrintable(result->text()));
    QVERIFY2(result->text().contains(QStringLiteral("HTTP 401 invalid_client")), qPrintable(result->text()));
    QVERIFY(!result->text().contains(QStringLiteral("not-the-secret-1f0c")));
    saveScreenshot(&dialog, QStringLiteral("clusterdialog-oidc-wrong-secret"));

    typeInto(secret, m_oauth[QStringLiteral("client_secret")].toString());
    QVERIFY(runTest(dialog, true));
    QVERIFY2(result->text().contains(QStringLiteral("Signed in with: token from ")), qPrintable(result->text()));
    saveScreenshot(&dialog, QStringLiteral("clusterdialog-oidc"));

    // Saved as the file would hold it: the secret as a reference, never in clear.
    auto *save = child<QDialogButtonBox>(&dialog, "")->button(QDialogButtonBox::Save);
    QVERIFY2(save->isEnabled(), qPrintable(dialog.problem()));
    QTest::mouseClick(save, Qt::LeftButton);
    const ClusterConfig c = dialog.cluster();
    QCOMPARE(c.security.oauthClientSecret, QStringLiteral("${keyring:lagscope/cloud-oidc}"));
    const QString path = m_dir.filePath(QStringLiteral("config.yaml"));
    QVERIFY(saveClusterToConfig(path, c));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY2(!text.contains(m_oauth[QStringLiteral("client_secret")].toString().toUtf8()), text.constData());
    auto reread = loadConfig(path);
    QVERIFY2(reread, qPrintable(reread ? QString() : reread.errorMessage()));
    const SecurityConfig &back = reread->clusters.front().security;
    QCOMPARE(back.oauthTokenEndpoint, c.security.oauthTokenEndpoint);
    QCOMPARE(back.oauthClientId, c.security.oauthClientId);
    QCOMPARE(back.oauthClientSecret, c.security.oauthClientSecret);
    QCOMPARE(back.oauthScope, QStringLiteral("kafka.read"));
}

QTEST_MAIN(TestSignInDialog)
#include "tst_signindialog.moc"
