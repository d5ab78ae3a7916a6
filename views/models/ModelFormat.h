#pragma once
// Formatting shared by the table models: numbers with the user's thousands separators and
// "-" for values Lagscope does not know (as opposed to 0, which is a real value).
// Thread: any. Ownership: free functions only.

#include <QLocale>
#include <QString>

#include <cstdint>
#include <optional>

namespace lagscope {

inline QString unknownText()
{
    return QStringLiteral("-");
}

inline QString formatCount(std::int64_t value)
{
    return QLocale().toString(qint64(value));
}

inline QString formatCount(const std::optional<std::int64_t> &value)
{
    return value ? formatCount(*value) : unknownText();
}

// Raw value for sort roles: unknown sorts below every real offset or lag.
inline qint64 sortValue(const std::optional<std::int64_t> &value)
{
    return value ? qint64(*value) : qint64(-1);
}

} // namespace lagscope
