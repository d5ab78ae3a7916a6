// The desktop keyring path for real: run by tests/gui/with-keyring inside a private D-Bus
// session with an unlocked gnome-keyring (Secret Service). The Add cluster dialog offers
// the keyring, stores the secure lab's password there and writes only a ${keyring:…}
// reference; after the session's copy is dropped (a restart), the password comes back
// from the keyring and a client logs in to the lab's SCRAM listener with it; the keyring's
// files never hold the password in clear.

#include "GuiTestUtil.h"
#include "config/SecretReference.h"
#include "kafka/KafkaClient.h"
#include "settings/ClusterDialog.h"
#include "settings/Keyring.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTest>

using namespace lagscope;
using namespace lagscope::test;

namespace {

constexpr int kTimeoutMs = 20000;

} // namespace

class TestKeyring final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void dialogStoresInTheKeyring();
    void restartReadsTheKeyringAndLogsIn();
    void keyringFilesHoldNoClearPassword();

private:
    QJsonObject m_sec;
    QString m_password;
    ClusterConfig m_saved;
};

void TestKeyring::initTestCase()
{
    QVERIFY2(qEnvironmentVariableIsSet("LAGSCOPE_IN_KEYRING_SESSION"), "run through tests/gui/with-keyring");
    QFile json(QDir(qEnvironmentVariable("LAGSCOPE_SECURE_LAB_DIR")).filePath(QStringLiteral("lab.json")));
    QVERIFY2(json.open(QIODevice::ReadOnly), qPrintable(json.fileName()));
    m_sec = QJsonDocument::fromJson(json.readAll())
                .object()[QStringLiteral("clusters")]
                .toObject()[QStringLiteral("secure")]
                .toObject()[QStringLiteral("security")]
                .toObject();
    m_password = m_sec[QStringLiteral("password")].toString();
    QVERIFY(!m_password.isEmpty());
    Keyring::instance().installLookup();
    QVERIFY2(Keyring::instance().available(), qPrintable(Keyring::instance().unavailableReason()));
}

void TestKeyring::dialogStoresInTheKeyring()
{
    ClusterDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *storage = child<QComboBox>(&dialog, "storageCombo");
    // A Secret Service answers: the keyring is offered and chosen by default.
    QVERIFY(qobject_cast<QStandardItemModel *>(storage->model())->item(0)->isEnabled());
    QCOMPARE(storage->currentIndex(), 0);
    QVERIFY(!child<QLabel>(&dialog, "keyringNote")->isVisible());

    QTest::keyClicks(child<QLineEdit>(&dialog, "nameEdit"), QStringLiteral("secure-keyring"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "bootstrapEdit"), m_sec[QStringLiteral("sasl_bootstrap")].toString());
    child<QComboBox>(&dialog, "protocolCombo")->setCurrentText(QStringLiteral("SASL_PLAINTEXT"));
    child<QComboBox>(&dialog, "mechanismCombo")->setCurrentText(m_sec[QStringLiteral("mechanism")].toString());
    QTest::keyClicks(child<QLineEdit>(&dialog, "usernameEdit"), m_sec[QStringLiteral("username")].toString());
    QTest::keyClicks(child<QLineEdit>(&dialog, "passwordEdit"), m_password);
    saveScreenshot(&dialog, QStringLiteral("clusterdialog-add-keyring"));

    QSignalSpy stored(&Keyring::instance(), &Keyring::stored);
    auto *save = child<QDialogButtonBox>(&dialog, "")->button(QDialogButtonBox::Save);
    QVERIFY2(save->isEnabled(), qPrintable(dialog.problem()));
    QTest::mouseClick(save, Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QTRY_COMPARE_WITH_TIMEOUT(stored.size(), 1, kTimeoutMs);
    QCOMPARE(stored.at(0).at(0).toString(), QStringLiteral("lagscope/secure-keyring"));
    QVERIFY2(stored.at(0).at(1).toString().isEmpty(), qPrintable(stored.at(0).at(1).toString()));
    m_saved = dialog.cluster();
    QCOMPARE(m_saved.security.password, QStringLiteral("${keyring:lagscope/secure-keyring}"));
}

void TestKeyring::restartReadsTheKeyringAndLogsIn()
{
    QVERIFY(!m_saved.name.isEmpty());
    Keyring &keyring = Keyring::instance();
    keyring.forgetSessionSecrets();
    const QString name = Keyring::nameOf(m_saved.security.password);
    QVERIFY(!keyring.knows(name));
    QVERIFY(!resolveSecret(m_saved.security.password)); // nothing in memory any more

    QSignalSpy loaded(&keyring, &Keyring::loaded);
    keyring.preload({name});
    QTRY_COMPARE_WITH_TIMEOUT(loaded.size(), 1, kTimeoutMs);
    QCOMPARE(loaded.at(0).at(0).toString(), name);
    QVERIFY(loaded.at(0).at(1).toBool());
    auto resolved = resolveSecret(m_saved.security.password);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.errorMessage()));
    QVERIFY(*resolved == m_password);

    // And the cluster the dialog made logs in with it (SCRAM on the lab's SASL listener).
    auto client = KafkaClient::create(m_saved, ClientOptions{kTimeoutMs, 0, nullptr});
    QVERIFY2(client, qPrintable(client ? QString() : client.errorMessage()));
    auto md = (*client)->metadata(Deadline::inMs(kTimeoutMs));
    QVERIFY2(md, qPrintable(md ? QString() : md.errorMessage()));
    QVERIFY(!md->brokers.empty());
    qInfo("logged in with the password read back from the keyring: %d broker(s)", int(md->brokers.size()));
}

void TestKeyring::keyringFilesHoldNoClearPassword()
{
    const QString dir = qEnvironmentVariable("LAGSCOPE_KEYRING_DIR");
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    int files = 0;
    while (it.hasNext()) {
        QFile f(it.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(!f.readAll().contains(m_password.toUtf8()), qPrintable(f.fileName()));
        ++files;
    }
    QVERIFY2(files > 0, qPrintable(QStringLiteral("no keyring file under %1").arg(dir)));
    qInfo("%d keyring file(s) under %s, none holds the password in clear", files, qPrintable(dir));
}

QTEST_MAIN(TestKeyring)
#include "tst_keyring.moc"
