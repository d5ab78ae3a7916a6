#pragma once
// Errors as values (docs/STYLE.md, Errors are values): every helper returns a Result carrying a message a lab
// user can act on; only main() turns it into an exit code.
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace lagscope::traffic {

struct Error {
    std::string message;
};

template <typename T> class [[nodiscard]] Result {
public:
    Result(T value) : m_value(std::move(value)) { }
    Result(Error error) : m_error(std::move(error.message)) { }

    bool ok() const { return m_value.has_value(); }
    T &value() { return *m_value; }
    const T &value() const { return *m_value; }
    const std::string &error() const { return m_error; }

private:
    std::optional<T> m_value;
    std::string m_error;
};

using Status = Result<std::monostate>;
inline Status okStatus() { return std::monostate{}; }

} // namespace lagscope::traffic
