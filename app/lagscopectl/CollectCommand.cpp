// lagscopectl collect: the desktop app's monitoring without its window, for a server — the same
// pollers, lag verdicts, rebalance detector, MirrorMaker 2 monitor, alerts (with their
// commands) and history (core/session/MonitoringSession), until SIGTERM or SIGINT. Then the
// polls in flight complete and are recorded, and it exits 0. What a person on call should see
// later (alerts, clusters lost and found, history failures) goes to stderr, which systemd
// keeps in the journal.
#include "CliContext.h"

#include "alerts/AlertService.h"
#include "config/ConfigLoader.h"
#include "metrics/MetricsExporter.h"
#include "mirror/FlowMonitorService.h"
#include "monitor/MonitorService.h"
#include "session/MonitoringSession.h"
#include "store/HistoryRecorder.h"
#include "store/HistoryLocation.h"
#include "store/HistoryStore.h"
#include "util/SecretMasker.h"

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QSocketNotifier>
#include <QStringList>

#include <map>

#include <csignal>
#include <sys/socket.h>
#include <unistd.h>

namespace lagscope::cli {

namespace {

// The write end of the self-pipe: a signal handler may only write() (async-signal-safe); the
// event loop reads the other end and stops in an orderly way.
int g_signalWrite = -1;

void onStopSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalWrite, &byte, 1);
}

struct CollectOptions {
    QString configPath;
    QString historyPath;
    QString metricsListen; // empty: no /metrics
    MetricsOptions metrics;
};

// Parses the options; returns an exit code, or -1 to go on.
int parseCollectOptions(const QStringList &args, CollectOptions &o, QTextStream &out, QTextStream &err)
{
    QCommandLineParser p;
    p.setApplicationDescription(QStringLiteral(
        "lagscopectl collect: poll every configured cluster and MirrorMaker flow, judge lag, raise alerts and "
        "record the history, without a window, until SIGTERM"));
    p.addHelpOption();
    p.addOptions({
        {QStringLiteral("config"), QStringLiteral("Configuration file (default: %1).").arg(defaultConfigPath()),
         QStringLiteral("file")},
        {QStringLiteral("history"),
         QStringLiteral("History file (default: %1). The alert and rebalance state is kept in its folder.")
             .arg(HistoryStore::defaultPath()),
         QStringLiteral("file")},
        {QStringLiteral("metrics-listen"),
         QStringLiteral("Serve /metrics in the Prometheus text format on this address, e.g. 127.0.0.1:9464 "
                        "(:9464 for every address)."),
         QStringLiteral("host:port")},
        {QStringLiteral("no-partition-metrics"),
         QStringLiteral("Leave out the per-partition series of /metrics (lag, offset, lag seconds); the per-group "
                        "series stay.")},
    });
    const auto usage = [&err](const QString &message) {
        err << "lagscopectl collect: " << message << Qt::endl;
        return int(UsageError);
    };
    if (!p.parse(QStringList{QStringLiteral("lagscopectl collect")} + args))
        return usage(p.errorText());
    if (p.isSet(QStringLiteral("help"))) {
        out << p.helpText();
        return Ok;
    }
    if (const QString repeated = repeatedValueError(p, {}); !repeated.isEmpty())
        return usage(repeated);
    if (!p.positionalArguments().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().constFirst()));
    o.configPath = p.isSet(QStringLiteral("config")) ? p.value(QStringLiteral("config")) : defaultConfigPath();
    o.historyPath =
        p.isSet(QStringLiteral("history")) ? p.value(QStringLiteral("history")) : HistoryStore::defaultPath();
    if (p.isSet(QStringLiteral("metrics-listen"))) {
        o.metricsListen = p.value(QStringLiteral("metrics-listen"));
        if (const auto parsed = parseHostPort(o.metricsListen); !parsed)
            return usage(QStringLiteral("--metrics-listen: ") + parsed.errorMessage());
    }
    o.metrics.partitions = !p.isSet(QStringLiteral("no-partition-metrics"));
    return -1;
}

// SIGTERM and SIGINT write to the self-pipe; false when it cannot be set up.
bool installStopSignals(int fds[2])
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
        return false;
    g_signalWrite = fds[1];
    struct sigaction action { };
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    return ::sigaction(SIGTERM, &action, nullptr) == 0 && ::sigaction(SIGINT, &action, nullptr) == 0;
}

// One line per change of a cluster's reachability, not one per failed poll.
void logReachability(QTextStream &err, std::map<QString, bool> &reachable, const ClusterSnapshot &s)
{
    const auto it = reachable.find(s.cluster);
    if (it != reachable.end() && it->second == s.reachable)
        return;
    if (!s.reachable)
        err << "collect: cluster " << s.cluster << " unreachable: " << maskSecrets(s.error) << Qt::endl;
    else if (it != reachable.end())
        err << "collect: cluster " << s.cluster << " reachable again" << Qt::endl;
    reachable[s.cluster] = s.reachable;
}

} // namespace

int collectCommand(const QStringList &args)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    CollectOptions o;
    if (const int code = parseCollectOptions(args, o, out, err); code >= 0)
        return code;
    auto loaded = loadConfig(o.configPath);
    if (!loaded) {
        err << "lagscopectl collect: " << maskSecrets(loaded.errorMessage()) << Qt::endl;
        return UsageError;
    }
    const AppConfig config = *loaded;
    for (const auto &w : config.warnings)
        err << "warning: " << maskSecrets(w) << Qt::endl;
    if (config.clusters.empty()) {
        err << "lagscopectl collect: " << o.configPath << ": the configuration names no cluster to collect" << Qt::endl;
        return UsageError;
    }
    int fds[2] = {-1, -1};
    if (!installStopSignals(fds)) {
        err << "lagscopectl collect: cannot handle SIGTERM: " << qt_error_string(errno) << Qt::endl;
        return RuntimeError;
    }

    const QString stateDirectory = QFileInfo(o.historyPath).absolutePath();
    MonitoringSession session(config, o.historyPath, stateDirectory, true);
    for (const QString &problem : session.flows()->problems())
        err << "warning: " << problem << Qt::endl;
    QObject::connect(session.recorder(), &HistoryRecorder::warning, &session,
                     [&err](const QString &m) { err << "collect: history: " << maskSecrets(m) << Qt::endl; });
    QObject::connect(session.recorder(), &HistoryRecorder::opened, &session, [&err](const QString &path) {
        err << "collect: recording history in " << historyDisplayName(path) << Qt::endl;
    });
    // A shared history: which clusters this collector writes, and which another one does.
    QObject::connect(session.recorder(), &HistoryRecorder::writerChanged, &session,
                     [&err](const QString &cluster, bool writing) {
                         if (writing)
                             err << "collect: writing the history of " << cluster << Qt::endl;
                         else
                             err << "collect: another collector writes the history of " << cluster
                                 << "; polling it without writing" << Qt::endl;
                     });
    QObject::connect(session.alerts(), &AlertService::events, &session, [&err](const std::vector<ClusterEvent> &es) {
        for (const ClusterEvent &e : es)
            err << "collect: " << severityName(e.severity) << ": " << e.cluster << ": " << maskSecrets(e.message)
                << Qt::endl;
    });
    std::map<QString, bool> reachable;
    // Per cluster: polls made, and those of them written to the history by this process; the
    // stop line tells both, so a poll lost between the two shows (tst_collectpostgres).
    std::map<QString, std::pair<qint64, qint64>> polls;
    QObject::connect(session.monitor(), &MonitorService::updated, &session, [&](const PollUpdate &u) {
        ++polls[u.snapshot->cluster].first;
        logReachability(err, reachable, *u.snapshot);
    });
    QObject::connect(session.recorder(), &HistoryRecorder::recorded, &session,
                     [&polls](const QString &cluster, const QDateTime &) { ++polls[cluster].second; });

    MetricsExporter metrics(o.metrics);
    if (!o.metricsListen.isEmpty()) {
        if (const Status listening = metrics.listen(o.metricsListen); !listening) {
            err << "lagscopectl collect: " << listening.errorMessage() << Qt::endl;
            return RuntimeError;
        }
        QObject::connect(session.monitor(), &MonitorService::updated, &metrics, &MetricsExporter::applyPoll);
        QObject::connect(session.flows(), &mirror::FlowMonitorService::updated, &metrics, &MetricsExporter::applyFlow);
        QObject::connect(session.recorder(), &HistoryRecorder::writerChanged, &metrics,
                         &MetricsExporter::applyHistoryWriter);
        QObject::connect(session.recorder(), &HistoryRecorder::backlog, &metrics,
                         &MetricsExporter::applyHistoryBacklog);
        // With port 0 the system chose one: the log says which.
        err << "collect: serving metrics on http://"
            << o.metricsListen.left(o.metricsListen.lastIndexOf(QLatin1Char(':'))) << ":" << metrics.port()
            << "/metrics" << Qt::endl;
    }

    QEventLoop loop;
    QSocketNotifier notifier(fds[0], QSocketNotifier::Read);
    QObject::connect(&notifier, &QSocketNotifier::activated, &loop, &QEventLoop::quit);
    err << "collect: polling " << config.clusters.size() << " cluster(s) and " << session.flows()->flows().size()
        << " flow(s) every " << config.pollIntervalMs / 1000.0 << " s" << Qt::endl;
    session.openHistory();
    session.startPolling();
    loop.exec();

    err << "collect: stopping: completing the polls in flight" << Qt::endl;
    QElapsedTimer stopping;
    stopping.start();
    session.finish();
    qint64 total = 0;
    QStringList perCluster;
    for (const auto &[cluster, counts] : polls) {
        total += counts.first;
        perCluster << QStringLiteral("%1 %2 (%3 written)").arg(cluster).arg(counts.first).arg(counts.second);
    }
    err << "collect: stopped after " << total << " cluster polls (" << stopping.elapsed()
        << " ms to stop): " << perCluster.join(QStringLiteral(", ")) << Qt::endl;
    return Ok;
}

} // namespace lagscope::cli
