#pragma once
// JSON values shared by the audit records, the failover export and lagscopectl's
// --format json, so that an unknown number is written the same way everywhere: null.
//
// Thread: any (pure).
// Ownership: none; returns values.

#include <QJsonValue>

#include <optional>
#include <type_traits>

namespace lagscope {

// A number (any integer type) or a flag; null when absent.
template <typename T> QJsonValue jsonOrNull(const std::optional<T> &v)
{
    static_assert(std::is_integral_v<T>, "integers and bools");
    if (!v)
        return QJsonValue(QJsonValue::Null);
    if constexpr (std::is_same_v<T, bool>)
        return QJsonValue(*v);
    else
        return QJsonValue(qint64(*v));
}

} // namespace lagscope
