// lagscopectl report: a lag report from the history store, as CSV, JSON or PDF, for cron
// jobs and systemd timers. Reads the history through a read connection, so it runs while
// the desktop app records. PDF needs Qt's painting (and QCustomPlot, a widget), so that
// format starts a QApplication on the offscreen platform: no display is needed.
#include "CliContext.h"

#include "report/ReportArgs.h"
#include "report/ReportBuilder.h"
#include "report/ReportCsv.h"
#include "report/ReportJson.h"
#include "store/HistoryStore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#ifdef LAGSCOPE_HAVE_PDF
#include "report/ReportPdf.h"

#include <QApplication>
#endif

#include <cmath>
#include <cstring>
#include <memory>

namespace lagscope::cli {

namespace {

// Whether argv asks for a PDF, before any QCoreApplication exists to parse it properly.
bool wantsPdf(int argc, char **argv)
{
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--format=pdf") == 0)
            return true;
        if (std::strcmp(argv[i], "--format") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "pdf") == 0)
            return true;
    }
    return false;
}

int fail(QTextStream &err, int code, const QString &message)
{
    err << "lagscopectl report: " << message << Qt::endl;
    return code;
}

void addReportOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        {QStringLiteral("history"), QStringLiteral("History file (default: %1).").arg(HistoryStore::defaultPath()),
         QStringLiteral("file")},
        {QStringLiteral("since"), QStringLiteral("Report on the last DURATION, e.g. 24h, 7d, 90m."),
         QStringLiteral("duration")},
        {QStringLiteral("from"),
         QStringLiteral("Start time, ISO 8601 (e.g. 2026-11-29T08:00:00Z; local without offset)."),
         QStringLiteral("time")},
        {QStringLiteral("to"), QStringLiteral("End time (default: now)."), QStringLiteral("time")},
        {QStringLiteral("cluster"), QStringLiteral("Only this cluster (repeatable)."), QStringLiteral("name")},
        {QStringLiteral("group"), QStringLiteral("Only groups whose whole name matches this regular expression."),
         QStringLiteral("regex")},
        {QStringLiteral("format"), QStringLiteral("csv, json or pdf."), QStringLiteral("format")},
        {QStringLiteral("out"), QStringLiteral("Output file (CSV: the summary; the other tables go next to it)."),
         QStringLiteral("file")},
        {QStringLiteral("sla-lag"), QStringLiteral("Breach threshold: a group's total lag above N records."),
         QStringLiteral("records")},
        {QStringLiteral("sla-seconds"),
         QStringLiteral(
             "Breach threshold on time: a group's lag in seconds (age of its oldest unconsumed record) above N."),
         QStringLiteral("seconds")},
        {QStringLiteral("partitions"), QStringLiteral("Include per-partition detail.")},
        {QStringLiteral("utc"), QStringLiteral("PDF: show times in UTC instead of the local time zone.")},
        {QStringLiteral("every-group"),
         QStringLiteral("PDF: a page with its chart for every group (default: charts only for the groups that\n"
                        "breached an SLA or lagged most; the others are rows of the ranked tables).")},
    });
}

// The report's range, groups and thresholds from the command line; every failure is a usage
// error. `now` ends a --since range.
Result<ReportRequest> reportRequestFromArgs(const QCommandLineParser &parser, const QDateTime &now)
{
    using R = Result<ReportRequest>;
    ReportRequest request;
    request.to = now;
    if (parser.isSet(QStringLiteral("to"))) {
        const auto to = parseReportTime(parser.value(QStringLiteral("to")));
        if (!to)
            return R::failure(QStringLiteral("--to: ") + to.errorMessage());
        request.to = *to;
    }
    if (parser.isSet(QStringLiteral("since")) == parser.isSet(QStringLiteral("from")))
        return R::failure(QStringLiteral("give exactly one of --since DURATION or --from TIME"));
    if (parser.isSet(QStringLiteral("since"))) {
        if (parser.isSet(QStringLiteral("to")))
            return R::failure(QStringLiteral("--since ends now; use --from and --to for another range"));
        const auto span = parseReportDuration(parser.value(QStringLiteral("since")));
        if (!span)
            return R::failure(QStringLiteral("--since: ") + span.errorMessage());
        request.from = now.addMSecs(-*span);
    } else {
        const auto from = parseReportTime(parser.value(QStringLiteral("from")));
        if (!from)
            return R::failure(QStringLiteral("--from: ") + from.errorMessage());
        request.from = *from;
    }
    request.clusters = parser.values(QStringLiteral("cluster"));
    if (request.clusters.contains(QString()))
        return R::failure(QStringLiteral("--cluster takes a cluster name, not ''"));
    request.groupPattern = parser.value(QStringLiteral("group"));
    // Checked here: an invalid pattern would match no group and make an empty report.
    if (const QRegularExpression re(QRegularExpression::anchoredPattern(request.groupPattern)); !re.isValid())
        return R::failure(QStringLiteral("--group takes a regular expression; '%1' is not one: %2 at offset %3")
                              .arg(request.groupPattern, re.errorString())
                              .arg(re.patternErrorOffset()));
    request.partitionDetail = parser.isSet(QStringLiteral("partitions"));
    if (parser.isSet(QStringLiteral("sla-lag"))) {
        bool ok = false;
        const qint64 n = parser.value(QStringLiteral("sla-lag")).toLongLong(&ok);
        if (!ok || n < 0)
            return R::failure(QStringLiteral("--sla-lag takes a number of records"));
        request.slaLagRecords = n;
    }
    if (parser.isSet(QStringLiteral("sla-seconds"))) {
        bool ok = false;
        const double n = parser.value(QStringLiteral("sla-seconds")).toDouble(&ok);
        if (!ok || !(n >= 0) || !std::isfinite(n))
            return R::failure(QStringLiteral("--sla-seconds takes a number of seconds, e.g. 300"));
        request.slaLagSeconds = n;
    }
    return request;
}

// Writes the report in its format; returns the files written.
Result<QStringList> writeReport(const Report &report, const QString &format, const QString &outPath,
                                const QCommandLineParser &parser)
{
    using R = Result<QStringList>;
    if (format == QLatin1String("csv"))
        return writeReportCsv(report, outPath);
    if (format == QLatin1String("json")) {
        if (Status s = writeReportJson(report, outPath); !s)
            return R(s.error());
    } else {
#ifdef LAGSCOPE_HAVE_PDF
        PdfReportOptions options;
        if (parser.isSet(QStringLiteral("utc")))
            options.timeZone = QTimeZone::utc();
        options.everyGroup = parser.isSet(QStringLiteral("every-group"));
        if (Status s = writeReportPdf(report, outPath, options); !s)
            return R(s.error());
#else
        (void)parser;
#endif
    }
    return QStringList{outPath};
}

int run(QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "lagscopectl report: a lag report from the history store (max/avg/p95 lag per group and topic, time in\n"
        "each state, SLA breaches, current state) as CSV, JSON or PDF. See docs/REPORTS.md."));
    parser.addHelpOption();
    addReportOptions(parser);
    if (!parser.parse(QCoreApplication::arguments().mid(1)))
        return fail(err, UsageError, parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return Ok;
    }
    if (const QString repeated = repeatedValueError(parser, {QStringLiteral("cluster")}); !repeated.isEmpty())
        return fail(err, UsageError, repeated);
    if (!parser.positionalArguments().isEmpty())
        return fail(err, UsageError,
                    QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments().first()));

    const QString format = parser.value(QStringLiteral("format"));
    if (format != QLatin1String("csv") && format != QLatin1String("json") && format != QLatin1String("pdf"))
        return fail(err, UsageError, QStringLiteral("--format must be csv, json or pdf"));
#ifndef LAGSCOPE_HAVE_PDF
    if (format == QLatin1String("pdf"))
        return fail(err, UsageError, QStringLiteral("this lagscopectl was built without the GUI libraries: no PDF"));
#endif
    const QString outPath = parser.value(QStringLiteral("out"));
    if (outPath.isEmpty())
        return fail(err, UsageError, QStringLiteral("--out FILE is required"));
    // Before the history is read: a report built for minutes and then not written is a waste.
    if (const QDir folder = QFileInfo(outPath).absoluteDir(); !folder.exists())
        return fail(err, UsageError, QStringLiteral("--out: no folder %1").arg(folder.path()));

    // One "now" for the range and the retention check, so "--since 7d" is exactly the limit.
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const auto request = reportRequestFromArgs(parser, now);
    if (!request)
        return fail(err, UsageError, request.errorMessage());

    const QString historyPath =
        parser.isSet(QStringLiteral("history")) ? parser.value(QStringLiteral("history")) : HistoryStore::defaultPath();
    if (!QFileInfo::exists(historyPath))
        return fail(
            err, UsageError,
            QStringLiteral("no history at %1: run Lagscope to record one, or pass --history FILE").arg(historyPath));
    // Refuse what the history cannot answer before opening it.
    if (Status s = checkReportRange(*request, RetentionPolicy{}, now); !s)
        return fail(err, UsageError, s.errorMessage());
    auto store = HistoryStore::open(historyPath, RetentionPolicy{}, HistoryStore::OpenMode::Reader);
    if (!store)
        return fail(err, RuntimeError, store.errorMessage());
    const auto report = buildReport(**store, *request, now);
    if (!report)
        return fail(err, RuntimeError, report.errorMessage());
    const auto written = writeReport(*report, format, outPath, parser);
    if (!written)
        return fail(err, RuntimeError, written.errorMessage());
    for (const QString &path : *written)
        out << path << '\n';
    return Ok;
}

} // namespace

int reportMain(int argc, char **argv)
{
    std::unique_ptr<QCoreApplication> app;
#ifdef LAGSCOPE_HAVE_PDF
    if (wantsPdf(argc, argv)) {
        // Painting needs a platform plugin; offscreen needs no display (cron, systemd, ssh).
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        app = std::make_unique<QApplication>(argc, argv);
    }
#else
    (void)wantsPdf;
#endif
    if (!app)
        app = std::make_unique<QCoreApplication>(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lagscope"));
    QTextStream out(stdout);
    QTextStream err(stderr);
    // The command name is argv[1]; the parser wants it gone.
    return run(out, err);
}

} // namespace lagscope::cli
