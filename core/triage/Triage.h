#pragma once
// Triage: one list, across every cluster and flow, of what is wrong now, worst first — the
// page the desktop app opens on and `lagscopectl triage`. Both build it with buildTriage()
// from the same inputs, so they cannot disagree (docs/TRIAGE.md has the rows and the order).
//
// Thread: any (pure functions of plain values). Ownership: plain values.

#include "alerts/AlertEvaluator.h"
#include "mirror/FlowSnapshot.h"
#include "model/ClusterSnapshot.h"

#include <QDateTime>
#include <QJsonArray>
#include <QString>
#include <QStringList>

#include <map>
#include <set>
#include <vector>

namespace lagscope {

enum class TriageSeverity {
    Warning,
    Error
};

// What a row is about. The order is the order rows of equal severity are listed in: what
// cuts a whole cluster off first, the groups last (there are many of them).
enum class TriageKind {
    ClusterUnreachable,
    AlertFiring,
    SplitBrain,
    Quorum,
    Broker,
    OfflinePartitions,
    Flow,
    UnderReplicated,
    Group,
};

// Where a row leads when it is opened: a page of its cluster (or the replication page).
enum class TriageTarget {
    Overview,
    Brokers,
    Topics,
    Group,
    Replication,
};

struct TriageItem {
    TriageSeverity severity = TriageSeverity::Warning;
    TriageKind kind = TriageKind::Group;
    QString cluster; // the cluster, or the flow's label for flow rows
    QString subject; // "broker 3", a group id, a rule name, "orders-2"…
    QString group;   // the group concerned, else empty
    QString message; // one line for a person: what is wrong and why
    TriageTarget target = TriageTarget::Overview;
    // When it started, as far as Lagscope knows; invalid when unknown. sinceAtLeast: it was
    // already so when Lagscope first looked (the true start is earlier).
    QDateTime since;
    bool sinceAtLeast = false;
    // Among rows of the same severity and kind, larger first (a group's lag status severity,
    // then its lag; a flow's records behind).
    double weight = 0;

    // Identity across polls: kind, cluster, subject (TriageSince keys its first sight by it).
    QString key() const;
};

// A group seen with members or moving commits on both sides of a configured flow.
struct SplitBrainFinding {
    QString flow; // label, e.g. "primary->dr"
    QString sourceCluster;
    QString targetCluster;
    QString group;
    QString detail; // what was seen on each side, e.g. "consumed on both sides of primary->dr: …"
    QDateTime since;
};

struct TriageInputs {
    std::vector<SnapshotPtr> clusters;
    std::vector<mirror::FlowSnapshotPtr> flows;
    std::vector<AlertInstance> alerts; // AlertService::firing(): only those firing are listed
    std::vector<SplitBrainFinding> splitBrains;
};

// Every row, worst first: errors before warnings, then by kind, then by weight, cluster and
// subject. Groups are listed when WARN or worse; a cluster that cannot be reached gives one
// row, and its (stale) groups and brokers none.
std::vector<TriageItem> buildTriage(const TriageInputs &inputs);

// The rows of one cluster (flow rows count for their source and target), for the tree's
// status: the worst severity and a tooltip naming what.
struct ClusterTriage {
    bool any = false;
    TriageSeverity worst = TriageSeverity::Warning;
    QStringList lines; // "ERR analytics: …", at most a few, worst first
    int count = 0;
};
ClusterTriage clusterTriage(const std::vector<TriageItem> &items, const QString &cluster,
                            const std::vector<mirror::FlowSnapshotPtr> &flows);

QString triageKindName(TriageKind kind);       // "cluster", "alert", "split-brain", …
QString triageSeverityName(TriageSeverity s);  // "error", "warning"
QString triageTargetName(TriageTarget target); // "overview", "brokers", …

// `lagscopectl triage --format json`: {"severity", "kind", "cluster", "subject", "group",
// "message", "target", "since" (ISO 8601 UTC or null), "since_at_least"} per row.
QJsonArray triageJson(const std::vector<TriageItem> &items);

// Remembers when each row was first seen, so that a row says how long it has been so even
// when its source does not know (a group's status, a broker's state). Rows seen at the first
// look at their cluster (or flow) are marked sinceAtLeast: they were already so before.
class TriageSince {
public:
    // Fills `since` of rows that have none; forgets rows no longer present. firstLooks: the
    // clusters and flow labels whose first poll this update brings.
    void update(std::vector<TriageItem> &items, const QDateTime &now, const QStringList &firstLooks);

private:
    std::map<QString, QDateTime> m_first;
    std::set<QString> m_atLeast; // keys seen at their cluster's first look, present ever since
};

} // namespace lagscope
