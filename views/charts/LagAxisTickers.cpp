#include "charts/LagAxisTickers.h"
#include "charts/LagChartFormat.h"

#include <cmath>

namespace lagscope {

double LagValueTicker::getTickStep(const QCPRange &range) { return std::max(1.0, QCPAxisTicker::getTickStep(range)); }

int LagValueTicker::getSubTickCount(double tickStep)
{
    return tickStep <= 1.0 ? 0 : QCPAxisTicker::getSubTickCount(tickStep);
}

QString LagValueTicker::getTickLabel(double tick, const QLocale &, QChar, int)
{
    return formatLag(tick); // the user's locale, like the tables, not the plot's C locale
}

LocalTimeTicker::LocalTimeTicker()
{
    setDateTimeSpec(Qt::LocalTime);
    setTickCount(6);
    setVisibleSpan(3600);
}

void LocalTimeTicker::setVisibleSpan(double seconds)
{
    constexpr double day = 24 * 3600;
    m_showDates = seconds > day * 1.01;
    if (m_showDates)
        setDateTimeFormat(QStringLiteral("MM-dd HH:mm"));
    else if (seconds <= 10 * 60)
        setDateTimeFormat(QStringLiteral("HH:mm:ss"));
    else
        setDateTimeFormat(QStringLiteral("HH:mm"));
}

QString LocalTimeTicker::getTickLabel(double tick, const QLocale &locale, QChar formatChar, int precision)
{
    if (!m_showDates) {
        const QDateTime local = keyToDateTime(tick).toLocalTime();
        if (local.time() == QTime(0, 0))
            return local.toString(QStringLiteral("MM-dd"));
    }
    return QCPAxisTickerDateTime::getTickLabel(tick, locale, formatChar, precision);
}

} // namespace lagscope
