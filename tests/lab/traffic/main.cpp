// lagscope-traffic: stands in for real Kafka applications in Lagscope's test and demo lab.
#include "Commands.h"
#include "Kafka.h"

#include <cstdio>
#include <cstring>
#include <librdkafka/rdkafka.h>

using namespace lagscope::traffic;

namespace lagscope::traffic {

int runtimeFailure(const std::string &command, const std::string &message)
{
    std::fprintf(stderr, "lagscope-traffic %s: error: %s\n", command.c_str(), message.c_str());
    return 1;
}

int usageFailure(const std::string &command, const std::string &message)
{
    std::fprintf(stderr, "lagscope-traffic %s: %s\n(see lagscope-traffic %s --help)\n", command.c_str(),
                 message.c_str(), command.c_str());
    return 2;
}

OptionSpec bootstrapOption() { return {"bootstrap", "HOST:PORT[,...]", "Kafka bootstrap servers", true}; }

OptionSpec protocolOption()
{
    return {"protocol", "classic|consumer", "group.protocol: classic (default) or consumer (KIP-848)"};
}

} // namespace lagscope::traffic

namespace {

const Command *const kCommands[] = {&createTopicCommand(), &produceCommand(), &consumeCommand(),
                                    &commitCommand(),      &memberCommand(),  &demoCommand()};

void printOverview(std::FILE *out)
{
    std::fprintf(out,
                 "usage: lagscope-traffic <command> --bootstrap HOST:PORT [options]\n\n"
                 "Produces records and runs real consumer groups for Lagscope's lab (librdkafka %s).\n\n"
                 "commands:\n",
                 rd_kafka_version_str());
    for (const Command *command : kCommands) {
        std::fprintf(out, "  %-14s%s\n", command->spec.name.c_str(), command->spec.brief.c_str());
    }
    std::fprintf(out, "\nRun 'lagscope-traffic <command> --help' for the options of a command.\n"
                      "Exit codes: 0 ok, 1 runtime error, 2 usage error.\n");
}

} // namespace

int main(int argc, char **argv)
{
    if (argc < 2) {
        printOverview(stderr);
        return 2;
    }
    if (!std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
        printOverview(stdout);
        return 0;
    }
    for (const Command *command : kCommands) {
        if (command->spec.name != argv[1])
            continue;
        auto args = Args::parse(command->spec, argc, argv, 2);
        if (!args.ok())
            return usageFailure(command->spec.name, args.error());
        if (args.value().wantsHelp()) {
            std::fputs(helpText(command->spec).c_str(), stdout);
            return 0;
        }
        installStopHandlers();
        return command->run(args.value());
    }
    std::fprintf(stderr, "lagscope-traffic: unknown command '%s'\n\n", argv[1]);
    printOverview(stderr);
    return 2;
}
