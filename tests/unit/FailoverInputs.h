#pragma once
// Builders of the failover planner's inputs, shared by the planner's and the failover
// session's unit tests.

#include "actions/FailoverPlan.h"

#include <QString>

namespace lagscope::test {

// Partition 0 of `topic`, replicated as primary.<topic>, with a live commit at `committed` and
// the replica's log [0, toLogEnd); tests set whatever else their case needs.
inline failover::PartitionInputs replicatedPartition(const QString &topic, qint64 committed, qint64 toLogEnd)
{
    failover::PartitionInputs p;
    p.from = {topic, 0};
    p.to = {QStringLiteral("primary.") + topic, 0};
    p.committed = committed;
    p.committedLive = true;
    p.toLogStart = 0;
    p.toLogEnd = toLogEnd;
    return p;
}

} // namespace lagscope::test
