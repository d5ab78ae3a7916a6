#include "report/ReportJson.h"

#include "report/ReportTables.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace lagscope {

namespace {

QJsonValue time(qint64 ms) { return ms >= 0 ? QJsonValue(reportTime(ms)) : QJsonValue(); }

QJsonValue count(qint64 v) { return v >= 0 ? QJsonValue(v) : QJsonValue(); }

double jsonSeconds(qint64 ms) { return double(ms) / 1000.0; }

QJsonObject lag(const LagStats &s, double scale = 1.0)
{
    auto value = [&](qint64 v) {
        return v >= 0 ? QJsonValue(scale == 1.0 ? double(v) : double(v) * scale) : QJsonValue();
    };
    return {{QStringLiteral("max"), value(s.max)},
            {QStringLiteral("avg"), s.known() ? QJsonValue(s.avg * scale) : QJsonValue()},
            {QStringLiteral("p95"), value(s.p95)},
            {QStringLiteral("samples"), s.samples},
            {QStringLiteral("covered_seconds"), jsonSeconds(s.coveredMs)}};
}

QJsonValue breach(const std::optional<BreachStats> &b)
{
    if (!b)
        return QJsonValue();
    return QJsonObject{{QStringLiteral("count"), b->count},
                       {QStringLiteral("total_seconds"), jsonSeconds(b->totalMs)},
                       {QStringLiteral("longest_seconds"), jsonSeconds(b->longestMs)},
                       {QStringLiteral("longest_start"), time(b->longestStartMs)}};
}

QJsonArray states(const std::vector<StateTime> &list)
{
    QJsonArray out;
    for (const StateTime &s : list)
        out.append(QJsonObject{{QStringLiteral("state"), s.state}, {QStringLiteral("seconds"), jsonSeconds(s.ms)}});
    return out;
}

QJsonObject section(const QString &note)
{
    return {{QStringLiteral("available"), note.isEmpty()},
            {QStringLiteral("note"), note.isEmpty() ? QJsonValue() : QJsonValue(note)}};
}

// A timeline of spans, each with its value under `key`.
QJsonArray spans(const std::vector<StateSpan> &timeline, const QString &key)
{
    QJsonArray out;
    for (const StateSpan &s : timeline)
        out.append(QJsonObject{
            {QStringLiteral("start"), time(s.startMs)}, {QStringLiteral("end"), time(s.endMs)}, {key, s.state}});
    return out;
}

QJsonObject group(const GroupReport &g)
{
    QJsonObject o{{QStringLiteral("cluster"), g.cluster},
                  {QStringLiteral("group"), g.group},
                  {QStringLiteral("lag"), lag(g.lag)},
                  {QStringLiteral("max_partition_lag"), count(g.maxPartitionLag)},
                  {QStringLiteral("lag_seconds"), g.lagSeconds ? QJsonValue(lag(*g.lagSeconds, 0.001)) : QJsonValue()},
                  {QStringLiteral("lag_seconds_at_least"), g.lagSecondsAtLeast},
                  {QStringLiteral("lag_seconds_lower_bounds"),
                   g.lagSeconds ? QJsonValue(
                       QJsonObject{{QStringLiteral("samples"), g.lagSecondsBounds.lowerBoundSamples},
                                   {QStringLiteral("covered_seconds"), jsonSeconds(g.lagSecondsBounds.lowerBoundMs)}})
                                : QJsonValue()},
                  {QStringLiteral("breaches"), breach(g.breach)},
                  {QStringLiteral("breaches_seconds"), breach(g.breachSeconds)},
                  {QStringLiteral("group_states"), states(g.groupStates)},
                  {QStringLiteral("lag_statuses"), g.lagStatuses ? QJsonValue(states(*g.lagStatuses)) : QJsonValue()},
                  {QStringLiteral("lag_status_no_data_seconds"),
                   g.lagStatuses ? QJsonValue(jsonSeconds(g.lagStatusNoDataMs)) : QJsonValue()}};
    if (g.rebalances) {
        QJsonArray list;
        for (const ReportRebalance &r : g.rebalances->list)
            list.append(QJsonObject{{QStringLiteral("start_after"), time(r.startAfterMs)},
                                    {QStringLiteral("start_by"), time(r.startByMs)},
                                    {QStringLiteral("end_after"), time(r.endAfterMs)},
                                    {QStringLiteral("end_by"), time(r.endByMs)},
                                    {QStringLiteral("min_duration_seconds"), jsonSeconds(r.minDurationMs)},
                                    {QStringLiteral("max_duration_seconds"), jsonSeconds(r.maxDurationMs)},
                                    {QStringLiteral("trigger"), r.trigger},
                                    {QStringLiteral("members_before"), r.membersBefore},
                                    {QStringLiteral("members_after"), r.membersAfter},
                                    {QStringLiteral("partitions_moved"), r.partitionsMoved}});
        o.insert(QStringLiteral("rebalances"),
                 QJsonObject{{QStringLiteral("count"), g.rebalances->count},
                             {QStringLiteral("min_total_seconds"), jsonSeconds(g.rebalances->minTotalMs)},
                             {QStringLiteral("max_total_seconds"), jsonSeconds(g.rebalances->maxTotalMs)},
                             {QStringLiteral("list"), list}});
    } else {
        o.insert(QStringLiteral("rebalances"), QJsonValue());
    }
    const CurrentState &c = g.current;
    o.insert(QStringLiteral("current"),
             QJsonObject{{QStringLiteral("time"), time(c.timeMs)},
                         {QStringLiteral("state"), c.state},
                         {QStringLiteral("members"), c.members},
                         {QStringLiteral("total_lag"), count(c.totalLag)},
                         {QStringLiteral("max_partition_lag"), count(c.maxPartitionLag)},
                         {QStringLiteral("lag_status"), c.lagStatus.isEmpty() ? QJsonValue() : QJsonValue(c.lagStatus)},
                         {QStringLiteral("lag_seconds"), c.lagSeconds ? QJsonValue(*c.lagSeconds) : QJsonValue()},
                         {QStringLiteral("lag_seconds_at_least"),
                          c.lagSeconds ? QJsonValue(c.lagSecondsAtLeast) : QJsonValue()}});
    QJsonArray topics;
    for (const TopicReport &t : g.topics)
        topics.append(QJsonObject{{QStringLiteral("topic"), t.topic}, {QStringLiteral("lag"), lag(t.lag)}});
    o.insert(QStringLiteral("topics"), topics);
    QJsonArray partitions;
    for (const PartitionReport &p : g.partitions)
        partitions.append(QJsonObject{{QStringLiteral("topic"), p.partition.topic},
                                      {QStringLiteral("partition"), p.partition.partition},
                                      {QStringLiteral("lag"), lag(p.lag)},
                                      {QStringLiteral("committed"), count(p.committed)},
                                      {QStringLiteral("log_end"), count(p.logEnd)}});
    o.insert(QStringLiteral("partitions"), partitions);
    o.insert(QStringLiteral("state_timeline"), spans(g.stateTimeline, QStringLiteral("state")));
    const QJsonArray statusTimeline = spans(g.statusTimeline, QStringLiteral("status"));
    o.insert(QStringLiteral("lag_status_timeline"), g.lagStatuses ? QJsonValue(statusTimeline) : QJsonValue());
    return o;
}

} // namespace

QJsonObject reportToJson(const Report &report)
{
    const ReportRequest &r = report.request;
    QJsonArray groups;
    for (const GroupReport &g : report.groups)
        groups.append(group(g));
    return {
        {QStringLiteral("schema"), QStringLiteral("lagscope-report")},
        {QStringLiteral("version"), Report::kSchemaVersion},
        {QStringLiteral("generated_at"), time(report.generatedAt.toMSecsSinceEpoch())},
        {QStringLiteral("range"), QJsonObject{{QStringLiteral("from"), time(r.from.toMSecsSinceEpoch())},
                                              {QStringLiteral("to"), time(r.to.toMSecsSinceEpoch())}}},
        {QStringLiteral("selection"),
         QJsonObject{
             {QStringLiteral("clusters"), QJsonArray::fromStringList(r.clusters)},
             {QStringLiteral("group_pattern"), r.groupPattern.isEmpty() ? QJsonValue() : QJsonValue(r.groupPattern)},
             {QStringLiteral("partition_detail"), r.partitionDetail}}},
        {QStringLiteral("sla"),
         QJsonObject{{QStringLiteral("lag_records"), r.slaLagRecords ? QJsonValue(*r.slaLagRecords) : QJsonValue()},
                     {QStringLiteral("lag_seconds"), r.slaLagSeconds ? QJsonValue(*r.slaLagSeconds) : QJsonValue()}}},
        {QStringLiteral("history"),
         QJsonObject{{QStringLiteral("path"), report.historyPath},
                     {QStringLiteral("retention_seconds"), jsonSeconds(report.retentionMs)}}},
        {QStringLiteral("sections"), QJsonObject{{QStringLiteral("lag_seconds"), section(report.lagSecondsNote)},
                                                 {QStringLiteral("lag_status"), section(report.lagStatusNote)},
                                                 {QStringLiteral("rebalances"), section(report.rebalanceNote)}}},
        {QStringLiteral("notes"), QJsonArray::fromStringList(report.notes)},
        {QStringLiteral("groups"), groups},
    };
}

Status writeReportJson(const Report &report, const QString &path)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Status::failure(
            QCoreApplication::translate("lagscope::Report", "Cannot write %1: %2").arg(path, file.errorString()));
    // Compact: indentation was half the file of a large report, and every reader (jq, a
    // script's parser) reads it the same; `jq .` shows it indented.
    file.write(QJsonDocument(reportToJson(report)).toJson(QJsonDocument::Compact));
    if (!file.commit())
        return Status::failure(
            QCoreApplication::translate("lagscope::Report", "Cannot write %1: %2").arg(path, file.errorString()));
    return success();
}

} // namespace lagscope
