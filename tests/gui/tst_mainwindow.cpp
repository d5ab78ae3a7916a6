// The main window without a lab: configured clusters in the tree, and the welcome page that
// explains a missing or broken configuration. Saves what it shows as PNG.
#include "InstalledFiles.h"
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "config/ConfigLoader.h"

#include <QDialog>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;
using lagscope::test::screenshotPath;

class TestMainWindow final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void showsConfiguredClusters()
    {
        const QString path = QStringLiteral(LAGSCOPE_SOURCE_DIR "/resources/lagscope.sample.yaml");
        auto config = loadConfig(path);
        QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
        MainWindow w(*config, path, QString(), nullptr, nullptr);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *tree = w.findChild<QTreeWidget *>(QStringLiteral("clusterTree"));
        QVERIFY(tree);
        // One item per cluster, then "Replication" because the sample configures a flow.
        QVERIFY(!config->flows.empty());
        QCOMPARE(tree->topLevelItemCount(), int(config->clusters.size()) + 1);
        QCOMPARE(tree->topLevelItem(0)->text(0), config->clusters.front().name);
        QCOMPARE(tree->topLevelItem(tree->topLevelItemCount() - 1)->text(0), QStringLiteral("Replication"));
        // Each cluster offers its four pages.
        QCOMPARE(tree->topLevelItem(0)->childCount(), 4);
        QVERIFY(w.grab().save(screenshotPath(QStringLiteral("mainwindow-clusters"))));
    }

    // A file that is there but wrong: its problem, and no dialog that would write to it.
    void explainsConfigProblem()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("config.yaml"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("clusters: [\n");
        file.close();
        MainWindow w(AppConfig{}, path, QStringLiteral("config.yaml:2:1: cannot read the YAML"), nullptr, nullptr);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *details = w.findChild<QLabel *>(QStringLiteral("welcomeText"));
        QVERIFY(details);
        QVERIFY(details->text().contains(path));
        QVERIFY(details->text().contains(QStringLiteral("cannot read the YAML")));
        QVERIFY(!w.findChild<QPushButton *>(QStringLiteral("addClusterButton")));
        QVERIFY(w.grab().save(screenshotPath(QStringLiteral("welcome-config-problem"))));
    }

    // No file yet: the first run offers the dialog instead of a problem to fix.
    void offersAddClusterWithoutFile()
    {
        MainWindow w(AppConfig{}, QStringLiteral("/nowhere/config.yaml"), QStringLiteral("cannot read the file"),
                     nullptr, nullptr);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *add = w.findChild<QPushButton *>(QStringLiteral("addClusterButton"));
        QVERIFY(add && add->isVisible());
        QVERIFY(!w.findChild<QLabel *>(QStringLiteral("welcomeText"))->text().contains(QStringLiteral("cannot read")));
        QTest::mouseClick(add, Qt::LeftButton);
        QVERIFY(w.findChild<QDialog *>(QStringLiteral("clusterDialog")));
    }

    // Help → Documentation: the installed share/doc/lagscope beside the binary's prefix first,
    // else the source tree's README above a build folder, else nothing.
    void findsTheDocumentation()
    {
        QTemporaryDir prefix;
        QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("bin")));
        QCOMPARE(documentationPath(prefix.filePath(QStringLiteral("bin"))), QString());
        QVERIFY(QDir(prefix.path()).mkpath(QStringLiteral("share/doc/lagscope")));
        const QString docs = QFileInfo(prefix.filePath(QStringLiteral("share/doc/lagscope"))).canonicalFilePath();
        QCOMPARE(documentationPath(prefix.filePath(QStringLiteral("bin"))), docs); // the folder
        QFile readme(docs + QStringLiteral("/README.md"));
        QVERIFY(readme.open(QIODevice::WriteOnly));
        readme.close();
        QCOMPARE(documentationPath(prefix.filePath(QStringLiteral("bin"))), docs + QStringLiteral("/README.md"));
        // This test runs from build/tests/gui inside the source tree.
        QCOMPARE(QFileInfo(documentationPath(QCoreApplication::applicationDirPath())).canonicalFilePath(),
                 QFileInfo(QStringLiteral(LAGSCOPE_SOURCE_DIR "/README.md")).canonicalFilePath());
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
