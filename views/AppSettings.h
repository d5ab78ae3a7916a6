#pragma once
// Typed access to persisted UI state: one enum of keys with their defaults, so no view
// spells a QSettings string. Thread: GUI. Cheap to construct; values go through QSettings.

#include <QByteArray>
#include <QString>
#include <QVariant>

namespace lagscope {

class AppSettings final {
public:
    enum class Key {
        WindowGeometry,
        WindowState,
        MainSplitter,
        DetailSplitter,
        LastCluster,
        LastPage,
        LastGroup,
        ChartRange,
        EventMinimumSeverity,
        BrokersSplitter,   // the brokers page: table, controller quorum, state timeline
        BrokerStatesRange, // the brokers page's timeline, a ChartRange (7 days by default)
    };

    QVariant value(Key key) const;
    void setValue(Key key, const QVariant &value);

    QByteArray bytes(Key key) const { return value(key).toByteArray(); }
    QString string(Key key) const { return value(key).toString(); }
    int integer(Key key) const { return value(key).toInt(); }

private:
    static QString name(Key key);
    static QVariant defaultValue(Key key);
};

} // namespace lagscope
