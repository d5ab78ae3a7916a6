#pragma once
// A value or an error a user can act on. std::expected is C++23 and GCC 12 lacks it;
// this is the small subset Lagscope needs. Errors never cross threads as exceptions.

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace lagscope {

struct Error {
    QString message;
};

template <typename T> class [[nodiscard]] Result {
public:
    Result(T value) : m_data(std::in_place_index<0>, std::move(value)) { }
    Result(Error error) : m_data(std::in_place_index<1>, std::move(error)) { }

    static Result failure(QString message) { return Result(Error{std::move(message)}); }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(m_data); }
    const T &value() const & { return std::get<0>(m_data); }
    T &&value() && { return std::get<0>(std::move(m_data)); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    const Error &error() const { return std::get<1>(m_data); }
    const QString &errorMessage() const { return error().message; }

private:
    std::variant<T, Error> m_data;
};

// For operations that return nothing but may fail.
struct Unit { };
using Status = Result<Unit>;
inline Status success() { return Unit{}; }

} // namespace lagscope
