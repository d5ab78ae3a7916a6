// Lag reports from a real run: the monitor polls the lab every second and records into a
// history file while the traffic tool produces and a slow group falls behind; then
// `lagscopectl report` exports CSV, JSON and PDF (the PDF without a display), the CSV and
// JSON are parsed back and their numbers checked against the history store (and a plain
// SQL aggregate over it), the PDF's text is read with pdftotext and its pages rendered to
// PNG with pdftoppm for a person to look at. The lag statuses and lag seconds the monitor
// judged and recorded per poll (docs/LAG-STATUS.md) are checked the same way: time in each status,
// lag seconds max and lower bounds, breaches of a seconds threshold, recomputed here from
// HistoryStore::groupStatusHistory with the weighting docs/REPORTS.md documents.
#include "CsvTestUtil.h"
#include "ReportExportUtil.h"
#include "LabTest.h"
#include "monitor/MonitorService.h"
#include "report/ReportBuilder.h"
#include "store/HistoryStore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace lagscope;
using namespace lagscope::test;

class TestReportExport final : public LabTest {
    Q_OBJECT

private:
    QString m_topic;
    QString m_slow;
    QString m_history;
    std::unique_ptr<HistoryStore> m_store;
    std::vector<HistoryStore::GroupSample> m_samples;        // the slow group's, after the run
    std::vector<HistoryStore::GroupStatusSample> m_statuses; // its recorded verdicts
    QMap<QString, qint64> m_statusMs;                        // the time in each status over runRange(), from the store

    qint64 rangeFromMs() const { return m_samples.front().timeMs - 2000; }
    qint64 rangeToMs() const { return m_samples.back().timeMs + 2000; }

    ProcessResult report(const QStringList &args)
    {
        return m_lab.lagscopectl(QStringList{QStringLiteral("report"), QStringLiteral("--history"), m_history} + args);
    }

    // --from/--to around the recorded run, so the report covers exactly its samples.
    QStringList runRange() const
    {
        auto iso = [](qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODateWithMs); };
        return {QStringLiteral("--from"), iso(rangeFromMs()), QStringLiteral("--to"), iso(rangeToMs())};
    }

    // A pattern (not a name) that matches this run's slow group only: the monitor records every
    // group of the shared lab, slow groups of earlier tests and runs included.
    QString slowPattern() const { return QRegularExpression::escape(m_slow); }

    ProcessResult traffic(const QStringList &args) { return m_lab.traffic(QStringLiteral("primary"), args); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString suffix = LabClient::uniqueSuffix();
        // "fl" and "ffi": names a font would draw with ligatures, which the PDF must not (its
        // text must hold the names as written, for pdftotext here and copy and paste there).
        m_topic = QStringLiteral("report-flows-%1").arg(suffix);
        m_slow = QStringLiteral("slow-office-%1").arg(suffix);
        m_history = m_dir.filePath(QStringLiteral("history.sqlite"));
        auto store = HistoryStore::open(m_history);
        QVERIFY2(store, store.ok() ? "" : qPrintable(store.errorMessage()));
        m_store = std::move(*store);

        const ProcessResult created = traffic(createTopicArgs(m_topic, 3, 3));
        QVERIFY2(created.exitCode == 0, qPrintable(created.describe()));
        const ProcessResult seeded = traffic(produceArgs(m_topic, 150));
        QVERIFY2(seeded.exitCode == 0, qPrintable(seeded.describe()));
        // The slow group reads what is there (committing every partition), then stops: from
        // then on it only falls behind.
        const ProcessResult consumed = traffic(consumeArgs(m_slow, m_topic, 150));
        QVERIFY2(consumed.exitCode == 0, qPrintable(consumed.describe()));
    }

    void cleanup()
    {
        if (QTest::currentTestFailed())
            m_lab.dumpLogs();
    }

    void recordsARun()
    {
        AppConfig config;
        config.pollIntervalMs = 1000;
        config.requestTimeoutMs = 8000;
        config.clusters = {{QStringLiteral("primary"), m_lab.bootstrap(QStringLiteral("primary")), false, {}}};
        MonitorService monitor(config);
        int recorded = 0;
        QString writeError;
        connect(&monitor, &MonitorService::updated, this, [&](const PollUpdate &u) {
            if (Status s = m_store->appendSnapshot(*u.snapshot); !s)
                writeError = s.errorMessage();
            if (Status s = m_store->appendEvents(u.events); !s)
                writeError = s.errorMessage();
            if (u.snapshot->reachable && u.snapshot->group(m_slow))
                ++recorded;
        });
        monitor.start();

        // Production at a steady rate while the slow group does nothing: its lag climbs.
        QProcess producer;
        producer.setProcessChannelMode(QProcess::MergedChannels);
        producer.start(qEnvironmentVariable("LAGSCOPE_TRAFFIC"),
                       {QStringLiteral("produce"), QStringLiteral("--topic"), m_topic, QStringLiteral("--count"),
                        QStringLiteral("1200"), QStringLiteral("--rate"), QStringLiteral("60"),
                        QStringLiteral("--bootstrap"), m_lab.bootstrap(QStringLiteral("primary"))});
        QVERIFY(producer.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(producer.state() == QProcess::NotRunning, 120000);
        QVERIFY2(producer.exitCode() == 0, producer.readAll().constData());
        // A few polls after the last record, so the report ends on the final lag.
        const int after = recorded;
        QTRY_VERIFY_WITH_TIMEOUT(recorded >= after + 3, 60000);
        QVERIFY2(writeError.isEmpty(), qPrintable(writeError));
        QVERIFY2(recorded >= 10, qPrintable(QString::number(recorded)));

        const auto samples = m_store->groupHistory(QStringLiteral("primary"), m_slow, QDateTime(), QDateTime());
        QVERIFY(samples);
        m_samples = *samples;
        QVERIFY(m_samples.size() >= size_t(recorded));
        QCOMPARE(m_samples.back().totalLag, qint64(1200));

        const auto statuses = m_store->groupStatusHistory(QStringLiteral("primary"), m_slow, QDateTime(), QDateTime());
        QVERIFY(statuses);
        m_statuses = *statuses;
        QCOMPARE(m_statuses.size(), m_samples.size());
        std::vector<qint64> times;
        for (const auto &s : m_statuses)
            times.push_back(s.timeMs);
        const std::vector<qint64> holds = holdsOf(times, rangeFromMs(), rangeToMs());
        for (size_t i = 0; i < m_statuses.size(); ++i) {
            QVERIFY2(!m_statuses[i].status.isEmpty(), "every poll of a current history has a status");
            m_statusMs[m_statuses[i].status] += holds[i];
        }
        // Nobody consumes while the lag climbs: the monitor must have judged STOP by the end.
        QVERIFY2(m_statusMs.value(QStringLiteral("STOP")) > 0, qPrintable(QStringList(m_statusMs.keys()).join(u',')));
        QCOMPARE(m_statuses.back().status, QStringLiteral("STOP"));
    }

    void csvMatchesTheStore()
    {
        QVERIFY(!m_samples.empty());
        const QString csv = m_dir.filePath(QStringLiteral("slow.csv"));
        const ProcessResult r = report(
            runRange()
            + QStringList{QStringLiteral("--group"), slowPattern(), QStringLiteral("--sla-lag"), QStringLiteral("500"),
                          QStringLiteral("--sla-seconds"), QStringLiteral("5"), QStringLiteral("--partitions"),
                          QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--out"), csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        QCOMPARE(r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 6); // the files written
        QString problem;
        const auto rows = csvRecords(parseCsv(readText(csv), &problem));
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        const auto it = std::find_if(rows.begin(), rows.end(),
                                     [&](const auto &row) { return row[QStringLiteral("group")] == m_slow; });
        QVERIFY(it != rows.end());
        const QMap<QString, QString> &g = *it;

        // Against the store: every sample of the run, its maximum and its last value.
        qint64 max = 0;
        std::vector<qint64> values;
        for (const auto &s : m_samples) {
            max = std::max(max, s.totalLag);
            values.push_back(s.totalLag);
        }
        QCOMPARE(g[QStringLiteral("samples")].toInt(), int(m_samples.size()));
        QCOMPARE(g[QStringLiteral("lag_max")].toLongLong(), max);
        QCOMPARE(g[QStringLiteral("current_total_lag")].toLongLong(), m_samples.back().totalLag);
        QCOMPARE(g[QStringLiteral("current_state")], m_samples.back().state);
        // Polls are about a second apart, so the time-weighted p95 lies between the 90th and
        // the 99th percentile of the plain values, and the average between min and max.
        std::sort(values.begin(), values.end());
        const auto rank = [&](double q) {
            return values[std::min(values.size() - 1, size_t(q * double(values.size())))];
        };
        const qint64 p95 = g[QStringLiteral("lag_p95")].toLongLong();
        QVERIFY2(p95 >= rank(0.90) && p95 <= rank(0.99),
                 qPrintable(QStringLiteral("%1 not in [%2, %3]").arg(p95).arg(rank(0.90)).arg(rank(0.99))));
        const double avg = g[QStringLiteral("lag_avg")].toDouble();
        QVERIFY(avg > double(values.front()) && avg < double(max));
        // Breaches: the lag climbs through 500 once and stays above.
        QCOMPARE(g[QStringLiteral("breach_count")], QStringLiteral("1"));
        QVERIFY(g[QStringLiteral("breach_total_seconds")].toDouble() > 0);
        // Nobody joined or left the slow group during the run: recorded, and none.
        QCOMPARE(g[QStringLiteral("rebalance_count")], QStringLiteral("0"));
        checkStatusesAndSeconds(g);

        // The same samples and maximum through a second, read-only connection, as
        // lagscopectl report reads the file while the app records.
        {
            const auto reader = HistoryStore::open(m_history, {}, HistoryStore::OpenMode::Reader);
            QVERIFY2(reader, reader ? "" : qPrintable(reader.errorMessage()));
            const auto again = (*reader)->groupHistory(QStringLiteral("primary"), m_slow, {}, {});
            QVERIFY(again);
            QCOMPARE(*again, m_samples);
            qint64 readMax = 0;
            for (const auto &sample : *again)
                readMax = std::max(readMax, sample.totalLag);
            QCOMPARE(readMax, max);
        }

        const QString topicsCsv = readText(m_dir.filePath(QStringLiteral("slow-topics.csv")));
        const auto topics = csvRecords(parseCsv(topicsCsv, &problem));
        QVERIFY2(topics.size() == 1, qPrintable(topicsCsv));
        QCOMPARE(topics[0][QStringLiteral("topic")], m_topic);
        QCOMPARE(topics[0][QStringLiteral("lag_max")].toLongLong(), max); // one topic: its lag is the group's
        const auto partitions =
            csvRecords(parseCsv(readText(m_dir.filePath(QStringLiteral("slow-partitions.csv"))), &problem));
        QCOMPARE(partitions.size(), 3);
        qint64 lastSum = 0;
        for (const auto &p : partitions)
            lastSum += p[QStringLiteral("log_end")].toLongLong() - p[QStringLiteral("committed")].toLongLong();
        QCOMPARE(lastSum, m_samples.back().totalLag);
        const auto states = csvRecords(parseCsv(readText(m_dir.filePath(QStringLiteral("slow-states.csv"))), &problem));
        QVERIFY(!states.isEmpty());
        QCOMPARE(states[0][QStringLiteral("state")], QStringLiteral("Empty")); // nobody consumes
        QFile::remove(outputDir() + QStringLiteral("/slow.csv"));
        QFile::copy(csv, outputDir() + QStringLiteral("/slow.csv"));
    }

    // The CSV summary row's status and lag-seconds columns against the store (runRange()).
    void checkStatusesAndSeconds(const QMap<QString, QString> &g)
    {
        // Two decimals in the CSV: within 10 ms of the store's recomputation.
        auto near = [](const QString &cell, double expected) { return std::abs(cell.toDouble() - expected) <= 0.01; };
        qint64 covered = 0;
        for (const QString &status : {QStringLiteral("OK"), QStringLiteral("WARN"), QStringLiteral("ERR"),
                                      QStringLiteral("STOP"), QStringLiteral("STALL"), QStringLiteral("REWIND")}) {
            const QString cell = g[QStringLiteral("status_%1_seconds").arg(status.toLower())];
            const qint64 ms = m_statusMs.value(status);
            QVERIFY2(near(cell, double(ms) / 1000.0),
                     qPrintable(QStringLiteral("%1: %2 s, store %3 ms").arg(status, cell).arg(ms)));
            covered += ms;
        }
        QVERIFY2(
            near(g[QStringLiteral("status_no_data_seconds")], double(rangeToMs() - rangeFromMs() - covered) / 1000.0),
            qPrintable(g[QStringLiteral("status_no_data_seconds")]));
        QCOMPARE(g[QStringLiteral("current_lag_status")], m_statuses.back().status);

        double maxSeconds = -1;
        int lowerBounds = 0;
        for (const auto &s : m_statuses) {
            maxSeconds = std::max(maxSeconds, s.maxLagSeconds);
            lowerBounds += s.lagSecondsAtLeast && s.maxLagSeconds >= 0 ? 1 : 0;
        }
        QVERIFY2(maxSeconds > 5, qPrintable(QString::number(maxSeconds))); // 20 s of production unconsumed
        QVERIFY2(
            near(g[QStringLiteral("lag_seconds_max")], maxSeconds),
            qPrintable(g[QStringLiteral("lag_seconds_max")] + QStringLiteral(" vs ") + QString::number(maxSeconds)));
        QCOMPARE(g[QStringLiteral("lag_seconds_lower_bound_samples")].toInt(), lowerBounds);
        QCOMPARE(g[QStringLiteral("lag_seconds_at_least")],
                 lowerBounds > 0 ? QStringLiteral("true") : QStringLiteral("false"));
        const double p95 = g[QStringLiteral("lag_seconds_p95")].toDouble();
        QVERIFY(p95 > 0 && p95 <= maxSeconds + 0.01);
        // The seconds climb with the unconsumed records: above 5 s once, until the end.
        QCOMPARE(g[QStringLiteral("breach_seconds_count")], QStringLiteral("1"));
        std::vector<qint64> times;
        for (const auto &s : m_statuses)
            times.push_back(s.timeMs);
        const std::vector<qint64> holds = holdsOf(times, rangeFromMs(), rangeToMs());
        qint64 above = 0;
        for (size_t i = 0; i < m_statuses.size(); ++i)
            above += m_statuses[i].maxLagSeconds > 5 ? holds[i] : 0;
        QVERIFY2(near(g[QStringLiteral("breach_seconds_total_seconds")], double(above) / 1000.0),
                 qPrintable(g[QStringLiteral("breach_seconds_total_seconds")]));
        qInfo("slow group over the run: %s; lag seconds max %.2f (%d lower bounds), above 5 s for %.2f s",
              qPrintable([this] {
                  QStringList parts;
                  for (auto it = m_statusMs.begin(); it != m_statusMs.end(); ++it)
                      parts << QStringLiteral("%1 %2 s").arg(it.key()).arg(double(it.value()) / 1000.0);
                  return parts.join(QStringLiteral(", "));
              }()),
              maxSeconds, lowerBounds, double(above) / 1000.0);
    }

    void jsonMatchesTheStore()
    {
        QVERIFY(!m_samples.empty());
        const QString path = m_dir.filePath(QStringLiteral("slow.json"));
        const ProcessResult r =
            report({QStringLiteral("--since"), QStringLiteral("30m"), QStringLiteral("--cluster"),
                    QStringLiteral("primary"), QStringLiteral("--group"), m_slow, QStringLiteral("--format"),
                    QStringLiteral("json"), QStringLiteral("--out"), path});
        QVERIFY2(r.exitCode == 0, qPrintable(r.describe()));
        const QJsonObject o = QJsonDocument::fromJson(readText(path).toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("version")).toInt(), 3);
        QCOMPARE(o.value(QStringLiteral("sections"))
                     .toObject()
                     .value(QStringLiteral("lag_status"))
                     .toObject()
                     .value(QStringLiteral("available"))
                     .toBool(),
                 true);
        QCOMPARE(o.value(QStringLiteral("sections"))
                     .toObject()
                     .value(QStringLiteral("rebalances"))
                     .toObject()
                     .value(QStringLiteral("available"))
                     .toBool(),
                 true);
        QCOMPARE(o.value(QStringLiteral("groups"))
                     .toArray()[0]
                     .toObject()
                     .value(QStringLiteral("rebalances"))
                     .toObject()
                     .value(QStringLiteral("count"))
                     .toInt(),
                 0);
        const QJsonArray groups = o.value(QStringLiteral("groups")).toArray();
        QCOMPARE(groups.size(), 1);
        const QJsonObject g = groups[0].toObject();
        qint64 max = 0;
        for (const auto &s : m_samples)
            max = std::max(max, s.totalLag);
        QCOMPARE(g.value(QStringLiteral("lag")).toObject().value(QStringLiteral("max")).toInteger(), max);
        QCOMPARE(g.value(QStringLiteral("lag")).toObject().value(QStringLiteral("samples")).toInt(),
                 int(m_samples.size()));
        QCOMPARE(g.value(QStringLiteral("current")).toObject().value(QStringLiteral("total_lag")).toInteger(),
                 m_samples.back().totalLag);
        QVERIFY(g.value(QStringLiteral("breaches")).isNull()); // no --sla-lag this time
        QVERIFY(g.value(QStringLiteral("breaches_seconds")).isNull());
        // Statuses over the last 30 minutes: the run's polls, each holding until the next; the
        // range starts long before the run and ends when lagscopectl ran, which may cut the
        // last poll's interval.
        std::vector<qint64> times;
        for (const auto &s : m_statuses)
            times.push_back(s.timeMs);
        const QDateTime to = QDateTime::fromString(
            o.value(QStringLiteral("range")).toObject().value(QStringLiteral("to")).toString(), Qt::ISODateWithMs);
        QVERIFY(to.isValid());
        const std::vector<qint64> holds = holdsOf(times, 0, to.toMSecsSinceEpoch());
        QMap<QString, qint64> expected;
        for (size_t i = 0; i < m_statuses.size(); ++i)
            expected[m_statuses[i].status] += holds[i];
        QMap<QString, qint64> got;
        for (const QJsonValue &v : g.value(QStringLiteral("lag_statuses")).toArray())
            got[v.toObject().value(QStringLiteral("state")).toString()] =
                std::llround(v.toObject().value(QStringLiteral("seconds")).toDouble() * 1000);
        QCOMPARE(got, expected);
        const QJsonArray timeline = g.value(QStringLiteral("lag_status_timeline")).toArray();
        QVERIFY(!timeline.isEmpty());
        QCOMPARE(timeline.last().toObject().value(QStringLiteral("status")).toString(), m_statuses.back().status);
        double maxSeconds = -1;
        int lowerBounds = 0;
        for (const auto &s : m_statuses) {
            maxSeconds = std::max(maxSeconds, s.maxLagSeconds);
            lowerBounds += s.lagSecondsAtLeast && s.maxLagSeconds >= 0 ? 1 : 0;
        }
        const QJsonObject seconds = g.value(QStringLiteral("lag_seconds")).toObject();
        QVERIFY2(std::abs(seconds.value(QStringLiteral("max")).toDouble() - maxSeconds) <= 0.001,
                 qPrintable(QString::number(seconds.value(QStringLiteral("max")).toDouble())));
        QCOMPARE(
            g.value(QStringLiteral("lag_seconds_lower_bounds")).toObject().value(QStringLiteral("samples")).toInt(),
            lowerBounds);
        QCOMPARE(g.value(QStringLiteral("current")).toObject().value(QStringLiteral("lag_status")).toString(),
                 m_statuses.back().status);
        QFile::remove(outputDir() + QStringLiteral("/slow.json"));
        QFile::copy(path, outputDir() + QStringLiteral("/slow.json"));
    }

    void pdfWithoutADisplay()
    {
        QVERIFY(!m_samples.empty());
        const QString pdf = outputDir() + QStringLiteral("/slow.pdf");
        QFile::remove(pdf);
        // No display and no platform chosen: the command must pick offscreen itself.
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const QString &var :
             {QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("DISPLAY"), QStringLiteral("WAYLAND_DISPLAY")})
            env.remove(var);
        p.setProcessEnvironment(env);
        p.start(qEnvironmentVariable("LAGSCOPECTL"),
                QStringList{QStringLiteral("report"), QStringLiteral("--history"), m_history} + runRange()
                    + QStringList{QStringLiteral("--group"), m_slow, QStringLiteral("--sla-lag"), QStringLiteral("500"),
                                  QStringLiteral("--sla-seconds"), QStringLiteral("5"), QStringLiteral("--partitions"),
                                  QStringLiteral("--format"), QStringLiteral("pdf"), QStringLiteral("--out"), pdf});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

        QProcess text;
        text.start(QStringLiteral("pdftotext"), {QStringLiteral("-layout"), pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QString t = QString::fromUtf8(text.readAllStandardOutput());
        qint64 max = 0;
        for (const auto &s : m_samples)
            max = std::max(max, s.totalLag);
        QVERIFY2(t.contains(QStringLiteral("Lagscope lag report")), qPrintable(t.left(400)));
        QVERIFY2(t.contains(m_slow), qPrintable(m_slow + QStringLiteral(" not in:\n") + t.left(3000)));
        QVERIFY(t.contains(QStringLiteral("total lag above 500 records")));
        QVERIFY2(t.contains(QStringLiteral("max ") + grouped(max)), qPrintable(grouped(max)));
        QVERIFY(t.contains(QStringLiteral("Last sample")));
        QVERIFY(t.contains(QStringLiteral("total lag ") + grouped(m_samples.back().totalLag)));
        QVERIFY(t.contains(QStringLiteral("Rebalances")));
        QVERIFY(t.contains(QStringLiteral("None in the range.")));
        QVERIFY(t.contains(QStringLiteral("lag (records)")));
        // The status section: its summary table and the group's legend with each status's time
        // (the same range as the CSV, so the same milliseconds, rounded as the PDF prints them).
        QVERIFY(t.contains(QStringLiteral("Time in each lag status")));
        QVERIFY(t.contains(QStringLiteral("Lag status")));
        QVERIFY(t.contains(QStringLiteral("SLA threshold (time)")));
        QVERIFY(t.contains(QStringLiteral("lag above 5 s")));
        for (auto it = m_statusMs.begin(); it != m_statusMs.end(); ++it) {
            if (it.value() <= 0)
                continue;
            const QString entry = it.key() + QLatin1Char(' ') + formatReportDuration(it.value());
            QVERIFY2(t.contains(entry), qPrintable(entry));
        }
        QVERIFY(t.contains(QStringLiteral("Status now")));

        // Pages as images, for a person to look at.
        QProcess render;
        render.start(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("80"),
                                                  pdf, outputDir() + QStringLiteral("/slow-page")});
        QVERIFY(render.waitForFinished(60000));
        QCOMPARE(render.exitCode(), 0);
        QVERIFY(QFile::exists(outputDir() + QStringLiteral("/slow-page-1.png")));
        QVERIFY(QFile::exists(outputDir() + QStringLiteral("/slow-page-2.png"))); // title with the summary, the group
    }

    void refusesBeyondRetention()
    {
        const ProcessResult r =
            report({QStringLiteral("--since"), QStringLiteral("8d"), QStringLiteral("--format"), QStringLiteral("csv"),
                    QStringLiteral("--out"), m_dir.filePath(QStringLiteral("x.csv"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("The history keeps 7 d")), qPrintable(r.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("x.csv"))));

        // A seconds threshold that is not a number is a usage error, before anything is read.
        const ProcessResult bad =
            report({QStringLiteral("--since"), QStringLiteral("1h"), QStringLiteral("--sla-seconds"),
                    QStringLiteral("5min"), QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--out"),
                    m_dir.filePath(QStringLiteral("y.csv"))});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains(QStringLiteral("--sla-seconds takes a number of seconds")), qPrintable(bad.err));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("y.csv"))));
    }

    void cleanupTestCase() { m_store.reset(); }
};

QTEST_GUILESS_MAIN(TestReportExport)
#include "tst_reportexport.moc"
