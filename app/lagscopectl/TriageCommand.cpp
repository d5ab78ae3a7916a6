// lagscopectl triage: what is wrong now across every configured cluster and flow, worst
// first — the rows of the desktop app's home page, built by the same code (core/triage) from
// polls of its own. Lag statuses need a window of polls (docs/LAG-STATUS.md), so it polls
// each cluster --polls times (the configured lag_window by default) at --interval.
#include "CliContext.h"

#include "alerts/AlertEvaluator.h"
#include "config/ConfigLoader.h"
#include "mirror/FlowMonitorService.h"
#include "monitor/MonitorService.h"
#include "monitor/SplitBrainMonitor.h"
#include "report/Table.h"
#include "triage/TriageService.h"
#include "util/SecretMasker.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QJsonObject>
#include <QTimer>

#include <algorithm>
#include <limits>
#include <map>
#include <memory>

namespace lagscope::cli {

namespace {

// "4m 05s" ago, "≥ 12s" when it was already so at the first poll.
QString sinceText(const TriageItem &i, const QDateTime &now)
{
    if (!i.since.isValid())
        return QStringLiteral("-");
    const QString d = formatDuration(double(i.since.msecsTo(now)) / 1000.0);
    return i.sinceAtLeast ? QStringLiteral("≥ ") + d : d;
}

Table triageTable(const std::vector<TriageItem> &items, const QDateTime &now)
{
    Table t{{QStringLiteral("SEVERITY"), QStringLiteral("SINCE"), QStringLiteral("CLUSTER"), QStringLiteral("KIND"),
             QStringLiteral("SUBJECT"), QStringLiteral("MESSAGE")},
            {}};
    for (const TriageItem &i : items)
        t.rows.push_back({triageSeverityName(i.severity).toUpper(), sinceText(i, now), i.cluster,
                          triageKindName(i.kind), i.subject, maskSecrets(i.message)});
    return t;
}

struct TriageOptions {
    QString configPath;
    Format format = Format::Table;
    int polls = 0; // 0: the configuration's lag_window
    int intervalMs = 1000;
    int timeoutMs = 0; // 0: derived from polls, interval and the request timeout
};

// Parses the options; returns an exit code, or -1 to go on.
int parseTriageOptions(const QStringList &args, TriageOptions &o, QTextStream &out, QTextStream &err)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "lagscopectl triage: what is wrong now across every configured cluster and MirrorMaker flow, worst first"));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("config"), QStringLiteral("Configuration file (default: %1).").arg(defaultConfigPath()),
         QStringLiteral("file")},
        {QStringLiteral("format"), QStringLiteral("Output format: table, csv or json."), QStringLiteral("format"),
         QStringLiteral("table")},
        {QStringLiteral("polls"),
         QStringLiteral("Polls of each cluster before answering (default: lag_window of the configuration)."),
         QStringLiteral("n")},
        {QStringLiteral("interval"), QStringLiteral("Seconds between two polls of a cluster (default 1)."),
         QStringLiteral("seconds"), QStringLiteral("1")},
        {QStringLiteral("timeout"),
         QStringLiteral("Deadline for the whole command, in seconds (default: the polls' time plus two request "
                        "timeouts)."),
         QStringLiteral("seconds")},
    });
    const auto usage = [&err](const QString &message) {
        err << "lagscopectl triage: " << message << Qt::endl;
        return int(UsageError);
    };
    if (!p.parse(QStringList{QStringLiteral("lagscopectl triage")} + args))
        return usage(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        out << p.helpText();
        return Ok;
    }
    if (const QString repeated = repeatedValueError(p, {}); !repeated.isEmpty())
        return usage(repeated);
    if (!p.positionalArguments().isEmpty())
        return usage(unexpectedArgumentError(p));
    o.configPath = p.isSet(QStringLiteral("config")) ? p.value(QStringLiteral("config")) : defaultConfigPath();
    const QString format = p.value(QStringLiteral("format"));
    if (format == QStringLiteral("json"))
        o.format = Format::Json;
    else if (format == QStringLiteral("csv"))
        o.format = Format::Csv;
    else if (format != QStringLiteral("table"))
        return usage(QStringLiteral("--format must be table, csv or json, not '%1'").arg(format));
    bool ok = true;
    if (p.isSet(QStringLiteral("polls"))) {
        o.polls = p.value(QStringLiteral("polls")).toInt(&ok);
        if (!ok || o.polls < 1 || o.polls > 1000)
            return usage(QStringLiteral("--polls takes a number from 1 to 1000"));
    }
    const double interval = p.value(QStringLiteral("interval")).toDouble(&ok);
    if (!ok || !(interval >= 0.1 && interval <= 3600)) // NaN fails both
        return usage(QStringLiteral("--interval takes seconds from 0.1 to 3600"));
    o.intervalMs = int(interval * 1000);
    if (p.isSet(QStringLiteral("timeout"))) {
        const std::optional<int> ms = timeoutOptionMs(p.value(QStringLiteral("timeout")));
        if (!ms)
            return usage(timeoutOptionError(p.value(QStringLiteral("timeout"))));
        o.timeoutMs = *ms;
    }
    return -1;
}

} // namespace

int triageCommand(const QStringList &args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    TriageOptions o;
    if (const int code = parseTriageOptions(args, o, out, err); code >= 0)
        return code;
    auto loaded = loadConfig(o.configPath);
    if (!loaded) {
        err << "lagscopectl triage: " << maskSecrets(loaded.errorMessage()) << Qt::endl;
        return UsageError;
    }
    AppConfig config = *loaded;
    for (const auto &w : config.warnings)
        err << "warning: " << maskSecrets(w) << Qt::endl;
    const int polls = o.polls > 0 ? o.polls : config.lagWindowPolls;
    config.pollIntervalMs = o.intervalMs;
    // In 64 bits: 1000 polls an hour apart are more milliseconds than an int holds.
    const qint64 derivedMs = qint64(polls) * o.intervalMs + 2 * qint64(config.requestTimeoutMs);
    const int timeoutMs =
        o.timeoutMs > 0 ? o.timeoutMs : int(std::min<qint64>(derivedMs, std::numeric_limits<int>::max()));

    TriageService triage;
    AlertEvaluator alerts(config.alerts); // evaluated, never run: no command, nothing saved
    triage.setAlerts(&alerts);
    SplitBrainMonitor splitBrains(config.flows);
    triage.setSplitBrains(&splitBrains);
    MonitorService monitor(config);
    std::unique_ptr<mirror::FlowMonitorService> flows;
    if (!config.flows.empty()) {
        mirror::FlowPollerSettings settings = mirror::FlowMonitorService::settingsFor(config);
        settings.failoverCacheDir.clear(); // a look, not the app's cache
        flows = std::make_unique<mirror::FlowMonitorService>(config, settings);
    }

    QEventLoop loop;
    std::map<QString, int> seen; // polls per cluster
    std::map<QString, int> flowPolls;
    const auto done = [&] {
        for (const ClusterConfig &c : config.clusters) {
            const SnapshotPtr s = triage.latest(c.name);
            // An unreachable cluster answers once: its pollers back off, and one row says it.
            if (!s || (s->reachable && seen[c.name] < polls))
                return false;
        }
        return !flows || int(flowPolls.size()) >= int(flows->flows().size());
    };
    QObject::connect(&monitor, &MonitorService::updated, &loop, [&](const PollUpdate &u) {
        alerts.evaluate(*u.snapshot, u.snapshot->takenAt);
        splitBrains.apply(u);
        ++seen[u.snapshot->cluster];
        triage.applyCluster(u);
        if (done())
            loop.quit();
    });
    if (flows)
        QObject::connect(flows.get(), &mirror::FlowMonitorService::updated, &loop,
                         [&](const mirror::FlowSnapshotPtr &f, const auto &) {
                             ++flowPolls[f->flow.label()];
                             triage.applyFlow(f);
                             if (done())
                                 loop.quit();
                         });
    bool timedOut = false;
    QTimer::singleShot(timeoutMs, &loop, [&] {
        timedOut = true;
        loop.quit();
    });
    monitor.start();
    if (flows)
        flows->start();
    loop.exec();
    if (timedOut)
        err << "lagscopectl triage: deadline reached after " << timeoutMs / 1000.0
            << " s; listing what the polls so far showed" << Qt::endl;

    const QDateTime now = QDateTime::currentDateTimeUtc();
    const std::vector<TriageItem> &items = triage.items();
    switch (o.format) {
    case Format::Json:
        printJson(out, QJsonObject{{QStringLiteral("generated_at"), now.toString(Qt::ISODate)},
                                   {QStringLiteral("polls"), polls},
                                   {QStringLiteral("items"), triageJson(items)}});
        break;
    case Format::Csv: out << formatCsv(triageTable(items, now)); break;
    case Format::Table:
        if (items.empty())
            out << "Nothing wrong on " << config.clusters.size() << " cluster(s)" << Qt::endl;
        else
            out << formatText(triageTable(items, now));
        break;
    }
    return Ok;
}

} // namespace lagscope::cli
