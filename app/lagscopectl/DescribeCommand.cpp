// lagscopectl describe: consumer-group lag (--offsets, the default), members (--members) or
// state (--state), with or without --verbose, with the columns, values and "-" conventions
// of kafka-consumer-groups.sh --describe, so runbooks can switch tools without surprises.
#include "CliContext.h"

#include "monitor/DescribeViews.h"
#include "report/Table.h"
#include "util/JsonValues.h"

#include <QJsonArray>
#include <QJsonObject>

namespace lagscope::cli {

namespace {

QJsonValue jsonString(const QString &v) { return v.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(v); }

QJsonArray jsonPartitions(const std::vector<TopicPartition> &partitions)
{
    QJsonArray out;
    for (const auto &tp : partitions)
        out.append(QJsonObject{{QStringLiteral("topic"), tp.topic}, {QStringLiteral("partition"), tp.partition}});
    return out;
}

// JSON is typed and keyed, so it carries every field of the view, --verbose or not — but
// the epochs only when this build can read them (KafkaClient::groupEpochs()): null would
// pass a consumer-protocol group off as a classic one.
void addEpochs(QJsonObject &o, std::initializer_list<std::pair<QString, QJsonValue>> epochs)
{
    if (!KafkaClient::groupEpochs())
        return;
    for (const auto &[key, value] : epochs)
        o.insert(key, value);
}

QJsonObject groupJson(const GroupLag &g)
{
    QJsonArray partitions;
    qint64 total = 0;
    for (const auto &r : g.rows) {
        total += r.lag.value_or(0);
        partitions.append(QJsonObject{
            {QStringLiteral("topic"), r.partition.topic},
            {QStringLiteral("partition"), r.partition.partition},
            {QStringLiteral("leader_epoch"), jsonOrNull(committedLeaderEpoch(g, r))},
            {QStringLiteral("current_offset"), jsonOrNull(r.committed)},
            {QStringLiteral("log_end_offset"), jsonOrNull(r.logEnd)},
            {QStringLiteral("lag"), jsonOrNull(r.lag)},
            {QStringLiteral("consumer_id"), jsonString(r.memberId)},
            {QStringLiteral("host"), jsonString(r.host)},
            {QStringLiteral("client_id"), jsonString(r.clientId)},
        });
    }
    return QJsonObject{
        {QStringLiteral("group"), g.description.groupId},
        {QStringLiteral("state"), g.description.state},
        {QStringLiteral("type"), g.description.type},
        {QStringLiteral("members"), qint64(g.description.members.size())},
        {QStringLiteral("total_lag"), total},
        {QStringLiteral("partitions"), partitions},
    };
}

QJsonObject membersJson(const GroupDescription &d)
{
    QJsonArray members;
    for (const auto &m : d.members) {
        QJsonObject member{
            {QStringLiteral("consumer_id"), jsonString(m.memberId)},
            {QStringLiteral("group_instance_id"), jsonString(m.groupInstanceId)},
            {QStringLiteral("host"), jsonString(m.host)},
            {QStringLiteral("client_id"), jsonString(m.clientId)},
            {QStringLiteral("partitions"), qint64(m.assignment.size())},
            {QStringLiteral("assignment"), jsonPartitions(m.assignment)},
            {QStringLiteral("target_assignment"), jsonPartitions(m.targetAssignment)},
        };
        addEpochs(member, {{QStringLiteral("member_epoch"), jsonOrNull(m.memberEpoch)},
                           {QStringLiteral("target_assignment_epoch"), jsonOrNull(d.targetAssignmentEpoch)},
                           {QStringLiteral("upgraded"), jsonOrNull(m.upgraded)}});
        members.append(member);
    }
    return QJsonObject{{QStringLiteral("group"), d.groupId}, {QStringLiteral("members"), members}};
}

QJsonObject stateJson(const GroupDescription &d)
{
    const QJsonValue coordinator = d.coordinatorId < 0 ? QJsonValue(QJsonValue::Null)
                                                       : QJsonObject{{QStringLiteral("id"), d.coordinatorId},
                                                                     {QStringLiteral("host"), d.coordinatorHost},
                                                                     {QStringLiteral("port"), d.coordinatorPort}};
    QJsonObject state{
        {QStringLiteral("group"), d.groupId},
        {QStringLiteral("coordinator"), coordinator},
        {QStringLiteral("assignment_strategy"), jsonString(d.partitionAssignor)},
        {QStringLiteral("state"), d.state},
        {QStringLiteral("members"), qint64(d.members.size())},
    };
    addEpochs(state, {{QStringLiteral("group_epoch"), jsonOrNull(d.groupEpoch)},
                      {QStringLiteral("target_assignment_epoch"), jsonOrNull(d.targetAssignmentEpoch)}});
    return state;
}

QJsonObject viewJson(DescribeView view, const GroupLag &g)
{
    return view == DescribeView::Members ? membersJson(g.description)
           : view == DescribeView::State ? stateJson(g.description)
                                         : groupJson(g);
}

// --members, --state or --offsets (the default); at most one, as the tool says.
Result<DescribeOptions> chosenOptions(const QCommandLineParser &p)
{
    const bool members = p.isSet(QStringLiteral("members"));
    const bool state = p.isSet(QStringLiteral("state"));
    const bool offsets = p.isSet(QStringLiteral("offsets"));
    if (int(members) + int(state) + int(offsets) > 1)
        return Result<DescribeOptions>::failure(QStringLiteral("give at most one of --members, --state and --offsets"));
    DescribeOptions options;
    options.view = members ? DescribeView::Members : state ? DescribeView::State : DescribeView::Offsets;
    options.verbose = p.isSet(QStringLiteral("verbose"));
    // Without the epochs patch every epoch would print "-" as if the groups were classic:
    // refused rather than wrong.
    if (options.verbose && !KafkaClient::groupEpochs())
        return Result<DescribeOptions>::failure(QStringLiteral(
            "--verbose needs Lagscope's librdkafka patch 0009 (group and member epochs); this build has a "
            "librdkafka without it"));
    return options;
}

// The tool's notes on stderr, word for word.
void printNotes(CliContext &ctx, const GroupLag &g)
{
    const QString &id = g.description.groupId;
    const QString &state = g.description.state;
    if (!g.exists)
        ctx.err() << "Error: Consumer group '" << id << "' does not exist." << Qt::endl;
    else if (state == QStringLiteral("Empty") || state == QStringLiteral("Dead"))
        ctx.err() << "Consumer group '" << id << "' has no active members." << Qt::endl;
    else if (state == QStringLiteral("PreparingRebalance") || state == QStringLiteral("CompletingRebalance")
             || state == QStringLiteral("Assigning") || state == QStringLiteral("Reconciling"))
        ctx.err() << "Warning: Consumer group '" << id << "' is rebalancing." << Qt::endl;
}

} // namespace

int describeCommand(const QStringList &args)
{
    CliContext ctx(QStringLiteral("describe"));
    ctx.setRepeatable({QStringLiteral("group")});
    ctx.parser().addOptions({
        {QStringLiteral("group"), QStringLiteral("Consumer group to describe (repeatable)."), QStringLiteral("group")},
        {QStringLiteral("all-groups"), QStringLiteral("Describe every consumer group of the cluster.")},
        {QStringLiteral("offsets"), QStringLiteral("A row per partition: offsets and lag (the default).")},
        {QStringLiteral("members"), QStringLiteral("A row per member: client, host and partition count.")},
        {QStringLiteral("state"), QStringLiteral("A row per group: coordinator, assignment strategy, state.")},
        {QStringLiteral("verbose"),
         QStringLiteral("Also the committed leader epochs (--offsets), member epochs and assignments "
                        "(--members), group epochs (--state).")},
    });
    if (!ctx.parse(args))
        return ctx.exitCode();
    const auto options = chosenOptions(ctx.parser());
    if (!options)
        return ctx.fail(UsageError, options.errorMessage());
    const QStringList groups = ctx.parser().values(QStringLiteral("group"));
    const bool all = ctx.parser().isSet(QStringLiteral("all-groups"));
    if (groups.isEmpty() == !all)
        return ctx.fail(UsageError, QStringLiteral("give --group G (repeatable) or --all-groups"));
    if (!ctx.connect())
        return ctx.exitCode();

    auto result = collectGroupLag(ctx.client(), all ? QStringList() : groups, ctx.deadline());
    if (!result)
        return ctx.fail(RuntimeError, result.errorMessage());
    for (const auto &[tp, error] : result->offsetErrors)
        ctx.err() << "Warning: log-end offset of " << tp.toString() << " unknown: " << error << Qt::endl;

    int exit = Ok;
    QJsonArray json;
    // One header for every group: the columns that come and go in the tool's tables are
    // always there in CSV, so that scripts can read it by header.
    Table csv{describeColumns(*options), {}};
    for (const auto &g : result->groups) {
        printNotes(ctx, g);
        if (!g.exists) {
            exit = RuntimeError;
            continue;
        }
        switch (ctx.format()) {
        case Format::Table: {
            const QStringList columns = describeTableColumns(*options, g);
            Table table{columns, describeCells(*options, g, columns, QStringLiteral("-"))};
            // As the tool, --members prints its header for a group without members too.
            if (!table.rows.empty() || options->view == DescribeView::Members)
                ctx.out() << "\n" << formatText(table);
            break;
        }
        case Format::Csv:
            // Machine-readable: a missing value is an empty field, not "-".
            for (auto &row : describeCells(*options, g, csv.columns, QString()))
                csv.rows.push_back(std::move(row));
            break;
        case Format::Json: json.append(viewJson(options->view, g)); break;
        }
    }
    if (ctx.format() == Format::Csv)
        ctx.out() << formatCsv(csv);
    if (ctx.format() == Format::Json)
        printJson(ctx.out(),
                  QJsonObject{{QStringLiteral("cluster"), ctx.cluster().name}, {QStringLiteral("groups"), json}});
    return exit;
}

} // namespace lagscope::cli
