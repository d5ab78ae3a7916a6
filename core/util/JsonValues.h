#pragma once
// JSON values shared by the audit records, the failover export and lagscopectl's
// --format json, so that an unknown number is written the same way everywhere: null.
//
// Thread: any (pure).
// Ownership: none; returns values.

#include <QJsonValue>

#include <optional>

namespace lagscope {

inline QJsonValue jsonOrNull(const std::optional<qint64> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

} // namespace lagscope
