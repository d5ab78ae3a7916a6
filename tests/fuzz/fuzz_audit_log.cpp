// libFuzzer target for the audit log reader (core/actions/AuditLog: readAuditRecords, what
// `lagscopectl audit` prints). It takes a path, so the input is written to a scratch file.
//
// Input: the first byte picks whether the input is also a rotated file (audit.jsonl.1,
// read before the current one); the rest is the file's bytes. Checks, besides the
// sanitizers: reading never fails on content (unreadable lines come back as
// {"unreadable": ...}), and no record is older than `since`.
#include "FuzzSupport.h"
#include "actions/AuditLog.h"

#include <QDateTime>
#include <QJsonObject>

using namespace lagscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const QString path = auditLogPath(fuzz::scratchDir());
    const QString rotated = path + QStringLiteral(".1");
    const QByteArray bytes = fuzz::bytesOf(data + 1, size - 1);
    if (!fuzz::writeFile(path, bytes))
        fuzz::violated("fuzz_audit_log", "cannot write", path);
    QFile::remove(rotated);
    if ((data[0] & 1) && !fuzz::writeFile(rotated, bytes))
        fuzz::violated("fuzz_audit_log", "cannot write", rotated);

    // 2024-01-01T00:00:00Z: records of the seed corpus lie on both sides of it.
    const QDateTime since = QDateTime::fromMSecsSinceEpoch(1704067200000, Qt::UTC);
    const Result<std::vector<QJsonObject>> records = readAuditRecords(path, since);
    if (!records)
        fuzz::violated("fuzz_audit_log", "reading failed on content:", records.errorMessage());
    for (const QJsonObject &record : *records) {
        if (record.contains(QStringLiteral("unreadable")))
            continue;
        const QDateTime time =
            QDateTime::fromString(record.value(QStringLiteral("time")).toString(), Qt::ISODateWithMs);
        if (time.isValid() && time < since)
            fuzz::violated("fuzz_audit_log",
                           "a record older than since:", record.value(QStringLiteral("time")).toString());
    }
    return 0;
}
