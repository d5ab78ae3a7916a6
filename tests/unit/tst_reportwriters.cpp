// Report writers: CSV files (RFC 4180 quoting of awkward names — commas, quotes, line
// breaks, unicode — read back with an independent parser), the JSON document's schema, and
// the layout of a report (which groups it ranks first and which get a chart).
#include "CsvTestUtil.h"
#include "report/ReportCsv.h"
#include "report/ReportJson.h"
#include "report/ReportLayout.h"
#include "report/ReportTables.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace lagscope;
using lagscope::test::parseCsv;

namespace {

QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QString();
    return QString::fromUtf8(f.readAll());
}

const QDateTime kFrom(QDate(2026, 11, 28), QTime(0, 0), Qt::UTC);

Report sampleReport(const QStringList &groups, const QString &topic)
{
    Report r;
    r.request.from = kFrom;
    r.request.to = kFrom.addDays(1);
    r.request.clusters = {QStringLiteral("dc1")};
    r.request.slaLagRecords = 1000;
    r.generatedAt = kFrom.addDays(1);
    r.historyPath = QStringLiteral("/tmp/history.sqlite");
    r.retentionMs = 7 * 86400 * 1000LL;
    r.request.slaLagSeconds = 60;
    r.rebalanceNote = QStringLiteral("not available: rebalances are not recorded");
    for (const QString &name : groups) {
        GroupReport g;
        g.cluster = QStringLiteral("dc1");
        g.group = name;
        g.lag = {1500, 420.25, 1200, 288, 86400 * 1000LL};
        g.maxPartitionLag = 900;
        g.breach = BreachStats{2, 600 * 1000, 450 * 1000, kFrom.addSecs(3600).toMSecsSinceEpoch()};
        g.groupStates = {{QStringLiteral("Stable"), 80000 * 1000LL},
                         {QStringLiteral("PreparingRebalance"), 6400 * 1000LL}};
        g.lagStatuses =
            std::vector<StateTime>{{QStringLiteral("OK"), 86000 * 1000LL}, {QStringLiteral("WARN"), 300 * 1000LL}};
        g.lagStatusNoDataMs = 100 * 1000LL;
        // "plain" has no lag seconds (recorded before they were): empty cells, nulls.
        if (name != QLatin1String("plain")) {
            g.lagSeconds = LagStats{125'500, 40'250.0, 100'000, 288, 86400 * 1000LL};
            g.lagSecondsAtLeast = true;
            g.lagSecondsBounds = {3, 15'000};
            g.breachSeconds = BreachStats{1, 300 * 1000, 300 * 1000, kFrom.addSecs(7200).toMSecsSinceEpoch()};
        }
        g.current = {
            kFrom.addDays(1).toMSecsSinceEpoch(), QStringLiteral("Stable"), 3, 17, 9, QStringLiteral("OK"), {}};
        if (g.lagSeconds)
            g.current.lagSeconds = 2.5;
        g.topics = {{topic, {1500, 420.25, 1200, 288, 86400 * 1000LL}}};
        g.stateTimeline = {{kFrom.toMSecsSinceEpoch(), kFrom.addDays(1).toMSecsSinceEpoch(), QStringLiteral("Stable")}};
        g.statusTimeline = {{kFrom.toMSecsSinceEpoch(), kFrom.addDays(1).toMSecsSinceEpoch(), QStringLiteral("OK")}};
        r.groups.push_back(g);
    }
    return r;
}

// Groups for the layout rows, one string each: "name key=value…" with b (seconds in breach
// of the records threshold), bs (the same on lag seconds), p95 and max (records). A breach
// key with 0 is a threshold asked for and never crossed.
Report layoutReport(const QStringList &specs)
{
    Report r;
    for (const QString &spec : specs) {
        const QStringList parts = spec.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        GroupReport g;
        g.cluster = QStringLiteral("dc1");
        g.group = parts.value(0);
        for (const QString &part : parts.mid(1)) {
            const QString key = part.section(QLatin1Char('='), 0, 0);
            const qint64 value = part.section(QLatin1Char('='), 1).toLongLong();
            const BreachStats breach{value > 0 ? 1 : 0, value * 1000, value * 1000, value > 0 ? 0 : -1};
            if (key == QLatin1String("b"))
                g.breach = breach;
            else if (key == QLatin1String("bs"))
                g.breachSeconds = breach;
            else if (key == QLatin1String("p95"))
                g.lag.p95 = value;
            else if (key == QLatin1String("max"))
                g.lag.max = value;
        }
        r.groups.push_back(g);
    }
    return r;
}

} // namespace

class TestReportWriters final : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void csvQuotesAwkwardNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("comma") << QStringLiteral("billing,eu");
        QTest::newRow("quotes") << QStringLiteral("the \"fast\" one");
        QTest::newRow("newline") << QStringLiteral("line one\nline two");
        QTest::newRow("crlf") << QStringLiteral("a\r\nb");
        QTest::newRow("unicode") << QStringLiteral("zählung-日本-🚀");
        QTest::newRow("leading space and quote") << QStringLiteral(" \"x");
        QTest::newRow("everything") << QStringLiteral("a,\"b\"\n,ü");
    }
    void csvQuotesAwkwardNames()
    {
        QFETCH(QString, name);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("lag.csv"));
        const auto written =
            writeReportCsv(sampleReport({name, QStringLiteral("plain")}, name + QStringLiteral("-topic")), path);
        QVERIFY2(written, qPrintable(written.ok() ? QString() : written.errorMessage()));
        QCOMPARE(*written, reportCsvPaths(path, false));
        QCOMPARE(written->size(), 5);

        QString problem;
        const auto groups = parseCsv(readText(path), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(groups.size(), 3);
        const QStringList header = groups[0];
        QCOMPARE(header.mid(0, 7),
                 (QStringList{QStringLiteral("cluster"), QStringLiteral("group"), QStringLiteral("samples"),
                              QStringLiteral("covered_seconds"), QStringLiteral("lag_max"), QStringLiteral("lag_avg"),
                              QStringLiteral("lag_p95")}));
        for (const QStringList &row : groups)
            QCOMPARE(row.size(), header.size());
        QCOMPARE(groups[1][1], name);
        QCOMPARE(groups[2][1], QStringLiteral("plain"));
        QCOMPARE(groups[1][header.indexOf(QStringLiteral("lag_avg"))], QStringLiteral("420.25"));
        QCOMPARE(groups[1][header.indexOf(QStringLiteral("covered_seconds"))], QStringLiteral("86400"));
        QCOMPARE(groups[1][header.indexOf(QStringLiteral("breach_longest_start"))],
                 QStringLiteral("2026-11-28T01:00:00.000Z"));
        // Lag seconds and time in each status (schema 3 columns at the end).
        auto cell = [&](int row, const char *column) { return groups[row][header.indexOf(QLatin1String(column))]; };
        QCOMPARE(cell(1, "lag_seconds_max"), QStringLiteral("125.5"));
        QCOMPARE(cell(1, "lag_seconds_avg"), QStringLiteral("40.25"));
        QCOMPARE(cell(1, "lag_seconds_p95"), QStringLiteral("100"));
        QCOMPARE(cell(1, "lag_seconds_at_least"), QStringLiteral("true"));
        QCOMPARE(cell(1, "lag_seconds_lower_bound_samples"), QStringLiteral("3"));
        QCOMPARE(cell(1, "lag_seconds_lower_bound_seconds"), QStringLiteral("15"));
        QCOMPARE(cell(1, "breach_seconds_count"), QStringLiteral("1"));
        QCOMPARE(cell(1, "breach_seconds_total_seconds"), QStringLiteral("300"));
        QCOMPARE(cell(1, "breach_seconds_longest_start"), QStringLiteral("2026-11-28T02:00:00.000Z"));
        QCOMPARE(cell(1, "current_lag_seconds"), QStringLiteral("2.5"));
        QCOMPARE(cell(1, "current_lag_seconds_at_least"), QStringLiteral("false"));
        QCOMPARE(cell(1, "status_ok_seconds"), QStringLiteral("86000"));
        QCOMPARE(cell(1, "status_warn_seconds"), QStringLiteral("300"));
        QCOMPARE(cell(1, "status_stop_seconds"), QStringLiteral("0"));
        QCOMPARE(cell(1, "status_rewind_seconds"), QStringLiteral("0"));
        QCOMPARE(cell(1, "status_no_data_seconds"), QStringLiteral("100"));
        QCOMPARE(header.last(), QStringLiteral("status_risk_seconds")); // RISK came last: appended
        QCOMPARE(header[header.size() - 2], QStringLiteral("current_lag_seconds_at_least"));
        QCOMPARE(cell(1, "status_risk_seconds"), QStringLiteral("0"));
        // Not recorded: empty, not zero.
        QCOMPARE(cell(1, "rebalance_count"), QString());
        QCOMPARE(cell(2, "lag_seconds_max"), QString());
        QCOMPARE(cell(2, "lag_seconds_lower_bound_samples"), QString());
        QCOMPARE(cell(2, "breach_seconds_count"), QString());
        QCOMPARE(cell(2, "current_lag_seconds_at_least"), QString());
        QCOMPARE(cell(2, "status_ok_seconds"), QStringLiteral("86000"));

        const auto topics = parseCsv(readText(written->at(1)), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(topics[1][1], name);
        QCOMPARE(topics[1][2], name + QStringLiteral("-topic"));

        const auto states = parseCsv(readText(written->at(2)), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QCOMPARE(states.size(), 1 + 2 * 4);
        QCOMPARE(states[3], (QStringList{QStringLiteral("dc1"), name, QStringLiteral("lag_status"),
                                         QStringLiteral("OK"), QStringLiteral("86000")}));

        const auto info = parseCsv(readText(written->last()), &problem);
        QVERIFY2(problem.isEmpty(), qPrintable(problem));
        QVERIFY(info.contains(
            QStringList{QStringLiteral("rebalances"), QStringLiteral("not available: rebalances are not recorded")}));
        QVERIFY(info.contains(QStringList{QStringLiteral("lag_status"), QStringLiteral("available")}));
        QVERIFY(info.contains(QStringList{QStringLiteral("schema_version"), QStringLiteral("3")}));
        QVERIFY(info.contains(QStringList{QStringLiteral("sla_lag_seconds"), QStringLiteral("60")}));
    }

    void csvPartitionFileOnlyWhenAsked()
    {
        QTemporaryDir dir;
        Report r = sampleReport({QStringLiteral("g")}, QStringLiteral("t"));
        r.request.partitionDetail = true;
        r.groups[0].partitions = {{{QStringLiteral("t"), 3}, {5, 2.5, 5, 2, 10000}, 100, 105}};
        const auto written = writeReportCsv(r, dir.filePath(QStringLiteral("week")));
        QVERIFY(written);
        QCOMPARE(written->size(), 6);
        QCOMPARE(written->at(4), dir.filePath(QStringLiteral("week-partitions.csv")));
        QString problem;
        const auto rows = parseCsv(readText(written->at(4)), &problem);
        QCOMPARE(rows[1],
                 (QStringList{QStringLiteral("dc1"), QStringLiteral("g"), QStringLiteral("t"), QStringLiteral("3"),
                              QStringLiteral("2"), QStringLiteral("10"), QStringLiteral("5"), QStringLiteral("2.5"),
                              QStringLiteral("5"), QStringLiteral("100"), QStringLiteral("105")}));
    }

    void jsonSchema()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lag.json"));
        const QString awkward = QStringLiteral("a,\"b\"\nü");
        QVERIFY(writeReportJson(sampleReport({awkward}, QStringLiteral("orders")), path));
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(readText(path).toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject o = doc.object();
        QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("lagscope-report"));
        QCOMPARE(o.value(QStringLiteral("version")).toInt(), 3);
        QCOMPARE(o.value(QStringLiteral("generated_at")).toString(), QStringLiteral("2026-11-29T00:00:00.000Z"));
        QCOMPARE(o.value(QStringLiteral("range")).toObject().value(QStringLiteral("from")).toString(),
                 QStringLiteral("2026-11-28T00:00:00.000Z"));
        const QJsonObject selection = o.value(QStringLiteral("selection")).toObject();
        QCOMPARE(selection.value(QStringLiteral("clusters")).toArray(), QJsonArray{QStringLiteral("dc1")});
        QVERIFY(selection.value(QStringLiteral("group_pattern")).isNull());
        QCOMPARE(o.value(QStringLiteral("sla")).toObject().value(QStringLiteral("lag_records")).toInteger(), 1000);
        QCOMPARE(o.value(QStringLiteral("sla")).toObject().value(QStringLiteral("lag_seconds")).toDouble(), 60.0);

        const QJsonObject sections = o.value(QStringLiteral("sections")).toObject();
        QCOMPARE(sections.keys(), (QStringList{QStringLiteral("lag_seconds"), QStringLiteral("lag_status"),
                                               QStringLiteral("rebalances")}));
        QCOMPARE(sections.value(QStringLiteral("rebalances")).toObject().value(QStringLiteral("available")).toBool(),
                 false);
        QCOMPARE(sections.value(QStringLiteral("lag_status")).toObject().value(QStringLiteral("available")).toBool(),
                 true);
        QVERIFY(sections.value(QStringLiteral("lag_status")).toObject().value(QStringLiteral("note")).isNull());

        const QJsonArray groups = o.value(QStringLiteral("groups")).toArray();
        QCOMPARE(groups.size(), 1);
        const QJsonObject g = groups[0].toObject();
        QCOMPARE(
            g.keys(),
            (QStringList{QStringLiteral("breaches"), QStringLiteral("breaches_seconds"), QStringLiteral("cluster"),
                         QStringLiteral("current"), QStringLiteral("group"), QStringLiteral("group_states"),
                         QStringLiteral("lag"), QStringLiteral("lag_seconds"), QStringLiteral("lag_seconds_at_least"),
                         QStringLiteral("lag_seconds_lower_bounds"), QStringLiteral("lag_status_no_data_seconds"),
                         QStringLiteral("lag_status_timeline"), QStringLiteral("lag_statuses"),
                         QStringLiteral("max_partition_lag"), QStringLiteral("partitions"),
                         QStringLiteral("rebalances"), QStringLiteral("state_timeline"), QStringLiteral("topics")}));
        QCOMPARE(g.value(QStringLiteral("group")).toString(), awkward);
        const QJsonObject lag = g.value(QStringLiteral("lag")).toObject();
        QCOMPARE(lag.value(QStringLiteral("max")).toInteger(), 1500);
        QCOMPARE(lag.value(QStringLiteral("avg")).toDouble(), 420.25);
        QCOMPARE(lag.value(QStringLiteral("p95")).toInteger(), 1200);
        QCOMPARE(lag.value(QStringLiteral("samples")).toInt(), 288);
        QCOMPARE(lag.value(QStringLiteral("covered_seconds")).toDouble(), 86400.0);
        const QJsonObject seconds = g.value(QStringLiteral("lag_seconds")).toObject();
        QCOMPARE(seconds.value(QStringLiteral("max")).toDouble(), 125.5);
        QCOMPARE(seconds.value(QStringLiteral("avg")).toDouble(), 40.25);
        QCOMPARE(seconds.value(QStringLiteral("p95")).toDouble(), 100.0);
        QCOMPARE(g.value(QStringLiteral("lag_seconds_at_least")).toBool(), true);
        QCOMPARE(g.value(QStringLiteral("lag_seconds_lower_bounds")).toObject(),
                 (QJsonObject{{QStringLiteral("samples"), 3}, {QStringLiteral("covered_seconds"), 15.0}}));
        QCOMPARE(
            g.value(QStringLiteral("breaches_seconds")).toObject().value(QStringLiteral("total_seconds")).toDouble(),
            300.0);
        const QJsonArray statuses = g.value(QStringLiteral("lag_statuses")).toArray();
        QCOMPARE(statuses.size(), 2);
        QCOMPARE(statuses[1].toObject(),
                 (QJsonObject{{QStringLiteral("state"), QStringLiteral("WARN")}, {QStringLiteral("seconds"), 300.0}}));
        QCOMPARE(g.value(QStringLiteral("lag_status_no_data_seconds")).toDouble(), 100.0);
        // Not recorded sections are null, never zero.
        QVERIFY(g.value(QStringLiteral("rebalances")).isNull());
        const QJsonArray statusTimeline = g.value(QStringLiteral("lag_status_timeline")).toArray();
        QCOMPARE(statusTimeline.size(), 1);
        QCOMPARE(statusTimeline[0].toObject().value(QStringLiteral("status")).toString(), QStringLiteral("OK"));
        QCOMPARE(statusTimeline[0].toObject().value(QStringLiteral("end")).toString(),
                 QStringLiteral("2026-11-29T00:00:00.000Z"));
        QCOMPARE(g.value(QStringLiteral("breaches")).toObject().value(QStringLiteral("count")).toInt(), 2);
        QCOMPARE(g.value(QStringLiteral("breaches")).toObject().value(QStringLiteral("longest_seconds")).toDouble(),
                 450.0);
        QCOMPARE(g.value(QStringLiteral("group_states")).toArray().size(), 2);
        const QJsonObject current = g.value(QStringLiteral("current")).toObject();
        QCOMPARE(current.value(QStringLiteral("total_lag")).toInteger(), 17);
        QCOMPARE(current.value(QStringLiteral("lag_status")).toString(), QStringLiteral("OK"));
        QCOMPARE(current.value(QStringLiteral("lag_seconds")).toDouble(), 2.5);
        QCOMPARE(current.value(QStringLiteral("lag_seconds_at_least")).toBool(), false);
        QCOMPARE(g.value(QStringLiteral("topics")).toArray()[0].toObject().value(QStringLiteral("topic")).toString(),
                 QStringLiteral("orders"));
        QCOMPARE(g.value(QStringLiteral("partitions")).toArray().size(), 0);
    }

    void layoutRanksAndPicksCharts_data()
    {
        QTest::addColumn<QStringList>("groups");
        QTest::addColumn<bool>("everyGroup");
        QTest::addColumn<int>("topLagging");
        QTest::addColumn<int>("maxGroupPages");
        QTest::addColumn<QStringList>("ranked");
        QTest::addColumn<int>("detailed");
        QTest::addColumn<bool>("cards");
        auto list = [](const char *names) { return QString::fromLatin1(names).split(QLatin1Char(',')); };
        QTest::newRow("breaching first, the longest in breach first")
            << list("calm p95=900 max=950,short b=600 p95=10 max=20,long b=1800 p95=5 max=9") << false << 0 << 24
            << list("long,short,calm") << 2 << false;
        QTest::newRow("a threshold never crossed is no breach")
            << list("asked b=0 p95=50 max=60,crossed b=60 p95=1 max=2") << false << 0 << 24 << list("crossed,asked")
            << 1 << false;
        QTest::newRow("a breach on seconds counts as a breach")
            << list("records p95=9000 max=9000,seconds bs=300 p95=1 max=1") << false << 0 << 24
            << list("seconds,records") << 1 << false;
        // A stretch above both thresholds is one stretch of trouble, not two.
        QTest::newRow("both thresholds: the longer counts, not the sum")
            << list("both b=600 bs=600 p95=1 max=1,records b=900 p95=1 max=1") << false << 0 << 24
            << list("records,both") << 2 << false;
        QTest::newRow("no SLA: the most lagging get charts, by p95 then max")
            << list("q1 p95=10 max=10,q2 p95=500 max=600,q3 p95=500 max=700,q4 p95=50 max=90") << false << 2 << 24
            << list("q3,q2,q4,q1") << 2 << false;
        QTest::newRow("after the breaching groups, the most lagging quiet ones")
            << list("quiet p95=5 max=5,lagging p95=800 max=900,breach b=60 p95=1 max=1") << false << 1 << 24
            << list("breach,lagging,quiet") << 2 << false;
        QTest::newRow("a group without lag is never most lagging")
            << list("zero p95=0 max=0,unknown p95=-1 max=-1") << false << 5 << 24 << list("zero,unknown") << 0 << false;
        QTest::newRow("equal groups in name order")
            << list("b p95=5 max=5,c p95=5 max=5,a p95=5 max=5") << false << 0 << 24 << list("a,b,c") << 0 << false;
        QTest::newRow("many breaching groups become chart cards")
            << list("a b=1,b b=2,c b=3,d b=4") << false << 0 << 3 << list("d,c,b,a") << 4 << true;
        QTest::newRow("as many as fit get a page each")
            << list("a b=1,b b=2,c b=3") << false << 0 << 3 << list("c,b,a") << 3 << false;
        QTest::newRow("every group: a page each, quiet ones and all")
            << list("a b=1,b b=2,c b=3,quiet p95=0 max=0") << true << 0 << 3 << list("c,b,a,quiet") << 4 << false;
    }
    void layoutRanksAndPicksCharts()
    {
        QFETCH(QStringList, groups);
        QFETCH(bool, everyGroup);
        QFETCH(int, topLagging);
        QFETCH(int, maxGroupPages);
        QFETCH(QStringList, ranked);
        QFETCH(int, detailed);
        QFETCH(bool, cards);
        const Report r = layoutReport(groups);
        const ReportLayout layout = planReportLayout(r, {everyGroup, topLagging, maxGroupPages});
        QStringList names;
        for (const int index : layout.ranked)
            names << r.groups[size_t(index)].group;
        QCOMPARE(names, ranked);
        QCOMPARE(layout.detailedCount, detailed);
        QCOMPARE(layout.cards, cards);
    }

    void jsonIsCompact()
    {
        // One line: indentation was half of a large report's JSON and no reader needs it.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lag.json"));
        QVERIFY(writeReportJson(sampleReport({QStringLiteral("g")}, QStringLiteral("t")), path));
        const QString text = readText(path);
        QVERIFY(!text.trimmed().contains(QLatin1Char('\n')));
        QVERIFY(text.startsWith(QStringLiteral("{\"")));
    }

    void numbersAreShortAndExact()
    {
        QCOMPARE(reportNumber(12.5), QStringLiteral("12.5"));
        QCOMPARE(reportNumber(3.0), QStringLiteral("3"));
        QCOMPARE(reportNumber(0.004), QStringLiteral("0"));
        QCOMPARE(reportNumber(1234567.891), QStringLiteral("1234567.89"));
        QCOMPARE(reportSeconds(1500), QStringLiteral("1.5"));
        QCOMPARE(reportTime(-1), QString());
    }
};

QTEST_GUILESS_MAIN(TestReportWriters)
#include "tst_reportwriters.moc"
