#include "mirror/DecodeStats.h"

#include "mirror/WireFormat.h"

namespace lagscope::mirror {

void DecodeStats::recordFailure(const Error &error)
{
    // Only the version check writes this phrase right after the record part.
    const QString marker = QStringLiteral(": ") + QLatin1String(wire::kUnsupportedVersion) + QLatin1Char(' ');
    if (error.message.contains(marker))
        ++unsupportedVersion;
    else
        ++malformed;
    lastError = error.message;
}

} // namespace lagscope::mirror
