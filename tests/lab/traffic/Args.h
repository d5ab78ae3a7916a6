#pragma once
// Tiny declarative option parser: each subcommand describes its options once, and the
// same description drives parsing, validation and --help, so they cannot drift apart.
#include "Result.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace lagscope::traffic {

struct OptionSpec {
    std::string name;      // without the leading "--"
    std::string valueName; // empty: a flag without a value
    std::string help;
    bool required = false;
    bool repeatable = false;
};

struct CommandSpec {
    std::string name;
    std::string brief;   // one line for the command overview
    std::string summary; // paragraph for the command's --help
    std::vector<OptionSpec> options;
};

class Args {
public:
    // Parses argv[first..argc). --help is recognised anywhere and reported via wantsHelp().
    static Result<Args> parse(const CommandSpec &spec, int argc, char **argv, int first);

    bool wantsHelp() const { return m_help; }
    bool has(const std::string &name) const { return m_values.count(name) > 0; }
    std::string value(const std::string &name, const std::string &fallback = {}) const;
    std::vector<std::string> values(const std::string &name) const;
    // Integer option within [min, max]; the Error message is a usage message.
    Result<int64_t> integer(const std::string &name, int64_t fallback, int64_t min, int64_t max) const;

private:
    std::map<std::string, std::vector<std::string>> m_values;
    bool m_help = false;
};

std::string helpText(const CommandSpec &spec);
Result<int64_t> parseInteger(const std::string &text, const std::string &what);

} // namespace lagscope::traffic
