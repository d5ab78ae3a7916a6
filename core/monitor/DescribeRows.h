#pragma once
// The rows of `kafka-consumer-groups.sh --describe` (offsets view), computed from gathered
// data. Pure: no I/O, unit-tested with tables, compared with the real tool in integration.

#include "model/ConsumerGroup.h"

#include <optional>
#include <vector>

namespace lagscope {

struct DescribeRow {
    QString group;
    TopicPartition partition;
    std::optional<std::int64_t> committed; // absent: the tool prints "-"
    std::optional<std::int64_t> logEnd;
    std::optional<std::int64_t> lag;
    QString memberId; // empty for a partition nobody owns ("-")
    QString host;
    QString clientId;
};

// Members with a non-empty assignment first (largest assignment first), each with its
// partitions; then committed partitions that no member owns — the tool's order of blocks.
// Whether a description error says the group does not exist (newer brokers answer
// GROUP_ID_NOT_FOUND for a group that has only committed offsets, or none).
bool groupNotFound(const GroupDescription &group);

std::vector<DescribeRow> describeRows(const GroupDescription &group, const CommittedOffsets &committed,
                                      const LogOffsets &logEnd);

} // namespace lagscope
