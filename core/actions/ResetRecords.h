#pragma once
// The records an applied offset reset leaves behind, as pure functions: the backup of the
// group's committed offsets taken before the change (what `lagscopectl undo` restores),
// the per-partition verification of what the broker holds afterwards, and the audit line.
// No I/O and no clock here (callers pass the time); usable from any thread.

#include "actions/ResetPlan.h"
#include "actions/WriteResult.h"
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
    enum Result {
        Applied,    // read back with the planned offset
        Mismatch,   // read back with another offset, or without a commit
        Refused,    // the coordinator answered with an error for this partition
        NotApplied, // never sent: the commit of an earlier topic failed, so the executor stopped
        Unknown,    // not verified: no answer to its commit, or the read-back failed
    };
    TopicPartition tp;
    std::optional<qint64> before; // committed before the reset
    qint64 planned = 0;           // the plan's new offset
    std::optional<qint64> after;  // committed offset read back after the reset
    Result result = Applied;
    // The coordinator answered the commit without an error for this partition. Together
    // with Unknown it means "committed, but not read back".
    bool acknowledged = false;
    QString reason; // for every result but Applied
};

QString outcomeName(PartitionOutcome::Result result);

// What the executor knows about each planned partition's commit before reading back.
// Partitions in none of the three were acknowledged by the coordinator.
struct ResetCommits {
    std::map<TopicPartition, QString> refused;    // partition error in the answer
    std::map<TopicPartition, QString> unanswered; // the request failed or got no answer: it
                                                  // may have landed, or land later
    std::map<TopicPartition, QString> notSent;    // why it was not sent
};

// Compares what was planned with what the commits answered and what the broker holds now.
// `readBack` absent: the read-back failed with `readBackError`; nothing is then guessed:
// every partition that was sent is Unknown.
std::vector<PartitionOutcome> verifyResetCommits(const ResetPlan &plan, const ResetCommits &commits,
                                                 const std::optional<CommittedOffsets> &readBack,
                                                 const QString &readBackError = QString());
// All partitions acknowledged (or refused), read back successfully.
std::vector<PartitionOutcome> verifyReset(const ResetPlan &plan, const std::map<TopicPartition, QString> &refused,
                                          const CommittedOffsets &readBack);

// One audit line (without the newline). Holds no configuration properties, so no secrets.
struct ResetAuditEntry {
    QDateTime time; // UTC
    QString user;
    QString host;
    QString cluster;
    QString group;
    // "reset-offsets", or "delete" / "delete-offsets" (DeleteExecutor.h), whose partitions
    // have no new offset: their "new" is null in the record.
    QString action = QStringLiteral("reset-offsets");
    QString spec;                             // as the user gave it, e.g. "--shift-by -5"
    QString scope;                            // e.g. "--topic orders:0,2"
    WriteResult result = WriteResult::Failed; // written as its audit name
    QString reason;                           // why it was refused or failed, empty otherwise
    QString backupPath;
    std::vector<PartitionOutcome> partitions;
};

QJsonObject resetAuditJson(const ResetAuditEntry &entry);
// Applied when every partition was, Partial when some were, Unknown when none was but some
// may have been (not verified), Failed when none was.
WriteResult overallResult(const std::vector<PartitionOutcome> &partitions);

} // namespace lagscope
