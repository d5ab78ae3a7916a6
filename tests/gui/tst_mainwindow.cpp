// The main window with real widgets on the offscreen platform; saves what it shows as PNG.
#include "MainWindow.h"
#include "config/ConfigLoader.h"

#include <QDir>
#include <QLabel>
#include <QTest>
#include <QTreeWidget>

using namespace lagscope;

namespace {

QString screenshotPath(const QString &name)
{
    const QString dir = qEnvironmentVariable("LAGSCOPE_TEST_OUTPUT", QDir::tempPath()) + QStringLiteral("/screenshots");
    QDir().mkpath(dir);
    return dir + QLatin1Char('/') + name + QStringLiteral(".png");
}

} // namespace

class TestMainWindow final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void showsConfiguredClusters()
    {
        const QString path = QStringLiteral(LAGSCOPE_SOURCE_DIR "/resources/lagscope.sample.yaml");
        auto config = loadConfig(path);
        QVERIFY2(config.ok(), config.ok() ? "" : qPrintable(config.errorMessage()));
        MainWindow w(*config, path, QString());
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *tree = w.findChild<QTreeWidget *>(QStringLiteral("clusterTree"));
        QVERIFY(tree);
        QCOMPARE(tree->topLevelItemCount(), int(config->clusters.size()));
        QCOMPARE(tree->topLevelItem(0)->text(0), config->clusters.front().name);
        QVERIFY(w.grab().save(screenshotPath(QStringLiteral("mainwindow-clusters"))));
    }

    void explainsConfigProblem()
    {
        MainWindow w(AppConfig{}, QStringLiteral("/nowhere/config.yaml"), QStringLiteral("cannot open: no such file"));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto *details = w.findChild<QLabel *>(QStringLiteral("details"));
        QVERIFY(details);
        QVERIFY(details->text().contains(QStringLiteral("/nowhere/config.yaml")));
        QVERIFY(details->text().contains(QStringLiteral("no such file")));
        QVERIFY(w.grab().save(screenshotPath(QStringLiteral("mainwindow-config-problem"))));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
