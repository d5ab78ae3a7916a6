// The main window without a lab: configured clusters in the tree, and the welcome page that
// explains a missing or broken configuration. Saves what it shows as PNG.
#include "AppSettings.h"
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
#include <QSettings>
#include <QStyle>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <memory>

using namespace lagscope;
using lagscope::test::screenshotPath;

class TestMainWindow final : public QObject {
    Q_OBJECT

    AppConfig m_sample;
    std::unique_ptr<MainWindow> m_window; // openSample()'s, closed after each test
    QTreeWidget *m_tree = nullptr;

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void cleanup()
    {
        m_window.reset();
        m_tree = nullptr;
    }

    static QString settingsFile()
    {
        return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/lagscope.conf");
    }
    static QString legacySettingsFile()
    {
        return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
               + QStringLiteral("/Unknown Organization/lagscope.conf");
    }

    // The main window on the sample configuration (kept in m_sample), shown, and its tree.
    void openSample()
    {
        const QString path = QStringLiteral(LAGSCOPE_SOURCE_DIR "/resources/lagscope.sample.yaml");
        auto config = loadConfig(path);
        QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
        m_sample = *config;
        m_window = std::make_unique<MainWindow>(m_sample, path, QString(), nullptr, nullptr);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        m_tree = m_window->findChild<QTreeWidget *>(QStringLiteral("clusterTree"));
        QVERIFY(m_tree);
    }

    // A first start (nothing saved): the tree is wide enough for the Status column to name a
    // group like the demo's, which the old default cut after a dozen letters.
    void firstStartShowsTheStatusColumn()
    {
        QFile::remove(settingsFile());
        QFile::remove(legacySettingsFile());
        openSample();
        if (QTest::currentTestFailed())
            return;
        MainWindow &w = *m_window;
        QTreeWidget *tree = m_tree;
        tree->topLevelItem(0)->setText(1, QStringLiteral("rb-slow-mxahgi6wlc"));
        tree->expandAll();
        // The text and the style's margin on each side of it (QCommonStyle's item text margin).
        const int margin = tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1;
        const int needed = tree->fontMetrics().horizontalAdvance(tree->topLevelItem(0)->text(1)) + 2 * margin;
        QVERIFY2(
            tree->columnWidth(1) >= needed,
            qPrintable(QStringLiteral("Status column %1 px, its text %2 px").arg(tree->columnWidth(1)).arg(needed)));
        QVERIFY(w.grab().save(screenshotPath(QStringLiteral("mainwindow-first-start"))));
        // And no page holds the window wider than half of a 1920-px screen.
        QVERIFY2(w.minimumSizeHint().width() <= 960, qPrintable(QString::number(w.minimumSizeHint().width())));
    }

    // Window settings where Lagscope kept them until 2026-12 (~/.config/Unknown Organization/):
    // read while the new file is missing, copied into it on the first write, never written.
    void readsTheSettingsOfBefore()
    {
        QFile::remove(settingsFile());
        QVERIFY(QDir().mkpath(QFileInfo(legacySettingsFile()).absolutePath()));
        {
            QSettings legacy(legacySettingsFile(), QSettings::IniFormat);
            legacy.setValue(QStringLiteral("selection/cluster"), QStringLiteral("primary"));
            legacy.setValue(QStringLiteral("chart/range"), 3);
        }
        AppSettings settings;
        QCOMPARE(settings.string(AppSettings::Key::LastCluster), QStringLiteral("primary"));
        QVERIFY(!QFileInfo::exists(settingsFile())); // reading writes nothing
        settings.setValue(AppSettings::Key::LastGroup, QStringLiteral("orders"));
        QVERIFY(QFileInfo::exists(settingsFile()));
        QCOMPARE(settings.integer(AppSettings::Key::ChartRange), 3);
        QCOMPARE(settings.string(AppSettings::Key::LastGroup), QStringLiteral("orders"));
        QCOMPARE(QSettings(settingsFile(), QSettings::IniFormat).value(QStringLiteral("chart/range")).toInt(), 3);
        QVERIFY(!QSettings(legacySettingsFile(), QSettings::IniFormat).contains(QStringLiteral("selection/group")));
        QVERIFY(QFile::remove(legacySettingsFile()));
        QVERIFY(QFile::remove(settingsFile()));
    }

    void showsConfiguredClusters()
    {
        openSample();
        if (QTest::currentTestFailed())
            return;
        MainWindow &w = *m_window;
        QTreeWidget *tree = m_tree;
        // One item per cluster, then "Replication" because the sample configures a flow.
        QVERIFY(!m_sample.flows.empty());
        QCOMPARE(tree->topLevelItemCount(), int(m_sample.clusters.size()) + 1);
        QCOMPARE(tree->topLevelItem(0)->text(0), m_sample.clusters.front().name);
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
