#pragma once
// The records an applied offset reset leaves behind, as pure functions: the backup of the
// group's committed offsets taken before the change (what `lagscopectl undo` restores),
// the per-partition verification of what the broker holds afterwards, and the audit line.
// No I/O and no clock here (callers pass the time); usable from any thread.

#include "actions/ResetPlan.h"
#include "util/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <map>
#include <optional>
#include <vector>

namespace lagscope {

// The group's committed offsets just before a reset.
struct ResetBackup {
    QString cluster;
    QString group;
    QDateTime time; // UTC
    CommittedOffsets offsets;
    // Partitions the reset was about to write that had no commit: undo cannot restore
    // "no commit" with AlterConsumerGroupOffsets, so it says so instead.
    std::vector<TopicPartition> uncommitted;
};

QJsonObject resetBackupJson(const ResetBackup &backup);
Result<ResetBackup> parseResetBackup(const QByteArray &json);
// `<cluster>-<group>-<yyyyMMddTHHmmssZ>.json`, with characters unsafe in file names
// (path separators, control characters…) replaced by '_'.
QString resetBackupFileName(const QString &cluster, const QString &group, const QDateTime &time);

// What happened to one partition of an applied plan.
struct PartitionOutcome {
    enum Result { Applied, Mismatch, Refused };
    TopicPartition tp;
    std::optional<qint64> before; // committed before the reset
    qint64 planned = 0;           // the plan's new offset
    std::optional<qint64> after;  // committed offset read back after the reset
    Result result = Applied;
    QString reason; // for Mismatch and Refused
};

QString outcomeName(PartitionOutcome::Result result);

// Compares what was planned with what the broker refused and what it holds now.
std::vector<PartitionOutcome> verifyReset(const ResetPlan &plan, const std::map<TopicPartition, QString> &refused,
                                          const CommittedOffsets &readBack);

// One audit line (without the newline). Holds no configuration properties, so no secrets.
struct ResetAuditEntry {
    QDateTime time; // UTC
    QString user;
    QString host;
    QString cluster;
    QString group;
    QString spec;  // as the user gave it, e.g. "--shift-by -5"
    QString scope; // e.g. "--topic orders:0,2"
    QString result; // "applied", "partial", "refused", "failed"
    QString reason; // why it was refused or failed, empty otherwise
    QString backupPath;
    std::vector<PartitionOutcome> partitions;
};

QJsonObject resetAuditJson(const ResetAuditEntry &entry);
// "applied" when every partition was, "partial" when some were, "failed" when none was.
QString overallResult(const std::vector<PartitionOutcome> &partitions);

} // namespace lagscope
