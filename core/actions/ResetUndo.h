#pragma once
// Undo of an executed offset reset or failover: commits the offsets of its backup file
// again, through the same executor (backup, verify, audit, refusal of an active group or a
// read-only cluster). Shared by the reset dialog's pattern and the failover wizard.
//
// Partitions that had no commit before (ResetBackup::uncommitted) cannot be put back to
// "no commit" with AlterConsumerGroupOffsets: they are left as they are, and listed in
// UndoOutcome::leftAsIs so the caller can say so.
//
// Thread: blocking, on the KafkaClient's thread (a worker in the GUI).

#include "actions/ResetExecutor.h"

#include <QString>

#include <vector>

namespace lagscope {

struct UndoOutcome {
    ResetOutcome reset;
    std::vector<TopicPartition> leftAsIs;
};

Result<UndoOutcome> undoFromBackup(KafkaClient &client, const QString &backupPath, const ResetApplyOptions &options);

} // namespace lagscope
