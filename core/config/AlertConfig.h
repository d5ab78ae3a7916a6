#pragma once
// Alert rules as configured under the top-level `alerts:` key. Plain values, copied freely.
//
//   alerts:
//     - name: billing-lag                  # unique; letters, digits, . _ -
//       cluster: "primary|dr"              # regular expression, whole name must match (default: all)
//       group: "billing.*"                 # likewise for group ids (group conditions only)
//       condition: lag_messages            # lag_messages | lag_seconds | status | rebalances_per_hour | broker_offline
//                                          # | failover_reread | failover_untranslatable
//       threshold: 1000                    # breach when the value is >= threshold; for status a
//                                          # status name (OK WARN REWIND STALL STOP RISK ERR): breach
//                                          # when the group's status is at least that bad
//       for: 3                             # consecutive breaching polls before it fires (default 1)
//       clear_after: 2                     # consecutive clean polls before it clears (default 1)
//       mute: false                        # true, or a UTC date-time until which it is muted
//       command: ["/usr/local/bin/page", "--team", "billing"]   # optional; alert JSON on stdin
//       command_timeout: 10s               # default 10s
//
// Values per condition: lag_messages = the group's total lag in records; lag_seconds = the
// age of its oldest unconsumed record (GroupState::maxLagTime; a "≥ N s" age is a breach once
// N reaches the threshold and no observation below it); status = the group's lag status
// (GroupState::verdict), compared by severity OK < WARN < REWIND < STALL < STOP < RISK < ERR,
// the value being that severity (0–6; ERR was 5 before RISK came in). The retention-breach
// forecast alerts through it: `threshold: RISK` fires when retention may delete records a
// group has not read within an hour (the RISK rule's horizon, docs/LAG-STATUS.md) and stays
// firing when they are lost (ERR); there is no separate seconds condition, so that the alert,
// the status and the groups table never disagree on whether a group is at risk.
// rebalances_per_hour = rebalances that completed in the last hour; broker_offline = brokers of the cluster that are
// not online (threshold default 1). With the top-level `ignore_orphaned_offsets: true` the
// group values leave out its orphaned offsets (AppConfig, docs/LAG-STATUS.md "Orphaned
// offsets"), so an old subscription's standing commits fire no lag alert.
//
// Failover readiness of a MirrorMaker 2 flow's groups (docs/MIRRORMAKER2.md), judged at each
// poll of the flow where both clusters were read, per flow and group:
//   failover_reread          records a consumer failing over now would read again (the sum
//                            of its commits beyond the last checkpoint), threshold in records;
//                            unknown (no observation) while no partition has both.
//   failover_untranslatable  committed partitions without a checkpoint (no translated offset
//                            after a failover), threshold a count (default 1).
// For these, `cluster` matches the flow's label ("primary->dr", with the MirrorMaker aliases)
// or its target cluster's name (where the consumers would fail over to), so `cluster: dr`
// covers every flow into dr; alerts are reported under the flow's label.

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <vector>

namespace lagscope {

enum class AlertCondition {
    LagMessages,
    LagSeconds,
    Status,
    RebalancesPerHour,
    BrokerOffline,
    FailoverReread,
    FailoverUntranslatable
};

// "lag_messages", … as written in the configuration and in alert JSON.
QString alertConditionName(AlertCondition condition);
// Whether the rule is judged on a MirrorMaker 2 flow's polls (per flow and group).
inline bool isFlowCondition(AlertCondition c)
{
    return c == AlertCondition::FailoverReread || c == AlertCondition::FailoverUntranslatable;
}
// Whether the rule is evaluated per group (else per cluster).
inline bool isGroupCondition(AlertCondition c) { return c != AlertCondition::BrokerOffline; }

struct AlertRule {
    QString name;
    QString clusterPattern; // empty: every cluster; else a whole-match regular expression
    QString groupPattern;   // empty: every group
    AlertCondition condition = AlertCondition::LagMessages;
    double threshold = 0;    // numeric conditions
    QString statusThreshold; // Status: OK, WARN, ERR, STOP, STALL or REWIND
    int forPolls = 1;
    int clearAfter = 1;
    bool muted = false;   // muted for good (from the file)
    QDateTime mutedUntil; // valid: muted until then (UTC)
    QStringList command;  // program and arguments; empty: none
    int commandTimeoutMs = 10000;

    friend bool operator==(const AlertRule &, const AlertRule &) = default;
};

} // namespace lagscope
