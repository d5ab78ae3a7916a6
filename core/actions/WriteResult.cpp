#include "actions/WriteResult.h"

#include <array>
#include <utility>

namespace lagscope {

namespace {

constexpr std::array<std::pair<WriteResult, const char *>, 6> kWriteResultNames = {{
    {WriteResult::Applied, "applied"},
    {WriteResult::AppliedWithUntranslated, "applied-with-untranslated"},
    {WriteResult::Partial, "partial"},
    {WriteResult::Unknown, "unknown"},
    {WriteResult::Refused, "refused"},
    {WriteResult::Failed, "failed"},
}};

} // namespace

QString writeResultName(WriteResult result)
{
    for (const auto &[value, name] : kWriteResultNames)
        if (value == result)
            return QString::fromLatin1(name);
    return QString();
}

std::optional<WriteResult> writeResultFromName(const QString &name)
{
    for (const auto &[value, text] : kWriteResultNames)
        if (name == QLatin1String(text))
            return value;
    return std::nullopt;
}

} // namespace lagscope
