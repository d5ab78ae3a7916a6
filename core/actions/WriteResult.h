#pragma once
// The result of a write (an offset reset, a failover, an undo) as one typed value. Code
// branches on the enum; the audit log, the CLI's JSON and the GUI show its audit name
// (writeResultName), which is part of the audit file format and never changes.

#include <QMetaType>
#include <QString>

#include <optional>

namespace lagscope {

enum class WriteResult {
    Applied,                 // every partition applied and read back as planned
    AppliedWithUntranslated, // as Applied, but committed topics were left untranslated (failover)
    Partial,                 // some partitions applied, some not
    Unknown,                 // none verified, but some may land (commits without an answer)
    Refused,                 // nothing written: read-only cluster, active group, unsafe plan
    Failed,                  // nothing applied
};

// "applied", "applied-with-untranslated", "partial", "unknown", "refused", "failed".
QString writeResultName(WriteResult result);
std::optional<WriteResult> writeResultFromName(const QString &name);

// Every planned partition landed (the consumers may start, see the outcome's next steps).
constexpr bool isApplied(WriteResult result)
{
    return result == WriteResult::Applied || result == WriteResult::AppliedWithUntranslated;
}

} // namespace lagscope

Q_DECLARE_METATYPE(lagscope::WriteResult)
