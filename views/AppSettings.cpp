#include "AppSettings.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
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

// Where Lagscope kept it until 2026-12 (QSettings with no organization). Read while the new
// file is missing and copied to it on the first write, so an upgrade keeps the window's
// layout and last selection; never written itself.
QString legacySettingsPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
           + QStringLiteral("/Unknown Organization/lagscope.conf");
}

QString readPath()
{
    const QString path = settingsPath();
    const QString legacy = legacySettingsPath();
    return !QFileInfo::exists(path) && QFileInfo::exists(legacy) ? legacy : path;
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
    return QSettings(readPath(), QSettings::IniFormat).value(name(key), defaultValue(key));
}

void AppSettings::setValue(Key key, const QVariant &value)
{
    const QString path = settingsPath();
    if (const QString legacy = legacySettingsPath(); !QFileInfo::exists(path) && QFileInfo::exists(legacy)) {
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile::copy(legacy, path); // on failure the new file starts empty: a layout, not data
    }
    QSettings(path, QSettings::IniFormat).setValue(name(key), value);
}

} // namespace lagscope
