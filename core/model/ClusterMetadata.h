#pragma once
// What a cluster says about itself in one metadata round: brokers, controller, topics.
// Plain values, safe to copy across threads.

#include <QString>

#include <vector>

namespace lagscope {

struct BrokerInfo {
    int id = -1;
    QString host;
    int port = 0;
    QString rack; // empty when the broker has no rack
};

struct PartitionInfo {
    int partition = -1;
    int leader = -1; // -1: no leader (offline partition)
    std::vector<int> replicas;
    std::vector<int> isr;
    QString error; // per-partition metadata error, e.g. "Leader not available"

    bool offline() const { return leader < 0; }
    bool underReplicated() const { return isr.size() < replicas.size(); }
};

struct TopicInfo {
    QString name;
    bool internal = false;
    std::vector<PartitionInfo> partitions;
    QString error;
};

struct ClusterMetadata {
    QString clusterId;
    int controllerId = -1;
    std::vector<BrokerInfo> brokers; // registered and unfenced: the brokers of Metadata
    std::vector<TopicInfo> topics;
    // Registered with the KRaft controller but fenced (DescribeCluster v2 with
    // IncludeFencedBrokers, KIP-1073): left out of `brokers`, as Metadata leaves them out.
    std::vector<BrokerInfo> fencedBrokers;
    // Whether fencedBrokers was asked for (librdkafka patch 0011 and Kafka 4.0 or later). When
    // false, a broker missing from `brokers` may be fenced or gone, and fencingUnknownWhy says
    // why nobody can tell.
    bool fencingKnown = false;
    QString fencingUnknownWhy;

    const TopicInfo *topic(const QString &name) const
    {
        for (const auto &t : topics)
            if (t.name == name)
                return &t;
        return nullptr;
    }
};

} // namespace lagscope
