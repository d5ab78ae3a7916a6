#pragma once
// Parsing what people type for a report range: "24h", "7d", "90m" and ISO 8601 times.
// Shared by lagscopectl report and the export dialog. Thread: any.

#include "util/Result.h"

#include <QDateTime>
#include <QString>

namespace lagscope {

// "30s", "15m", "90min", "24h", "7d", "1w" (a whole number and a unit) → milliseconds.
Result<qint64> parseReportDuration(const QString &text);

// "2026-11-29T08:00:00Z", "2026-11-29T09:00:00+01:00", "2026-11-29 08:00" (local time
// when no offset is given), optionally with milliseconds. Returned in UTC.
Result<QDateTime> parseReportTime(const QString &text);

} // namespace lagscope
