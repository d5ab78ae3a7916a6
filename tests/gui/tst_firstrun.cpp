// A first run against the real lab: no configuration file at all (a scratch
// XDG_CONFIG_HOME), the welcome page's "Add a cluster…", the dialog's Test connection
// (a closed port first, then the lab), Save; the file is written at the default path with
// no secret in it, and the session polls the new cluster without a restart. Also: a file
// that exists but is broken keeps its error page, and Help → About. Saves the first-run
// page, the dialog with its result and About as PNG.
#include "AboutDialog.h"
#include "DesktopSession.h"
#include "GuiTestUtil.h"
#include "LabTest.h"
#include "MainWindow.h"
#include "SessionHost.h"
#include "config/ConfigLoader.h"
#include "monitor/MonitorService.h"
#include "pages/WelcomePage.h"
#include "settings/ClusterDialog.h"
#include "settings/ConnectionTester.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;
using namespace lagscope::test;

class TestFirstRun final : public LabTest {
    Q_OBJECT

private:
    QString history() const { return m_dir.filePath(QStringLiteral("history.sqlite")); }

    static ClusterDialog *openDialog(MainWindow *window)
    {
        auto *page = window->findChild<WelcomePage *>();
        if (!page || !page->addClusterButton())
            return nullptr;
        QTest::mouseClick(page->addClusterButton(), Qt::LeftButton);
        return window->findChild<ClusterDialog *>();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The user's real configuration stays out of it: the default path is in the scratch folder.
        QCoreApplication::setApplicationName(QStringLiteral("lagscope")); // as main() names it
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toUtf8());
        QCOMPARE(defaultConfigPath(), m_dir.filePath(QStringLiteral("config/lagscope/config.yaml")));
        QVERIFY(!QFile::exists(defaultConfigPath()));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void addFirstClusterThroughTheDialog()
    {
        const QString path = defaultConfigPath();
        SessionHost host(path, history());
        QSignalSpy restarted(&host, &SessionHost::sessionStarted);
        host.start();
        MainWindow *window = host.session()->window();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        auto *page = window->findChild<WelcomePage *>();
        QVERIFY(page);
        QCOMPARE(page->mode(), WelcomePage::Mode::FirstRun);
        QVERIFY(page->addClusterButton() && page->addClusterButton()->isVisible());
        saveScreenshot(window, QStringLiteral("first-run"));

        ClusterDialog *dialog = openDialog(window);
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QTest::keyClicks(child<QLineEdit>(dialog, "nameEdit"), QStringLiteral("lab"));
        // Nothing listens on port 1: the failure, within the (shortened) request timeout.
        QTest::keyClicks(child<QLineEdit>(dialog, "bootstrapEdit"), QStringLiteral("127.0.0.1:1"));
        dialog->setTimeoutMs(3000);
        auto *test = child<QPushButton>(dialog, "testConnectionButton");
        auto *result = child<QLabel>(dialog, "testResult");
        QVERIFY(test->isEnabled());
        QSignalSpy tested(dialog->tester(), &ConnectionTester::finished);
        QTest::mouseClick(test, Qt::LeftButton);
        QVERIFY(tested.wait(15000));
        QCOMPARE(tested.takeFirst().at(0).toBool(), false);
        QVERIFY2(result->text().startsWith(QStringLiteral("Not reachable: ")), qPrintable(result->text()));

        // The lab: reachable, its three brokers and its cluster id.
        auto *bootstrap = child<QLineEdit>(dialog, "bootstrapEdit");
        bootstrap->clear();
        QVERIFY(result->text().isEmpty()); // an old result does not describe new settings
        QTest::keyClicks(bootstrap, m_lab.bootstrap(kPrimary));
        dialog->setTimeoutMs(15000);
        QTest::mouseClick(test, Qt::LeftButton);
        QVERIFY(tested.wait(20000));
        QCOMPARE(tested.takeFirst().at(0).toBool(), true);
        QVERIFY2(result->text().startsWith(QStringLiteral("Reachable: 3 brokers, cluster id ")),
                 qPrintable(result->text()));
        QVERIFY(!result->text().contains(QStringLiteral("unknown")));
        saveScreenshot(dialog, QStringLiteral("add-cluster"));

        auto *buttons = dialog->findChild<QDialogButtonBox *>();
        QVERIFY(buttons);
        QTest::mouseClick(buttons->button(QDialogButtonBox::Save), Qt::LeftButton);
        // The file, at the default path, in a folder that did not exist.
        QTRY_VERIFY(QFile::exists(path));
        auto config = loadConfig(path);
        QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
        QCOMPARE(int(config->clusters.size()), 1);
        QCOMPARE(config->clusters.front().name, QStringLiteral("lab"));
        QCOMPARE(config->clusters.front().bootstrapServers, m_lab.bootstrap(kPrimary));
        // The session was rebuilt on it, without a restart, and polls the cluster.
        QTRY_COMPARE_WITH_TIMEOUT(restarted.count(), 2, 10000);
        MainWindow *polling = host.session()->window();
        QVERIFY(QTest::qWaitForWindowExposed(polling));
        QVERIFY(!polling->findChild<WelcomePage *>());
        QTRY_VERIFY_WITH_TIMEOUT(host.session()->monitor()->latest(QStringLiteral("lab"))
                                     && host.session()->monitor()->latest(QStringLiteral("lab"))->reachable,
                                 30000);
        QCOMPARE(host.session()->monitor()->latest(QStringLiteral("lab"))->brokers.size(), std::size_t(3));
        auto *tree = child<QTreeWidget>(polling, "clusterTree");
        QVERIFY(!tree->findItems(QStringLiteral("lab"), Qt::MatchExactly).isEmpty());
        saveScreenshot(polling, QStringLiteral("first-run-polling"));
    }

    // SASL: the typed password goes to the keyring (or this session's memory), the file gets
    // a ${keyring:…} reference. The lab does not need the login: the file is what is checked.
    void neverWritesThePassword()
    {
        const QString path = m_dir.filePath(QStringLiteral("sasl/config.yaml"));
        SessionHost host(path, m_dir.filePath(QStringLiteral("sasl/history.sqlite")));
        host.start();
        ClusterDialog *dialog = openDialog(host.session()->window());
        QVERIFY(dialog);
        QTest::keyClicks(child<QLineEdit>(dialog, "nameEdit"), QStringLiteral("secured"));
        QTest::keyClicks(child<QLineEdit>(dialog, "bootstrapEdit"), QStringLiteral("kafka-1:9093"));
        auto *protocol = child<QComboBox>(dialog, "protocolCombo");
        protocol->setCurrentText(QStringLiteral("SASL_SSL"));
        child<QComboBox>(dialog, "mechanismCombo")->setCurrentText(QStringLiteral("SCRAM-SHA-256"));
        QTest::keyClicks(child<QLineEdit>(dialog, "usernameEdit"), QStringLiteral("ops"));
        const QString secret = QStringLiteral("s3cret-%1").arg(m_id);
        QTest::keyClicks(child<QLineEdit>(dialog, "passwordEdit"), secret);
        auto *buttons = dialog->findChild<QDialogButtonBox *>();
        QVERIFY(buttons->button(QDialogButtonBox::Save)->isEnabled());
        QTest::mouseClick(buttons->button(QDialogButtonBox::Save), Qt::LeftButton);
        QTRY_VERIFY(QFile::exists(path));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY2(!text.contains(secret.toUtf8()), text.constData());
        QVERIFY2(text.contains("${keyring:"), text.constData());
        QVERIFY2(text.contains("SCRAM-SHA-256"), text.constData());
    }

    // A file that exists but cannot be used is the user's to fix: its error, no dialog.
    void brokenFileKeepsItsErrorPage()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.yaml"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("clusters:\n  - name: a\n    bootstrap: b:9092\n    colour: blue\n");
        file.close();
        SessionHost host(path, m_dir.filePath(QStringLiteral("broken-history.sqlite")));
        host.start();
        auto *page = host.session()->window()->findChild<WelcomePage *>();
        QVERIFY(page);
        QCOMPARE(page->mode(), WelcomePage::Mode::ConfigError);
        QVERIFY(!page->addClusterButton());
        const QString text = child<QLabel>(page, "welcomeText")->text();
        QVERIFY2(text.contains(QStringLiteral("broken.yaml:4:")) && text.contains(QStringLiteral("colour")),
                 qPrintable(text));
        saveScreenshot(host.session()->window(), QStringLiteral("first-run-config-error"));
    }

    void helpAbout()
    {
        SessionHost host(m_dir.filePath(QStringLiteral("about/config.yaml")),
                         m_dir.filePath(QStringLiteral("about.sqlite")));
        host.start();
        MainWindow *window = host.session()->window();
        QVERIFY(QTest::qWaitForWindowExposed(window));
        child<QAction>(window, "actionAbout")->trigger();
        auto *about = window->findChild<AboutDialog *>();
        QVERIFY(about);
        QVERIFY(QTest::qWaitForWindowExposed(about));
        const QString text = child<QLabel>(about, "aboutText")->text();
        QVERIFY2(text.contains(QStringLiteral("Qt %1 (built against %2)")
                                   .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))),
                 qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("librdkafka 2.")), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("GPL-3.0-or-later")), qPrintable(text));
        QVERIFY(!child<QLabel>(about, "aboutIcon")->pixmap().isNull());
        saveScreenshot(about, QStringLiteral("about"));
        QTest::keyClick(about, Qt::Key_Escape);
        QTRY_VERIFY(!window->findChild<AboutDialog *>());
    }
};

QTEST_MAIN(TestFirstRun)
#include "tst_firstrun.moc"
