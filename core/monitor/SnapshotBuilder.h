#pragma once
// Turns what one poll gathered into a ClusterSnapshot. Pure: the poller gathers, this
// decides (broker states, lag per partition, aggregates), and tests check it with tables.

#include "kafka/ListenerProbe.h"
#include "model/ClusterSnapshot.h"

#include <map>

namespace lagscope {

struct PollResult {
    ClusterMetadata metadata;
    std::vector<GroupDescription> groups;
    std::map<QString, CommittedOffsets> committed;
    // Groups that could not be read in this poll (their coordinator is down…), with why.
    // Their committed offsets are unknown, not absent.
    std::map<QString, QString> groupErrors;
    LogOffsets logStart;
    LogOffsets logEnd;
    // When the log-end offsets were read (the middle of that request): lag seconds date the
    // log end by it, not by the end of the whole poll, which can be seconds later.
    QDateTime logEndAt;
    std::map<int, QString> connectionStates;      // librdkafka broker state by id ("UP", "DOWN"…)
    std::map<int, ListenerAnswer> listenerProbes; // TCP connects to the fenced brokers' listeners
    std::optional<QuorumInfo> quorum;             // nullopt: quorumError says why
    QString quorumError;
    QStringList errors; // parts of the poll that failed
};

// knownBrokers: every broker seen in this cluster's earlier metadata, so that one missing
// now is reported Offline instead of silently vanishing. lastGood (may be null): a group in
// poll.groupErrors carries its state from there, marked with the error (GroupState::error).
ClusterSnapshot buildSnapshot(const QString &cluster, const PollResult &poll,
                              const std::map<int, BrokerInfo> &knownBrokers, const QDateTime &takenAt,
                              qint64 durationMs, const ClusterSnapshot *lastGood = nullptr);

// A poll that could not reach the cluster: keeps the last good data, marked stale.
ClusterSnapshot unreachableSnapshot(const QString &cluster, const QString &error, const QDateTime &since,
                                    const QDateTime &takenAt, qint64 durationMs, const ClusterSnapshot *lastGood);

} // namespace lagscope
