// bench_report [--dir DIR] [--groups N] [--raw-interval S] [--reuse] [--runs N] [--partitions] [--no-pdf]
//              [--every-group]
// The 7-day lag report over the monitoring fixture's history:
//  1. builds (or, with --reuse, reopens) a history file holding 7 days of the fixture
//     (500 groups × 20 partitions, synthetic offsets of production size) in the steady
//     state the app reaches after a week: 864 ten-minute buckets, 1,080 one-minute buckets
//     and 4,320 raw polls 5 s apart, produced by writing polls at those spacings and
//     compacting once. --raw-interval thins the raw tier (polls S seconds apart instead of
//     5) where the full-density file (≈ 2.4 GiB) is too slow to write; the other tiers stay;
//     Every group poll carries a lag status and lag seconds (the lag verdicts, varied by
//     group and time, some lower bounds) so that the status section is measured too;
//  2. times buildReport() for the 7 days and every group (and, with --partitions, with
//     per-partition detail), then writes the report as CSV, JSON and PDF and reports each
//     one's time and size, and the PDF's pages (counted in the file: its /Type /Page objects);
//     --every-group draws a page for every group instead of the default layout;
//  3. PEER, in the same run over the same file: the plain SQL aggregate a person would
//     write (max, average and count of each group's total lag over 7 days, one query).
#include "BenchUtil.h"

#include "report/ReportBuilder.h"
#include "report/ReportCsv.h"
#include "report/ReportJson.h"
#include "store/HistoryStore.h"

#ifdef LAGSCOPE_BENCH_PDF
#include "report/ReportPdf.h"

#include <QApplication>
#endif

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>

using namespace lagscope;
using namespace lagscope::bench;

namespace {

constexpr std::int64_t kOffsetBase = 4'000'000'000;

QDateTime at(qint64 ms) { return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC); }

// Lag verdicts (docs/LAG-STATUS.md) on a fixture poll: mostly OK, stretches of WARN, STALL, STOP, REWIND
// and ERR that differ by group; lag seconds wandering up to 250 s, lower bounds while STOPped.
void addVerdicts(ClusterSnapshot &s, int step)
{
    int j = 0;
    for (GroupState &g : s.groups) {
        const int phase = (step + j * 7) % 100;
        const LagStatus status = phase < 85   ? LagStatus::Ok
                                 : phase < 92 ? LagStatus::Warn
                                 : phase < 95 ? LagStatus::Stall
                                 : phase < 98 ? LagStatus::Stop
                                 : phase < 99 ? LagStatus::Rewind
                                              : LagStatus::Err;
        g.verdict = {status, QStringLiteral("bench")};
        g.maxLagTime = LagTime{double((step * 7 + j * 13) % 500 + 1) / 2.0, status == LagStatus::Stop};
        ++j;
    }
}

// Poll times of the steady state ending at nowMs: coarse, then fine, then raw spacing.
std::vector<qint64> steadyStatePollTimes(const RetentionPolicy &p, qint64 nowMs, qint64 rawIntervalMs)
{
    std::vector<qint64> out;
    const qint64 week = nowMs - msOf(p.keepFor);
    const qint64 day = nowMs - msOf(p.fineFor);
    const qint64 raw = nowMs - msOf(p.rawFor);
    for (qint64 t = week; t < day; t += msOf(p.coarseBucket))
        out.push_back(t);
    for (qint64 t = day; t < raw; t += msOf(p.fineBucket))
        out.push_back(t);
    for (qint64 t = raw; t < nowMs; t += rawIntervalMs)
        out.push_back(t);
    return out;
}

} // namespace

int main(int argc, char **argv)
{
#ifdef LAGSCOPE_BENCH_PDF
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
#else
    QCoreApplication app(argc, argv);
#endif
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Benchmarks the 7-day lag report over the fixture's history."));
    parser.addHelpOption();
    parser.addOption({QStringLiteral("dir"), QStringLiteral("Where the history and reports go (default: temporary)."),
                      QStringLiteral("DIR")});
    parser.addOption({QStringLiteral("groups"), QStringLiteral("Groups of the fixture to record (default 500)."),
                      QStringLiteral("N"), QStringLiteral("500")});
    parser.addOption({QStringLiteral("raw-interval"),
                      QStringLiteral("Seconds between the raw tier's polls (default 5)."), QStringLiteral("S"),
                      QStringLiteral("5")});
    parser.addOption({QStringLiteral("reuse"), QStringLiteral("Reuse DIR/week-report.sqlite from an earlier run.")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Repetitions of the report build."), QStringLiteral("N"),
                      QStringLiteral("3")});
    parser.addOption({QStringLiteral("partitions"), QStringLiteral("Also time the report with per-partition detail.")});
    parser.addOption({QStringLiteral("no-pdf"), QStringLiteral("Skip the PDF.")});
    parser.addOption({QStringLiteral("every-group"), QStringLiteral("PDF: a page with its chart for every group.")});
    parser.process(app);
    const int groups = std::clamp(parser.value(QStringLiteral("groups")).toInt(), 1, Fixture::groups);
    const int runs = std::max(1, parser.value(QStringLiteral("runs")).toInt());
    const qint64 rawIntervalMs = std::max(1, parser.value(QStringLiteral("raw-interval")).toInt()) * qint64(1000);

    printMachine();
    QTemporaryDir tmp;
    const QString dir = parser.isSet(QStringLiteral("dir")) ? parser.value(QStringLiteral("dir")) : tmp.path();
    QDir().mkpath(dir);
    const QString path = dir + QStringLiteral("/week-report.sqlite");
    const RetentionPolicy policy;
    qint64 nowMs = 0;

    if (parser.isSet(QStringLiteral("reuse")) && QFileInfo::exists(path)) {
        auto store = HistoryStore::open(path, policy, HistoryStore::OpenMode::Reader);
        if (!store)
            return fail(store.errorMessage());
        const auto spans = (*store)->tierSpans(QStringLiteral("primary"));
        if (!spans || spans->rawFromMs < 0)
            return fail(QStringLiteral("%1 holds no fixture history").arg(path));
        // The history was written to end at a coarse bucket boundary, whatever the raw interval.
        const qint64 coarseMs = msOf(policy.coarseBucket);
        nowMs = (spans->newestMs / coarseMs + 1) * coarseMs;
        printLine(QStringLiteral("reusing %1 (%2 MiB), history ending %3")
                      .arg(path)
                      .arg(mib(QFileInfo(path).size()), 0, 'f', 1)
                      .arg(at(nowMs).toString(Qt::ISODate)));
    } else {
        QFile::remove(path);
        QFile::remove(path + QStringLiteral("-wal"));
        auto created = HistoryStore::open(path, policy);
        if (!created)
            return fail(created.errorMessage());
        HistoryStore &store = **created;
        ClusterSnapshot base = syntheticFixtureSnapshot(QDateTime::currentDateTimeUtc());
        base.groups.resize(size_t(groups));
        // Ends at a coarse bucket boundary, so every tier is whole.
        const qint64 coarseMs = msOf(policy.coarseBucket);
        nowMs = QDateTime::currentMSecsSinceEpoch() / coarseMs * coarseMs;
        const std::vector<qint64> times = steadyStatePollTimes(policy, nowMs, rawIntervalMs);
        const Stopwatch fill;
        std::vector<SnapshotPtr> batch;
        for (size_t i = 0; i < times.size(); ++i) {
            ClusterSnapshot judged = base;
            addVerdicts(judged, int(i));
            batch.push_back(variantSnapshot(judged, at(times[i]), int(i), kOffsetBase));
            if (batch.size() == 50 || i + 1 == times.size()) {
                if (Status s = store.appendSnapshots(batch); !s)
                    return fail(s.errorMessage());
                batch.clear();
            }
        }
        const double writeMs = fill.elapsedMs();
        const Stopwatch compactClock;
        if (Status s = store.compact(at(nowMs)); !s)
            return fail(s.errorMessage());
        printLine(QStringLiteral("MEASURED: wrote %1 polls × %2 groups × 20 partitions in %3 s, compacted into the"
                                 " steady-state tiers in %4 s; file %5 MiB + WAL %6 MiB")
                      .arg(times.size())
                      .arg(groups)
                      .arg(writeMs / 1000, 0, 'f', 1)
                      .arg(compactClock.elapsedMs() / 1000, 0, 'f', 1)
                      .arg(mib(QFileInfo(path).size()), 0, 'f', 1)
                      .arg(mib(QFileInfo(path + QStringLiteral("-wal")).size()), 0, 'f', 1));
    }
    reportValue(QStringLiteral("report.history_size"), QStringLiteral("history file"), mib(QFileInfo(path).size()),
                QStringLiteral("MiB"));

    // The report reads through a reader connection, like lagscopectl and the export dialog.
    auto opened = HistoryStore::open(path, policy, HistoryStore::OpenMode::Reader);
    if (!opened)
        return fail(opened.errorMessage());
    const HistoryStore &store = **opened;
    ReportRequest request;
    request.to = at(nowMs);
    request.from = at(nowMs - msOf(policy.keepFor));
    request.slaLagRecords = 5000;
    request.slaLagSeconds = 120;

    std::vector<double> buildMs, buildCpu;
    std::optional<Report> lastReport;
    for (int i = 0; i < runs; ++i) {
        const Stopwatch clock;
        const double cpu0 = processCpuMs();
        auto built = buildReport(store, request, at(nowMs));
        buildMs.push_back(clock.elapsedMs());
        buildCpu.push_back(processCpuMs() - cpu0);
        if (!built)
            return fail(built.errorMessage());
        lastReport = std::move(*built);
    }
    qint64 samples = 0;
    for (const GroupReport &g : lastReport->groups)
        samples += g.lag.samples;
    printLine(QStringLiteral("7-day report: %1 groups, %2 group samples (%3 per group)")
                  .arg(lastReport->groups.size())
                  .arg(samples)
                  .arg(samples / qint64(std::max<size_t>(1, lastReport->groups.size()))));
    {
        const GroupReport &g = lastReport->groups.front();
        QStringList times;
        for (const StateTime &t : g.lagStatuses.value_or(std::vector<StateTime>{}))
            times << QStringLiteral("%1 %2").arg(t.state, formatReportDuration(t.ms));
        printLine(QStringLiteral("first group: lag statuses %1; lag seconds max %2 s (%3 lower-bound samples);"
                                 " %4 lag-seconds breaches")
                      .arg(times.isEmpty() ? QStringLiteral("not recorded") : times.join(QStringLiteral(", ")))
                      .arg(g.lagSeconds ? double(g.lagSeconds->max) / 1000.0 : -1.0)
                      .arg(g.lagSecondsBounds.lowerBoundSamples)
                      .arg(g.breachSeconds ? g.breachSeconds->count : -1));
    }
    report(QStringLiteral("report.build"), QStringLiteral("buildReport, 7 days, every group, wall"), buildMs,
           QStringLiteral("ms"));
    report(QStringLiteral("report.build.cpu"), QStringLiteral("buildReport, CPU"), buildCpu, QStringLiteral("ms"));

    if (parser.isSet(QStringLiteral("partitions"))) {
        ReportRequest detailed = request;
        detailed.partitionDetail = true;
        const Stopwatch clock;
        auto built = buildReport(store, detailed, at(nowMs));
        if (!built)
            return fail(built.errorMessage());
        reportValue(QStringLiteral("report.build.partitions"),
                    QStringLiteral("buildReport with per-partition detail, wall"), clock.elapsedMs(),
                    QStringLiteral("ms"));
        const QString csv = dir + QStringLiteral("/week-partitions-report.csv");
        if (auto files = writeReportCsv(*built, csv); files) {
            qint64 bytes = 0;
            for (const QString &f : *files)
                bytes += QFileInfo(f).size();
            reportValue(QStringLiteral("report.csv_partitions_size"), QStringLiteral("CSV files with partition detail"),
                        double(bytes) / 1024, QStringLiteral("KiB"));
        }
    }

    // Writers.
    {
        const Stopwatch clock;
        const auto files = writeReportCsv(*lastReport, dir + QStringLiteral("/week.csv"));
        if (!files)
            return fail(files.errorMessage());
        const double ms = clock.elapsedMs();
        qint64 bytes = 0;
        QStringList each;
        for (const QString &f : *files) {
            bytes += QFileInfo(f).size();
            each << QStringLiteral("%1 %2 KiB")
                        .arg(QFileInfo(f).fileName())
                        .arg(double(QFileInfo(f).size()) / 1024, 0, 'f', 1);
        }
        printLine(QStringLiteral("CSV files: %1").arg(each.join(QStringLiteral(", "))));
        reportValue(QStringLiteral("report.csv"), QStringLiteral("write CSV (%1 files)").arg(files->size()), ms,
                    QStringLiteral("ms"));
        reportValue(QStringLiteral("report.csv_size"), QStringLiteral("CSV size"), double(bytes) / 1024,
                    QStringLiteral("KiB"));
    }
    {
        const Stopwatch clock;
        if (Status s = writeReportJson(*lastReport, dir + QStringLiteral("/week.json")); !s)
            return fail(s.errorMessage());
        reportValue(QStringLiteral("report.json"), QStringLiteral("write JSON"), clock.elapsedMs(),
                    QStringLiteral("ms"));
        reportValue(QStringLiteral("report.json_size"), QStringLiteral("JSON size"),
                    double(QFileInfo(dir + QStringLiteral("/week.json")).size()) / 1024, QStringLiteral("KiB"));
    }
#ifdef LAGSCOPE_BENCH_PDF
    if (!parser.isSet(QStringLiteral("no-pdf"))) {
        const QString pdf = dir + QStringLiteral("/week.pdf");
        const Stopwatch clock;
        ReportPdfWriter writer(*lastReport,
                               PdfReportOptions{QTimeZone::utc(), parser.isSet(QStringLiteral("every-group"))});
        if (Status s = writer.begin(pdf); !s)
            return fail(s.errorMessage());
        for (int i = 0; i < writer.groupCount(); ++i)
            writer.writeGroup(i);
        const int pages = writer.pageCount();
        if (Status s = writer.finish(); !s)
            return fail(s.errorMessage());
        reportValue(QStringLiteral("report.pdf"),
                    QStringLiteral("write PDF (%1 pages, %2 groups with a chart)").arg(pages).arg(writer.groupCount()),
                    clock.elapsedMs(), QStringLiteral("ms"));
        reportValue(QStringLiteral("report.pdf_size"), QStringLiteral("PDF size"), mib(QFileInfo(pdf).size()),
                    QStringLiteral("MiB"));
        // Counted in the file rather than taken from the writer: each page is one object of
        // type /Page (the page tree's nodes are /Pages, which the pattern leaves out).
        QFile file(pdf);
        if (!file.open(QIODevice::ReadOnly))
            return fail(QStringLiteral("cannot read %1").arg(pdf));
        const QString bytes = QString::fromLatin1(file.readAll());
        reportValue(QStringLiteral("report.pdf_pages"), QStringLiteral("PDF pages (/Type /Page objects in the file)"),
                    double(bytes.count(QRegularExpression(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])")))),
                    QStringLiteral("pages"));
    }
#endif

    // PEER: the plain aggregate of every group's points (no time weighting, no percentile,
    // no topics, no states, no breaches): what reading the history alone costs, through a
    // reader connection of its own. (Before schema 5 this was one SQL GROUP BY over the
    // rows; the points are blocks of points now, decoded by the store.)
    {
        std::vector<double> peerMs;
        size_t rows = 0;
        double largestMax = 0; // printed, so that the aggregate is computed and seen
        auto peer = HistoryStore::open(path, policy, HistoryStore::OpenMode::Reader);
        if (!peer)
            return fail(QStringLiteral("peer: ") + peer.errorMessage());
        const auto stored = (*peer)->storedGroups();
        if (!stored)
            return fail(QStringLiteral("peer: ") + stored.errorMessage());
        for (int i = 0; i < runs; ++i) {
            const Stopwatch clock;
            rows = 0;
            for (const auto &g : *stored) {
                const auto points = (*peer)->groupHistory(g.cluster, g.group, request.from, request.to);
                if (!points)
                    return fail(QStringLiteral("peer: ") + points.errorMessage());
                if (points->empty())
                    continue;
                qint64 max = 0;
                double sum = 0;
                for (const auto &sample : *points) {
                    max = std::max(max, sample.totalLag);
                    sum += double(sample.totalLag);
                }
                largestMax = std::max({largestMax, double(max), sum / double(points->size())});
                ++rows;
            }
            peerMs.push_back(clock.elapsedMs());
        }
        printLine(QStringLiteral("PEER: max/avg/count per group over 7 days from groupHistory: %1 groups, largest"
                                 " lag %2")
                      .arg(rows)
                      .arg(largestMax, 0, 'f', 0));
        report(QStringLiteral("report.peer_read"), QStringLiteral("every group's points read and aggregated, wall"),
               peerMs, QStringLiteral("ms"));
    }
    reportValue(QStringLiteral("report.peak_rss"), QStringLiteral("peak RSS of this process"), peakRssMiB(),
                QStringLiteral("MiB"));
    return 0;
}
