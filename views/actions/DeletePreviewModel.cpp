#include "actions/DeletePreviewModel.h"

namespace lagscope {

DeletePreviewModel::DeletePreviewModel(QObject *parent) : ColumnTableModel(columns(), parent) { m_rowNumbers = false; }

void DeletePreviewModel::setPlan(const DeletePlan &plan, const ResetOutcome *outcome)
{
    beginResetModel();
    m_rows.clear();
    const auto refusal = deleteRefusal(plan);
    const QString groupError = refusal ? kafkaExceptionText(*refusal) : QString();
    for (const QString &topic : plan.missingTopics)
        m_rows.push_back({topic, -1, std::nullopt, kafkaExceptionText(QStringLiteral("UNKNOWN_TOPIC_OR_PART")), true});
    const auto outcomes =
        outcome ? outcomesByPartition(*outcome) : std::map<TopicPartition, const PartitionOutcome *>();
    for (const auto &tp : plan.partitions) {
        DeleteRow row{tp.topic, tp.partition, std::nullopt, tr("will be deleted"), false};
        if (const auto c = plan.committed.find(tp); c != plan.committed.end())
            row.committed = c->second;
        if (!groupError.isEmpty()) {
            row = {tp.topic, tp.partition, row.committed, groupError, true};
        } else if (const auto it = outcomes.find(tp); it != outcomes.end()) {
            const bool applied = it->second->result == PartitionOutcome::Applied;
            row.status = applied ? tr("deleted") : it->second->reason;
            row.error = !applied;
        } else if (outcome) {
            // Not sent (the executor's own plan left it out): it keeps "will be deleted".
        } else if (const auto e = plan.expectedErrors.find(tp); e != plan.expectedErrors.end()) {
            row.status = kafkaExceptionText(e->second);
            row.error = true;
        }
        m_rows.push_back(row);
    }
    endResetModel();
}

void DeletePreviewModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

const DeletePreviewModel::Columns &DeletePreviewModel::columns()
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    static const Columns table{
        {.header = QT_TR_NOOP("Topic"),
         .display = [](const DeleteRow &r) { return r.topic; },
         .sort = [](const DeleteRow &r) { return r.topic; }},
        {.header = QT_TR_NOOP("Partition"),
         .alignment = right,
         .display =
             [](const DeleteRow &r) { return r.partition < 0 ? QStringLiteral("-") : QString::number(r.partition); },
         .sort = [](const DeleteRow &r) { return r.partition; }},
        {.header = QT_TR_NOOP("Committed"),
         .alignment = right,
         .display =
             [](const DeleteRow &r) { return r.committed ? QString::number(*r.committed) : QStringLiteral("-"); },
         .sort = [](const DeleteRow &r) { return r.committed ? qlonglong(*r.committed) : qlonglong(-1); }},
        {.header = QT_TR_NOOP("Status"),
         .display = [](const DeleteRow &r) { return r.status; },
         .sort = [](const DeleteRow &r) { return r.status; },
         .toolTip = [](const DeleteRow &r) -> QVariant { return r.status; },
         .foreground = [](const DeleteRow &r) -> std::optional<StatusTone> {
             return r.error ? StatusTone::Error : StatusTone::Good;
         }},
    };
    return table;
}

} // namespace lagscope
