#include "model/LagStatus.h"

#include <QLatin1String>

#include <cmath>

namespace lagscope {

namespace {

struct StatusName {
    LagStatus status;
    QLatin1String name;
    int severity;
};

// The names are stored in the history database and exported in reports: never rename one.
// Severity: ERR (records lost) over RISK (records about to be lost: retention is forecast
// to delete what the group has not read) over STOP (nobody consumes) over STALL (a consumer
// is there but stuck) over REWIND (re-reading) over WARN (falling behind) over OK. RISK sits
// right below ERR because the two are the only statuses about lost records, which no
// restart brings back; every other one is repaired without loss while the records are still
// there, and RISK says they soon will not be (docs/LAG-STATUS.md).
constexpr StatusName kStatusNames[] = {
    {LagStatus::Ok, QLatin1String("OK"), 0},         {LagStatus::Warn, QLatin1String("WARN"), 1},
    {LagStatus::Rewind, QLatin1String("REWIND"), 2}, {LagStatus::Stall, QLatin1String("STALL"), 3},
    {LagStatus::Stop, QLatin1String("STOP"), 4},     {LagStatus::Risk, QLatin1String("RISK"), 5},
    {LagStatus::Err, QLatin1String("ERR"), 6},
};

} // namespace

QString lagStatusName(LagStatus status)
{
    for (const auto &n : kStatusNames)
        if (n.status == status)
            return n.name;
    return QStringLiteral("OK");
}

std::optional<LagStatus> lagStatusFromName(const QString &name)
{
    for (const auto &n : kStatusNames)
        if (name.compare(n.name, Qt::CaseInsensitive) == 0)
            return n.status;
    return std::nullopt;
}

int lagStatusSeverity(LagStatus status)
{
    for (const auto &n : kStatusNames)
        if (n.status == status)
            return n.severity;
    return 0;
}

QString formatDuration(double seconds)
{
    if (!std::isfinite(seconds) || seconds < 0)
        seconds = 0;
    if (seconds < 10)
        return QString::number(seconds, 'f', 1) + QLatin1Char('s');
    const auto s = static_cast<qint64>(std::llround(seconds));
    const auto pad = [](qint64 v) { return QStringLiteral("%1").arg(v, 2, 10, QLatin1Char('0')); };
    if (s < 60)
        return QString::number(s) + QLatin1Char('s');
    if (s < 3600)
        return QString::number(s / 60) + QStringLiteral("m ") + pad(s % 60) + QLatin1Char('s');
    if (s < 86400)
        return QString::number(s / 3600) + QStringLiteral("h ") + pad(s % 3600 / 60) + QLatin1Char('m');
    return QString::number(s / 86400) + QStringLiteral("d ") + QString::number(s % 86400 / 3600) + QLatin1Char('h');
}

QString formatLagTime(const LagTime &t)
{
    return t.atLeast ? QStringLiteral("≥ ") + formatDuration(t.seconds) : formatDuration(t.seconds);
}

QString formatDrainTime(const DrainTime &d) { return d.never ? QStringLiteral("never") : formatDuration(d.seconds); }

} // namespace lagscope
