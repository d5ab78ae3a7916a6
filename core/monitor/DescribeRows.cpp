#include "monitor/DescribeRows.h"

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

std::optional<std::int64_t> lookup(const std::map<TopicPartition, std::int64_t> &map, const TopicPartition &tp)
{
    const auto it = map.find(tp);
    if (it == map.end() || it->second < 0)
        return std::nullopt;
    return it->second;
}

DescribeRow makeRow(const QString &group, const TopicPartition &tp, const CommittedOffsets &committed,
                    const LogOffsets &logEnd)
{
    DescribeRow row;
    row.group = group;
    row.partition = tp;
    row.committed = lookup(committed, tp);
    row.logEnd = lookup(logEnd, tp);
    if (row.committed && row.logEnd)
        row.lag = *row.logEnd - *row.committed;
    return row;
}

} // namespace

bool groupNotFound(const GroupDescription &group)
{
    return group.error.contains(QStringLiteral("not found"), Qt::CaseInsensitive)
           || group.error.contains(QStringLiteral("GROUP_ID_NOT_FOUND"));
}

std::vector<DescribeRow> describeRows(const GroupDescription &group, const CommittedOffsets &committed,
                                      const LogOffsets &logEnd)
{
    std::vector<const GroupMember *> members;
    for (const auto &m : group.members)
        if (!m.assignment.empty())
            members.push_back(&m);
    // Ties keep Kafka's member order; the tool's own order within a block is unspecified.
    std::stable_sort(members.begin(), members.end(), [](const GroupMember *a, const GroupMember *b) {
        return a->assignment.size() > b->assignment.size();
    });

    std::vector<DescribeRow> rows;
    std::set<TopicPartition> owned;
    for (const GroupMember *m : members) {
        std::vector<TopicPartition> parts = m->assignment;
        std::sort(parts.begin(), parts.end());
        for (const auto &tp : parts) {
            DescribeRow row = makeRow(group.groupId, tp, committed, logEnd);
            row.memberId = m->memberId;
            row.host = m->host;
            row.clientId = m->clientId;
            rows.push_back(std::move(row));
            owned.insert(tp);
        }
    }
    for (const auto &[tp, offset] : committed) {
        if (!owned.contains(tp))
            rows.push_back(makeRow(group.groupId, tp, committed, logEnd));
    }
    return rows;
}

} // namespace lagscope
