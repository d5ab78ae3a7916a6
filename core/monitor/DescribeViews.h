#pragma once
// The tables of `kafka-consumer-groups.sh --describe` in its three views (--offsets,
// --members, --state), with and without --verbose: which columns a group's table has and
// what each cell says. Pure: unit-tested with tables, compared with the real tool in
// integration.
//
// Thread: any (pure).
// Ownership: none; returns values.

#include "monitor/GroupLagCollector.h"

#include <QStringList>

#include <optional>
#include <vector>

namespace lagscope {

enum class DescribeView {
    Offsets, // a row per partition: lag
    Members, // a row per member
    State    // a row per group
};

struct DescribeOptions {
    DescribeView view = DescribeView::Offsets;
    bool verbose = false; // the tool's --verbose: leader, member and group epochs, assignments
};

// Every column the view can have, in the tool's order. A CSV uses all of them, so that one
// header fits every group.
QStringList describeColumns(const DescribeOptions &options);

// The columns of one group's table, as the tool chooses them for that group: --members adds
// GROUP-INSTANCE-ID only when a member has one, and --verbose adds UPGRADED only when the group
// has both classic and consumer-protocol members (an upgrade in progress).
QStringList describeTableColumns(const DescribeOptions &options, const GroupLag &group);

// The group's rows with the cells of `columns` (names from describeColumns()); `missing`
// stands for a value that is absent ("-" in a table, empty in CSV). As in the tool, --members
// prints a member's ids as they are (a dynamic member's GROUP-INSTANCE-ID is blank, not "-").
std::vector<QStringList> describeCells(const DescribeOptions &options, const GroupLag &group,
                                       const QStringList &columns, const QString &missing);

// The leader epoch stored with the row's commit; none without a commit or without an epoch.
std::optional<int> committedLeaderEpoch(const GroupLag &group, const DescribeRow &row);

// "other:3;topic:0,1" as the tool prints an assignment: partitions sorted by number within a
// topic, the "topic:partitions" parts sorted as strings; empty for no partitions.
QString assignmentText(const std::vector<TopicPartition> &partitions);

} // namespace lagscope
