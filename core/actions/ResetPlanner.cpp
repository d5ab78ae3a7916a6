#include "actions/ResetPlanner.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>
#include <limits>
#include <set>

namespace lagscope {

namespace {

// The translation context of this file's strings (lupdate reads it from here).
struct ResetPlannerText {
    Q_DECLARE_TR_FUNCTIONS(lagscope::ResetPlanner)
};

template <typename Map> std::optional<qint64> lookup(const Map &map, const TopicPartition &tp)
{
    const auto it = map.find(tp);
    if (it == map.end())
        return std::nullopt;
    return qint64(it->second);
}

qint64 saturatingAdd(qint64 a, qint64 b)
{
    qint64 sum = 0;
    if (!__builtin_add_overflow(a, b, &sum))
        return sum;
    return b > 0 ? std::numeric_limits<qint64>::max() : std::numeric_limits<qint64>::min();
}

QString joinPartitions(const std::vector<TopicPartition> &tps)
{
    QStringList names;
    for (const auto &tp : tps)
        names << tp.toString();
    return names.join(QLatin1Char(','));
}

bool usesFileOffsets(ResetSpec::Kind kind)
{
    return kind == ResetSpec::FromFile || kind == ResetSpec::CopyFromGroup || kind == ResetSpec::Manual;
}

// The partitions named by the offsets of a file, a manual edit or a copy: they define the
// plan instead of the scope.
bool offsetsDefinePartitions(ResetSpec::Kind kind) { return kind == ResetSpec::FromFile || kind == ResetSpec::Manual; }

// Fails like the tool's checkAllTopicPartitionsValid(): every partition must exist and have
// a leader. An explicitly named topic that does not exist is reported by name.
Status checkPartitionsValid(const std::set<TopicPartition> &partitions, std::set<QString> unknownTopics,
                            const ResetInputs &inputs)
{
    std::vector<TopicPartition> missing;
    std::vector<TopicPartition> leaderless;
    for (const auto &tp : partitions) {
        const auto topic = inputs.topicPartitions.find(tp.topic);
        if (topic == inputs.topicPartitions.end()) {
            unknownTopics.insert(tp.topic);
            continue;
        }
        const auto &existing = topic->second;
        if (std::find(existing.begin(), existing.end(), tp.partition) == existing.end())
            missing.push_back(tp);
        else if (inputs.withoutLeader.count(tp) != 0)
            leaderless.push_back(tp);
    }
    if (!unknownTopics.empty()) {
        QStringList names(unknownTopics.begin(), unknownTopics.end());
        return Status::failure((names.size() == 1 ? ResetPlannerText::tr("Topic \"%1\" does not exist")
                                                  : ResetPlannerText::tr("Topics \"%1\" do not exist"))
                                   .arg(names.join(QLatin1Char(','))));
    }
    if (!missing.empty())
        return Status::failure(ResetPlannerText::tr("The partitions \"%1\" do not exist").arg(joinPartitions(missing)));
    if (!leaderless.empty())
        return Status::failure(
            ResetPlannerText::tr("The partitions \"%1\" have no leader").arg(joinPartitions(leaderless)));
    return success();
}

QString startOffsetError(const TopicPartition &tp)
{
    return ResetPlannerText::tr("Error getting starting offset of topic partition: %1").arg(tp.toString());
}

QString endOffsetError(const TopicPartition &tp)
{
    return ResetPlannerText::tr("Error getting ending offset of topic partition: %1").arg(tp.toString());
}

// The tool's checkOffsetsRange(): above the log end -> log end, else below the log start
// -> log start, each with its warning.
Status clampInto(PlannedPartition &p, qint64 requested)
{
    if (!p.logEnd)
        return Status::failure(endOffsetError(p.tp));
    if (!p.logStart)
        return Status::failure(startOffsetError(p.tp));
    if (requested > *p.logEnd) {
        p.warnings << resetHigherThanLatestWarning(p.tp, requested, *p.logEnd);
        p.requested = requested;
        p.newOffset = *p.logEnd;
    } else if (requested < *p.logStart) {
        p.warnings << resetLowerThanEarliestWarning(p.tp, requested, *p.logStart);
        p.requested = requested;
        p.newOffset = *p.logStart;
    } else {
        p.newOffset = requested;
    }
    return success();
}

} // namespace

QString resetHigherThanLatestWarning(const TopicPartition &tp, qint64 requested, qint64 logEnd)
{
    return ResetPlannerText::tr("New offset (%1) is higher than latest offset for topic partition %2. Value will "
                                "be set to %3")
        .arg(QString::number(requested), tp.toString(), QString::number(logEnd));
}

QString resetLowerThanEarliestWarning(const TopicPartition &tp, qint64 requested, qint64 logStart)
{
    return ResetPlannerText::tr("New offset (%1) is lower than earliest offset for topic partition %2. Value will "
                                "be set to %3")
        .arg(QString::number(requested), tp.toString(), QString::number(logStart));
}

QString resetEmptyPartitionWarning(const TopicPartition &tp)
{
    return ResetPlannerText::tr("Warn: Partition %1 from topic %2 is empty. Falling back to latest known offset.")
        .arg(QString::number(tp.partition), tp.topic);
}

void addResetTopology(ResetInputs &inputs, const ClusterMetadata &metadata)
{
    for (const auto &topic : metadata.topics) {
        if (!topic.error.isEmpty())
            continue;
        auto &partitions = inputs.topicPartitions[topic.name];
        partitions.clear();
        for (const auto &partition : topic.partitions) {
            partitions.push_back(partition.partition);
            const TopicPartition tp{topic.name, partition.partition};
            if (partition.offline())
                inputs.withoutLeader.insert(tp);
            else
                inputs.withoutLeader.erase(tp);
        }
        std::sort(partitions.begin(), partitions.end());
    }
}

qint64 resetTimestampForDuration(qint64 nowMs, qint64 durationMs)
{
    qint64 result = 0;
    if (!__builtin_sub_overflow(nowMs, durationMs, &result))
        return result;
    return durationMs > 0 ? std::numeric_limits<qint64>::min() : std::numeric_limits<qint64>::max();
}

std::vector<QString> resetTopicsToDescribe(const ResetSpec &spec, const ResetScope &scope,
                                           const CommittedOffsets &committed)
{
    std::set<QString> topics;
    for (const auto &[topic, partitions] : scope.topics)
        topics.insert(topic);
    if (scope.allTopics && spec.kind != ResetSpec::CopyFromGroup)
        for (const auto &[tp, offset] : committed)
            topics.insert(tp.topic);
    if (usesFileOffsets(spec.kind))
        for (const auto &[tp, offset] : spec.fileOffsets)
            topics.insert(tp.topic);
    return {topics.begin(), topics.end()};
}

Result<std::vector<TopicPartition>> selectResetPartitions(const ResetSpec &spec, const ResetScope &scope,
                                                          const ResetInputs &inputs)
{
    using R = Result<std::vector<TopicPartition>>;
    if (scope.allTopics && !scope.topics.empty())
        return R::failure(ResetPlannerText::tr("Choose either all topics or a list of topics, not both"));
    if (scope.isEmpty() && !offsetsDefinePartitions(spec.kind))
        return R::failure(ResetPlannerText::tr("One of the reset scopes should be defined: --all-topics, --topic."));
    if (spec.kind == ResetSpec::FromFile && spec.fileOffsets.empty())
        return R::failure(ResetPlannerText::tr("No reset plan for group %1 found.").arg(inputs.group));
    if (spec.kind == ResetSpec::Manual && spec.fileOffsets.empty())
        return R::failure(ResetPlannerText::tr("No partition offsets were given"));

    std::set<TopicPartition> scoped;
    std::set<QString> unknownTopics;
    if (scope.allTopics) {
        // --all-topics: the partitions the group has committed offsets for; when copying,
        // those of the group the offsets come from.
        if (spec.kind == ResetSpec::CopyFromGroup)
            for (const auto &[tp, offset] : spec.fileOffsets)
                scoped.insert(tp);
        else
            for (const auto &[tp, offset] : inputs.committed)
                scoped.insert(tp);
    }
    for (const auto &[topic, partitions] : scope.topics) {
        if (!partitions.empty()) {
            for (const int partition : partitions)
                scoped.insert(TopicPartition{topic, partition});
            continue;
        }
        const auto existing = inputs.topicPartitions.find(topic);
        if (existing == inputs.topicPartitions.end()) {
            unknownTopics.insert(topic);
            continue;
        }
        for (const int partition : existing->second)
            scoped.insert(TopicPartition{topic, partition});
    }
    if (const Status valid = checkPartitionsValid(scoped, unknownTopics, inputs); !valid)
        return valid.error();

    if (!offsetsDefinePartitions(spec.kind))
        return std::vector<TopicPartition>(scoped.begin(), scoped.end());

    std::set<TopicPartition> fromOffsets;
    for (const auto &[tp, offset] : spec.fileOffsets)
        fromOffsets.insert(tp);
    if (const Status valid = checkPartitionsValid(fromOffsets, {}, inputs); !valid)
        return valid.error();
    return std::vector<TopicPartition>(fromOffsets.begin(), fromOffsets.end());
}

Result<ResetFetchList> resetFetchList(const ResetSpec &spec, const ResetScope &scope, const ResetInputs &inputs)
{
    auto partitions = selectResetPartitions(spec, scope, inputs);
    if (!partitions)
        return partitions.error();
    ResetFetchList list;
    list.partitions = std::move(partitions).value();
    if (spec.isTimeBased())
        list.timestamp = spec.value;
    return list;
}

Result<ResetPlan> planReset(const ResetSpec &spec, const ResetScope &scope, const ResetInputs &inputs)
{
    using R = Result<ResetPlan>;
    auto selected = selectResetPartitions(spec, scope, inputs);
    if (!selected)
        return selected.error();

    ResetPlan plan;
    plan.group = inputs.group;
    if (selected->empty() && scope.allTopics) {
        if (spec.kind == ResetSpec::CopyFromGroup)
            plan.warnings << ResetPlannerText::tr("Group '%1' has no committed offsets to copy").arg(spec.sourceGroup);
        else
            plan.warnings << ResetPlannerText::tr("Group '%1' has no committed offsets: there is nothing to reset")
                                 .arg(inputs.group);
    }

    for (const auto &tp : *selected) {
        PlannedPartition p;
        p.tp = tp;
        p.current = lookup(inputs.committed, tp);
        p.logStart = lookup(inputs.logStart, tp);
        p.logEnd = lookup(inputs.logEnd, tp);

        Status computed = success();
        switch (spec.kind) {
        case ResetSpec::ToEarliest:
            if (!p.logStart)
                return R::failure(startOffsetError(tp));
            p.newOffset = *p.logStart;
            break;
        case ResetSpec::ToLatest:
            if (!p.logEnd)
                return R::failure(endOffsetError(tp));
            p.newOffset = *p.logEnd;
            break;
        case ResetSpec::ToCurrent:
            // Not clamped: a commit outside the log stays where it is.
            if (p.current) {
                p.newOffset = *p.current;
            } else {
                if (!p.logEnd)
                    return R::failure(endOffsetError(tp));
                p.newOffset = *p.logEnd;
            }
            break;
        case ResetSpec::ToOffset: computed = clampInto(p, spec.value); break;
        case ResetSpec::ShiftBy:
            if (!p.current)
                return R::failure(ResetPlannerText::tr("Cannot shift offset for partition %1 since there is no "
                                                       "current committed offset")
                                      .arg(tp.toString()));
            computed = clampInto(p, saturatingAdd(*p.current, spec.value));
            break;
        case ResetSpec::ToDatetime:
        case ResetSpec::ByDuration: {
            // Not clamped: ListOffsets answers inside the log by construction.
            const std::optional<qint64> found = lookup(inputs.offsetsForTimes, tp);
            if (!found)
                return R::failure(ResetPlannerText::tr("Error getting offset by timestamp of topic partition: %1")
                                      .arg(tp.toString()));
            if (*found >= 0) {
                p.newOffset = *found;
            } else {
                if (!p.logEnd)
                    return R::failure(endOffsetError(tp));
                p.warnings << resetEmptyPartitionWarning(tp);
                p.newOffset = *p.logEnd;
            }
            break;
        }
        case ResetSpec::FromFile:
        case ResetSpec::Manual: computed = clampInto(p, spec.fileOffsets.at(tp)); break;
        case ResetSpec::CopyFromGroup: {
            const std::optional<qint64> source = lookup(spec.fileOffsets, tp);
            if (!source) {
                plan.warnings << ResetPlannerText::tr("Group '%1' has no committed offset for %2; it is left unchanged")
                                     .arg(spec.sourceGroup, tp.toString());
                continue;
            }
            computed = clampInto(p, *source);
            break;
        }
        }
        if (!computed)
            return computed.error();
        if (p.current)
            p.delta = p.newOffset - *p.current;
        plan.partitions.push_back(std::move(p));
    }
    return plan;
}

} // namespace lagscope
