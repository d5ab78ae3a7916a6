#pragma once
// The audit trail of write actions: JSON lines, one record per attempt (applied, partial,
// failed, refused), appended and fsync'd before the call returns, rotated by size
// (audit.jsonl -> audit.jsonl.1 … .N), every string masked with the SecretMasker first.
//
// Thread: any; appends from several processes are safe (O_APPEND, one write per record).

#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace lagscope {

struct AuditRotation {
    qint64 maxBytes = 10 * 1024 * 1024; // rotate when the file would grow past this
    int keep = 5;                       // rotated files kept (audit.jsonl.1 … .keep)
};

// <dataDir>/audit.jsonl
QString auditLogPath(const QString &dataDir);

// The common fields of a record: time (UTC, ISO 8601 with ms), user, host.
QJsonObject auditRecordBase(const QDateTime &timeUtc);

Status appendAuditRecord(const QString &path, const QJsonObject &record, const AuditRotation &rotation = {});

// Records with time >= since, oldest first, from the rotated files and the current one.
// Lines that are not JSON objects are returned as {"unreadable": "<line>"} rather than hidden.
Result<std::vector<QJsonObject>> readAuditRecords(const QString &path, const QDateTime &since);

} // namespace lagscope
