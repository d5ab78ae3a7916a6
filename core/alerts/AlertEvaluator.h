#pragma once
// Alert evaluation with hysteresis and mutes. Deterministic: no clock (the caller passes
// `now`), no I/O; the whole state is a value (AlertState) that can be saved and restored.
//
// One alert instance per (rule, cluster, group) — group empty for cluster rules. At each
// reachable poll of a cluster, every rule whose cluster pattern matches is observed:
//   - breach: breaches += 1, clears = 0; a quiet instance fires once breaches >= rule.for.
//   - clean:  clears += 1, breaches = 0; a firing instance clears once clears >= clear_after.
//   - unknown value (e.g. no lag in seconds yet): neither; the counters stay.
//   - a group that is gone counts as clean (its alert can clear), as does a rule whose
//     pattern no longer matches after a configuration change.
// Unreachable polls are not observations. A muted rule's instances still change state (so
// the tree is right when the mute ends); the transitions say `muted`, and the caller does
// not notify or run commands for them.
//
// Thread: any; an AlertEvaluator is used by one thread at a time.

#include "config/AlertConfig.h"
#include "mirror/FlowSnapshot.h"
#include "model/ClusterSnapshot.h"

#include <QJsonObject>

#include <map>
#include <optional>
#include <set>
#include <vector>

namespace lagscope {

struct AlertInstance {
    QString rule;
    QString cluster;
    QString group; // empty for cluster rules
    int breaches = 0;
    int clears = 0;
    bool firing = false;
    QDateTime firedAt;
    QDateTime lastChange; // time of the last observation that changed the counters
    double value = 0;     // last observed value (status: its severity)
    QString valueText;    // last observed value for people: "12,345 records", "STALL"…

    friend bool operator==(const AlertInstance &, const AlertInstance &) = default;
};

struct AlertTransition {
    enum Kind {
        Fired,
        Cleared
    };
    Kind kind = Fired;
    AlertInstance instance; // after the transition
    bool muted = false;
};

// What one rule sees in one group (or cluster): nullopt when the value is unknown.
struct AlertObservation {
    bool breach = false;
    double value = 0;
    QString text;
};
std::optional<AlertObservation> observeGroup(const AlertRule &rule, const GroupState &group);
std::optional<AlertObservation> observeCluster(const AlertRule &rule, const ClusterSnapshot &snapshot);
// A failover readiness rule in one group of a MirrorMaker 2 flow (AlertFlows.cpp).
std::optional<AlertObservation> observeFlowGroup(const AlertRule &rule, const mirror::GroupFlow &group);

// Mutes set from the GUI: rule name → until (invalid QDateTime: until unmuted).
using AlertMutes = std::map<QString, QDateTime>;
bool isMuted(const AlertRule &rule, const AlertMutes &mutes, const QDateTime &now);

class AlertEvaluator {
public:
    explicit AlertEvaluator(std::vector<AlertRule> rules = {}) : m_rules(std::move(rules)) { }

    std::vector<AlertTransition> evaluate(const ClusterSnapshot &snapshot, const QDateTime &now);
    // The failover readiness rules (isFlowCondition) at one poll of a flow, with instances
    // keyed by the flow's label as their cluster. A poll that could not read both clusters
    // is no observation, like an unreachable cluster's.
    std::vector<AlertTransition> evaluateFlow(const mirror::FlowSnapshot &snapshot, const QDateTime &now);

    const std::vector<AlertRule> &rules() const { return m_rules; }
    const AlertRule *rule(const QString &name) const;
    // Every instance with a breach or firing, ordered by rule, cluster, group.
    std::vector<AlertInstance> instances() const;
    std::vector<AlertInstance> firing() const;

    AlertMutes &mutes() { return m_mutes; }
    const AlertMutes &mutes() const { return m_mutes; }

    // Persistence: {"version": 1, "instances": [...], "mutes": [...]}. fromJson ignores
    // instances of rules that no longer exist.
    QJsonObject toJson() const;
    void fromJson(const QJsonObject &json);

private:
    using Key = std::tuple<QString, QString, QString>; // rule, cluster, group
    void observe(const AlertRule &rule, const Key &key, const std::optional<AlertObservation> &seen,
                 const QDateTime &now, std::vector<AlertTransition> &out);
    // Instances of `cluster` that this poll did not observe (group gone, rule changed): clean.
    void observeUnseen(const QString &cluster, const std::set<Key> &seenKeys, const QDateTime &now,
                       std::vector<AlertTransition> &out);

    std::vector<AlertRule> m_rules;
    std::map<Key, AlertInstance> m_instances;
    AlertMutes m_mutes;
};

// The JSON a rule's command reads on stdin.
QJsonObject alertJson(const AlertRule &rule, const AlertTransition &transition, const QDateTime &now);
// One line for the event log / tray.
QString alertMessage(const AlertRule &rule, const AlertTransition &transition);

} // namespace lagscope
