#pragma once
// The read-only check every write action runs before it touches a cluster: offset resets,
// undo, failover and failback alike (docs/ARCHITECTURE.md, The write pipeline).
// A refusal is always audited, so call guardWrite() — not ClusterConfig::readOnly — in
// any new write path; views use writeRefusal() only to disable their buttons with the reason.
//
// Thread: any. guardWrite() appends to the audit log (blocking, fsync'd).

#include "config/Config.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace lagscope {

// The message a refused write shows, e.g. "cluster 'prod-eu' is read-only (matches
// read_only_clusters "prod-.*"): failover is refused"; empty when writes are allowed.
std::optional<QString> writeRefusal(const QString &cluster, bool readOnly, const QString &readOnlyReason,
                                    const QString &action);
inline std::optional<QString> writeRefusal(const ClusterConfig &cluster, const QString &action)
{
    return writeRefusal(cluster.name, cluster.readOnly, cluster.readOnlyReason, action);
}

struct WriteAttempt {
    QString action; // "reset-offsets", "undo", "failover", "failback"…
    QString cluster;
    bool readOnly = false;
    QString readOnlyReason;
    QJsonObject details; // e.g. {"group": "g1", "spec": "--to-earliest"}; merged into the audit record
};

// When the target is read-only: appends a "refused" record to the audit log at auditPath
// and returns the refusal message (also when the record could not be written — a refusal
// never turns into a write; the message then says the audit failed). Empty: go ahead.
std::optional<QString> guardWrite(const WriteAttempt &attempt, const QString &auditPath);

} // namespace lagscope
