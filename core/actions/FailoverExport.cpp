#include "actions/FailoverExport.h"

#include "actions/FailoverPlanner.h"
#include "report/Table.h"
#include "util/JsonValues.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace lagscope::failover {

namespace {

QString number(qint64 v) { return v < 0 ? QString() : QString::number(v); }

} // namespace

QByteArray failoverPlansCsv(const std::vector<PlanWithChecks> &plans)
{
    Table table{{QStringLiteral("group"), QStringLiteral("target_group"), QStringLiteral("topic"),
                 QStringLiteral("partition"), QStringLiteral("committed"), QStringLiteral("committed_age_ms"),
                 QStringLiteral("target_topic"), QStringLiteral("target_offset_before"), QStringLiteral("new_offset"),
                 QStringLiteral("method"), QStringLiteral("reread"), QStringLiteral("reread_exact"),
                 QStringLiteral("skipped"), QStringLiteral("not_replicated"), QStringLiteral("note"),
                 QStringLiteral("error")},
                {}};
    for (const auto &[plan, checks] : plans)
        for (const auto &p : plan.partitions)
            table.rows.push_back({plan.group, plan.targetGroup, p.from.topic, QString::number(p.from.partition),
                                  p.committed ? QString::number(*p.committed) : QString(), number(p.committedAgeMs),
                                  p.to.topic, p.targetBefore ? QString::number(*p.targetBefore) : QString(),
                                  number(p.newOffset), p.newOffset < 0 ? QStringLiteral("none") : methodName(p.method),
                                  number(p.reread), p.rereadExact ? QStringLiteral("true") : QStringLiteral("false"),
                                  p.skipped < 0 ? QStringLiteral("unknown") : QString::number(p.skipped),
                                  number(p.notReplicated), p.note, p.error});
    return formatCsv(table).toUtf8();
}

QJsonObject failoverPlanJson(const FailoverPlan &plan, const std::vector<PreflightCheck> &checks)
{
    QJsonArray partitions;
    for (const auto &p : plan.partitions)
        partitions.append(QJsonObject{
            {QStringLiteral("topic"), p.from.topic},
            {QStringLiteral("partition"), p.from.partition},
            {QStringLiteral("committed"), jsonOrNull(p.committed)},
            {QStringLiteral("committed_age_ms"), p.committedAgeMs},
            {QStringLiteral("target_topic"), p.to.topic},
            {QStringLiteral("target_offset_before"), jsonOrNull(p.targetBefore)},
            {QStringLiteral("new_offset"), p.newOffset < 0 ? QJsonValue(QJsonValue::Null) : QJsonValue(p.newOffset)},
            {QStringLiteral("method"), methodName(p.method)},
            {QStringLiteral("reread"), p.reread},
            {QStringLiteral("reread_exact"), p.rereadExact},
            {QStringLiteral("skipped"), p.skipped},
            {QStringLiteral("not_replicated"), p.notReplicated},
            {QStringLiteral("exact_candidates"), p.exactCandidates},
            {QStringLiteral("note"), p.note},
            {QStringLiteral("error"), p.error},
        });
    QJsonArray topics;
    for (const auto &t : plan.topics)
        topics.append(QJsonObject{{QStringLiteral("topic"), t.topic},
                                  {QStringLiteral("target_topic"), t.targetTopic},
                                  {QStringLiteral("status"), topicStatusName(t.status)},
                                  {QStringLiteral("reason"), t.reason}});
    QJsonArray uncommitted;
    for (const auto &u : plan.uncommitted)
        uncommitted.append(QJsonObject{{QStringLiteral("topic"), u.from.topic},
                                       {QStringLiteral("partition"), u.from.partition},
                                       {QStringLiteral("target_topic"), u.to.topic},
                                       {QStringLiteral("target_log_start"), u.toLogStart},
                                       {QStringLiteral("target_log_end"), u.toLogEnd},
                                       {QStringLiteral("note"), uncommittedNote(u, plan.toCluster)}});
    QJsonArray checkArray;
    for (const auto &c : checks)
        checkArray.append(QJsonObject{{QStringLiteral("check"), c.name},
                                      {QStringLiteral("level"), levelName(c.level)},
                                      {QStringLiteral("reason"), c.reason}});
    return QJsonObject{{QStringLiteral("from"), plan.fromCluster},
                       {QStringLiteral("to"), plan.toCluster},
                       {QStringLiteral("group"), plan.group},
                       {QStringLiteral("target_group"), plan.targetGroup},
                       {QStringLiteral("disaster"), plan.disaster},
                       {QStringLiteral("mode"), modeName(plan.mode)},
                       {QStringLiteral("fallback"), fallbackName(plan.fallback)},
                       {QStringLiteral("checks"), checkArray},
                       {QStringLiteral("warnings"), QJsonArray::fromStringList(plan.warnings)},
                       {QStringLiteral("partitions"), partitions},
                       {QStringLiteral("topics"), topics},
                       {QStringLiteral("uncommitted"), uncommitted}};
}

QByteArray failoverPlansJson(const std::vector<PlanWithChecks> &plans)
{
    QJsonArray groups;
    for (const auto &[plan, checks] : plans)
        groups.append(failoverPlanJson(plan, checks));
    return QJsonDocument(QJsonObject{{QStringLiteral("groups"), groups}}).toJson(QJsonDocument::Indented);
}

} // namespace lagscope::failover
