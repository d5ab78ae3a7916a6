// libFuzzer target for the reset/delete backup reader (core/actions/ResetRecords:
// parseResetBackup, what `lagscopectl undo` and the undo buttons read).
//
// Input: the backup file's bytes. Checks, besides the sanitizers, that an accepted backup
// written again with resetBackupJson() reads back the same: group, offsets, uncommitted.
#include "FuzzSupport.h"
#include "actions/ResetRecords.h"

#include <QJsonDocument>

using namespace lagscope;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Result<ResetBackup> backup = parseResetBackup(fuzz::bytesOf(data, size));
    if (!backup) {
        if (backup.errorMessage().isEmpty())
            fuzz::violated("fuzz_reset_backup", "empty error");
        return 0;
    }
    for (const auto &[tp, offset] : backup->offsets) {
        if (offset < 0 || tp.partition < 0 || tp.topic.isEmpty())
            fuzz::violated("fuzz_reset_backup", "accepted an invalid entry:", tp.toString());
    }
    const QByteArray written = QJsonDocument(resetBackupJson(*backup)).toJson(QJsonDocument::Compact);
    const Result<ResetBackup> again = parseResetBackup(written);
    if (!again)
        fuzz::violated("fuzz_reset_backup", "written backup does not read back:", again.errorMessage());
    if (again->group != backup->group || again->cluster != backup->cluster || again->offsets != backup->offsets
        || again->uncommitted != backup->uncommitted)
        fuzz::violated("fuzz_reset_backup", "written backup reads back differently:", QString::fromUtf8(written));
    return 0;
}
