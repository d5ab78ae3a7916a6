#pragma once
// A report as one JSON document, schema "lagscope-report" version Report::kSchemaVersion
// (documented field by field in docs/REPORTS.md). Unknown or not recorded values are null;
// a section that is not recorded says so under "sections".
// Thread: any. Ownership: free functions only.

#include "report/ReportModel.h"
#include "util/Result.h"

#include <QJsonObject>

namespace lagscope {

QJsonObject reportToJson(const Report &report);
// Indented UTF-8, replaced atomically.
Status writeReportJson(const Report &report, const QString &path);

} // namespace lagscope
