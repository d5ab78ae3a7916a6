#pragma once
// The user's configuration as plain values. Built by ConfigLoader on any thread, then
// copied freely; nothing here owns a connection.

#include "mirror/ReplicationPolicy.h"

#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace lagscope {

struct ClusterConfig {
    QString name;
    // Comma-separated host:port list, as librdkafka's bootstrap.servers expects it.
    QString bootstrapServers;
    // Refuses every write action (resets, failover) in GUI and CLI alike.
    bool readOnly = false;
    // Passed to librdkafka as is (e.g. "socket.timeout.ms"); typed keys win over these.
    std::map<QString, QString> properties;
};

// One MirrorMaker 2 replication flow, source -> target, as configured by the user.
struct ReplicationFlowConfig {
    QString sourceCluster;   // name of a cluster in clusters
    QString targetCluster;   // name of a cluster in clusters
    QString sourceAlias;     // MirrorMaker 2 alias of the source (defaults to sourceCluster)
    QString targetAlias;     // MirrorMaker 2 alias of the target (defaults to targetCluster)
    // How MirrorMaker 2 names topics for this flow (policy, separator, offset-syncs location).
    mirror::ReplicationPolicyConfig policy;
};

struct AppConfig {
    QString path;                 // file it was read from ("" when built in memory)
    int pollIntervalMs = 5000;    // how often every cluster is polled
    int requestTimeoutMs = 10000; // deadline of one request to a cluster
    std::vector<ClusterConfig> clusters;
    std::vector<ReplicationFlowConfig> flows;
    QStringList warnings;         // accepted but worth telling the user, with file:line:column

    const ClusterConfig *cluster(const QString &name) const
    {
        for (const auto &c : clusters)
            if (c.name == name)
                return &c;
        return nullptr;
    }
};

} // namespace lagscope
