#include "report/ReportTables.h"

#include "model/LagStatus.h"

namespace lagscope {

namespace {

QString optionalCount(qint64 v) { return v >= 0 ? QString::number(v) : QString(); }

QString join(const QStringList &items) { return items.join(QLatin1Char(' ')); }

void lagCells(QStringList &row, const LagStats &s)
{
    row << QString::number(s.samples) << reportSeconds(s.coveredMs) << optionalCount(s.max)
        << (s.known() ? reportNumber(s.avg) : QString()) << optionalCount(s.p95);
}

void secondsCells(QStringList &row, const std::optional<LagStats> &s)
{
    // Lag seconds are stored in milliseconds-free seconds; LagStats holds them as whole ms.
    if (!s || !s->known()) {
        row << QString() << QString() << QString();
        return;
    }
    row << reportSeconds(s->max) << reportNumber(s->avg / 1000.0) << reportSeconds(s->p95);
}

void breachCells(QStringList &row, const std::optional<BreachStats> &b)
{
    if (!b) {
        row << QString() << QString() << QString() << QString();
        return;
    }
    row << QString::number(b->count) << reportSeconds(b->totalMs) << reportSeconds(b->longestMs)
        << reportTime(b->longestStartMs);
}

// The six statuses in the order of docs/LAG-STATUS.md, for one column each.
constexpr LagStatus kStatuses[] = {LagStatus::Ok,   LagStatus::Warn,  LagStatus::Err,
                                   LagStatus::Stop, LagStatus::Stall, LagStatus::Rewind};

qint64 timeIn(const std::vector<StateTime> &times, const QString &state)
{
    for (const StateTime &t : times)
        if (t.state == state)
            return t.ms;
    return 0;
}

} // namespace

QString reportTime(qint64 ms)
{
    if (ms < 0)
        return QString();
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
}

QString reportSeconds(qint64 ms) { return reportNumber(double(ms) / 1000.0); }

QString reportNumber(double v)
{
    QString s = QString::number(v, 'f', 2);
    // "12.50" → "12.5", "3.00" → "3": shorter, and still exact for what was computed.
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

Table reportInfoTable(const Report &report)
{
    const ReportRequest &r = report.request;
    auto section = [](const QString &note) { return note.isEmpty() ? QStringLiteral("available") : note; };
    Table t{{QStringLiteral("key"), QStringLiteral("value")}, {}};
    t.rows = {
        {QStringLiteral("schema_version"), QString::number(Report::kSchemaVersion)},
        {QStringLiteral("generated_at"), reportTime(report.generatedAt.toMSecsSinceEpoch())},
        {QStringLiteral("from"), reportTime(r.from.toMSecsSinceEpoch())},
        {QStringLiteral("to"), reportTime(r.to.toMSecsSinceEpoch())},
        {QStringLiteral("clusters"), r.clusters.isEmpty() ? QStringLiteral("*") : join(r.clusters)},
        {QStringLiteral("group_pattern"), r.groupPattern},
        {QStringLiteral("sla_lag_records"), r.slaLagRecords ? QString::number(*r.slaLagRecords) : QString()},
        {QStringLiteral("sla_lag_seconds"), r.slaLagSeconds ? reportNumber(*r.slaLagSeconds) : QString()},
        {QStringLiteral("partition_detail"), r.partitionDetail ? QStringLiteral("true") : QStringLiteral("false")},
        {QStringLiteral("history"), report.historyPath},
        {QStringLiteral("retention_seconds"), reportSeconds(report.retentionMs)},
        {QStringLiteral("groups"), QString::number(report.groups.size())},
        {QStringLiteral("lag_seconds"), section(report.lagSecondsNote)},
        {QStringLiteral("lag_status"), section(report.lagStatusNote)},
        {QStringLiteral("rebalances"), section(report.rebalanceNote)},
    };
    for (const QString &note : report.notes)
        t.rows.push_back({QStringLiteral("note"), note});
    return t;
}

Table reportGroupsTable(const Report &report)
{
    Table t{{QStringLiteral("cluster"),
             QStringLiteral("group"),
             QStringLiteral("samples"),
             QStringLiteral("covered_seconds"),
             QStringLiteral("lag_max"),
             QStringLiteral("lag_avg"),
             QStringLiteral("lag_p95"),
             QStringLiteral("max_partition_lag"),
             QStringLiteral("lag_seconds_max"),
             QStringLiteral("lag_seconds_avg"),
             QStringLiteral("lag_seconds_p95"),
             QStringLiteral("breach_count"),
             QStringLiteral("breach_total_seconds"),
             QStringLiteral("breach_longest_seconds"),
             QStringLiteral("breach_longest_start"),
             QStringLiteral("breach_seconds_count"),
             QStringLiteral("breach_seconds_total_seconds"),
             QStringLiteral("breach_seconds_longest_seconds"),
             QStringLiteral("breach_seconds_longest_start"),
             QStringLiteral("rebalance_count"),
             QStringLiteral("rebalance_min_total_seconds"),
             QStringLiteral("rebalance_max_total_seconds"),
             QStringLiteral("current_time"),
             QStringLiteral("current_state"),
             QStringLiteral("current_members"),
             QStringLiteral("current_total_lag"),
             QStringLiteral("current_max_partition_lag"),
             QStringLiteral("current_lag_status"),
             QStringLiteral("current_lag_seconds"),
             QStringLiteral("lag_seconds_at_least")},
            {}};
    // Added in schema version 3, at the end so that version 2 readers by position still work.
    for (LagStatus s : kStatuses)
        t.columns << QStringLiteral("status_%1_seconds").arg(lagStatusName(s).toLower());
    t.columns << QStringLiteral("status_no_data_seconds") << QStringLiteral("lag_seconds_lower_bound_samples")
              << QStringLiteral("lag_seconds_lower_bound_seconds") << QStringLiteral("current_lag_seconds_at_least");
    // RISK came after: its column goes last, so that readers by position still work.
    t.columns << QStringLiteral("status_risk_seconds");
    for (const GroupReport &g : report.groups) {
        QStringList row{g.cluster, g.group};
        lagCells(row, g.lag);
        row << optionalCount(g.maxPartitionLag);
        secondsCells(row, g.lagSeconds);
        breachCells(row, g.breach);
        breachCells(row, g.breachSeconds);
        if (g.rebalances)
            row << QString::number(g.rebalances->count) << reportSeconds(g.rebalances->minTotalMs)
                << reportSeconds(g.rebalances->maxTotalMs);
        else
            row << QString() << QString() << QString();
        const CurrentState &c = g.current;
        row << reportTime(c.timeMs) << c.state << QString::number(c.members) << optionalCount(c.totalLag)
            << optionalCount(c.maxPartitionLag) << c.lagStatus
            << (c.lagSeconds ? reportNumber(*c.lagSeconds) : QString())
            << (g.lagSeconds ? (g.lagSecondsAtLeast ? QStringLiteral("true") : QStringLiteral("false")) : QString());
        for (LagStatus s : kStatuses)
            row << (g.lagStatuses ? reportSeconds(timeIn(*g.lagStatuses, lagStatusName(s))) : QString());
        row << (g.lagStatuses ? reportSeconds(g.lagStatusNoDataMs) : QString());
        if (g.lagSeconds)
            row << QString::number(g.lagSecondsBounds.lowerBoundSamples)
                << reportSeconds(g.lagSecondsBounds.lowerBoundMs);
        else
            row << QString() << QString();
        row << (c.lagSeconds ? (c.lagSecondsAtLeast ? QStringLiteral("true") : QStringLiteral("false")) : QString());
        row << (g.lagStatuses ? reportSeconds(timeIn(*g.lagStatuses, lagStatusName(LagStatus::Risk))) : QString());
        t.rows.push_back(row);
    }
    return t;
}

Table reportTopicsTable(const Report &report)
{
    Table t{{QStringLiteral("cluster"), QStringLiteral("group"), QStringLiteral("topic"), QStringLiteral("samples"),
             QStringLiteral("covered_seconds"), QStringLiteral("lag_max"), QStringLiteral("lag_avg"),
             QStringLiteral("lag_p95")},
            {}};
    for (const GroupReport &g : report.groups)
        for (const TopicReport &topic : g.topics) {
            QStringList row{g.cluster, g.group, topic.topic};
            lagCells(row, topic.lag);
            t.rows.push_back(row);
        }
    return t;
}

Table reportStatesTable(const Report &report)
{
    Table t{{QStringLiteral("cluster"), QStringLiteral("group"), QStringLiteral("kind"), QStringLiteral("state"),
             QStringLiteral("seconds")},
            {}};
    for (const GroupReport &g : report.groups) {
        for (const StateTime &s : g.groupStates)
            t.rows.push_back({g.cluster, g.group, QStringLiteral("group_state"), s.state, reportSeconds(s.ms)});
        if (g.lagStatuses)
            for (const StateTime &s : *g.lagStatuses)
                t.rows.push_back({g.cluster, g.group, QStringLiteral("lag_status"), s.state, reportSeconds(s.ms)});
    }
    return t;
}

Table reportRebalancesTable(const Report &report)
{
    Table t{{QStringLiteral("cluster"), QStringLiteral("group"), QStringLiteral("start_after"),
             QStringLiteral("start_by"), QStringLiteral("end_after"), QStringLiteral("end_by"),
             QStringLiteral("min_duration_seconds"), QStringLiteral("max_duration_seconds"), QStringLiteral("trigger"),
             QStringLiteral("members_before"), QStringLiteral("members_after"), QStringLiteral("partitions_moved")},
            {}};
    for (const GroupReport &g : report.groups) {
        if (!g.rebalances)
            continue;
        for (const ReportRebalance &r : g.rebalances->list)
            t.rows.push_back({g.cluster, g.group, reportTime(r.startAfterMs), reportTime(r.startByMs),
                              reportTime(r.endAfterMs), reportTime(r.endByMs), reportSeconds(r.minDurationMs),
                              reportSeconds(r.maxDurationMs), r.trigger, QString::number(r.membersBefore),
                              QString::number(r.membersAfter), QString::number(r.partitionsMoved)});
    }
    return t;
}

Table reportPartitionsTable(const Report &report)
{
    Table t{{QStringLiteral("cluster"), QStringLiteral("group"), QStringLiteral("topic"), QStringLiteral("partition"),
             QStringLiteral("samples"), QStringLiteral("covered_seconds"), QStringLiteral("lag_max"),
             QStringLiteral("lag_avg"), QStringLiteral("lag_p95"), QStringLiteral("committed"),
             QStringLiteral("log_end")},
            {}};
    for (const GroupReport &g : report.groups)
        for (const PartitionReport &p : g.partitions) {
            QStringList row{g.cluster, g.group, p.partition.topic, QString::number(p.partition.partition)};
            lagCells(row, p.lag);
            row << optionalCount(p.committed) << optionalCount(p.logEnd);
            t.rows.push_back(row);
        }
    return t;
}

} // namespace lagscope
