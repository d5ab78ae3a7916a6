// Consumer-group and offset requests of KafkaClient.
#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"

#include <QByteArrayList>

namespace lagscope {

namespace {

QString stateName(rd_kafka_consumer_group_state_t state)
{
    return fromUtf8(rd_kafka_consumer_group_state_name(state));
}

QString typeName(rd_kafka_consumer_group_type_t type)
{
    return fromUtf8(rd_kafka_consumer_group_type_name(type));
}

std::vector<TopicPartition> toPartitions(const rd_kafka_topic_partition_list_t *list)
{
    std::vector<TopicPartition> out;
    if (!list)
        return out;
    for (int i = 0; i < list->cnt; ++i)
        out.push_back({fromUtf8(list->elems[i].topic), list->elems[i].partition});
    return out;
}

} // namespace

Result<std::vector<GroupListing>> KafkaClient::listGroups(Deadline deadline)
{
    using R = Result<std::vector<GroupListing>>;
    auto events = d->admin(RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS, 1, RD_KAFKA_EVENT_LISTCONSUMERGROUPS_RESULT, deadline,
                           QStringLiteral("list consumer groups"),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                               rd_kafka_ListConsumerGroups(d->rk.get(), o, q);
                           });
    if (!events)
        return R(events.error());
    const auto *res = rd_kafka_event_ListConsumerGroups_result(events->front().get());
    size_t errorCount = 0;
    const rd_kafka_error_t **errors = rd_kafka_ListConsumerGroups_result_errors(res, &errorCount);
    // A broker that did not answer means the list is incomplete: say so rather than
    // showing a cluster with groups silently missing.
    if (errorCount > 0)
        return R::failure(d->failure(QStringLiteral("list consumer groups"), fromUtf8(rd_kafka_error_string(errors[0]))));
    size_t count = 0;
    const rd_kafka_ConsumerGroupListing_t **valid = rd_kafka_ListConsumerGroups_result_valid(res, &count);
    std::vector<GroupListing> out;
    out.reserve(count);
    for (size_t i = 0; i < count; ++i) {
        const auto *g = valid[i];
        out.push_back({fromUtf8(rd_kafka_ConsumerGroupListing_group_id(g)),
                       stateName(rd_kafka_ConsumerGroupListing_state(g)),
                       typeName(rd_kafka_ConsumerGroupListing_type(g)),
                       rd_kafka_ConsumerGroupListing_is_simple_consumer_group(g) != 0});
    }
    std::sort(out.begin(), out.end(), [](const GroupListing &a, const GroupListing &b) { return a.groupId < b.groupId; });
    return out;
}

Result<std::vector<GroupDescription>> KafkaClient::describeGroups(const QStringList &groups, Deadline deadline)
{
    using R = Result<std::vector<GroupDescription>>;
    if (groups.isEmpty())
        return std::vector<GroupDescription>{};
    QByteArrayList utf8;
    std::vector<const char *> names;
    for (const auto &g : groups)
        utf8.push_back(g.toUtf8());
    for (const auto &g : utf8)
        names.push_back(g.constData());
    auto events = d->admin(RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS, 1, RD_KAFKA_EVENT_DESCRIBECONSUMERGROUPS_RESULT,
                           deadline, QStringLiteral("describe consumer groups"),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                               rd_kafka_DescribeConsumerGroups(d->rk.get(), names.data(), names.size(), o, q);
                           });
    if (!events)
        return R(events.error());
    const auto *res = rd_kafka_event_DescribeConsumerGroups_result(events->front().get());
    size_t count = 0;
    const rd_kafka_ConsumerGroupDescription_t **descs = rd_kafka_DescribeConsumerGroups_result_groups(res, &count);
    std::vector<GroupDescription> out;
    for (size_t i = 0; i < count; ++i) {
        const auto *g = descs[i];
        GroupDescription desc;
        desc.groupId = fromUtf8(rd_kafka_ConsumerGroupDescription_group_id(g));
        if (const rd_kafka_error_t *e = rd_kafka_ConsumerGroupDescription_error(g))
            desc.error = fromUtf8(rd_kafka_error_string(e));
        desc.state = stateName(rd_kafka_ConsumerGroupDescription_state(g));
        desc.type = typeName(rd_kafka_ConsumerGroupDescription_type(g));
        desc.partitionAssignor = fromUtf8(rd_kafka_ConsumerGroupDescription_partition_assignor(g));
        if (const rd_kafka_Node_t *c = rd_kafka_ConsumerGroupDescription_coordinator(g))
            desc.coordinatorId = rd_kafka_Node_id(c);
        const size_t members = rd_kafka_ConsumerGroupDescription_member_count(g);
        for (size_t m = 0; m < members; ++m) {
            const auto *md = rd_kafka_ConsumerGroupDescription_member(g, m);
            GroupMember member;
            member.memberId = fromUtf8(rd_kafka_MemberDescription_consumer_id(md));
            member.clientId = fromUtf8(rd_kafka_MemberDescription_client_id(md));
            member.host = fromUtf8(rd_kafka_MemberDescription_host(md));
            if (const auto *a = rd_kafka_MemberDescription_assignment(md))
                member.assignment = toPartitions(rd_kafka_MemberAssignment_partitions(a));
            desc.members.push_back(std::move(member));
        }
        out.push_back(std::move(desc));
    }
    return out;
}

Result<std::map<QString, CommittedOffsets>> KafkaClient::committedOffsets(const QStringList &groups, Deadline deadline)
{
    using R = Result<std::map<QString, CommittedOffsets>>;
    if (groups.isEmpty())
        return std::map<QString, CommittedOffsets>{};
    // With Lagscope's librdkafka patch (packaging/librdkafka, KIP-709) one call takes every
    // group: one OffsetFetch request per coordinator. Unpatched, librdkafka takes one group a
    // call; the calls run concurrently on one queue, one request each.
    const bool batched = batchedGroupOffsets() && groups.size() > 1;
    QStringList unique = groups;
    unique.removeDuplicates(); // the batched call refuses a group named twice
    auto events = d->admin(RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS, batched ? 1 : static_cast<size_t>(groups.size()),
                           RD_KAFKA_EVENT_LISTCONSUMERGROUPOFFSETS_RESULT, deadline,
                           QStringLiteral("fetch committed offsets"),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t i) {
                               const QStringList &names = batched ? unique : QStringList{groups[qsizetype(i)]};
                               std::vector<rd_kafka_ListConsumerGroupOffsets_t *> reqs;
                               for (const QString &g : names)
                                   reqs.push_back(rd_kafka_ListConsumerGroupOffsets_new(g.toUtf8().constData(), nullptr));
                               rd_kafka_ListConsumerGroupOffsets(d->rk.get(), reqs.data(), reqs.size(), o, q);
                               for (auto *req : reqs)
                                   rd_kafka_ListConsumerGroupOffsets_destroy(req);
                           });
    if (!events)
        return R(events.error());
    std::map<QString, CommittedOffsets> out;
    for (const auto &ev : *events) {
        const auto *res = rd_kafka_event_ListConsumerGroupOffsets_result(ev.get());
        size_t count = 0;
        const rd_kafka_group_result_t **results = rd_kafka_ListConsumerGroupOffsets_result_groups(res, &count);
        for (size_t i = 0; i < count; ++i) {
            const QString group = fromUtf8(rd_kafka_group_result_name(results[i]));
            if (const rd_kafka_error_t *e = rd_kafka_group_result_error(results[i]))
                return R::failure(d->failure(QStringLiteral("committed offsets of group '%1'").arg(group),
                                             fromUtf8(rd_kafka_error_string(e))));
            CommittedOffsets &offsets = out[group];
            const rd_kafka_topic_partition_list_t *parts = rd_kafka_group_result_partitions(results[i]);
            for (int p = 0; parts && p < parts->cnt; ++p) {
                const auto &e = parts->elems[p];
                // The broker answers -1 for a partition the group has no commit on.
                if (e.err == RD_KAFKA_RESP_ERR_NO_ERROR && e.offset >= 0)
                    offsets[{fromUtf8(e.topic), e.partition}] = e.offset;
            }
        }
    }
    return out;
}

Result<std::map<TopicPartition, QString>> KafkaClient::alterCommittedOffsets(const QString &group,
                                                                           const CommittedOffsets &offsets,
                                                                           Deadline deadline)
{
    using R = Result<std::map<TopicPartition, QString>>;
    rd::PartitionList list(rd_kafka_topic_partition_list_new(static_cast<int>(offsets.size())));
    for (const auto &[tp, offset] : offsets)
        rd_kafka_topic_partition_list_add(list.get(), tp.topic.toUtf8().constData(), tp.partition)->offset = offset;
    auto events = d->admin(RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS, 1,
                           RD_KAFKA_EVENT_ALTERCONSUMERGROUPOFFSETS_RESULT, deadline,
                           QStringLiteral("commit offsets of group '%1'").arg(group),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                               rd_kafka_AlterConsumerGroupOffsets_t *req = rd_kafka_AlterConsumerGroupOffsets_new(
                                   group.toUtf8().constData(), list.get());
                               rd_kafka_AlterConsumerGroupOffsets(d->rk.get(), &req, 1, o, q);
                               rd_kafka_AlterConsumerGroupOffsets_destroy(req);
                           });
    if (!events)
        return R(events.error());
    std::map<TopicPartition, QString> refused;
    const auto *res = rd_kafka_event_AlterConsumerGroupOffsets_result(events->front().get());
    size_t count = 0;
    const rd_kafka_group_result_t **results = rd_kafka_AlterConsumerGroupOffsets_result_groups(res, &count);
    for (size_t i = 0; i < count; ++i) {
        if (const rd_kafka_error_t *e = rd_kafka_group_result_error(results[i]))
            return R::failure(d->failure(QStringLiteral("commit offsets of group '%1'").arg(group),
                                         fromUtf8(rd_kafka_error_string(e))));
        const rd_kafka_topic_partition_list_t *parts = rd_kafka_group_result_partitions(results[i]);
        for (int p = 0; parts && p < parts->cnt; ++p)
            if (parts->elems[p].err != RD_KAFKA_RESP_ERR_NO_ERROR)
                refused[{fromUtf8(parts->elems[p].topic), parts->elems[p].partition}] = rdError(parts->elems[p].err);
    }
    return refused;
}

Result<LogOffsetsResult> KafkaClient::logOffsets(const std::vector<TopicPartition> &partitions, OffsetSpec spec,
                                                 Deadline deadline)
{
    using R = Result<LogOffsetsResult>;
    LogOffsetsResult out;
    if (partitions.empty())
        return out;
    rd::PartitionList list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    const int64_t wanted = spec == OffsetSpec::Earliest ? RD_KAFKA_OFFSET_SPEC_EARLIEST : RD_KAFKA_OFFSET_SPEC_LATEST;
    for (const auto &tp : partitions)
        rd_kafka_topic_partition_list_add(list.get(), tp.topic.toUtf8().constData(), tp.partition)->offset = wanted;
    auto events = d->admin(RD_KAFKA_ADMIN_OP_LISTOFFSETS, 1, RD_KAFKA_EVENT_LISTOFFSETS_RESULT, deadline,
                           QStringLiteral("list offsets"),
                           [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                               rd_kafka_ListOffsets(d->rk.get(), list.get(), o, q);
                           });
    if (!events)
        return R(events.error());
    const auto *res = rd_kafka_event_ListOffsets_result(events->front().get());
    size_t count = 0;
    const rd_kafka_ListOffsetsResultInfo_t **infos = rd_kafka_ListOffsets_result_infos(res, &count);
    for (size_t i = 0; i < count; ++i) {
        const rd_kafka_topic_partition_t *tp = rd_kafka_ListOffsetsResultInfo_topic_partition(infos[i]);
        const TopicPartition key{fromUtf8(tp->topic), tp->partition};
        if (tp->err != RD_KAFKA_RESP_ERR_NO_ERROR)
            out.errors[key] = rdError(tp->err);
        else
            out.offsets[key] = tp->offset;
    }
    return out;
}

} // namespace lagscope
