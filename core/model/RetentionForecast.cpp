#include "model/RetentionForecast.h"

#include <QLatin1Char>

#include <cmath>

namespace lagscope {

namespace {

enum class Rounding {
    Down,
    Nearest,
    Up
};

// The step a forecast of `seconds` is rounded to: about two significant figures, since the
// rates it comes from rarely hold better than that.
double granularity(double seconds)
{
    if (seconds < 60)
        return 5;
    if (seconds < 600)
        return 30;
    if (seconds < 3600)
        return 60;
    if (seconds < 86400)
        return 600;
    return 3600;
}

qint64 rounded(double seconds, Rounding how)
{
    if (!std::isfinite(seconds) || seconds < 0)
        seconds = 0;
    const double g = granularity(seconds);
    const double q = seconds / g;
    const double r = how == Rounding::Down ? std::floor(q) : how == Rounding::Up ? std::ceil(q) : std::round(q);
    return qint64(r * g);
}

QString text(qint64 s)
{
    const auto pad = [](qint64 v) { return QStringLiteral("%1").arg(v, 2, 10, QLatin1Char('0')); };
    if (s < 60)
        return QString::number(s) + QLatin1Char('s');
    if (s < 600 && s % 60)
        return QString::number(s / 60) + QStringLiteral("m ") + pad(s % 60) + QLatin1Char('s');
    if (s < 3600)
        return QString::number(s / 60) + QLatin1Char('m');
    if (s < 86400)
        return QString::number(s / 3600) + QStringLiteral("h ") + pad(s % 3600 / 60) + QLatin1Char('m');
    return QString::number(s / 86400) + QStringLiteral("d ") + QString::number(s % 86400 / 3600) + QLatin1Char('h');
}

} // namespace

QString formatForecastDuration(double seconds, bool up)
{
    return text(rounded(seconds, up ? Rounding::Up : Rounding::Nearest));
}

QString formatRetentionForecast(const RetentionForecast &f)
{
    if (!f.breach())
        return QStringLiteral("-");
    const QString estimate = QLatin1Char('~') + text(rounded(f.seconds, Rounding::Nearest));
    const QString earliest = text(rounded(f.earliest, Rounding::Down));
    if (f.latestOpen)
        return estimate + QStringLiteral(" (") + earliest + QStringLiteral(" or later)");
    return estimate + QStringLiteral(" (") + earliest + QStringLiteral(" – ") + text(rounded(f.latest, Rounding::Up))
           + QLatin1Char(')');
}

} // namespace lagscope
