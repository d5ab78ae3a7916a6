// The security parts of the desktop app, offscreen: the Add/Edit cluster dialog (password
// masked, no keyring here so it degrades to "this session only", the file gets a
// ${keyring:…} reference and never the password), the TLS-verification-off badge in the
// cluster tree, and a read-only cluster's reset button disabled with the reason.

#include "MainWindow.h"
#include "GuiTestUtil.h"
#include "config/ConfigLoader.h"
#include "config/ConfigWriter.h"
#include "config/SecretReference.h"
#include "pages/GroupDetailPage.h"
#include "settings/ClusterDialog.h"
#include "settings/Keyring.h"
#include "util/SecretMasker.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;
using namespace lagscope::test;

namespace {

const char kSecret[] = "Gui-S3cret-visible?";

} // namespace

class TestSecurityUi final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void addClusterWithoutKeyring();
    void treeBadgeAndReadOnlyReset();

private:
    QTemporaryDir m_dir;
};

void TestSecurityUi::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    Keyring::instance().installLookup();
}

void TestSecurityUi::addClusterWithoutKeyring()
{
    ClusterDialog dialog(nullptr);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *storage = child<QComboBox>(&dialog, "storageCombo");
    auto *note = child<QLabel>(&dialog, "keyringNote");
    // Offscreen there is no Secret Service: the keyring choice is disabled and says why.
    QVERIFY(!Keyring::instance().available());
    QVERIFY(!qobject_cast<QStandardItemModel *>(storage->model())->item(0)->isEnabled());
    QCOMPARE(storage->currentIndex(), 1);

    QTest::keyClicks(child<QLineEdit>(&dialog, "nameEdit"), QStringLiteral("prod-eu"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "bootstrapEdit"), QStringLiteral("broker1:9093,broker2:9093"));
    child<QComboBox>(&dialog, "protocolCombo")->setCurrentText(QStringLiteral("SASL_SSL"));
    QTest::keyClicks(child<QLineEdit>(&dialog, "usernameEdit"), QStringLiteral("alice"));
    auto *save = child<QDialogButtonBox>(&dialog, "")->button(QDialogButtonBox::Save);
    QVERIFY(!save->isEnabled()); // SCRAM needs a password
    auto *password = child<QLineEdit>(&dialog, "passwordEdit");
    QTest::keyClicks(password, QString::fromLatin1(kSecret));
    QCOMPARE(password->echoMode(), QLineEdit::Password);
    QVERIFY(!password->displayText().contains(QStringLiteral("S3cret")));
    QVERIFY(note->isVisible());
    QVERIFY2(note->text().contains(QStringLiteral("this session only")), qPrintable(note->text()));
    auto *warning = child<QLabel>(&dialog, "tlsWarning");
    QVERIFY(!warning->isVisible());
    child<QCheckBox>(&dialog, "verifyHostnameCheck")->setChecked(false);
    QVERIFY(warning->isVisible());
    QVERIFY2(save->isEnabled(), qPrintable(dialog.problem()));
    saveScreenshot(&dialog, QStringLiteral("clusterdialog-add-no-keyring"));

    QTest::mouseClick(save, Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QVERIFY(password->text().isEmpty());
    const ClusterConfig c = dialog.cluster();
    QCOMPARE(c.security.password, QStringLiteral("${keyring:lagscope/prod-eu}"));
    QVERIFY(!c.security.verifyHostname);
    // This session can connect with it, and it is masked from now on.
    auto resolved = resolveSecret(c.security.password);
    QVERIFY2(resolved, qPrintable(resolved ? QString() : resolved.errorMessage()));
    QCOMPARE(*resolved, QString::fromLatin1(kSecret));
    QCOMPARE(maskSecrets(QStringLiteral("x %1 y").arg(QString::fromLatin1(kSecret))), QStringLiteral("x **** y"));

    // Written to the file as a reference; the file reads back the same cluster.
    const QString path = m_dir.filePath(QStringLiteral("config.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        "# mine\npoll_interval: 5s\nclusters:\n  - name: dev\n    bootstrap: dev:9092\n    properties: {socket.keepalive.enable: \"true\"}\n");
    f.close();
    QVERIFY(saveClusterToConfig(path, c));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    f.close();
    QVERIFY2(!text.contains("S3cret"), text.constData());
    auto reread = loadConfig(path);
    QVERIFY2(reread, qPrintable(reread ? QString() : reread.errorMessage()));
    QCOMPARE(int(reread->clusters.size()), 2);
    QCOMPARE(reread->clusters[0].properties.at(QStringLiteral("socket.keepalive.enable")), QStringLiteral("true"));
    const ClusterConfig &back = reread->clusters[1];
    QCOMPARE(back.name, QStringLiteral("prod-eu"));
    QCOMPARE(back.bootstrapServers, QStringLiteral("broker1:9093,broker2:9093"));
    QCOMPARE(back.security.protocol, QStringLiteral("SASL_SSL"));
    QCOMPARE(back.security.password, c.security.password);
    QVERIFY(back.security.tlsVerificationOff());

    // Editing it shows the reference's cluster, never the secret.
    ClusterDialog edit(&back);
    edit.show();
    QVERIFY(QTest::qWaitForWindowExposed(&edit));
    QVERIFY(child<QLineEdit>(&edit, "passwordEdit")->text().isEmpty());
    QVERIFY2(edit.problem().isEmpty(), qPrintable(edit.problem())); // the session knows the password
    saveScreenshot(&edit, QStringLiteral("clusterdialog-edit"));
}

void TestSecurityUi::treeBadgeAndReadOnlyReset()
{
    const QString path = m_dir.filePath(QStringLiteral("tree.yaml"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"(read_only_clusters: "prod-.*"
clusters:
  - name: prod-eu
    bootstrap: 127.0.0.1:1
  - name: staging
    bootstrap: 127.0.0.1:2
    security: {protocol: SSL, verify_hostname: false}
)");
    f.close();
    auto config = loadConfig(path);
    QVERIFY2(config, qPrintable(config ? QString() : config.errorMessage()));
    MainWindow window(*config, path, QString(), nullptr, nullptr);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *tree = child<QTreeWidget>(&window, "clusterTree");
    QTreeWidgetItem *prod = tree->topLevelItem(0);
    QTreeWidgetItem *staging = tree->topLevelItem(1);
    QVERIFY(prod->icon(0).isNull());
    QVERIFY(!staging->icon(0).isNull());
    QVERIFY2(staging->toolTip(0).contains(QStringLiteral("TLS verification is OFF")), qPrintable(staging->toolTip(0)));
    QVERIFY2(prod->toolTip(0).contains(QStringLiteral("matches read_only_clusters")), qPrintable(prod->toolTip(0)));

    window.openGroup(QStringLiteral("prod-eu"), QStringLiteral("orders-consumer"));
    auto *reset = child<QPushButton>(&window, "resetOffsetsButton");
    QVERIFY(!reset->isEnabled());
    QCOMPARE(reset->toolTip(),
             QStringLiteral("cluster 'prod-eu' is read-only (matches read_only_clusters \"prod-.*\"): "
                            "offset reset is refused"));
    window.openGroup(QStringLiteral("staging"), QStringLiteral("orders-consumer"));
    QVERIFY(reset->isEnabled());
    QVERIFY(reset->toolTip().isEmpty());
    tree->setCurrentItem(staging);
    saveScreenshot(&window, QStringLiteral("securityui-tree-badge"));
}

QTEST_MAIN(TestSecurityUi)
#include "tst_securityui.moc"
