#pragma once
// The options of lagscopectl reset-offsets that say what to reset to: the spec flags and the
// --from-file plan files (a CSV plan or a backup), shared by reset-offsets and undo
// (ResetCommand.cpp). Every failure here is a usage error.

#include "CliContext.h"

#include "actions/ResetPlan.h"

#include <map>
#include <vector>

namespace lagscope::cli {

struct SpecOption {
    QString name;
    ResetSpec::Kind kind;
    bool hasValue;
};

// The spec flags, in the order the usage error lists them.
const std::vector<SpecOption> &resetSpecOptions();

// Every option of reset-offsets: groups, scope, specs, dry run / execute, export.
void addResetOptions(QCommandLineParser &parser);

Result<QByteArray> readArgumentFile(const QString &path);

// One group's offsets of a plan file when several groups are reset, as the tool reads it:
// the group's rows of a group,topic,partition,offset CSV, or a backup of that very group;
// nothing otherwise (a topic,partition,offset CSV belongs to no group then).
std::map<TopicPartition, qint64> groupFileOffsets(const QString &path, const QString &group);

// The reset spec of the one spec option given, with its value. `group` empty (several
// groups): --from-file is only checked here, each group takes its own rows later
// (groupFileOffsets()).
Result<ResetSpec> resetSpecFromOption(CliContext &ctx, const SpecOption &chosen, const QString &value,
                                      const QString &group);

} // namespace lagscope::cli
