#include "report/ReportArgs.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ReportText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::Report)
};

} // namespace

Result<qint64> parseReportDuration(const QString &text)
{
    static const QRegularExpression re(QStringLiteral("^\\s*(\\d{1,9})\\s*(s|m|min|h|d|w)\\s*$"));
    const auto m = re.match(text);
    if (!m.hasMatch())
        return Result<qint64>::failure(
            ReportText::tr("'%1' is not a duration: use a whole number and a unit, e.g. 30m, 24h or 7d").arg(text));
    const qint64 n = m.captured(1).toLongLong();
    const QString unit = m.captured(2);
    qint64 seconds = n;
    if (unit == QLatin1String("m") || unit == QLatin1String("min"))
        seconds = n * 60;
    else if (unit == QLatin1String("h"))
        seconds = n * 3600;
    else if (unit == QLatin1String("d"))
        seconds = n * 86400;
    else if (unit == QLatin1String("w"))
        seconds = n * 7 * 86400;
    if (seconds <= 0)
        return Result<qint64>::failure(ReportText::tr("The duration '%1' must be positive").arg(text));
    return seconds * 1000;
}

Result<QDateTime> parseReportTime(const QString &text)
{
    const QString t = text.trimmed();
    QDateTime parsed = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!parsed.isValid()) {
        // A space instead of the T, as people write it.
        QString withT = t;
        if (withT.size() > 10 && withT[10] == QLatin1Char(' '))
            withT[10] = QLatin1Char('T');
        parsed = QDateTime::fromString(withT, Qt::ISODateWithMs);
    }
    if (!parsed.isValid())
        return Result<QDateTime>::failure(
            ReportText::tr(
                "'%1' is not a time: use ISO 8601, e.g. 2026-11-29T08:00:00Z or 2026-11-29 09:00 (local time)")
                .arg(text));
    return parsed.toUTC();
}

} // namespace lagscope
