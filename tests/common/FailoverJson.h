#pragma once
// lagscopectl failover --format json ({"groups":[...]}), read the way the failover tests
// look at it: one group's plan, a check's level, a partition's row, a topic's status.
// Header-only; main thread of a Qt Test.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace lagscope::test {

inline QJsonArray failoverGroups(const QString &stdoutText)
{
    return QJsonDocument::fromJson(stdoutText.toUtf8()).object().value(QStringLiteral("groups")).toArray();
}

// The group's object; empty when the output does not list it.
inline QJsonObject failoverGroup(const QString &stdoutText, const QString &group)
{
    for (const QJsonValue &g : failoverGroups(stdoutText))
        if (g.toObject().value(QStringLiteral("group")).toString() == group)
            return g.toObject();
    return {};
}

// "green", "amber" or "red"; empty when the group has no such check.
inline QString checkLevel(const QJsonObject &group, const QString &check)
{
    for (const QJsonValue &c : group.value(QStringLiteral("checks")).toArray())
        if (c.toObject().value(QStringLiteral("check")).toString() == check)
            return c.toObject().value(QStringLiteral("level")).toString();
    return {};
}

// "name: reason" of every red check, for failure messages and "no red check" assertions.
inline QStringList redChecks(const QJsonObject &group)
{
    QStringList red;
    for (const QJsonValue &c : group.value(QStringLiteral("checks")).toArray())
        if (c.toObject().value(QStringLiteral("level")).toString() == QLatin1String("red"))
            red << c.toObject().value(QStringLiteral("check")).toString() + QStringLiteral(": ")
                       + c.toObject().value(QStringLiteral("reason")).toString();
    return red;
}

// An entry of the group's `key` array ("partitions", "uncommitted") for the source topic
// and partition; empty when absent.
inline QJsonObject failoverPartition(const QJsonObject &group, const QString &topic, int partition,
                                     const QString &key = QStringLiteral("partitions"))
{
    for (const QJsonValue &p : group.value(key).toArray()) {
        const QJsonObject o = p.toObject();
        if (o.value(QStringLiteral("topic")).toString() == topic
            && o.value(QStringLiteral("partition")).toInt(-1) == partition)
            return o;
    }
    return {};
}

// The group's "topics" entry for a source topic; empty when absent.
inline QJsonObject failoverTopic(const QJsonObject &group, const QString &topic)
{
    for (const QJsonValue &t : group.value(QStringLiteral("topics")).toArray())
        if (t.toObject().value(QStringLiteral("topic")).toString() == topic)
            return t.toObject();
    return {};
}

inline QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

} // namespace lagscope::test
