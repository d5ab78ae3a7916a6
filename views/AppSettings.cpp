#include "AppSettings.h"

#include <QSettings>

namespace lagscope {

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

QVariant AppSettings::value(Key key) const { return QSettings().value(name(key), defaultValue(key)); }

void AppSettings::setValue(Key key, const QVariant &value) { QSettings().setValue(name(key), value); }

} // namespace lagscope
