#include "monitor/DescribeViews.h"

#include <algorithm>
#include <map>

namespace lagscope {

namespace {

const QString kInstanceId = QStringLiteral("GROUP-INSTANCE-ID");
const QString kUpgraded = QStringLiteral("UPGRADED");

QString cell(const std::optional<std::int64_t> &v, const QString &missing) { return v ? QString::number(*v) : missing; }

QString cell(const std::optional<int> &v, const QString &missing) { return v ? QString::number(*v) : missing; }

QString cell(const QString &v, const QString &missing) { return v.isEmpty() ? missing : v; }

QStringList offsetCells(const DescribeOptions &options, const GroupLag &g, const DescribeRow &r, const QString &missing)
{
    QStringList cells{r.group, r.partition.topic, QString::number(r.partition.partition)};
    if (options.verbose) {
        // The epoch stored with the commit: none without a commit.
        const auto epoch = g.leaderEpochs.find(r.partition);
        cells << (r.committed && epoch != g.leaderEpochs.end() ? QString::number(epoch->second) : missing);
    }
    cells << cell(r.committed, missing) << cell(r.logEnd, missing) << cell(r.lag, missing) << cell(r.memberId, missing)
          << cell(r.host, missing) << cell(r.clientId, missing);
    return cells;
}

QStringList memberCells(const DescribeOptions &options, const GroupDescription &d, const GroupMember &m,
                        const QString &missing)
{
    QStringList cells{d.groupId,
                      cell(m.memberId, missing),
                      cell(m.groupInstanceId, missing),
                      cell(m.host, missing),
                      cell(m.clientId, missing),
                      QString::number(m.assignment.size())};
    if (options.verbose) {
        const QString upgraded =
            m.upgraded ? (*m.upgraded ? QStringLiteral("true") : QStringLiteral("false")) : missing;
        // Every member's target epoch is the group's: the epoch of the assignment it is told to reach.
        cells << cell(m.memberEpoch, missing) << cell(assignmentText(m.assignment), missing)
              << cell(d.targetAssignmentEpoch, missing) << cell(assignmentText(m.targetAssignment), missing)
              << upgraded;
    }
    return cells;
}

// "host:port  (id)", as the tool prints the coordinator.
QString coordinatorCell(const GroupDescription &d, const QString &missing)
{
    if (d.coordinatorId < 0)
        return missing;
    return QStringLiteral("%1:%2  (%3)").arg(d.coordinatorHost).arg(d.coordinatorPort).arg(d.coordinatorId);
}

QStringList stateCells(const DescribeOptions &options, const GroupDescription &d, const QString &missing)
{
    QStringList cells{d.groupId, coordinatorCell(d, missing), cell(d.partitionAssignor, missing), d.state};
    if (options.verbose)
        cells << cell(d.groupEpoch, missing) << cell(d.targetAssignmentEpoch, missing);
    cells << QString::number(d.members.size());
    return cells;
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

QStringList project(const QStringList &all, const QStringList &cells, const QStringList &columns)
{
    QStringList out;
    out.reserve(columns.size());
    for (const QString &column : columns)
        out << cells[all.indexOf(column)];
    return out;
}

} // namespace

QStringList describeColumns(const DescribeOptions &options)
{
    const bool v = options.verbose;
    switch (options.view) {
    case DescribeView::Members: {
        QStringList columns{QStringLiteral("GROUP"), QStringLiteral("CONSUMER-ID"), kInstanceId,
                            QStringLiteral("HOST"),  QStringLiteral("CLIENT-ID"),   QStringLiteral("#PARTITIONS")};
        if (v)
            columns << QStringLiteral("CURRENT-EPOCH") << QStringLiteral("CURRENT-ASSIGNMENT")
                    << QStringLiteral("TARGET-EPOCH") << QStringLiteral("TARGET-ASSIGNMENT") << kUpgraded;
        return columns;
    }
    case DescribeView::State: {
        QStringList columns{QStringLiteral("GROUP"), QStringLiteral("COORDINATOR (ID)"),
                            QStringLiteral("ASSIGNMENT-STRATEGY"), QStringLiteral("STATE")};
        if (v)
            columns << QStringLiteral("GROUP-EPOCH") << QStringLiteral("TARGET-ASSIGNMENT-EPOCH");
        return columns << QStringLiteral("#MEMBERS");
    }
    case DescribeView::Offsets: break;
    }
    QStringList columns{QStringLiteral("GROUP"), QStringLiteral("TOPIC"), QStringLiteral("PARTITION")};
    if (v)
        columns << QStringLiteral("LEADER-EPOCH");
    return columns << QStringLiteral("CURRENT-OFFSET") << QStringLiteral("LOG-END-OFFSET") << QStringLiteral("LAG")
                   << QStringLiteral("CONSUMER-ID") << QStringLiteral("HOST") << QStringLiteral("CLIENT-ID");
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
    const QStringList all = describeColumns(options);
    const GroupDescription &d = group.description;
    std::vector<QStringList> rows;
    switch (options.view) {
    case DescribeView::Offsets:
        for (const auto &r : group.rows)
            rows.push_back(project(all, offsetCells(options, group, r, missing), columns));
        break;
    case DescribeView::Members:
        for (const auto &m : d.members)
            rows.push_back(project(all, memberCells(options, d, m, missing), columns));
        break;
    case DescribeView::State: rows.push_back(project(all, stateCells(options, d, missing), columns)); break;
    }
    return rows;
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
