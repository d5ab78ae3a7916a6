#include "actions/WriteGuard.h"

#include "actions/AuditLog.h"
#include "actions/WriteResult.h"

#include <QCoreApplication>
#include <QDateTime>

namespace lagscope {

std::optional<QString> writeRefusal(const QString &cluster, bool readOnly, const QString &readOnlyReason,
                                    const QString &action)
{
    if (!readOnly)
        return std::nullopt;
    const QString why = readOnlyReason.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(readOnlyReason);
    return QCoreApplication::translate("lagscope::WriteGuard", "cluster '%1' is read-only%2: %3 is refused")
        .arg(cluster, why, action);
}

std::optional<QString> guardWrite(const WriteAttempt &attempt, const QString &auditPath)
{
    auto refusal = writeRefusal(attempt.cluster, attempt.readOnly, attempt.readOnlyReason, attempt.action);
    if (!refusal)
        return std::nullopt;
    QJsonObject record = auditRecordBase(QDateTime::currentDateTimeUtc());
    for (auto it = attempt.details.begin(); it != attempt.details.end(); ++it)
        record.insert(it.key(), it.value());
    record.insert(QStringLiteral("cluster"), attempt.cluster);
    record.insert(QStringLiteral("action"), attempt.action);
    record.insert(QStringLiteral("result"), writeResultName(WriteResult::Refused));
    record.insert(QStringLiteral("reason"), *refusal);
    if (auto written = appendAuditRecord(auditPath, record); !written)
        return *refusal + QStringLiteral(" (and the refusal could not be audited: %1)").arg(written.errorMessage());
    return refusal;
}

} // namespace lagscope
