#pragma once
// The audit trail of write actions: JSON lines, one record per attempt (applied, partial,
// failed, refused), appended and fsync'd before the call returns (a record a full disk cuts
// short is cut off again), rotated by size (audit.jsonl -> audit.jsonl.1 … .N), every string
// masked with the SecretMasker first.
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

// Free space kept for an audit record before a change is made (a record is a few KiB).
inline constexpr qint64 kAuditReserveBytes = 256 * 1024;

// Whether a record of about `recordBytes` can be appended to `path` now: the file opens for
// appending and its disk has room for it (at least kAuditReserveBytes). Writers call it just
// before they change anything, so that a change that cannot be audited is refused instead.
Status checkAuditRecordable(const QString &path, qint64 recordBytes);

// Records with time >= since, oldest first, from the rotated files and the current one.
// Lines that are not JSON objects are returned as {"unreadable": "<line>"} rather than hidden.
Result<std::vector<QJsonObject>> readAuditRecords(const QString &path, const QDateTime &since);

} // namespace lagscope
