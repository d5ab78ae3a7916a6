#pragma once
// Finds MirrorMaker 2 flows from the topic lists of the clusters Lagscope knows, so that
// they can be OFFERED to the user: a discovered flow is a guess from names alone (aliases,
// separators, policy), never monitored or trusted until the user confirms it.
//
// Evidence on a cluster T: "<A>S checkpointsS internal" (flow A -> T; S is the internal
// separator), "<A>S heartbeats" (A's heartbeats replicated to T), remote topics "<A>S<topic>"
// whose <topic> exists on A's cluster (gives the policy separator S). On a cluster X:
// "mm2-offset-syncsS<B>S internal" (flow X -> B with the syncs on the source, or B -> X with
// them on the target). Alias A is matched to a known cluster by name, by a configured
// flow's alias, or by the cluster holding the upstream topics of T's remote topics.
//
// Pure functions of values; usable from any thread.

#include "config/Config.h"

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace lagscope::mirror {

struct DiscoveredFlow {
    // Cluster names, aliases and naming, as a configuration entry would have them. An empty
    // sourceCluster means no known cluster is MirrorMaker's alias sourceAlias: the flow can
    // be shown but not monitored.
    ReplicationFlowConfig flow;
    QStringList evidence; // "dr: primary.checkpoints.internal", one line per topic that told
    QStringList doubts;   // what is only guessed, for the user to check before trusting it
    // Default and identity policies both fit: nothing on the target is named "<A>S<topic>",
    // but the source's topics exist there under their own names.
    bool policyAmbiguous = false;

    bool monitorable() const { return !flow.sourceCluster.isEmpty() && !flow.targetCluster.isEmpty(); }
    // "primary->dr", as FlowIdentity::label()
    QString label() const { return flow.sourceAlias + QStringLiteral("->") + flow.targetAlias; }
};

// Topic names per cluster name. Flows that `configured` already has (same source and target
// clusters) are not offered again. Candidates come sorted by label.
std::vector<DiscoveredFlow> discoverFlows(const std::map<QString, QStringList> &topicsByCluster,
                                          const std::vector<ReplicationFlowConfig> &configured = {});

// The YAML a user can paste under `replication:` to configure the flow for good.
QString flowConfigYaml(const ReplicationFlowConfig &flow);

} // namespace lagscope::mirror

// A confirmed flow travels in signals (the Replication page's monitorRequested).
Q_DECLARE_METATYPE(lagscope::ReplicationFlowConfig)
