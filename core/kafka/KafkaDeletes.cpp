// The two deleting admin calls behind `lagscopectl delete` and `delete-offsets`
// (DeleteGroups, OffsetDelete). Only the write pipeline (actions/DeleteExecutor) calls them:
// it checks the cluster is writable, backs up the offsets and reads back afterwards.
#include "kafka/KafkaClientImpl.h"

namespace lagscope {

Result<std::map<QString, QString>> KafkaClient::deleteGroups(const QStringList &groups, Deadline deadline)
{
    using R = Result<std::map<QString, QString>>;
    std::vector<QByteArray> names;
    for (const QString &g : groups)
        names.push_back(g.toUtf8());
    auto events =
        d->admin(RD_KAFKA_ADMIN_OP_DELETEGROUPS, 1, RD_KAFKA_EVENT_DELETEGROUPS_RESULT, deadline,
                 QStringLiteral("delete groups"), [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                     std::vector<rd_kafka_DeleteGroup_t *> reqs;
                     for (const QByteArray &n : names)
                         reqs.push_back(rd_kafka_DeleteGroup_new(n.constData()));
                     rd_kafka_DeleteGroups(d->rk.get(), reqs.data(), reqs.size(), o, q);
                     rd_kafka_DeleteGroup_destroy_array(reqs.data(), reqs.size());
                 });
    if (!events)
        return R(events.error());
    std::map<QString, QString> errors;
    const auto *res = rd_kafka_event_DeleteGroups_result(events->front().get());
    size_t count = 0;
    const rd_kafka_group_result_t **results = rd_kafka_DeleteGroups_result_groups(res, &count);
    for (size_t i = 0; i < count; ++i) {
        const QString group = fromUtf8(rd_kafka_group_result_name(results[i]));
        if (const rd_kafka_error_t *e = rd_kafka_group_result_error(results[i]))
            errors[group] = fromUtf8(rd_kafka_err2name(rd_kafka_error_code(e)));
        else
            errors[group] = QString();
    }
    return errors;
}

Result<std::map<TopicPartition, QString>>
KafkaClient::deleteCommittedOffsets(const QString &group, const std::vector<TopicPartition> &partitions,
                                    Deadline deadline)
{
    using R = Result<std::map<TopicPartition, QString>>;
    const QString what = QStringLiteral("delete offsets of group '%1'").arg(group);
    rd::PartitionList list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
    for (const auto &tp : partitions)
        rd_kafka_topic_partition_list_add(list.get(), tp.topic.toUtf8().constData(), tp.partition);
    const QByteArray name = group.toUtf8();
    auto events =
        d->admin(RD_KAFKA_ADMIN_OP_DELETECONSUMERGROUPOFFSETS, 1, RD_KAFKA_EVENT_DELETECONSUMERGROUPOFFSETS_RESULT,
                 deadline, what, [&](rd_kafka_AdminOptions_t *o, rd_kafka_queue_t *q, size_t) {
                     rd_kafka_DeleteConsumerGroupOffsets_t *req =
                         rd_kafka_DeleteConsumerGroupOffsets_new(name.constData(), list.get());
                     rd_kafka_DeleteConsumerGroupOffsets(d->rk.get(), &req, 1, o, q);
                     rd_kafka_DeleteConsumerGroupOffsets_destroy(req);
                 });
    if (!events)
        return R(events.error());
    std::map<TopicPartition, QString> refused;
    const auto *res = rd_kafka_event_DeleteConsumerGroupOffsets_result(events->front().get());
    size_t count = 0;
    const rd_kafka_group_result_t **results = rd_kafka_DeleteConsumerGroupOffsets_result_groups(res, &count);
    for (size_t i = 0; i < count; ++i) {
        if (const rd_kafka_error_t *e = rd_kafka_group_result_error(results[i]))
            return R::failure(d->failure(what, fromUtf8(rd_kafka_err2name(rd_kafka_error_code(e)))));
        const rd_kafka_topic_partition_list_t *parts = rd_kafka_group_result_partitions(results[i]);
        for (int p = 0; parts && p < parts->cnt; ++p)
            if (parts->elems[p].err != RD_KAFKA_RESP_ERR_NO_ERROR)
                refused[{fromUtf8(parts->elems[p].topic), parts->elems[p].partition}] =
                    fromUtf8(rd_kafka_err2name(parts->elems[p].err));
    }
    return refused;
}

} // namespace lagscope
