#pragma once
// Formatting shared by the table models: numbers with the user's thousands separators,
// "-" for values Lagscope does not know (as opposed to 0, which is a real value), and
// lists in tooltips.
// Thread: any. Ownership: free functions only.

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace lagscope {

inline QString unknownText() { return QStringLiteral("-"); }

inline QString formatCount(std::int64_t value) { return QLocale().toString(qint64(value)); }

inline QString formatCount(const std::optional<std::int64_t> &value)
{
    return value ? formatCount(*value) : unknownText();
}

// Raw value for sort roles: unknown sorts below every real offset or lag.
inline qint64 sortValue(const std::optional<std::int64_t> &value) { return value ? qint64(*value) : qint64(-1); }

// A list in a tooltip, one item a line: the first kTooltipLines, then "… and N more", as
// more would no longer fit a screen.
inline constexpr int kTooltipLines = 20;
inline QString tooltipList(const QStringList &items)
{
    QStringList lines = items.mid(0, kTooltipLines);
    if (items.size() > kTooltipLines)
        lines << QCoreApplication::translate("lagscope::ModelFormat", "… and %n more", nullptr,
                                             int(items.size() - kTooltipLines));
    return lines.join(QLatin1Char('\n'));
}

} // namespace lagscope
