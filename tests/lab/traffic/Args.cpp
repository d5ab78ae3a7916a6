#include "Args.h"

#include <algorithm>
#include <charconv>

namespace lagscope::traffic {

namespace {

const OptionSpec *findOption(const CommandSpec &spec, const std::string &name)
{
    const auto it =
        std::find_if(spec.options.begin(), spec.options.end(), [&](const OptionSpec &o) { return o.name == name; });
    return it == spec.options.end() ? nullptr : &*it;
}

} // namespace

Result<Args> Args::parse(const CommandSpec &spec, int argc, char **argv, int first)
{
    Args args;
    for (int i = first; i < argc; ++i) {
        std::string token = argv[i];
        if (token == "--help" || token == "-h") {
            args.m_help = true;
            continue;
        }
        if (token.rfind("--", 0) != 0)
            return Error{"unexpected argument '" + token + "'"};
        std::string name = token.substr(2);
        std::string value;
        bool inlineValue = false;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
            inlineValue = true;
        }
        const OptionSpec *option = findOption(spec, name);
        if (!option)
            return Error{"unknown option --" + name};
        if (option->valueName.empty()) {
            if (inlineValue)
                return Error{"--" + name + " takes no value"};
        } else if (!inlineValue) {
            if (i + 1 >= argc)
                return Error{"--" + name + " needs a value (" + option->valueName + ")"};
            value = argv[++i];
        }
        auto &slot = args.m_values[name];
        if (!slot.empty() && !option->repeatable)
            return Error{"--" + name + " given more than once"};
        slot.push_back(value);
    }
    if (args.m_help)
        return args;
    for (const auto &option : spec.options) {
        if (option.required && !args.has(option.name))
            return Error{"missing required option --" + option.name};
    }
    return args;
}

std::string Args::value(const std::string &name, const std::string &fallback) const
{
    const auto it = m_values.find(name);
    return it == m_values.end() ? fallback : it->second.back();
}

std::vector<std::string> Args::values(const std::string &name) const
{
    const auto it = m_values.find(name);
    return it == m_values.end() ? std::vector<std::string>{} : it->second;
}

Result<int64_t> parseInteger(const std::string &text, const std::string &what)
{
    int64_t number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ec != std::errc() || end != text.data() + text.size())
        return Error{what + ": '" + text + "' is not an integer"};
    return number;
}

Result<int64_t> Args::integer(const std::string &name, int64_t fallback, int64_t min, int64_t max) const
{
    if (!has(name))
        return fallback;
    auto number = parseInteger(value(name), "--" + name);
    if (!number.ok())
        return Error{number.error()};
    if (number.value() < min || number.value() > max)
        return Error{"--" + name + " must be between " + std::to_string(min) + " and " + std::to_string(max)};
    return number.value();
}

std::string helpText(const CommandSpec &spec)
{
    std::string text = "usage: lagscope-traffic " + spec.name;
    for (const auto &option : spec.options) {
        std::string usage = "--" + option.name + (option.valueName.empty() ? "" : " " + option.valueName);
        text += option.required ? " " + usage : " [" + usage + "]";
        if (option.repeatable)
            text += "...";
    }
    text += "\n\n" + spec.summary + "\n\noptions:\n";
    for (const auto &option : spec.options) {
        std::string usage = "  --" + option.name + (option.valueName.empty() ? "" : " " + option.valueName);
        usage.resize(std::max<std::size_t>(usage.size() + 2, 34), ' ');
        text += usage + option.help + "\n";
    }
    text += "  --help                          show this help\n";
    return text;
}

} // namespace lagscope::traffic
