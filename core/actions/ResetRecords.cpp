#include "actions/ResetRecords.h"
#include "util/JsonValues.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ResetRecordsText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ResetRecords)
};

QString isoUtc(const QDateTime &time) { return time.toUTC().toString(Qt::ISODateWithMs); }

QString safeForFileName(const QString &name)
{
    QString out = name;
    for (QChar &c : out)
        if (c.unicode() < 0x20 || c == QLatin1Char('/') || c == QLatin1Char('\\') || c == QLatin1Char(':')
            || c == QLatin1Char('*') || c == QLatin1Char('?') || c == QLatin1Char('"') || c == QLatin1Char('<')
            || c == QLatin1Char('>') || c == QLatin1Char('|'))
            c = QLatin1Char('_');
    return out;
}

} // namespace

QJsonObject resetBackupJson(const ResetBackup &backup)
{
    QJsonArray offsets;
    for (const auto &[tp, offset] : backup.offsets)
        offsets.append(QJsonObject{{QStringLiteral("topic"), tp.topic},
                                   {QStringLiteral("partition"), tp.partition},
                                   {QStringLiteral("offset"), qint64(offset)}});
    QJsonArray uncommitted;
    for (const auto &tp : backup.uncommitted)
        uncommitted.append(
            QJsonObject{{QStringLiteral("topic"), tp.topic}, {QStringLiteral("partition"), tp.partition}});
    return QJsonObject{{QStringLiteral("cluster"), backup.cluster},
                       {QStringLiteral("group"), backup.group},
                       {QStringLiteral("time"), isoUtc(backup.time)},
                       {QStringLiteral("offsets"), offsets},
                       {QStringLiteral("uncommitted"), uncommitted}};
}

Result<ResetBackup> parseResetBackup(const QByteArray &json)
{
    using R = Result<ResetBackup>;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        return R::failure(
            ResetRecordsText::tr("not a backup file: %1 at byte %2").arg(error.errorString()).arg(error.offset));
    const QJsonObject o = doc.object();
    ResetBackup backup;
    backup.cluster = o.value(QStringLiteral("cluster")).toString();
    backup.group = o.value(QStringLiteral("group")).toString();
    backup.time = QDateTime::fromString(o.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
    if (backup.group.isEmpty() || !o.value(QStringLiteral("offsets")).isArray())
        return R::failure(ResetRecordsText::tr("not a backup file: it needs \"group\" and an \"offsets\" array"));
    auto partitionOf = [](const QJsonObject &e, TopicPartition &tp) {
        tp.topic = e.value(QStringLiteral("topic")).toString();
        tp.partition = e.value(QStringLiteral("partition")).toInt(-1);
        return !tp.topic.isEmpty() && tp.partition >= 0;
    };
    for (const QJsonValue &v : o.value(QStringLiteral("offsets")).toArray()) {
        const QJsonObject e = v.toObject();
        TopicPartition tp;
        const QJsonValue offset = e.value(QStringLiteral("offset"));
        if (!partitionOf(e, tp) || !offset.isDouble() || offset.toInteger(-1) < 0)
            return R::failure(
                ResetRecordsText::tr("not a backup file: an entry of \"offsets\" lacks topic, partition or offset"));
        backup.offsets[tp] = offset.toInteger();
    }
    for (const QJsonValue &v : o.value(QStringLiteral("uncommitted")).toArray()) {
        TopicPartition tp;
        if (partitionOf(v.toObject(), tp))
            backup.uncommitted.push_back(tp);
    }
    return backup;
}

QString resetBackupFileName(const QString &cluster, const QString &group, const QDateTime &time)
{
    return safeForFileName(cluster) + QLatin1Char('-') + safeForFileName(group) + QLatin1Char('-')
           + time.toUTC().toString(QStringLiteral("yyyyMMdd'T'HHmmss'Z'")) + QStringLiteral(".json");
}

QString outcomeName(PartitionOutcome::Result result)
{
    switch (result) {
    case PartitionOutcome::Applied: return QStringLiteral("applied");
    case PartitionOutcome::Mismatch: return QStringLiteral("mismatch");
    case PartitionOutcome::Refused: return QStringLiteral("refused");
    case PartitionOutcome::NotApplied: return QStringLiteral("not-applied");
    case PartitionOutcome::Unknown: return QStringLiteral("unknown");
    }
    return QString();
}

std::vector<PartitionOutcome> verifyResetCommits(const ResetPlan &plan, const ResetCommits &commits,
                                                 const std::optional<CommittedOffsets> &readBack,
                                                 const QString &readBackError)
{
    std::vector<PartitionOutcome> out;
    for (const auto &p : plan.partitions) {
        PartitionOutcome o;
        o.tp = p.tp;
        o.before = p.current;
        o.planned = p.newOffset;
        if (readBack)
            if (const auto it = readBack->find(p.tp); it != readBack->end())
                o.after = it->second;
        const auto unanswered = commits.unanswered.find(p.tp);
        if (const auto it = commits.refused.find(p.tp); it != commits.refused.end()) {
            o.result = PartitionOutcome::Refused;
            o.reason = it->second;
        } else if (const auto skipped = commits.notSent.find(p.tp); skipped != commits.notSent.end()) {
            // Known unchanged by this reset, whatever the read-back says.
            o.result = PartitionOutcome::NotApplied;
            o.reason = skipped->second;
        } else if (!readBack) {
            o.acknowledged = unanswered == commits.unanswered.end();
            o.result = PartitionOutcome::Unknown;
            o.reason =
                o.acknowledged
                    ? ResetRecordsText::tr("acknowledged by the coordinator, but not read back: %1").arg(readBackError)
                    : ResetRecordsText::tr("the commit failed (%1), and not read back: %2")
                          .arg(unanswered->second, readBackError);
        } else if (o.after && *o.after == p.newOffset) {
            // Landed, even if its answer was lost on the way back.
            o.acknowledged = unanswered == commits.unanswered.end();
        } else if (unanswered != commits.unanswered.end()) {
            // The request may still be delivered to a new coordinator: the client keeps
            // unanswered requests alive until it is closed, so an old offset read now
            // does not prove that the commit will not land.
            o.result = PartitionOutcome::Unknown;
            o.reason =
                ResetRecordsText::tr("the commit failed (%1); committed offset is %2 now, but the commit may still "
                                     "land until the connection is closed")
                    .arg(unanswered->second, o.after ? QString::number(*o.after) : ResetRecordsText::tr("none"));
        } else {
            o.acknowledged = true;
            // Someone else committed in between (a consumer that joined, another operator).
            o.result = PartitionOutcome::Mismatch;
            o.reason = o.after ? ResetRecordsText::tr("committed offset is %1, not %2").arg(*o.after).arg(p.newOffset)
                               : ResetRecordsText::tr("no committed offset after the reset");
        }
        out.push_back(std::move(o));
    }
    return out;
}

std::vector<PartitionOutcome> verifyReset(const ResetPlan &plan, const std::map<TopicPartition, QString> &refused,
                                          const CommittedOffsets &readBack)
{
    ResetCommits commits;
    commits.refused = refused;
    return verifyResetCommits(plan, commits, readBack);
}

WriteResult overallResult(const std::vector<PartitionOutcome> &partitions)
{
    qsizetype applied = 0;
    qsizetype unknown = 0;
    for (const auto &p : partitions) {
        applied += p.result == PartitionOutcome::Applied ? 1 : 0;
        unknown += p.result == PartitionOutcome::Unknown ? 1 : 0;
    }
    if (applied == qsizetype(partitions.size()))
        return WriteResult::Applied;
    if (applied > 0)
        return WriteResult::Partial;
    return unknown > 0 ? WriteResult::Unknown : WriteResult::Failed;
}

QJsonObject resetAuditJson(const ResetAuditEntry &entry)
{
    QJsonArray partitions;
    const bool deletes = entry.action != QStringLiteral("reset-offsets");
    for (const auto &p : entry.partitions) {
        QJsonObject o{{QStringLiteral("topic"), p.tp.topic},
                      {QStringLiteral("partition"), p.tp.partition},
                      {QStringLiteral("old"), jsonOrNull(p.before)},
                      {QStringLiteral("new"), deletes ? QJsonValue() : QJsonValue(p.planned)},
                      {QStringLiteral("after"), jsonOrNull(p.after)},
                      {QStringLiteral("result"), outcomeName(p.result)},
                      {QStringLiteral("acknowledged"), p.acknowledged}};
        if (!p.reason.isEmpty())
            o.insert(QStringLiteral("reason"), p.reason);
        partitions.append(o);
    }
    QJsonObject o{{QStringLiteral("time"), isoUtc(entry.time)},
                  {QStringLiteral("user"), entry.user},
                  {QStringLiteral("host"), entry.host},
                  {QStringLiteral("cluster"), entry.cluster},
                  {QStringLiteral("group"), entry.group},
                  {QStringLiteral("action"), entry.action},
                  {QStringLiteral("spec"), entry.spec},
                  {QStringLiteral("scope"), entry.scope},
                  {QStringLiteral("result"), writeResultName(entry.result)},
                  {QStringLiteral("partitions"), partitions}};
    if (!entry.reason.isEmpty())
        o.insert(QStringLiteral("reason"), entry.reason);
    if (!entry.backupPath.isEmpty())
        o.insert(QStringLiteral("backup"), entry.backupPath);
    return o;
}

} // namespace lagscope
