#pragma once
// Each broker's state in one poll (Online, Unreachable, Stopping, Fenced, Offline), derived
// from named protocol facts: Metadata (registered and unfenced brokers), DescribeCluster v2
// (fenced ones, KIP-1073), the ISRs of Metadata (a controlled shutdown takes the broker out
// of all of them), librdkafka's connection state, and a TCP connect to the listener of a
// broker that is fenced or not connected (refused: nothing listens there). docs/BROKER-STATES.md has the rules and
// their limits per Kafka version. Pure: tests check it with tables.

#include "kafka/ListenerProbe.h"
#include "model/ClusterSnapshot.h"

#include <map>

namespace lagscope {

// What one poll learned, by reference (a poll's own PollResult outlives the call).
struct BrokerFacts {
    const ClusterMetadata &metadata;
    const std::map<int, QString> &connectionStates;      // librdkafka's, by broker id ("UP", "DOWN"…)
    const std::map<int, ListenerAnswer> &listenerProbes; // of the brokers brokersToProbe() named
};

// The brokers whose state needs a TCP connect to their listener: the fenced ones (alive or
// not?) and the registered ones without a connection that is up (librdkafka connects only
// where it has requests to send, and after a failure goes back to INIT, so its state alone
// cannot tell an idle broker from one that refuses every connection).
std::vector<BrokerInfo> brokersToProbe(const ClusterMetadata &metadata, const std::map<int, QString> &connectionStates);

// knownBrokers: every broker seen in this cluster before, so that one missing now is
// reported Offline instead of vanishing. previous (may be null): the last good poll's states,
// which tell a broker leaving its ISRs (Stopping) from one that had not joined them yet.
std::vector<BrokerState> brokerStates(const BrokerFacts &facts, const std::map<int, BrokerInfo> &knownBrokers,
                                      const std::vector<BrokerState> *previous);

QString brokerStatusName(BrokerStatus status);

} // namespace lagscope
