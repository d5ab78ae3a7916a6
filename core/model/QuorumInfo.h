#pragma once
// The KRaft controller quorum as its leader reports it (DescribeQuorum, KIP-595/836/853):
// who leads, at which epoch, and how far each voter and observer has replicated the
// metadata log. Plain values, safe to copy across threads.

#include <QString>
#include <QtGlobal>

#include <algorithm>

#include <vector>

namespace lagscope {

struct QuorumReplica {
    int id = -1;
    QString directoryId;        // KIP-853 metadata log directory; empty when the broker sends none
    qint64 logEndOffset = -1;   // -1: unknown
    qint64 lastFetchMs = -1;    // leader's wall clock of the replica's last fetch; -1: unknown
    qint64 lastCaughtUpMs = -1; // leader's wall clock when it last had all of the log; -1: unknown
};

struct QuorumInfo {
    int leaderId = -1; // -1: no leader known
    int leaderEpoch = -1;
    qint64 highWatermark = -1;
    std::vector<QuorumReplica> voters;
    std::vector<QuorumReplica> observers;

    // How many records behind the high watermark a replica is (kafka-metadata-quorum.sh's Lag);
    // -1 when its log end is unknown.
    qint64 lag(const QuorumReplica &r) const
    {
        return r.logEndOffset < 0 || highWatermark < 0 ? -1 : std::max<qint64>(0, highWatermark - r.logEndOffset);
    }
};

} // namespace lagscope
