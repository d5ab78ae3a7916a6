// The export dialog end to end, offscreen, over a real history file: opened from the main
// window's File menu, a PDF export with progress and "Open report" (its text read back with
// pdftotext), CSV and JSON exports, Cancel, a range beyond retention refused in the dialog,
// and "Save image…" on the lag chart. Saves screenshots of the dialog.
#include "GuiTestUtil.h"
#include "MainWindow.h"
#include "charts/ChartImageMenu.h"
#include "charts/LagChart.h"
#include "report/ExportReportDialog.h"
#include "history/HistoryReader.h"
#include "store/HistoryStore.h"

#include "charts/QCustomPlotInclude.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using lagscope::test::screenshotPath;

namespace {

const QString kCluster = QStringLiteral("dc1");
const QStringList kGroups = {QStringLiteral("billing"), QStringLiteral("analytics-slow"), QStringLiteral("audit"),
                             QStringLiteral("search, \"eu\"")};

GroupState group(const QString &id, qint64 lag, qint64 i)
{
    GroupState g;
    g.groupId = id;
    g.state = i % 40 < 3 ? QStringLiteral("PreparingRebalance") : QStringLiteral("Stable");
    g.members.resize(2);
    for (int p = 0; p < 2; ++p) {
        PartitionLag pl;
        pl.partition = {QStringLiteral("orders"), p};
        pl.committed = 1000 + i;
        pl.logEnd = 1000 + i + lag / 2;
        pl.lag = lag / 2;
        g.totalLag += *pl.lag;
        g.maxLag = std::max(g.maxLag, *pl.lag);
        g.partitions.push_back(pl);
    }
    return g;
}

QString pdfText(const QString &path)
{
    QProcess p;
    p.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), path, QStringLiteral("-")});
    if (!p.waitForFinished(60000))
        return QString();
    return QString::fromUtf8(p.readAllStandardOutput());
}

} // namespace

class TestExportDialog final : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<HistoryStore> m_store;
    std::unique_ptr<HistoryReader> m_reader; // what the window reads the history through
    std::unique_ptr<MainWindow> m_window;
    ExportReportDialog *m_dialog = nullptr;

    template <typename T> T *child(const QString &name)
    {
        auto *w = m_dialog->findChild<T *>(name);
        if (!w)
            qWarning("no child %s", qPrintable(name));
        return w;
    }

    bool exportAndWait(bool expectOk, QString *message = nullptr)
    {
        QSignalSpy done(m_dialog, &ExportReportDialog::exportFinished);
        QTest::mouseClick(child<QPushButton>(QStringLiteral("exportButton")), Qt::LeftButton);
        if (!done.wait(120000) && done.isEmpty())
            return false;
        if (message)
            *message = done.first().at(1).toString();
        if (done.first().at(0).toBool() != expectOk)
            qWarning("export: %s", qPrintable(done.first().at(1).toString()));
        return done.first().at(0).toBool() == expectOk;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        auto store = HistoryStore::open(m_dir.filePath(QStringLiteral("history.sqlite")));
        QVERIFY2(store, store.ok() ? "" : qPrintable(store.errorMessage()));
        m_store = std::move(*store);
        // Two hours of polls every 30 s ending now: analytics-slow grows, the others stay low.
        const QDateTime now = QDateTime::currentDateTimeUtc();
        for (qint64 i = 0; i < 240; ++i) {
            ClusterSnapshot s;
            s.cluster = kCluster;
            s.reachable = true;
            s.takenAt = now.addSecs((i - 240) * 30);
            for (const QString &g : kGroups) {
                s.groups.push_back(group(g, g == QStringLiteral("analytics-slow") ? i * 20 : 10 + i % 7, i));
                // Its verdicts too: WARN for the second hour, i × 2 s behind.
                if (g == QStringLiteral("analytics-slow")) {
                    s.groups.back().verdict = {i < 120 ? LagStatus::Ok : LagStatus::Warn, QStringLiteral("test")};
                    s.groups.back().maxLagTime = LagTime{double(i) * 2.0, false};
                }
            }
            std::sort(s.groups.begin(), s.groups.end(),
                      [](const GroupState &a, const GroupState &b) { return a.groupId < b.groupId; });
            QVERIFY(m_store->appendSnapshot(s));
        }
        AppConfig config;
        ClusterConfig c;
        c.name = kCluster;
        c.bootstrapServers = QStringLiteral("127.0.0.1:1");
        config.clusters.push_back(c);
        m_reader = std::make_unique<HistoryReader>(m_store->path());
        m_window = std::make_unique<MainWindow>(config, QString(), QString(), nullptr, m_reader.get());
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    void opensFromTheFileMenu()
    {
        auto *action = m_window->findChild<QAction *>(QStringLiteral("actionExportReport"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
        action->trigger();
        m_dialog = m_window->findChild<ExportReportDialog *>();
        QVERIFY(m_dialog);
        QVERIFY(QTest::qWaitForWindowExposed(m_dialog));
        QCOMPARE(child<QComboBox>(QStringLiteral("rangePreset"))->currentText(), QStringLiteral("Last 24 hours"));
        QVERIFY(!child<QDateTimeEdit>(QStringLiteral("fromEdit"))->isEnabled());
        action->trigger(); // a second time raises the same dialog
        QCOMPARE(m_window->findChildren<ExportReportDialog *>().size(), 1);
        QVERIFY(m_dialog->grab().save(screenshotPath(QStringLiteral("export-dialog"))));
    }

    void exportsAPdf()
    {
        QVERIFY(m_dialog);
        child<QComboBox>(QStringLiteral("rangePreset"))->setCurrentIndex(1); // last 6 hours
        child<QLineEdit>(QStringLiteral("groupPattern"))->setText(QStringLiteral("analytics.*|search.*"));
        child<QCheckBox>(QStringLiteral("slaEnabled"))->setChecked(true);
        QVERIFY(child<QSpinBox>(QStringLiteral("slaLag"))->isEnabled());
        child<QSpinBox>(QStringLiteral("slaLag"))->setValue(3000);
        QVERIFY(!child<QSpinBox>(QStringLiteral("slaSeconds"))->isEnabled());
        child<QCheckBox>(QStringLiteral("slaSecondsEnabled"))->setChecked(true);
        child<QSpinBox>(QStringLiteral("slaSeconds"))->setValue(300);
        child<QCheckBox>(QStringLiteral("partitionDetail"))->setChecked(true);
        QCOMPARE(child<QComboBox>(QStringLiteral("format"))->currentIndex(), 0);
        const QString pdf = m_dir.filePath(QStringLiteral("out/lag.pdf"));
        QDir().mkpath(m_dir.filePath(QStringLiteral("out")));
        child<QLineEdit>(QStringLiteral("destination"))->setText(pdf);

        QSignalSpy progress(m_dialog->findChild<QProgressBar *>(QStringLiteral("progress")),
                            &QProgressBar::valueChanged);
        QVERIFY(exportAndWait(true));
        QVERIFY(progress.count() >= 3); // reading, drawing, done
        QCOMPARE(child<QProgressBar>(QStringLiteral("progress"))->value(), 100);
        QVERIFY2(child<QLabel>(QStringLiteral("statusLabel"))->text().contains(QStringLiteral("Wrote 2 groups")),
                 qPrintable(child<QLabel>(QStringLiteral("statusLabel"))->text()));
        QCOMPARE(m_dialog->writtenFiles(), QStringList{pdf});
        auto *open = child<QPushButton>(QStringLiteral("openButton"));
        QVERIFY(open->isVisible());
        QVERIFY(m_dialog->grab().save(screenshotPath(QStringLiteral("export-dialog-done"))));

        QString opened;
        m_dialog->setOpenHandlerForTests([&opened](const QString &path) { opened = path; });
        QTest::mouseClick(open, Qt::LeftButton);
        QCOMPARE(opened, pdf);

        const QString text = pdfText(pdf);
        QVERIFY2(text.contains(QStringLiteral("Lagscope lag report")), qPrintable(text.left(500)));
        QVERIFY(text.contains(QStringLiteral("analytics-slow")));
        QVERIFY(text.contains(QStringLiteral("search, \"eu\"")));
        QVERIFY(!text.contains(QStringLiteral("billing")));
        QVERIFY(text.contains(QStringLiteral("total lag above 3,000 records")));
        QVERIFY(text.contains(QStringLiteral("4,780"))); // analytics-slow's max: 239 × 20
        // The seconds threshold and the status section: WARN for polls 120..239, i × 2 s
        // behind, so above 300 s from poll 151 on (88 polls of 30 s, the last cut by "now").
        QVERIFY(text.contains(QStringLiteral("lag above 300 s")));
        QVERIFY(text.contains(QStringLiteral("Time in each lag status")));
        QVERIFY2(text.contains(QStringLiteral("max 478.0 s")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Partitions")));
        // Ranked: analytics-slow breached, so it leads; search "eu" follows as one of the most
        // lagging, and with only two groups both get a page.
        QVERIFY(text.contains(QStringLiteral("Summary, ranked")));
        QVERIFY(text.indexOf(QStringLiteral("analytics-slow")) < text.indexOf(QStringLiteral("search, \"eu\"")));
        QVERIFY(text.contains(QStringLiteral("every group, a page each")));
        QVERIFY(!text.contains(QStringLiteral("(asked for)")));
        // Kept for a person to look at (pdftoppm renders it).
        const QString kept = screenshotPath(QStringLiteral("export-dialog-report"))
                                 .replace(QStringLiteral(".png"), QStringLiteral(".pdf"));
        QFile::remove(kept);
        QVERIFY(QFile::copy(pdf, kept));
    }

    void everyGroupOnRequest()
    {
        QVERIFY(m_dialog);
        auto *every = child<QCheckBox>(QStringLiteral("everyGroup"));
        QVERIFY(every->isEnabled()); // PDF is the format
        QVERIFY(!every->isChecked());
        every->setChecked(true);
        QVERIFY(exportAndWait(true));
        const QString text = pdfText(m_dialog->writtenFiles().value(0));
        QVERIFY2(text.contains(QStringLiteral("every group, a page each (asked for)")), qPrintable(text.left(2000)));
        every->setChecked(false);
        child<QComboBox>(QStringLiteral("format"))->setCurrentIndex(1);
        QVERIFY(!every->isEnabled()); // only the PDF draws charts
        child<QComboBox>(QStringLiteral("format"))->setCurrentIndex(0);
        QVERIFY(every->isEnabled());
    }

    void exportsCsvAndJson()
    {
        QVERIFY(m_dialog);
        child<QLineEdit>(QStringLiteral("groupPattern"))->clear();
        child<QCheckBox>(QStringLiteral("partitionDetail"))->setChecked(false);
        child<QComboBox>(QStringLiteral("format"))->setCurrentIndex(1);
        const QString csv = child<QLineEdit>(QStringLiteral("destination"))->text();
        QVERIFY2(csv.endsWith(QStringLiteral("lag.csv")), qPrintable(csv)); // the suffix follows the format
        QVERIFY(exportAndWait(true));
        QCOMPARE(m_dialog->writtenFiles().size(), 5);
        QFile summary(csv);
        QVERIFY(summary.open(QIODevice::ReadOnly));
        QCOMPARE(summary.readAll().count("\r\n"), qsizetype(1 + kGroups.size()));

        child<QComboBox>(QStringLiteral("format"))->setCurrentIndex(2);
        QVERIFY(exportAndWait(true));
        QFile json(m_dialog->writtenFiles().value(0));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(json.readAll()).object();
        QCOMPARE(o.value(QStringLiteral("version")).toInt(), 3);
        QCOMPARE(o.value(QStringLiteral("groups")).toArray().size(), kGroups.size());
    }

    void cancels()
    {
        QVERIFY(m_dialog);
        child<QComboBox>(QStringLiteral("format"))->setCurrentIndex(0);
        const QString pdf = child<QLineEdit>(QStringLiteral("destination"))->text();
        QFile::remove(pdf);
        QSignalSpy done(m_dialog, &ExportReportDialog::exportFinished);
        QTest::mouseClick(child<QPushButton>(QStringLiteral("exportButton")), Qt::LeftButton);
        QVERIFY(m_dialog->isExporting());
        QCOMPARE(child<QPushButton>(QStringLiteral("cancelButton"))->text(), QStringLiteral("Cancel export"));
        QTest::mouseClick(child<QPushButton>(QStringLiteral("cancelButton")), Qt::LeftButton);
        QVERIFY(m_dialog->isVisible()); // Cancel stops the export, not the dialog
        QVERIFY(done.wait(60000));
        QCOMPARE(done.first().at(0).toBool(), false);
        QCOMPARE(done.first().at(1).toString(), QStringLiteral("The report was cancelled"));
        QVERIFY(!QFile::exists(pdf));
        QVERIFY(!child<QPushButton>(QStringLiteral("openButton"))->isVisible());
    }

    void refusesBeyondRetention()
    {
        QVERIFY(m_dialog);
        child<QComboBox>(QStringLiteral("rangePreset"))->setCurrentIndex(4); // custom
        QVERIFY(child<QDateTimeEdit>(QStringLiteral("fromEdit"))->isEnabled());
        child<QDateTimeEdit>(QStringLiteral("fromEdit"))->setDateTime(QDateTime::currentDateTime().addDays(-10));
        child<QDateTimeEdit>(QStringLiteral("toEdit"))->setDateTime(QDateTime::currentDateTime());
        QString message;
        QVERIFY(exportAndWait(false, &message));
        QVERIFY2(message.contains(QStringLiteral("The history keeps 7 d")), qPrintable(message));
        QVERIFY(child<QLabel>(QStringLiteral("statusLabel"))->text().contains(QStringLiteral("Choose a range within")));
        QVERIFY(m_dialog->grab().save(screenshotPath(QStringLiteral("export-dialog-refused"))));
    }

    void savesAChartImage()
    {
        m_window->openGroup(kCluster, QStringLiteral("analytics-slow"));
        auto *chart = m_window->findChild<LagChart *>();
        QVERIFY(chart);
        QTRY_VERIFY_WITH_TIMEOUT(!chart->isLoading() && !chart->replotPending(), 5000);
        auto *plot = chart->findChild<QCustomPlot *>(QStringLiteral("lagPlot"));
        QVERIFY(plot);
        const QString png = m_dir.filePath(QStringLiteral("chart.png"));
        QString suggested;
        setSaveImagePathProviderForTests([&](const QString &s) {
            suggested = s;
            return png;
        });
        Q_EMIT plot->customContextMenuRequested(QPoint(50, 50));
        auto *menu = plot->findChild<QMenu *>(QStringLiteral("chartMenu"));
        QVERIFY(menu);
        auto *save = menu->findChild<QAction *>(QStringLiteral("actionSaveImage"));
        QVERIFY(save);
        save->trigger();
        setSaveImagePathProviderForTests({});
        QVERIFY2(suggested.endsWith(QStringLiteral("/dc1-analytics-slow.png")), qPrintable(suggested));
        QImage image(png);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), plot->size() * plot->devicePixelRatioF());
        QVERIFY(image.save(screenshotPath(QStringLiteral("chart-saved-image"))));
    }

    void cleanupTestCase()
    {
        m_window.reset();
        m_reader.reset();
        m_store.reset();
    }
};

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
