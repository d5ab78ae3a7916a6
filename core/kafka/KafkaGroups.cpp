// Consumer-group and offset requests of KafkaClient.
#include "kafka/KafkaClient.h"

#include "kafka/KafkaClientImpl.h"

#include <QByteArrayList>

#include <optional>

namespace lagscope {

namespace {

QString stateName(rd_kafka_consumer_group_state_t state) { return fromUtf8(rd_kafka_consumer_group_state_name(state)); }

QString typeName(rd_kafka_consumer_group_type_t type) { return fromUtf8(rd_kafka_consumer_group_type_name(type)); }

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

namespace {

using Impl = KafkaClient::Impl;

Impl::Pending startListGroups(Impl &d, Deadline deadline)
{
    return d.startAdmin(RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS, 1, RD_KAFKA_EVENT_LISTCONSUMERGROUPS_RESULT,
                        Impl::adminLifetimeMs(RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPS, deadline),
                        QStringLiteral("list consumer groups"),
                        [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                            rd_kafka_ListConsumerGroups(d.rk.get(), o, q);
                        });
}

// incomplete: null to fail when a broker did not answer, else where to say so.
Result<std::vector<GroupListing>> finishListGroups(Impl &d, Result<std::vector<rd::Event>> events,
                                                   QString *incomplete = nullptr)
{
    using R = Result<std::vector<GroupListing>>;
    if (!events)
        return R(events.error());
    const auto *res = rd_kafka_event_ListConsumerGroups_result(events->front().get());
    size_t errorCount = 0;
    const rd_kafka_error_t **errors = rd_kafka_ListConsumerGroups_result_errors(res, &errorCount);
    // A broker that did not answer means the list is incomplete: say so rather than
    // showing a cluster with groups silently missing.
    if (errorCount > 0) {
        const QString why =
            d.failure(QStringLiteral("list consumer groups"), fromUtf8(rd_kafka_error_string(errors[0])));
        if (!incomplete)
            return R::failure(why);
        *incomplete = errorCount == 1 ? why : QStringLiteral("%1 (and %2 more)").arg(why).arg(errorCount - 1);
    }
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
    std::sort(out.begin(), out.end(),
              [](const GroupListing &a, const GroupListing &b) { return a.groupId < b.groupId; });
    return out;
}

Impl::Pending startDescribe(Impl &d, const QStringList &groups, Deadline deadline)
{
    QByteArrayList utf8;
    std::vector<const char *> names;
    for (const auto &g : groups)
        utf8.push_back(g.toUtf8());
    for (const auto &g : utf8)
        names.push_back(g.constData());
    const bool perGroup = KafkaClient::batchedGroupDescribe() && groups.size() > 1;
    return d.startAdmin(RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS, groups.isEmpty() ? 0 : 1,
                        RD_KAFKA_EVENT_DESCRIBECONSUMERGROUPS_RESULT,
                        Impl::adminLifetimeMs(RD_KAFKA_ADMIN_OP_DESCRIBECONSUMERGROUPS, deadline, perGroup),
                        QStringLiteral("describe consumer groups"),
                        [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                            rd_kafka_DescribeConsumerGroups(d.rk.get(), names.data(), names.size(), o, q);
                        });
}

// Epochs are KIP-848's: a classic group has none (librdkafka answers -1). A consumer-protocol
// member's epoch is shown as the broker gave it, negative ones too: a static member that
// closed keeps epoch -2 until its session times out, and Kafka's tool prints -2.
[[maybe_unused]] std::optional<int> epoch(bool consumerProtocol, std::int32_t value)
{
    return consumerProtocol ? std::optional<int>(value) : std::nullopt;
}

GroupMember toMember(const rd_kafka_MemberDescription_t *md, [[maybe_unused]] bool consumerProtocol)
{
    GroupMember member;
    member.memberId = fromUtf8(rd_kafka_MemberDescription_consumer_id(md));
    member.clientId = fromUtf8(rd_kafka_MemberDescription_client_id(md));
    member.host = fromUtf8(rd_kafka_MemberDescription_host(md));
    member.groupInstanceId = fromUtf8(rd_kafka_MemberDescription_group_instance_id(md));
    if (const auto *a = rd_kafka_MemberDescription_assignment(md))
        member.assignment = toPartitions(rd_kafka_MemberAssignment_partitions(a));
    if (const auto *a = rd_kafka_MemberDescription_target_assignment(md))
        member.targetAssignment = toPartitions(rd_kafka_MemberAssignment_partitions(a));
#if LAGSCOPE_RDKAFKA_GROUP_EPOCHS
    member.memberEpoch = epoch(consumerProtocol, rd_kafka_MemberDescription_member_epoch(md));
    if (const int upgraded = rd_kafka_MemberDescription_upgraded(md); upgraded >= 0)
        member.upgraded = upgraded == 1;
#endif
    return member;
}

GroupDescription toDescription(const rd_kafka_ConsumerGroupDescription_t *g)
{
    GroupDescription desc;
    desc.groupId = fromUtf8(rd_kafka_ConsumerGroupDescription_group_id(g));
    if (const rd_kafka_error_t *e = rd_kafka_ConsumerGroupDescription_error(g))
        desc.error = fromUtf8(rd_kafka_error_string(e));
    desc.state = stateName(rd_kafka_ConsumerGroupDescription_state(g));
    desc.type = typeName(rd_kafka_ConsumerGroupDescription_type(g));
    desc.partitionAssignor = fromUtf8(rd_kafka_ConsumerGroupDescription_partition_assignor(g));
    if (const rd_kafka_Node_t *c = rd_kafka_ConsumerGroupDescription_coordinator(g)) {
        desc.coordinatorId = rd_kafka_Node_id(c);
        desc.coordinatorHost = fromUtf8(rd_kafka_Node_host(c));
        desc.coordinatorPort = rd_kafka_Node_port(c);
    }
    const bool consumerProtocol = rd_kafka_ConsumerGroupDescription_type(g) == RD_KAFKA_CONSUMER_GROUP_TYPE_CONSUMER;
#if LAGSCOPE_RDKAFKA_GROUP_EPOCHS
    desc.groupEpoch = epoch(consumerProtocol, rd_kafka_ConsumerGroupDescription_group_epoch(g));
    desc.targetAssignmentEpoch = epoch(consumerProtocol, rd_kafka_ConsumerGroupDescription_target_assignment_epoch(g));
#endif
    const size_t members = rd_kafka_ConsumerGroupDescription_member_count(g);
    for (size_t m = 0; m < members; ++m)
        desc.members.push_back(toMember(rd_kafka_ConsumerGroupDescription_member(g, m), consumerProtocol));
    return desc;
}

Result<std::vector<GroupDescription>> finishDescribe(Result<std::vector<rd::Event>> events)
{
    using R = Result<std::vector<GroupDescription>>;
    if (!events)
        return R(events.error());
    std::vector<GroupDescription> out;
    for (const auto &ev : *events) {
        const auto *res = rd_kafka_event_DescribeConsumerGroups_result(ev.get());
        size_t count = 0;
        const rd_kafka_ConsumerGroupDescription_t **descs = rd_kafka_DescribeConsumerGroups_result_groups(res, &count);
        out.reserve(out.size() + count);
        for (size_t i = 0; i < count; ++i)
            out.push_back(toDescription(descs[i]));
    }
    return out;
}

struct OffsetsCall {
    QStringList groups; // distinct: the batched call refuses a group named twice
    bool batched = false;
    LeaderEpochs epochs = LeaderEpochs::Skip;
};

OffsetsCall offsetsCall(const QStringList &groups, LeaderEpochs epochs = LeaderEpochs::Skip)
{
    OffsetsCall call{groups, false, epochs};
    call.groups.removeDuplicates();
    // With Lagscope's librdkafka patch (packaging/librdkafka, KIP-709) one call takes every
    // group: one OffsetFetch request per coordinator. Unpatched, librdkafka takes one group a
    // call; the calls run concurrently on one queue, one request each.
    call.batched = KafkaClient::batchedGroupOffsets() && call.groups.size() > 1;
    return call;
}

Impl::Pending startOffsets(Impl &d, const OffsetsCall &call, Deadline deadline)
{
    const size_t count = call.batched ? 1 : size_t(call.groups.size());
    Impl::Pending pending = d.startAdmin(
        RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS, call.groups.isEmpty() ? 0 : count,
        RD_KAFKA_EVENT_LISTCONSUMERGROUPOFFSETS_RESULT,
        Impl::adminLifetimeMs(RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS, deadline, call.batched),
        QStringLiteral("fetch committed offsets"), [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t i) {
            const QStringList names = call.batched ? call.groups : QStringList{call.groups[qsizetype(i)]};
            std::vector<rd_kafka_ListConsumerGroupOffsets_t *> reqs;
            for (const QString &g : names)
                reqs.push_back(rd_kafka_ListConsumerGroupOffsets_new(g.toUtf8().constData(), nullptr));
            rd_kafka_ListConsumerGroupOffsets(d.rk.get(), reqs.data(), reqs.size(), o, q);
            for (auto *req : reqs)
                rd_kafka_ListConsumerGroupOffsets_destroy(req);
        });
    pending.errorsPerEvent = !call.batched;
    return pending;
}

Result<GroupOffsetsResult> finishOffsets(Impl &d, const OffsetsCall &call, Result<std::vector<rd::Event>> events)
{
    using R = Result<GroupOffsetsResult>;
    if (!events)
        return R(events.error());
    GroupOffsetsResult out;
    TopicNames topicName;
    for (size_t e = 0; e < events->size(); ++e) {
        const rd::Event &ev = (*events)[e];
        if (rd_kafka_event_error(ev.get()) != RD_KAFKA_RESP_ERR_NO_ERROR) {
            // One group per event here (unpatched, or a single group).
            out.errors[call.groups[qsizetype(e)]] =
                d.failure(QStringLiteral("committed offsets of group '%1'").arg(call.groups[qsizetype(e)]),
                          fromUtf8(rd_kafka_event_error_string(ev.get())));
            continue;
        }
        const auto *res = rd_kafka_event_ListConsumerGroupOffsets_result(ev.get());
        size_t count = 0;
        const rd_kafka_group_result_t **results = rd_kafka_ListConsumerGroupOffsets_result_groups(res, &count);
        for (size_t i = 0; i < count; ++i) {
            const QString group = fromUtf8(rd_kafka_group_result_name(results[i]));
            if (const rd_kafka_error_t *err = rd_kafka_group_result_error(results[i])) {
                out.errors[group] = d.failure(QStringLiteral("committed offsets of group '%1'").arg(group),
                                              fromUtf8(rd_kafka_error_string(err)));
                // A timed-out group's coordinator lookup may live on (see ~KafkaClient).
                if (rd_kafka_error_code(err) == RD_KAFKA_RESP_ERR__TIMED_OUT)
                    d.keepUnanswered(RD_KAFKA_ADMIN_OP_LISTCONSUMERGROUPOFFSETS, nullptr,
                                     RD_KAFKA_EVENT_LISTCONSUMERGROUPOFFSETS_RESULT, 0, true);
                continue;
            }
            CommittedOffsets &offsets = out.offsets[group];
            CommittedLeaderEpochs *epochs = call.epochs == LeaderEpochs::Read ? &out.leaderEpochs[group] : nullptr;
            const rd_kafka_topic_partition_list_t *parts = rd_kafka_group_result_partitions(results[i]);
            for (int p = 0; parts && p < parts->cnt; ++p) {
                const auto &tp = parts->elems[p];
                // The broker answers -1 for a partition the group has no commit on. The hint
                // makes the usual sorted answer linear.
                if (tp.err != RD_KAFKA_RESP_ERR_NO_ERROR || tp.offset < 0)
                    continue;
                const TopicPartition key{topicName(tp.topic), tp.partition};
                offsets.insert_or_assign(offsets.end(), key, tp.offset);
                if (!epochs)
                    continue;
                if (const std::int32_t leaderEpoch = rd_kafka_topic_partition_get_leader_epoch(&tp); leaderEpoch >= 0)
                    epochs->insert_or_assign(epochs->end(), key, leaderEpoch);
            }
        }
    }
    return out;
}

} // namespace

Result<std::vector<GroupListing>> KafkaClient::listGroups(Deadline deadline)
{
    return finishListGroups(*d, d->awaitAdmin(startListGroups(*d, deadline), deadline));
}

ClusterOverview KafkaClient::metadataAndGroups(Deadline deadline, Deadline listDeadline)
{
    // ListGroups goes out first: metadata() blocks until its own answer. DescribeQuorum goes
    // to the broker that has just answered Metadata, alongside DescribeCluster.
    Impl::Pending listing = startListGroups(*d, listDeadline);
#if LAGSCOPE_RDKAFKA_METADATA_QUORUM
    std::optional<Impl::Pending> quorum;
    auto md = metadata(deadline, [&] { quorum = startQuorum(*d, listDeadline); });
#else
    auto md = metadata(deadline);
#endif
    QString incomplete;
    auto groups = finishListGroups(*d, d->awaitAdmin(std::move(listing), listDeadline), &incomplete);
#if LAGSCOPE_RDKAFKA_METADATA_QUORUM
    Result<QuorumInfo> described = quorum ? finishQuorum(d->awaitAdmin(std::move(*quorum), listDeadline))
                                          : Result<QuorumInfo>::failure(md.errorMessage());
#else
    Result<QuorumInfo> described = Result<QuorumInfo>::failure(kNoQuorumPatch.toString());
#endif
    return {std::move(md), std::move(groups), incomplete, std::move(described)};
}

Result<std::vector<GroupDescription>> KafkaClient::describeGroups(const QStringList &groups, Deadline deadline)
{
    return finishDescribe(d->awaitAdmin(startDescribe(*d, groups, deadline), deadline));
}

Result<GroupOffsetsResult> KafkaClient::groupOffsets(const QStringList &groups, Deadline deadline)
{
    const OffsetsCall call = offsetsCall(groups);
    return finishOffsets(*d, call, d->awaitAdmin(startOffsets(*d, call, deadline), deadline));
}

Result<std::map<QString, CommittedOffsets>> KafkaClient::committedOffsets(const QStringList &groups, Deadline deadline)
{
    using R = Result<std::map<QString, CommittedOffsets>>;
    auto read = groupOffsets(groups, deadline);
    if (!read)
        return R(read.error());
    if (!read->errors.empty())
        return R::failure(read->errors.begin()->second);
    return std::move(read->offsets);
}

GroupsRead KafkaClient::readGroups(const QStringList &groups, Deadline deadline, LeaderEpochs epochs)
{
    const OffsetsCall call = offsetsCall(groups, epochs);
    Impl::Pending describing = startDescribe(*d, groups, deadline);
    Impl::Pending fetching = startOffsets(*d, call, deadline);
    auto described = finishDescribe(d->awaitAdmin(std::move(describing), deadline));
    return {std::move(described), finishOffsets(*d, call, d->awaitAdmin(std::move(fetching), deadline))};
}

Result<std::map<TopicPartition, QString>>
KafkaClient::alterCommittedOffsets(const QString &group, const CommittedOffsets &offsets, Deadline deadline)
{
    using R = Result<std::map<TopicPartition, QString>>;
    rd::PartitionList list(rd_kafka_topic_partition_list_new(static_cast<int>(offsets.size())));
    for (const auto &[tp, offset] : offsets)
        rd_kafka_topic_partition_list_add(list.get(), tp.topic.toUtf8().constData(), tp.partition)->offset = offset;
    auto events =
        d->admin(RD_KAFKA_ADMIN_OP_ALTERCONSUMERGROUPOFFSETS, 1, RD_KAFKA_EVENT_ALTERCONSUMERGROUPOFFSETS_RESULT,
                 deadline, QStringLiteral("commit offsets of group '%1'").arg(group),
                 [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                     rd_kafka_AlterConsumerGroupOffsets_t *req =
                         rd_kafka_AlterConsumerGroupOffsets_new(group.toUtf8().constData(), list.get());
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

namespace {

Impl::Pending startLogOffsets(Impl &d, const std::vector<TopicPartition> &partitions, OffsetSpec spec,
                              Deadline deadline)
{
    rd::PartitionList list = listOffsetsRequest(partitions, spec == OffsetSpec::Earliest ? RD_KAFKA_OFFSET_SPEC_EARLIEST
                                                                                         : RD_KAFKA_OFFSET_SPEC_LATEST);
    return d.startAdmin(RD_KAFKA_ADMIN_OP_LISTOFFSETS, partitions.empty() ? 0 : 1, RD_KAFKA_EVENT_LISTOFFSETS_RESULT,
                        Impl::adminLifetimeMs(RD_KAFKA_ADMIN_OP_LISTOFFSETS, deadline), QStringLiteral("list offsets"),
                        [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                            rd_kafka_ListOffsets(d.rk.get(), list.get(), o, q);
                        });
}

Result<LogOffsetsResult> finishLogOffsets(Result<std::vector<rd::Event>> events)
{
    using R = Result<LogOffsetsResult>;
    if (!events)
        return R(events.error());
    LogOffsetsResult out;
    TopicNames topicName;
    for (const auto &ev : *events)
        collectListOffsets(ev.get(), topicName, out, [](int64_t offset) { return offset; });
    return out;
}

} // namespace

Result<LogOffsetsResult> KafkaClient::logOffsets(const std::vector<TopicPartition> &partitions, OffsetSpec spec,
                                                 Deadline deadline)
{
    return finishLogOffsets(d->awaitAdmin(startLogOffsets(*d, partitions, spec, deadline), deadline));
}

LogBounds KafkaClient::logBounds(const std::vector<TopicPartition> &partitions, Deadline deadline)
{
    Impl::Pending earliest = startLogOffsets(*d, partitions, OffsetSpec::Earliest, deadline);
    Impl::Pending latest = startLogOffsets(*d, partitions, OffsetSpec::Latest, deadline);
    auto start = finishLogOffsets(d->awaitAdmin(std::move(earliest), deadline));
    return {std::move(start), finishLogOffsets(d->awaitAdmin(std::move(latest), deadline))};
}

} // namespace lagscope
