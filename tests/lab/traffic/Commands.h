#pragma once
// The subcommands. Each returns the process exit code: 0 ok, 1 runtime error (message on
// stderr), 2 usage error.
#include "Args.h"

#include <string>

namespace lagscope::traffic {

struct Command {
    CommandSpec spec;
    int (*run)(const Args &args);
};

const Command &createTopicCommand();
const Command &produceCommand();
const Command &consumeCommand();
const Command &commitCommand();
const Command &memberCommand();
const Command &demoCommand();

// Print "lagscope-traffic <command>: ..." on stderr and return the matching exit code.
int runtimeFailure(const std::string &command, const std::string &message);
int usageFailure(const std::string &command, const std::string &message);

// Shared option descriptions, so every subcommand spells them the same way.
OptionSpec bootstrapOption();
OptionSpec protocolOption();

} // namespace lagscope::traffic
