#include "monitor/DescribeViews.h"

#include <algorithm>
#include <map>

namespace lagscope {

namespace {

const QString kInstanceId = QStringLiteral("GROUP-INSTANCE-ID");
const QString kUpgraded = QStringLiteral("UPGRADED");

// What one cell is computed from: the group, and the row's partition or member.
struct CellSource {
    const GroupLag &group;
    const DescribeRow *row = nullptr;    // --offsets
    const GroupMember *member = nullptr; // --members
    const QString &missing;
};

// A column of a view: its header, whether only --verbose shows it, and its cell.
struct Column {
    QString name;
    bool verbose;
    QString (*cell)(const CellSource &);
};

QString orMissing(const std::optional<std::int64_t> &v, const QString &missing)
{
    return v ? QString::number(*v) : missing;
}

QString orMissing(const std::optional<int> &v, const QString &missing) { return v ? QString::number(*v) : missing; }

QString orMissing(const QString &v, const QString &missing) { return v.isEmpty() ? missing : v; }

// "host:port  (id)", as the tool prints the coordinator.
QString coordinator(const GroupDescription &d, const QString &missing)
{
    if (d.coordinatorId < 0)
        return missing;
    return QStringLiteral("%1:%2  (%3)").arg(d.coordinatorHost).arg(d.coordinatorPort).arg(d.coordinatorId);
}

const std::vector<Column> &offsetColumns()
{
    static const std::vector<Column> columns = {
        {QStringLiteral("GROUP"), false, [](const CellSource &s) { return s.row->group; }},
        {QStringLiteral("TOPIC"), false, [](const CellSource &s) { return s.row->partition.topic; }},
        {QStringLiteral("PARTITION"), false,
         [](const CellSource &s) { return QString::number(s.row->partition.partition); }},
        {QStringLiteral("LEADER-EPOCH"), true,
         [](const CellSource &s) { return orMissing(committedLeaderEpoch(s.group, *s.row), s.missing); }},
        {QStringLiteral("CURRENT-OFFSET"), false,
         [](const CellSource &s) { return orMissing(s.row->committed, s.missing); }},
        {QStringLiteral("LOG-END-OFFSET"), false,
         [](const CellSource &s) { return orMissing(s.row->logEnd, s.missing); }},
        {QStringLiteral("LAG"), false, [](const CellSource &s) { return orMissing(s.row->lag, s.missing); }},
        {QStringLiteral("CONSUMER-ID"), false,
         [](const CellSource &s) { return orMissing(s.row->memberId, s.missing); }},
        {QStringLiteral("HOST"), false, [](const CellSource &s) { return orMissing(s.row->host, s.missing); }},
        {QStringLiteral("CLIENT-ID"), false, [](const CellSource &s) { return orMissing(s.row->clientId, s.missing); }},
    };
    return columns;
}

// The tool prints a member's ids as the broker reported them, and "-" only for an absent
// epoch or an empty assignment.
const std::vector<Column> &memberColumns()
{
    static const std::vector<Column> columns = {
        {QStringLiteral("GROUP"), false, [](const CellSource &s) { return s.group.description.groupId; }},
        {QStringLiteral("CONSUMER-ID"), false, [](const CellSource &s) { return s.member->memberId; }},
        {kInstanceId, false, [](const CellSource &s) { return s.member->groupInstanceId; }},
        {QStringLiteral("HOST"), false, [](const CellSource &s) { return s.member->host; }},
        {QStringLiteral("CLIENT-ID"), false, [](const CellSource &s) { return s.member->clientId; }},
        {QStringLiteral("#PARTITIONS"), false,
         [](const CellSource &s) { return QString::number(s.member->assignment.size()); }},
        {QStringLiteral("CURRENT-EPOCH"), true,
         [](const CellSource &s) { return orMissing(s.member->memberEpoch, s.missing); }},
        {QStringLiteral("CURRENT-ASSIGNMENT"), true,
         [](const CellSource &s) { return orMissing(assignmentText(s.member->assignment), s.missing); }},
        // Every member's target epoch is the group's: that of the assignment it is told to reach.
        {QStringLiteral("TARGET-EPOCH"), true,
         [](const CellSource &s) { return orMissing(s.group.description.targetAssignmentEpoch, s.missing); }},
        {QStringLiteral("TARGET-ASSIGNMENT"), true,
         [](const CellSource &s) { return orMissing(assignmentText(s.member->targetAssignment), s.missing); }},
        {kUpgraded, true,
         [](const CellSource &s) {
             const auto &u = s.member->upgraded;
             return u ? (*u ? QStringLiteral("true") : QStringLiteral("false")) : s.missing;
         }},
    };
    return columns;
}

const std::vector<Column> &stateColumns()
{
    static const std::vector<Column> columns = {
        {QStringLiteral("GROUP"), false, [](const CellSource &s) { return s.group.description.groupId; }},
        {QStringLiteral("COORDINATOR (ID)"), false,
         [](const CellSource &s) { return coordinator(s.group.description, s.missing); }},
        {QStringLiteral("ASSIGNMENT-STRATEGY"), false,
         [](const CellSource &s) { return orMissing(s.group.description.partitionAssignor, s.missing); }},
        {QStringLiteral("STATE"), false, [](const CellSource &s) { return s.group.description.state; }},
        {QStringLiteral("GROUP-EPOCH"), true,
         [](const CellSource &s) { return orMissing(s.group.description.groupEpoch, s.missing); }},
        {QStringLiteral("TARGET-ASSIGNMENT-EPOCH"), true,
         [](const CellSource &s) { return orMissing(s.group.description.targetAssignmentEpoch, s.missing); }},
        {QStringLiteral("#MEMBERS"), false,
         [](const CellSource &s) { return QString::number(s.group.description.members.size()); }},
    };
    return columns;
}

const std::vector<Column> &viewColumns(DescribeView view)
{
    switch (view) {
    case DescribeView::Members: return memberColumns();
    case DescribeView::State: return stateColumns();
    case DescribeView::Offsets: break;
    }
    return offsetColumns();
}

QStringList cells(const std::vector<Column> &all, const QStringList &columns, const CellSource &source)
{
    QStringList out;
    out.reserve(columns.size());
    for (const QString &name : columns) {
        const auto column = std::find_if(all.begin(), all.end(), [&](const Column &c) { return c.name == name; });
        out << (column == all.end() ? source.missing : column->cell(source));
    }
    return out;
}

// Whether the group is part classic, part consumer protocol.
bool upgrading(const GroupDescription &d)
{
    const auto has = [&](bool upgraded) {
        return std::any_of(d.members.begin(), d.members.end(),
                           [&](const GroupMember &m) { return m.upgraded == upgraded; });
    };
    return has(true) && has(false);
}

} // namespace

QStringList describeColumns(const DescribeOptions &options)
{
    QStringList names;
    for (const Column &c : viewColumns(options.view)) {
        if (options.verbose || !c.verbose)
            names << c.name;
    }
    return names;
}

QStringList describeTableColumns(const DescribeOptions &options, const GroupLag &group)
{
    QStringList columns = describeColumns(options);
    if (options.view != DescribeView::Members)
        return columns;
    const auto &members = group.description.members;
    if (std::all_of(members.begin(), members.end(), [](const GroupMember &m) { return m.groupInstanceId.isEmpty(); }))
        columns.removeOne(kInstanceId);
    if (!upgrading(group.description))
        columns.removeOne(kUpgraded);
    return columns;
}

std::vector<QStringList> describeCells(const DescribeOptions &options, const GroupLag &group,
                                       const QStringList &columns, const QString &missing)
{
    const std::vector<Column> &all = viewColumns(options.view);
    std::vector<QStringList> rows;
    switch (options.view) {
    case DescribeView::Offsets:
        for (const auto &r : group.rows)
            rows.push_back(cells(all, columns, CellSource{group, &r, nullptr, missing}));
        break;
    case DescribeView::Members:
        for (const auto &m : group.description.members)
            rows.push_back(cells(all, columns, CellSource{group, nullptr, &m, missing}));
        break;
    case DescribeView::State: rows.push_back(cells(all, columns, CellSource{group, nullptr, nullptr, missing})); break;
    }
    return rows;
}

std::optional<int> committedLeaderEpoch(const GroupLag &group, const DescribeRow &row)
{
    const auto epoch = group.leaderEpochs.find(row.partition);
    if (!row.committed || epoch == group.leaderEpochs.end())
        return std::nullopt;
    return epoch->second;
}

QString assignmentText(const std::vector<TopicPartition> &partitions)
{
    std::map<QString, std::vector<int>> byTopic;
    for (const auto &tp : partitions)
        byTopic[tp.topic].push_back(tp.partition);
    QStringList topics;
    for (auto &[topic, numbers] : byTopic) {
        std::sort(numbers.begin(), numbers.end());
        QStringList text;
        for (const int p : numbers)
            text << QString::number(p);
        topics << topic + QLatin1Char(':') + text.join(QLatin1Char(','));
    }
    // The tool sorts the "topic:partitions" strings, not the topic names: "a-b:1" comes
    // before "a:0" ('-' sorts before ':').
    std::sort(topics.begin(), topics.end());
    return topics.join(QLatin1Char(';'));
}

} // namespace lagscope
