#pragma once
// Builders of MirrorMaker 2 flow state shared by the flow evaluator's and the flow history's
// unit tests.

#include "mirror/FlowSnapshot.h"

#include <QString>

namespace lagscope::test {

// Group `name` on one partition with a checkpoint at `checkpointUpstream`, the group's source
// commit at `committed`, and its newest checkpoint `ageMs` old; tests add what else they need.
inline mirror::GroupFlow groupFlow(const QString &name, qint64 committed, qint64 checkpointUpstream, qint64 ageMs)
{
    mirror::GroupFlow g;
    g.group = name;
    mirror::GroupPartitionFlow p;
    p.hasCheckpoint = true;
    p.sourceCommitted = committed;
    p.checkpointUpstream = checkpointUpstream;
    g.partitions.push_back(p);
    g.newestCheckpointAgeMs = ageMs;
    return g;
}

} // namespace lagscope::test
