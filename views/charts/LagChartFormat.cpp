#include "charts/LagChartFormat.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct LagChartText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::LagChart)
};

} // namespace

bool isMarkedEvent(EventKind kind)
{
    switch (kind) {
    case EventKind::MemberJoined:
    case EventKind::MemberLeft:
    case EventKind::AssignmentChanged:
    case EventKind::GroupStateChanged:
    case EventKind::LagStatusChanged: return true;
    default: return false;
    }
}

QString markerLabel(const ClusterEvent &event)
{
    switch (event.kind) {
    case EventKind::MemberJoined: return LagChartText::tr("joined");
    case EventKind::MemberLeft: return LagChartText::tr("left");
    case EventKind::AssignmentChanged: return LagChartText::tr("reassigned");
    case EventKind::GroupStateChanged: {
        // The diff writes "Old → New"; the new state is what the chart needs to say.
        const qsizetype arrow = event.message.lastIndexOf(QChar(0x2192));
        if (arrow >= 0 && arrow + 1 < event.message.size())
            return QString(QChar(0x2192)) + QLatin1Char(' ') + event.message.mid(arrow + 1).trimmed();
        return LagChartText::tr("state");
    }
    case EventKind::LagStatusChanged: {
        // "lag status OK → STOP: reason": the chart marks the new status only.
        const qsizetype arrow = event.message.indexOf(QChar(0x2192));
        const qsizetype colon = event.message.indexOf(QLatin1Char(':'), arrow);
        if (arrow >= 0 && colon > arrow)
            return QString(QChar(0x2192)) + QLatin1Char(' ')
                   + event.message.mid(arrow + 1, colon - arrow - 1).trimmed();
        return LagChartText::tr("status");
    }
    default: break;
    }
    return eventKindName(event.kind);
}

QString markerDescription(const ClusterEvent &event)
{
    return event.message.isEmpty() ? markerLabel(event) : event.message;
}

QString formatLag(double value)
{
    QLocale locale;
    locale.setNumberOptions(locale.numberOptions() & ~QLocale::OmitGroupSeparator);
    return locale.toString(qint64(std::llround(value)));
}

QString formatHoverTime(const QDateTime &time, bool withDate)
{
    return time.toLocalTime().toString(withDate ? QStringLiteral("yyyy-MM-dd HH:mm:ss") : QStringLiteral("HH:mm:ss"));
}

} // namespace lagscope
