#include "report/ReportBuilder.h"

#include "report/ReportHistoryExtras.h"
#include "report/ReportStats.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ReportBuilderText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::Report)
};

qint64 reportMsOf(std::chrono::seconds s) { return std::chrono::duration_cast<std::chrono::milliseconds>(s).count(); }

QString utc(const QDateTime &t) { return t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss 'UTC'")); }

using reportstats::Interval;
using reportstats::SampleTime;

// Times of a series with the span each stands for, from the tier it lies in.
template <typename Sample>
std::vector<SampleTime> sampleTimes(const std::vector<Sample> &samples, const HistoryStore::TierSpans &tiers,
                                    const RetentionPolicy &policy)
{
    std::vector<SampleTime> out;
    out.reserve(samples.size());
    for (const Sample &s : samples)
        out.push_back({s.timeMs, tiers.spanOf(s.timeMs, policy)});
    return out;
}

// Everything of one group; false when it has no sample in the range.
Result<bool> fillGroup(const HistoryStore &store, const ReportRequest &request, const HistoryStore::TierSpans &tiers,
                       GroupReport &g)
{
    const RetentionPolicy &policy = store.policy();
    const qint64 fromMs = request.from.toMSecsSinceEpoch();
    const qint64 toMs = request.to.toMSecsSinceEpoch();

    const auto history = store.groupHistory(g.cluster, g.group, request.from, request.to);
    if (!history)
        return history.error();
    if (history->empty())
        return false;
    const std::vector<Interval> intervals = reportstats::holds(sampleTimes(*history, tiers, policy), fromMs, toMs);
    std::vector<qint64> totals;
    std::vector<QString> states;
    totals.reserve(history->size());
    states.reserve(history->size());
    for (const HistoryStore::GroupSample &s : *history) {
        totals.push_back(s.totalLag);
        states.push_back(s.state);
        g.maxPartitionLag = std::max(g.maxPartitionLag, s.maxLag);
        g.totalSeries.push_back({s.timeMs, s.totalLag});
    }
    g.lag = reportstats::lagStats(totals, intervals);
    if (request.slaLagRecords)
        g.breach = reportstats::breaches(totals, intervals, double(*request.slaLagRecords));
    g.groupStates = reportstats::timeInStates(states, intervals);
    g.stateTimeline = reportstats::stateTimeline(states, intervals);
    const HistoryStore::GroupSample &last = history->back();
    g.current.timeMs = last.timeMs;
    g.current.state = last.state;
    g.current.members = last.members;
    g.current.totalLag = last.totalLag;
    g.current.maxPartitionLag = last.maxLag;
    if (Status s = reportextras::fillStatuses(store, request, tiers, g); !s)
        return s.error();
    if (Status s = reportextras::fillRebalances(store, request, g); !s)
        return s.error();

    // A group of one topic: the topic's lag is the group's, and the group's stored series is
    // the better one (a bucket keeps the maximum of the total, where a topic's bucket is the
    // sum of its partitions' maxima). It also spares reading every partition's samples.
    const auto topicNames = store.groupTopics(g.cluster, g.group);
    if (!topicNames)
        return topicNames.error();
    if (topicNames->size() == 1) {
        g.topics.push_back(TopicReport{topicNames->first(), g.lag});
        g.topicSeries[topicNames->first()] = g.totalSeries;
    }
    using TopicHistory = std::map<QString, std::vector<HistoryStore::TopicSample>>;
    const Result<TopicHistory> topics = topicNames->size() == 1
                                            ? Result<TopicHistory>(TopicHistory())
                                            : store.topicHistory(g.cluster, g.group, request.from, request.to);
    if (!topics)
        return topics.error();
    for (const auto &[topic, samples] : *topics) {
        const auto topicIntervals = reportstats::holds(sampleTimes(samples, tiers, policy), fromMs, toMs);
        std::vector<qint64> lags;
        std::vector<SeriesPoint> &series = g.topicSeries[topic];
        for (const HistoryStore::TopicSample &s : samples) {
            lags.push_back(s.totalLag);
            series.push_back({s.timeMs, s.totalLag});
        }
        g.topics.push_back(TopicReport{topic, reportstats::lagStats(lags, topicIntervals)});
    }

    if (request.partitionDetail) {
        const auto partitions = store.partitionHistory(g.cluster, g.group, request.from, request.to);
        if (!partitions)
            return partitions.error();
        for (const auto &[tp, samples] : *partitions) {
            const auto pIntervals = reportstats::holds(sampleTimes(samples, tiers, policy), fromMs, toMs);
            PartitionReport p;
            p.partition = tp;
            std::vector<qint64> lags;
            for (const HistoryStore::PartitionSample &s : samples) {
                lags.push_back(s.lag);
                if (s.committed >= 0)
                    p.committed = s.committed;
                if (s.logEnd >= 0)
                    p.logEnd = s.logEnd;
            }
            p.lag = reportstats::lagStats(lags, pIntervals);
            g.partitions.push_back(std::move(p));
        }
    }
    return true;
}

} // namespace

QString formatReportDuration(qint64 ms)
{
    const qint64 s = (ms + 500) / 1000;
    if (s < 60)
        return ReportBuilderText::tr("%1 s").arg(s);
    if (s < 3600)
        return s % 60 ? ReportBuilderText::tr("%1 min %2 s").arg(s / 60).arg(s % 60)
                      : ReportBuilderText::tr("%1 min").arg(s / 60);
    const qint64 m = s / 60;
    if (m < 24 * 60)
        return m % 60 ? ReportBuilderText::tr("%1 h %2 min").arg(m / 60).arg(m % 60)
                      : ReportBuilderText::tr("%1 h").arg(m / 60);
    const qint64 h = m / 60;
    return h % 24 ? ReportBuilderText::tr("%1 d %2 h").arg(h / 24).arg(h % 24)
                  : ReportBuilderText::tr("%1 d").arg(h / 24);
}

Status checkReportRange(const ReportRequest &request, const RetentionPolicy &policy, const QDateTime &now)
{
    if (!request.from.isValid() || !request.to.isValid())
        return Status::failure(ReportBuilderText::tr("The report needs a start and an end time"));
    if (request.from >= request.to)
        return Status::failure(ReportBuilderText::tr("The report range is empty: it starts at %1 and ends at %2")
                                   .arg(utc(request.from), utc(request.to)));
    if (request.from > now)
        return Status::failure(
            ReportBuilderText::tr("The report range starts in the future (%1)").arg(utc(request.from)));
    const QDateTime oldest = now.addMSecs(-reportMsOf(policy.keepFor));
    if (request.from < oldest)
        return Status::failure(
            ReportBuilderText::tr("The history keeps %1 (back to %2); the requested range starts at %3, %4 earlier. "
                                  "Choose a range within the last %1.")
                .arg(formatReportDuration(reportMsOf(policy.keepFor)), utc(oldest), utc(request.from),
                     formatReportDuration(request.from.msecsTo(oldest))));
    return success();
}

Result<std::vector<HistoryStore::StoredGroup>> selectReportGroups(const HistoryStore &store,
                                                                  const ReportRequest &request)
{
    using R = Result<std::vector<HistoryStore::StoredGroup>>;
    QRegularExpression pattern;
    if (!request.groupPattern.isEmpty()) {
        pattern.setPattern(QRegularExpression::anchoredPattern(request.groupPattern));
        if (!pattern.isValid())
            return R::failure(ReportBuilderText::tr("The group pattern '%1' is not a valid regular expression: %2")
                                  .arg(request.groupPattern, pattern.errorString()));
    }
    const auto stored = store.storedGroups();
    if (!stored)
        return stored.error();
    std::set<QString> known;
    for (const auto &g : *stored)
        known.insert(g.cluster);
    for (const QString &c : request.clusters)
        if (!known.count(c)) {
            QStringList names(known.begin(), known.end());
            return R::failure(
                ReportBuilderText::tr("The history has no data of cluster '%1' (it has: %2)")
                    .arg(c, names.isEmpty() ? ReportBuilderText::tr("none") : names.join(QStringLiteral(", "))));
        }
    std::vector<HistoryStore::StoredGroup> out;
    for (const auto &g : *stored) {
        if (!request.clusters.isEmpty() && !request.clusters.contains(g.cluster))
            continue;
        if (!request.groupPattern.isEmpty() && !pattern.match(g.group).hasMatch())
            continue;
        out.push_back(g);
    }
    if (out.empty())
        return R::failure(
            request.groupPattern.isEmpty()
                ? ReportBuilderText::tr("The history has no consumer groups to report on")
                : ReportBuilderText::tr("No consumer group in the history matches '%1'").arg(request.groupPattern));
    return out;
}

Result<Report> buildReport(const HistoryStore &store, const ReportRequest &request, const QDateTime &now,
                           const ReportProgress &progress)
{
    if (Status s = checkReportRange(request, store.policy(), now); !s)
        return s.error();
    const auto selected = selectReportGroups(store, request);
    if (!selected)
        return selected.error();

    Report report;
    report.request = request;
    report.generatedAt = now.toUTC();
    report.historyPath = store.path();
    report.retentionMs = reportMsOf(store.policy().keepFor);
    // Sections that need the lag-status data in the history (docs/LAG-STATUS.md); never invented here. Rebalances
    // are always available: every history the store opens has their table.
    report.lagSecondsNote = ReportBuilderText::tr("not available: no lag in seconds recorded in the range "
                                                  "(histories before schema version 4 have none)");
    report.lagStatusNote = ReportBuilderText::tr("not available: no lag status recorded in the range "
                                                 "(histories before schema version 4 have none)");

    std::map<QString, HistoryStore::TierSpans> tiers;
    int done = 0;
    int empty = 0;
    const int total = int(selected->size());
    for (const auto &sg : *selected) {
        if (progress.onProgress)
            progress.onProgress(done, total);
        if (progress.cancel && progress.cancel->load())
            return Result<Report>::failure(ReportBuilderText::tr("The report was cancelled"));
        ++done;
        auto t = tiers.find(sg.cluster);
        if (t == tiers.end()) {
            const auto spans = store.tierSpans(sg.cluster);
            if (!spans)
                return spans.error();
            t = tiers.emplace(sg.cluster, *spans).first;
        }
        GroupReport g;
        g.cluster = sg.cluster;
        g.group = sg.group;
        const Result<bool> filled = fillGroup(store, request, t->second, g);
        if (!filled)
            return Result<Report>(filled.error());
        if (*filled)
            report.groups.push_back(std::move(g));
        else
            ++empty;
    }
    if (progress.onProgress)
        progress.onProgress(total, total);
    // A section is available when the history recorded it for some group; groups whose
    // samples predate it show a missing value, and a note counts them.
    int withStatus = 0;
    int withSeconds = 0;
    for (const GroupReport &g : report.groups) {
        withStatus += g.lagStatuses ? 1 : 0;
        withSeconds += g.lagSeconds ? 1 : 0;
    }
    const int groupCount = int(report.groups.size());
    if (withStatus > 0)
        report.lagStatusNote.clear();
    if (withSeconds > 0)
        report.lagSecondsNote.clear();
    if (withStatus > 0 && withStatus < groupCount)
        report.notes << QCoreApplication::translate(
            "lagscope::Report", "%n group(s) have no lag status in the range (recorded before lag statuses were).",
            nullptr, groupCount - withStatus);
    if (withSeconds > 0 && withSeconds < groupCount)
        report.notes << QCoreApplication::translate(
            "lagscope::Report", "%n group(s) have no lag in seconds in the range.", nullptr, groupCount - withSeconds);
    if (empty > 0)
        report.notes << QCoreApplication::translate(
            "lagscope::Report", "%n selected group(s) had no data in the range and are left out.", nullptr, empty);
    if (report.groups.empty())
        return Result<Report>::failure(ReportBuilderText::tr("No selected group has history between %1 and %2")
                                           .arg(utc(request.from), utc(request.to)));
    return report;
}

} // namespace lagscope
