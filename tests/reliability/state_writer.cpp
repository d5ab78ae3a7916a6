// state_writer: writes the app's two small state files as the app does, for crash tests.
//
//   state_writer --dir D [--rules N] [--groups G]   write until killed
//   state_writer --dir D --check LOG                check after a kill
//
// D/alerts.json is written by the app's own AlertService (its save() after every mute(),
// a QSaveFile). A first run starts from a state with all N rules muted until before kBase;
// each step mutes the next rule until kBase + step seconds, so the newest mute in the file
// tells which step wrote it; a step starts after the newest mute an earlier (killed) run left.
// D/rebalances-primary.json holds a RebalanceDetector's state() for G groups, one group's rebalance end moving each
// step, written as ClusterPoller::saveState() writes it (QSaveFile, compact JSON) and read back as
// ClusterPoller::loadState() reads it (seed()). It prints "alerts-saving <step>" / "alerts-saved <step>" and
// "rebalances-saving <step> <sha1>" / "rebalances-saved <step> <sha1>" around each write, flushed.
//
// Checking: each file must be whole JSON and load (the alert state through AlertService,
// the rebalance state through seed()), and hold what the log's last "saved" line says, or
// what the "saving" line after it was writing when the kill came. Files other than the two
// (a temporary file a kill left behind) are listed. Exit 0 when it holds, 1 if not, 2 on
// usage errors.
#include "alerts/AlertService.h"
#include "monitor/RebalanceDetector.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cstdio>

using namespace lagscope;

namespace {

// Mutes end in 2100: far enough that none expires while a campaign runs.
const QDateTime kBase = QDateTime(QDate(2100, 1, 1), QTime(0, 0), Qt::UTC);
const QString kAlerts = QStringLiteral("alerts.json");
const QString kRebalances = QStringLiteral("rebalances-primary.json");

std::vector<AlertRule> rules(int count)
{
    std::vector<AlertRule> out;
    for (int i = 0; i < count; ++i) {
        AlertRule r;
        r.name = QStringLiteral("rule-%1").arg(i, 5, 10, QLatin1Char('0'));
        r.threshold = 1000 + i;
        out.push_back(r);
    }
    return out;
}

// The step that wrote the alert state: its newest mute; -1 without one.
qint64 alertStep(const AlertService &alerts)
{
    qint64 newest = -1;
    for (const auto &[rule, until] : alerts.evaluator().mutes())
        if (until.isValid())
            newest = std::max(newest, kBase.secsTo(until));
    return newest;
}

// A detector's state with G groups of three members, each in the middle of a rebalance.
RebalanceDetector rebalanceDetector(int groups)
{
    QJsonObject tracks;
    QJsonObject ends;
    const double t = double(kBase.toMSecsSinceEpoch());
    for (int g = 0; g < groups; ++g) {
        QJsonArray members;
        for (int m = 0; m < 3; ++m)
            members.append(
                QJsonObject{{QStringLiteral("id"), QStringLiteral("member-%1-%2").arg(g).arg(m)},
                            {QStringLiteral("client"), QStringLiteral("client-%1").arg(m)},
                            {QStringLiteral("host"), QStringLiteral("/10.0.0.%1").arg(m)},
                            {QStringLiteral("assignment"), QJsonArray{QJsonArray{QStringLiteral("orders"), m},
                                                                      QJsonArray{QStringLiteral("orders"), m + 3}}}});
        const QString name = QStringLiteral("group-%1").arg(g);
        tracks.insert(name, QJsonObject{{QStringLiteral("settledAt"), t},
                                        {QStringLiteral("members"), members},
                                        {QStringLiteral("open"), g % 2 == 0},
                                        {QStringLiteral("named"), true},
                                        {QStringLiteral("firstRebalancingAt"), t - 4000},
                                        {QStringLiteral("lastRebalancingAt"), t - 2000},
                                        {QStringLiteral("states"), QJsonArray{QStringLiteral("PreparingRebalance")}}});
        ends.insert(name, QJsonArray{t - 60000, t - 30000});
    }
    RebalanceDetector detector;
    if (!detector.seed(QJsonObject{
            {QStringLiteral("version"), 1}, {QStringLiteral("tracks"), tracks}, {QStringLiteral("recentEnds"), ends}}))
        std::fprintf(stderr, "the rebalance state was refused\n");
    return detector;
}

// A first run starts from a full alert state: every rule muted until before kBase (so the
// newest mute is still the step's), written whole, so that every step rewrites a file of
// the same, realistic size (a few hundred rules and instances make about as much).
void seedAlertState(const QString &path, int ruleCount)
{
    if (QFile::exists(path))
        return;
    QJsonArray mutes;
    for (int i = 0; i < ruleCount; ++i)
        mutes.append(QJsonObject{{QStringLiteral("rule"), QStringLiteral("rule-%1").arg(i, 5, 10, QLatin1Char('0'))},
                                 {QStringLiteral("until"), kBase.addSecs(-1 - i).toString(Qt::ISODateWithMs)}});
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(QJsonObject{{QStringLiteral("version"), 1},
                                                {QStringLiteral("instances"), QJsonArray{}},
                                                {QStringLiteral("mutes"), mutes}})
                          .toJson())
               < 0
        || !file.commit())
        std::fprintf(stderr, "cannot seed %s\n", qPrintable(path));
}

QByteArray sha1(const QByteArray &bytes) { return QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex(); }

void say(const char *what, qint64 step, const QByteArray &hash = {})
{
    std::printf("%s %lld%s%s\n", what, static_cast<long long>(step), hash.isEmpty() ? "" : " ", hash.constData());
    std::fflush(stdout);
}

int write(const QDir &dir, int ruleCount, int groups)
{
    seedAlertState(dir.filePath(kAlerts), ruleCount);
    AlertService alerts(rules(ruleCount), dir.filePath(kAlerts));
    RebalanceDetector detector = rebalanceDetector(groups);
    for (qint64 step = alertStep(alerts) + 1;; ++step) {
        say("alerts-saving", step);
        alerts.mute(QStringLiteral("rule-%1").arg(step % ruleCount, 5, 10, QLatin1Char('0')), kBase.addSecs(step));
        alerts.waitForSave(); // the app writes it on a thread of its own; "saved" means on disk
        if (!alerts.lastSaveError().isEmpty())
            return std::fprintf(stderr, "alerts: %s\n", qPrintable(alerts.lastSaveError())), 1;
        say("alerts-saved", step);

        // One group's newest rebalance end moves on: the whole state is written again, as
        // the poller does after every change.
        detector.seed(QStringLiteral("group-%1").arg(step % groups), {kBase.addSecs(step)});
        const QByteArray state = QJsonDocument(detector.state()).toJson(QJsonDocument::Compact);
        say("rebalances-saving", step, sha1(state));
        QSaveFile file(dir.filePath(kRebalances));
        if (!file.open(QIODevice::WriteOnly) || file.write(state) < 0 || !file.commit())
            return std::fprintf(stderr, "rebalances: %s\n", qPrintable(file.errorString())), 1;
        say("rebalances-saved", step, sha1(state));
    }
}

struct Expected {
    qint64 saved = -1;   // the last step whose write completed
    qint64 writing = -1; // a step whose write had started when the log ends, else -1
    QByteArray savedHash, writingHash;
};

Expected expected(const QList<QList<QByteArray>> &lines, const QByteArray &prefix)
{
    Expected e;
    for (const auto &words : lines) {
        if (words.size() < 2)
            continue;
        const QByteArray hash = words.value(2);
        if (words[0] == prefix + "-saved") {
            e.saved = words[1].toLongLong();
            e.savedHash = hash;
            e.writing = -1;
        } else if (words[0] == prefix + "-saving") {
            e.writing = words[1].toLongLong();
            e.writingHash = hash;
        }
    }
    return e;
}

int check(const QDir &dir, int ruleCount, const QString &logPath)
{
    QFile log(logPath);
    if (!log.open(QIODevice::ReadOnly))
        return std::fprintf(stderr, "cannot read %s\n", qPrintable(logPath)), 2;
    QList<QList<QByteArray>> lines;
    while (!log.atEnd())
        lines.append(log.readLine().trimmed().split(' '));
    int failures = 0;

    // The alert state: whole JSON, loaded by the app's own service, the step saved or being saved.
    const Expected a = expected(lines, "alerts");
    QFile alertsFile(dir.filePath(kAlerts));
    qint64 alertsAt = -1;
    if (!alertsFile.open(QIODevice::ReadOnly)) {
        if (a.saved >= 0)
            ++failures, std::fprintf(stderr, "alerts.json is missing after step %lld was saved\n",
                                     static_cast<long long>(a.saved));
    } else {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(alertsFile.readAll(), &error);
        if (!doc.isObject()) {
            ++failures;
            std::fprintf(stderr, "alerts.json is not whole JSON: %s at %d\n", qPrintable(error.errorString()),
                         error.offset);
        }
        const AlertService alerts(rules(ruleCount), dir.filePath(kAlerts));
        alertsAt = alertStep(alerts);
        if (alertsAt != a.saved && alertsAt != a.writing) {
            ++failures;
            std::fprintf(stderr, "alerts.json holds step %lld; saved %lld, writing %lld\n",
                         static_cast<long long>(alertsAt), static_cast<long long>(a.saved),
                         static_cast<long long>(a.writing));
        }
    }

    // The rebalance state: the bytes saved or being saved, accepted by seed().
    const Expected r = expected(lines, "rebalances");
    QFile rebalancesFile(dir.filePath(kRebalances));
    QByteArray hash;
    if (!rebalancesFile.open(QIODevice::ReadOnly)) {
        if (r.saved >= 0)
            ++failures, std::fprintf(stderr, "%s is missing after a save\n", qPrintable(kRebalances));
    } else {
        const QByteArray bytes = rebalancesFile.readAll();
        hash = sha1(bytes);
        RebalanceDetector detector;
        const QJsonDocument doc = QJsonDocument::fromJson(bytes);
        if (!doc.isObject() || !detector.seed(doc.object()))
            ++failures, std::fprintf(stderr, "%s does not load (%lld bytes)\n", qPrintable(kRebalances),
                                     static_cast<long long>(bytes.size()));
        if (hash != r.savedHash && hash != r.writingHash)
            ++failures, std::fprintf(stderr, "%s is neither the state saved nor the one being saved\n",
                                     qPrintable(kRebalances));
    }

    QStringList others = dir.entryList(QDir::Files | QDir::Hidden);
    others.removeAll(kAlerts);
    others.removeAll(kRebalances);
    std::printf(
        "alerts.json step %lld (saved %lld%s); %s %s; other files: %lld%s%s\n", static_cast<long long>(alertsAt),
        static_cast<long long>(a.saved), a.writing >= 0 ? ", was writing the next" : "", qPrintable(kRebalances),
        hash == r.savedHash     ? "as saved"
        : hash == r.writingHash ? "as being saved"
                                : "OTHER",
        static_cast<long long>(others.size()), others.isEmpty() ? "" : " ", qPrintable(others.join(QLatin1Char(' '))));
    return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    parser.addOptions({
        {QStringLiteral("dir"), QStringLiteral("The folder of the state files."), QStringLiteral("D")},
        {QStringLiteral("rules"), QStringLiteral("Alert rules (one mute each)."), QStringLiteral("N"),
         QStringLiteral("2000")},
        {QStringLiteral("groups"), QStringLiteral("Groups in the rebalance state."), QStringLiteral("G"),
         QStringLiteral("300")},
        {QStringLiteral("check"), QStringLiteral("Check the files against this writer's log."), QStringLiteral("LOG")},
    });
    parser.process(app);
    if (!parser.isSet(QStringLiteral("dir")))
        return std::fprintf(stderr, "--dir is required\n"), 2;
    const QDir dir(parser.value(QStringLiteral("dir")));
    const int ruleCount = parser.value(QStringLiteral("rules")).toInt();
    const int groups = parser.value(QStringLiteral("groups")).toInt();
    if (ruleCount < 1 || groups < 1)
        return std::fprintf(stderr, "--rules and --groups must be positive\n"), 2;
    if (parser.isSet(QStringLiteral("check")))
        return check(dir, ruleCount, parser.value(QStringLiteral("check")));
    return write(dir, ruleCount, groups);
}
