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

// The offsets per group of a plan file when several groups are reset, as the tool reads it:
// the rows of a group,topic,partition,offset CSV, or a backup's own group; none for a
// topic,partition,offset CSV (it belongs to no group then).
std::map<QString, std::map<TopicPartition, qint64>> filePlansByGroup(const QString &path);

// The reset spec of the one spec option given, with its value. `group` empty (several
// groups): --from-file is only checked here, each group takes its own rows later
// (filePlansByGroup()).
Result<ResetSpec> resetSpecFromOption(CliContext &ctx, const SpecOption &chosen, const QString &value,
                                      const QString &group);

} // namespace lagscope::cli
