#include "AppSettings.h"

#include <QSettings>
#include <QStandardPaths>

namespace lagscope {

namespace {

// lagscope.conf beside the configuration (~/.config/lagscope/). Not QSettings(): with no
// organization name that is ~/.config/Unknown Organization/lagscope.conf, and naming one would
// move the configuration and the history too (QStandardPaths puts it in both folders' paths).
QString settingsPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/lagscope.conf");
}

} // namespace

QString AppSettings::name(Key key)
{
    switch (key) {
    case Key::WindowGeometry: return QStringLiteral("window/geometry");
    case Key::WindowState: return QStringLiteral("window/state");
    case Key::MainSplitter: return QStringLiteral("window/mainSplitter");
    case Key::DetailSplitter: return QStringLiteral("window/detailSplitter");
    case Key::LastCluster: return QStringLiteral("selection/cluster");
    case Key::LastPage: return QStringLiteral("selection/page");
    case Key::LastGroup: return QStringLiteral("selection/group");
    case Key::ChartRange: return QStringLiteral("chart/range");
    case Key::EventMinimumSeverity: return QStringLiteral("events/minimumSeverity");
    case Key::BrokersSplitter: return QStringLiteral("window/brokersSplitter");
    case Key::BrokerStatesRange: return QStringLiteral("brokers/statesRange");
    }
    return {};
}

QVariant AppSettings::defaultValue(Key key)
{
    switch (key) {
    case Key::LastPage: return 0;
    case Key::ChartRange: return 1; // one hour
    case Key::EventMinimumSeverity: return 0;
    case Key::BrokerStatesRange: return 4; // seven days: a broker's week at a glance
    default: return {};
    }
}

QVariant AppSettings::value(Key key) const
{
    return QSettings(settingsPath(), QSettings::IniFormat).value(name(key), defaultValue(key));
}

void AppSettings::setValue(Key key, const QVariant &value)
{
    QSettings(settingsPath(), QSettings::IniFormat).setValue(name(key), value);
}

} // namespace lagscope
