#include "actions/ResetUndo.h"

#include "actions/ResetPlanner.h"

#include <QCoreApplication>
#include <QFile>

namespace lagscope {

namespace {
// The translation context of this file's strings (lupdate reads it from here).
struct ResetUndoText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ResetUndo)
};
} // namespace

Result<UndoOutcome> undoFromBackup(KafkaClient &client, const QString &path, const ResetApplyOptions &options)
{
    using R = Result<UndoOutcome>;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return R::failure(ResetUndoText::tr("cannot read %1: %2").arg(path, file.errorString()));
    auto backup = parseResetBackup(file.readAll());
    if (!backup)
        return R::failure(ResetUndoText::tr("%1: %2").arg(path, backup.errorMessage()));
    if (!backup->cluster.isEmpty() && backup->cluster != options.cluster)
        return R::failure(
            ResetUndoText::tr("%1 is a backup of cluster '%2', not '%3'").arg(path, backup->cluster, options.cluster));
    if (backup->offsets.empty())
        return R::failure(
            ResetUndoText::tr("%1 holds no committed offsets to restore (the group had none before)").arg(path));
    ResetSpec spec;
    spec.kind = ResetSpec::Manual;
    for (const auto &[tp, offset] : backup->offsets)
        spec.fileOffsets[tp] = offset;
    auto gathered = gatherResetInputs(client, backup->group, spec, {}, options.deadline);
    if (!gathered)
        return R(gathered.error());
    auto plan = planReset(spec, {}, gathered->inputs);
    if (!plan)
        return R(plan.error());
    auto applied = applyReset(client, *plan, options); // refuses an active group or a read-only cluster
    if (!applied)
        return R(applied.error());
    UndoOutcome out;
    out.reset = std::move(*applied);
    out.leftAsIs = backup->uncommitted;
    return out;
}

} // namespace lagscope
