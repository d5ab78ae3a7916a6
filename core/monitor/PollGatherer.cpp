#include "monitor/PollGatherer.h"

#include "kafka/KafkaClient.h"

namespace lagscope {

namespace {

// Everything after metadata is best effort: a failure there is recorded in the result's
// errors and the rest is still shown.
void gatherGroups(KafkaClient &client, PollResult &result, Deadline deadline, const ClusterSnapshot *lastGood)
{
    auto keepPrevious = [&](const QString &error) {
        result.errors << error;
        if (!lastGood)
            return;
        // Carrying the last known groups avoids reporting every group as gone.
        for (const auto &g : lastGood->groups) {
            GroupDescription d{g.groupId, g.state, g.type, {}, -1, g.members, {}};
            result.groups.push_back(std::move(d));
            for (const auto &p : g.partitions)
                if (p.committed)
                    result.committed[g.groupId][p.partition] = *p.committed;
        }
    };
    auto listed = client.listGroups(deadline);
    if (!listed)
        return keepPrevious(listed.errorMessage());
    QStringList ids;
    for (const auto &g : *listed)
        ids << g.groupId;
    if (ids.isEmpty())
        return;
    auto described = client.describeGroups(ids, deadline);
    if (!described)
        return keepPrevious(described.errorMessage());
    auto committed = client.committedOffsets(ids, deadline);
    if (!committed)
        return keepPrevious(committed.errorMessage());
    result.groups = std::move(*described);
    result.committed = std::move(*committed);
}

void gatherOffsets(KafkaClient &client, PollResult &result, Deadline deadline)
{
    // Partitions without a leader are left out: asking for them would only wait for the
    // deadline, and the topics page shows them as offline anyway.
    std::vector<TopicPartition> partitions;
    for (const auto &t : result.metadata.topics)
        for (const auto &p : t.partitions)
            if (p.leader >= 0)
                partitions.push_back({t.name, p.partition});
    for (const OffsetSpec spec : {OffsetSpec::Latest, OffsetSpec::Earliest}) {
        const QDateTime asked = QDateTime::currentDateTimeUtc();
        auto offsets = client.logOffsets(partitions, spec, deadline);
        if (spec == OffsetSpec::Latest)
            result.logEndAt = asked.addMSecs(asked.msecsTo(QDateTime::currentDateTimeUtc()) / 2);
        if (!offsets) {
            result.errors << offsets.errorMessage();
            continue;
        }
        (spec == OffsetSpec::Latest ? result.logEnd : result.logStart) = std::move(offsets->offsets);
    }
}

} // namespace

Result<PollResult> gatherPoll(KafkaClient &client, Deadline deadline, const ClusterSnapshot *lastGood)
{
    PollResult result;
    auto md = client.metadata(deadline);
    if (!md)
        return Result<PollResult>(md.error());
    result.metadata = std::move(*md);
    gatherGroups(client, result, deadline, lastGood);
    gatherOffsets(client, result, deadline);
    result.connectionStates = client.brokerConnectionStates();
    return result;
}

} // namespace lagscope
