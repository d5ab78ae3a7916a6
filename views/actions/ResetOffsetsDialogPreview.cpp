// ResetOffsetsDialog: the group's scope (its topics and partitions) and the preview of a
// plan, from the form's choices.
#include "actions/ResetOffsetsDialog.h"

#include "actions/DialogSteps.h"
#include "models/StatusColors.h"

#include "actions/ResetParsers.h"
#include "actions/ResetPlanner.h"
#include "actions/ResetPreviewModel.h"
#include "jobs/ResetJobs.h"

#include <QButtonGroup>
#include <QDateTimeEdit>
#include <QLabel>
#include <QLineEdit>
#include <QTreeWidget>

namespace lagscope {

namespace {
constexpr int kPreviewStepTimeoutMs = 30000;
} // namespace

void ResetOffsetsDialog::loadScope()
{
    m_steps->setBusy(tr("Reading the group's committed offsets…"));
    auto *job = makeResetInputsJob(m_cluster, m_group, kPreviewStepTimeoutMs, this);
    m_steps->start(job, [this, job] {
        const ResetGroupRead &read = *job->result();
        if (!read.connected) {
            m_status->setText(read.gathered.errorMessage());
            return;
        }
        if (!read.gathered) {
            m_status->setText(tr("Could not read the group: %1").arg(read.gathered.errorMessage()));
            return;
        }
        fillScopeTree(*read.gathered);
        m_status->setText(tr("Group state: %1").arg(read.gathered->description.state));
    });
}

void ResetOffsetsDialog::fillScopeTree(const ResetGathered &gathered)
{
    const ResetInputs &in = gathered.inputs;
    const QSignalBlocker blocker(m_scopeTree);
    m_scopeTree->clear();
    for (const auto &[topic, partitions] : in.topicPartitions) {
        // The group's topics: those it has a committed offset in.
        const auto first = in.committed.lower_bound(TopicPartition{topic, -1});
        if (first == in.committed.end() || first->first.topic != topic)
            continue;
        auto *topicItem = new QTreeWidgetItem(m_scopeTree, {topic});
        topicItem->setFlags(topicItem->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
        topicItem->setCheckState(0, Qt::Unchecked);
        qint64 topicLag = 0;
        for (int p : partitions) {
            const TopicPartition tp{topic, p};
            const auto c = in.committed.find(tp);
            const auto e = in.logEnd.find(tp);
            auto *item = new QTreeWidgetItem(topicItem);
            item->setText(0, tr("partition %1").arg(p));
            item->setData(0, Qt::UserRole, p);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(0, Qt::Unchecked);
            item->setText(1, c != in.committed.end() ? QString::number(c->second) : QStringLiteral("-"));
            item->setText(2, e != in.logEnd.end() ? QString::number(e->second) : QStringLiteral("-"));
            if (c != in.committed.end() && e != in.logEnd.end()) {
                item->setText(3, QString::number(e->second - c->second));
                topicLag += e->second - c->second;
            }
        }
        topicItem->setText(3, QString::number(topicLag));
    }
    m_scopeTree->expandAll();
}

Result<ResetOffsetsDialog::Request> ResetOffsetsDialog::request() const
{
    using R = Result<Request>;
    Request r;
    const int id = m_specs->checkedId();
    if (id < 0) {
        return R::failure(tr("Choose how to reset."));
    }
    r.spec.kind = ResetSpec::Kind(id);
    auto number = [&](QLineEdit *edit, const QString &option) -> bool {
        bool ok = false;
        r.spec.value = edit->text().toLongLong(&ok);
        r.specText = option + QLatin1Char(' ') + edit->text();
        return ok;
    };
    switch (r.spec.kind) {
    case ResetSpec::ToEarliest: r.specText = QStringLiteral("--to-earliest"); break;
    case ResetSpec::ToLatest: r.specText = QStringLiteral("--to-latest"); break;
    case ResetSpec::ToCurrent: r.specText = QStringLiteral("--to-current"); break;
    case ResetSpec::ToOffset:
        if (!number(m_offsetValue, QStringLiteral("--to-offset")))
            return R::failure(tr("Enter a whole number."));
        break;
    case ResetSpec::ShiftBy:
        if (!number(m_shiftValue, QStringLiteral("--shift-by")))
            return R::failure(tr("Enter a whole number."));
        break;
    case ResetSpec::ToDatetime: {
        const QDateTime t = m_datetimeValue->dateTime().toUTC();
        r.spec.value = t.toMSecsSinceEpoch();
        r.specText =
            QStringLiteral("--to-datetime ") + t.toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzz")) + QLatin1Char('Z');
        break;
    }
    case ResetSpec::ByDuration: {
        auto ms = parseIsoDuration(m_durationValue->text().trimmed());
        if (!ms) {
            return R::failure(m_durationValue->text().isEmpty() ? tr("Enter a duration.") : ms.errorMessage());
        }
        // The timestamp is taken again when the preview runs (now − D at that moment).
        r.spec.value = *ms;
        r.specText = QStringLiteral("--by-duration ") + m_durationValue->text().trimmed();
        break;
    }
    case ResetSpec::CopyFromGroup:
        r.spec.sourceGroup = m_copyGroupValue->text().trimmed();
        if (r.spec.sourceGroup.isEmpty()) {
            return R::failure(tr("Enter the group to copy from."));
        }
        r.specText = QStringLiteral("copy-from-group ") + r.spec.sourceGroup;
        break;
    default: break;
    }

    const int scopeId = m_scopes->checkedId();
    if (scopeId < 0) {
        return R::failure(tr("Choose the partitions."));
    }
    if (scopeId == 0) {
        r.scope.allTopics = true;
        r.scopeText = QStringLiteral("--all-topics");
        return r;
    }
    QStringList parts;
    for (int t = 0; t < m_scopeTree->topLevelItemCount(); ++t) {
        const QTreeWidgetItem *topic = m_scopeTree->topLevelItem(t);
        if (topic->checkState(0) == Qt::Unchecked)
            continue;
        std::vector<int> partitions;
        QStringList numbers;
        for (int c = 0; c < topic->childCount(); ++c)
            if (topic->child(c)->checkState(0) == Qt::Checked) {
                partitions.push_back(topic->child(c)->data(0, Qt::UserRole).toInt());
                numbers << QString::number(partitions.back());
            }
        parts << QStringLiteral("--topic ") + topic->text(0) + QLatin1Char(':') + numbers.join(QLatin1Char(','));
        r.scope.topics.emplace_back(topic->text(0), std::move(partitions));
    }
    if (r.scope.topics.empty()) {
        return R::failure(tr("Check at least one partition."));
    }
    r.scopeText = parts.join(QLatin1Char(' '));
    return r;
}

void ResetOffsetsDialog::preview()
{
    auto req = request();
    if (!req || isBusy())
        return;
    m_model->clear();
    m_planned.reset();
    m_steps->setBusy(tr("Computing the new offsets…"));
    Request r = *req;
    if (r.spec.kind == ResetSpec::ByDuration)
        r.spec.value = resetTimestampForDuration(QDateTime::currentMSecsSinceEpoch(), r.spec.value);
    auto *job = makeResetPlanJob(m_cluster, m_group, r.spec, r.scope, kPreviewStepTimeoutMs, this);
    m_steps->start(job, [this, job, r] {
        const Result<ResetPreview> &answer = *job->result();
        if (!answer) {
            setToneText(m_status, StatusTone::Error);
            m_status->setText(answer.errorMessage());
            return;
        }
        Request planned = r;
        planned.spec = answer->spec;
        m_model->setPlan(answer->plan);
        m_planned = planned;
        QStringList lines;
        lines << tr("%n partition(s) in the plan.", nullptr, int(answer->plan.partitions.size()));
        lines += answer->plan.warnings;
        if (answer->inactiveRefusal) {
            // The executor checks again when applying and refuses while members are active.
            lines << *answer->inactiveRefusal;
            setToneText(m_status, StatusTone::Warning);
        }
        m_status->setText(lines.join(QLatin1Char('\n')));
        m_resultLabel->clear();
    });
}

} // namespace lagscope
