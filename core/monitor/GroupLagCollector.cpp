#include "monitor/GroupLagCollector.h"

#include <set>

namespace lagscope {

namespace {

bool groupMissing(const GroupDescription &d, const CommittedOffsets &committed)
{
    // Classic DescribeGroups answers "Dead" for an unknown id; newer brokers answer
    // GROUP_ID_NOT_FOUND. A Dead group that still has offsets is shown, as the tool does.
    if (groupNotFound(d))
        return committed.empty();
    return d.state == QStringLiteral("Dead") && d.members.empty() && committed.empty();
}

} // namespace

Result<GroupLagResult> collectGroupLag(KafkaClient &client, const QStringList &groups, Deadline deadline)
{
    using R = Result<GroupLagResult>;
    QStringList ids = groups;
    if (ids.isEmpty()) {
        auto listed = client.listGroups(deadline);
        if (!listed)
            return R(listed.error());
        for (const auto &g : *listed)
            ids.push_back(g.groupId);
    }
    GroupLagResult out;
    if (ids.isEmpty())
        return out;

    // Descriptions and committed offsets in one round trip; a group that cannot be read fails
    // the command, naming it, rather than printing it without offsets.
    GroupsRead read = client.readGroups(ids, deadline, LeaderEpochs::Read);
    if (!read.described)
        return R(read.described.error());
    if (!read.committed)
        return R(read.committed.error());
    if (!read.committed->errors.empty())
        return R::failure(read.committed->errors.begin()->second);
    auto &described = read.described;
    auto committed = &read.committed->offsets;

    std::set<TopicPartition> wanted;
    for (const auto &d : *described) {
        for (const auto &m : d.members)
            wanted.insert(m.assignment.begin(), m.assignment.end());
        for (const auto &[tp, offset] : (*committed)[d.groupId])
            wanted.insert(tp);
    }
    auto ends = client.logOffsets({wanted.begin(), wanted.end()}, OffsetSpec::Latest, deadline);
    if (!ends)
        return R(ends.error());
    out.logEnd = std::move(ends->offsets);
    out.offsetErrors = std::move(ends->errors);

    for (auto &d : *described) {
        GroupLag lag;
        lag.committed = (*committed)[d.groupId];
        lag.leaderEpochs = read.committed->leaderEpochs[d.groupId];
        lag.exists = !groupMissing(d, lag.committed);
        lag.rows = describeRows(d, lag.committed, out.logEnd);
        lag.description = std::move(d);
        out.groups.push_back(std::move(lag));
    }
    std::sort(out.groups.begin(), out.groups.end(),
              [](const GroupLag &a, const GroupLag &b) { return a.description.groupId < b.description.groupId; });
    return out;
}

} // namespace lagscope
