// A history file written by the version-4 store (tests/unit/data/history-v4.sqlite, a row per
// partition and poll) opens in today's app: the writer migrates it to blocks, and the lag
// chart shows its week from the migrated file, every point the store answers. The sample's
// times are moved to end now first (the chart's ranges end now). Saves the chart as PNG.
#include "GuiTestUtil.h"
#include "charts/LagChart.h"
#include "history/HistoryReader.h"
#include "store/HistoryStore.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include "charts/QCustomPlotInclude.h"

using namespace lagscope;
using lagscope::test::screenshotPath;

namespace {

const QString kSample = QStringLiteral(LAGSCOPE_SOURCE_DIR "/tests/unit/data/history-v4.sqlite");
const QDateTime kSampleEnd(QDate(2024, 3, 10), QTime(12, 0), Qt::UTC);

// Moves every time of the version-4 file by `shiftMs` (a multiple of ten minutes, so that
// bucket starts stay on bucket boundaries); false with the reason on failure.
bool shiftTimes(const QString &path, qint64 shiftMs, QString *problem)
{
    const QString shift = QString::number(shiftMs);
    const QStringList statements{
        QStringLiteral("UPDATE group_sample SET t = t + %1").arg(shift),
        QStringLiteral("UPDATE partition_sample SET t = t + %1").arg(shift),
        QStringLiteral("UPDATE poll SET t = t + %1").arg(shift),
        QStringLiteral("UPDATE event SET t = t + %1").arg(shift),
        QStringLiteral("UPDATE flow_sample SET t = t + %1").arg(shift),
    };
    bool ok = true;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("shift"));
        db.setDatabaseName(path);
        ok = db.open();
        for (const QString &sql : statements) {
            if (!ok)
                break;
            QSqlQuery q(db);
            ok = q.exec(sql);
            if (!ok)
                *problem = sql + QLatin1String(": ") + q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("shift"));
    return ok;
}

} // namespace

class TestMigratedChart final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void weekOfAVersionFourFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("history.sqlite"));
        QVERIFY(QFile::copy(kSample, path));
        QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
        constexpr qint64 kTenMinutes = 10 * 60 * 1000;
        const qint64 end = QDateTime::currentMSecsSinceEpoch() / kTenMinutes * kTenMinutes;
        QString problem;
        QVERIFY2(shiftTimes(path, end - kSampleEnd.toMSecsSinceEpoch(), &problem), qPrintable(problem));

        // The writer migrates on open, as the app's recorder does before any reader opens.
        auto writer = HistoryStore::open(path);
        QVERIFY2(writer, writer ? "" : qPrintable(writer.errorMessage()));
        QCOMPARE((*writer)->warnings(), QStringList());
        const QDateTime now = QDateTime::currentDateTimeUtc();
        const auto expected =
            (*writer)->groupHistory(QStringLiteral("dc1"), QStringLiteral("billing"), now.addDays(-7), now);
        QVERIFY(expected);
        QVERIFY(expected->size() > 1000); // 30 hours: coarse and fine buckets, then raw polls
        qint64 peak = 0;
        for (const auto &s : *expected)
            peak = std::max(peak, s.totalLag);

        HistoryReader reader(path);
        LagChart chart;
        chart.resize(960, 420);
        chart.setSource(&reader);
        auto *plot = chart.findChild<QCustomPlot *>(QStringLiteral("lagPlot"));
        QVERIFY(plot);
        // What a replot drew: the week's points and no "Loading history…" over them.
        bool drawnWithData = false;
        connect(plot, &QCustomPlot::afterReplot, this, [&] {
            drawnWithData = plot->graphCount() > 0 && plot->graph(0)->dataCount() == int(expected->size())
                            && chart.emptyText().isEmpty();
        });
        chart.setRange(ChartRange::Day7);
        chart.setGroup(QStringLiteral("dc1"), QStringLiteral("billing"));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        QTRY_VERIFY_WITH_TIMEOUT(drawnWithData, 10000);
        QVERIFY(!chart.isLoading());
        bool found = false;
        QCOMPARE(plot->graph(0)->getValueRange(found).upper, double(peak));
        QVERIFY(chart.grab().save(screenshotPath(QStringLiteral("migrated-v4-7d"))));
    }
};

QTEST_MAIN(TestMigratedChart)
#include "tst_migratedchart.moc"
