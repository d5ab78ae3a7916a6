#include "actions/DeleteGroupDialog.h"

#include "WidgetBuild.h"
#include "actions/DeletePreviewModel.h"
#include "actions/DialogSteps.h"
#include "actions/UndoConfirmation.h"
#include "actions/WriteGuard.h"
#include "jobs/DeleteJobs.h"
#include "jobs/ResetJobs.h"
#include "models/StatusColors.h"
#include "util/AppPaths.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace lagscope {

namespace {

constexpr int kDeleteStepTimeoutMs = 30000;

} // namespace

DeleteGroupDialog::DeleteGroupDialog(const ClusterConfig &cluster, const QString &group, QWidget *parent)
    : QDialog(parent), m_cluster(cluster), m_group(group)
{
    setObjectName(QStringLiteral("deleteGroupDialog"));
    setWindowTitle(tr("Delete %1 on %2").arg(group, cluster.name));
    buildUi();
    preview(); // what deleting the whole group would do, and the topics to choose from
}

// A running job is a child: deleting it cancels its calls, and its thread ends on its own.
DeleteGroupDialog::~DeleteGroupDialog() = default;

bool DeleteGroupDialog::isBusy() const { return m_steps->isBusy(); }

void DeleteGroupDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    auto *what = new QGroupBox(tr("Delete"), this);
    auto *whatLayout = new QVBoxLayout(what);
    m_wholeGroup = new QRadioButton(tr("The group and all its committed offsets (like --delete)"), what);
    m_wholeGroup->setObjectName(QStringLiteral("deleteWholeGroup"));
    m_wholeGroup->setChecked(true);
    m_someTopics =
        new QRadioButton(tr("The group's committed offsets of the checked topics (like --delete-offsets)"), what);
    m_someTopics->setObjectName(QStringLiteral("deleteSomeTopics"));
    auto *choice = new QButtonGroup(this);
    choice->addButton(m_wholeGroup);
    choice->addButton(m_someTopics);
    m_topics = new QListWidget(what);
    m_topics->setObjectName(QStringLiteral("deleteTopicList"));
    m_topics->setEnabled(false);
    m_topics->setMaximumHeight(110);
    connect(m_someTopics, &QRadioButton::toggled, m_topics, &QWidget::setEnabled);
    connect(choice, &QButtonGroup::buttonToggled, this, &DeleteGroupDialog::invalidatePlan);
    connect(m_topics, &QListWidget::itemChanged, this, &DeleteGroupDialog::invalidatePlan);
    whatLayout->addWidget(m_wholeGroup);
    whatLayout->addWidget(m_someTopics);
    whatLayout->addWidget(m_topics);
    layout->addWidget(what);

    auto *previewRow = new QHBoxLayout;
    m_previewButton = newButton(tr("Preview"), this, QStringLiteral("deletePreviewButton"));
    connect(m_previewButton, &QPushButton::clicked, this, &DeleteGroupDialog::preview);
    previewRow->addWidget(m_previewButton);
    m_steps = new DialogSteps(this, previewRow, [this] { updateButtons(); });
    m_status = m_steps->status();
    layout->addLayout(previewRow);

    m_model = new DeletePreviewModel(this);
    m_table = new QTableView(this);
    setUpListTable(m_table, QStringLiteral("deletePreviewTable"));
    m_table->setModel(m_model);
    m_table->setColumnWidth(DeletePreviewModel::Topic, 200);
    layout->addWidget(m_table, 1);

    const ConfirmRow row = addConfirmRow(this, layout, m_group, tr("Delete"), QStringLiteral("deleteExecuteButton"));
    m_confirm = row.typed;
    m_executeButton = row.execute;
    m_executeHint = row.hint;
    connect(m_confirm, &QLineEdit::textChanged, this, &DeleteGroupDialog::updateButtons);
    connect(m_executeButton, &QPushButton::clicked, this, &DeleteGroupDialog::execute);
    m_result = newMessageLabel(this, QStringLiteral("resultLabel"), LabelText::Selectable);
    layout->addWidget(m_result);
    m_undo = new UndoConfirmation(
        [this] { return tr("Commit the deleted offsets of %1 back from %2?").arg(m_group, m_backupPath); }, this);
    m_undo->setUndoEnabled(false);
    connect(m_undo, &UndoConfirmation::confirmed, this, &DeleteGroupDialog::undo);
    layout->addWidget(m_undo);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(860, 640);
}

Result<DeleteRequest> DeleteGroupDialog::request() const
{
    DeleteRequest r;
    r.group = m_group;
    r.wholeGroup = m_wholeGroup->isChecked();
    if (r.wholeGroup)
        return r;
    for (int i = 0; i < m_topics->count(); ++i)
        if (m_topics->item(i)->checkState() == Qt::Checked)
            r.topics.push_back({m_topics->item(i)->text(), {}});
    if (r.topics.empty())
        return Result<DeleteRequest>::failure(tr("Check the topics whose offsets go."));
    return r;
}

void DeleteGroupDialog::invalidatePlan()
{
    ++m_formVersion; // a preview still running was made for the form before this change
    m_plan.reset();
    m_model->clear();
    m_status->setStyleSheet(QString());
    m_status->setText(tr("Preview to see what would be deleted."));
    updateButtons();
}

void DeleteGroupDialog::preview()
{
    const auto r = request();
    if (!r || isBusy())
        return;
    m_steps->setBusy(tr("Reading the group's state and committed offsets…"));
    auto *job = makeDeletePlanJob(m_cluster, *r, kDeleteStepTimeoutMs, this);
    m_steps->start(job, [this, job, version = m_formVersion] {
        const Result<DeletePlan> &plan = *job->result();
        if (!plan) {
            setToneText(m_status, StatusTone::Error);
            m_status->setText(tr("Preview failed: %1").arg(plan.errorMessage()));
            return;
        }
        if (!m_topicsListed && plan->request.wholeGroup) {
            // The topics to choose from: those the group has committed offsets of.
            std::set<QString> topics;
            for (const auto &tp : plan->partitions)
                topics.insert(tp.topic);
            const QSignalBlocker blocker(m_topics);
            for (const QString &t : topics) {
                auto *item = new QListWidgetItem(t, m_topics);
                item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
                item->setCheckState(m_preselect.contains(t) ? Qt::Checked : Qt::Unchecked);
            }
            m_topicsListed = true;
            if (std::any_of(topics.begin(), topics.end(),
                            [this](const QString &t) { return m_preselect.contains(t); })) {
                m_someTopics->setChecked(true); // invalidates the whole-group plan
                // After this step has finished: a preview does not start while one runs.
                QMetaObject::invokeMethod(this, &DeleteGroupDialog::preview, Qt::QueuedConnection);
                return;
            }
        }
        if (version != m_formVersion)
            return; // the form changed meanwhile: this plan is not what it says now
        m_plan = *plan;
        showPlan(*plan, nullptr);
    });
}

void DeleteGroupDialog::showPlan(const DeletePlan &plan, const ResetOutcome *outcome)
{
    m_model->setPlan(plan, outcome);
    if (outcome)
        return;
    if (const auto refusal = deleteRefusal(plan)) {
        setToneText(m_status, StatusTone::Error);
        m_status->setText(tr("Kafka would refuse: %1").arg(kafkaExceptionText(*refusal)));
        return;
    }
    m_status->setStyleSheet(QString());
    const QString state = deletePlanState(plan);
    m_status->setText(plan.request.wholeGroup
                          ? tr("Group %1 (%2): %n committed offset(s) would be deleted with the group.", nullptr,
                               int(plan.committed.size()))
                                .arg(m_group, state)
                          : tr("Group %1 (%2): %n committed offset(s) of the checked topics would be deleted.", nullptr,
                               int(plan.committed.size()))
                                .arg(m_group, state));
}

void DeleteGroupDialog::updateButtons()
{
    const auto form = request();
    const bool complete = form.ok();
    const QString why = complete ? QString() : form.errorMessage();
    m_previewButton->setEnabled(complete && !isBusy());
    m_previewButton->setToolTip(why);
    QString hint;
    if (const auto refusal = writeRefusal(m_cluster, tr("deleting")))
        hint = *refusal;
    else if (!m_plan)
        hint = complete ? tr("Preview the delete first.") : why;
    else if (const auto kafka = deleteRefusal(*m_plan))
        hint = tr("Nothing can be deleted: %1").arg(kafkaExceptionText(*kafka));
    else if (m_plan->partitions.empty() && !m_plan->request.wholeGroup)
        hint = tr("None of the checked topics exists: nothing to delete.");
    else if (m_confirm->text() != m_group)
        hint = tr("Type '%1' to enable Delete.").arg(m_group);
    const bool canExecute = hint.isEmpty() && !isBusy();
    // The form stays as the running step saw it.
    m_wholeGroup->setEnabled(!isBusy());
    m_someTopics->setEnabled(!isBusy());
    m_topics->setEnabled(!isBusy() && m_someTopics->isChecked());
    m_executeButton->setEnabled(canExecute);
    m_executeButton->setToolTip(hint);
    m_executeHint->setText(hint);
    m_undo->setUndoEnabled(!m_backupPath.isEmpty() && !m_cluster.readOnly && !isBusy());
    m_undo->setUndoToolTip(writeRefusal(m_cluster, tr("undo")).value_or(QString()));
}

ResetApplyOptions DeleteGroupDialog::applyOptions(const QString &specText) const
{
    ResetApplyOptions options = writeOptionsFor(m_cluster, appDataDir(), Deadline::inMs(kDeleteStepTimeoutMs));
    options.specText = specText;
    return options;
}

void DeleteGroupDialog::execute()
{
    const auto now = request();
    if (!m_plan || isBusy() || m_cluster.readOnly || m_confirm->text() != m_group || !now
        || now->wholeGroup != m_plan->request.wholeGroup || now->topics != m_plan->request.topics)
        return;
    m_steps->setBusy(tr("Backing up and deleting…"));
    m_result->clear();
    const DeletePlan plan = *m_plan;
    auto *job =
        makeDeleteApplyJob(m_cluster, plan, applyOptions(deleteSpecText(plan.request)), kDeleteStepTimeoutMs, this);
    m_steps->start(job, [this, job, plan] {
        m_confirm->clear();
        m_plan.reset(); // stale now: another delete needs a new preview
        m_status->setText(tr("Finished. Preview again before another delete."));
        showOutcome(*job->result());
        if (*job->result() && !(*job->result())->refusal) {
            const ResetOutcome &outcome = **job->result();
            showPlan(plan, &outcome);
            // Undo what went, or may have gone (no answer): a refused partition kept its offset.
            const bool anyDeleted =
                outcome.partitions.empty()
                || std::any_of(outcome.partitions.begin(), outcome.partitions.end(), [](const PartitionOutcome &o) {
                       return o.result == PartitionOutcome::Applied || o.result == PartitionOutcome::Unknown;
                   });
            if (anyDeleted) {
                m_backupPath = outcome.backupPath;
                Q_EMIT changed(m_cluster.name, m_group);
            }
        }
    });
}

void DeleteGroupDialog::showOutcome(const Result<ResetOutcome> &outcome)
{
    if (!outcome) {
        setToneText(m_result, StatusTone::Error);
        m_result->setText(tr("Delete failed, nothing was deleted: %1").arg(outcome.errorMessage()));
        return;
    }
    if (outcome->refusal) {
        setToneText(m_result, StatusTone::Error);
        m_result->setText(tr("Delete refused, nothing was changed:\n%1").arg(*outcome->refusal));
        return;
    }
    int deleted = 0;
    int refused = 0;
    for (const auto &o : outcome->partitions) {
        deleted += o.result == PartitionOutcome::Applied ? 1 : 0;
        refused += o.result == PartitionOutcome::Refused ? 1 : 0;
    }
    const bool applied = outcome->result == WriteResult::Applied;
    setToneText(m_result, applied ? StatusTone::Good : StatusTone::Error);
    QString text = tr("Delete %1: %2 of %n partition(s) deleted", nullptr, int(outcome->partitions.size()))
                       .arg(writeResultName(outcome->result))
                       .arg(deleted);
    if (refused > 0)
        text += tr(", %n refused by the coordinator (see Status)", nullptr, refused);
    text += QStringLiteral(".\n") + tr("Backup of the deleted offsets: %1").arg(outcome->backupPath);
    if (!outcome->auditError.isEmpty())
        text += QStringLiteral("\n") + tr("The audit record could not be written: %1").arg(outcome->auditError);
    m_result->setText(text);
}

void DeleteGroupDialog::undo()
{
    m_undo->dismiss();
    if (m_backupPath.isEmpty() || isBusy() || m_cluster.readOnly)
        return;
    m_steps->setBusy(tr("Committing the deleted offsets back from the backup…"));
    const QString path = m_backupPath;
    auto *job =
        makeResetUndoJob(m_cluster, path, applyOptions(QStringLiteral("--undo ") + path), kDeleteStepTimeoutMs, this);
    m_steps->start(job, [this, job] {
        const Result<UndoOutcome> &undone = *job->result();
        m_status->setText(tr("Finished. Preview again before another delete."));
        if (!undone) {
            setToneText(m_result, StatusTone::Error);
            m_result->setText(tr("Undo failed: %1").arg(undone.errorMessage()));
            return;
        }
        if (undone->reset.refusal) {
            setToneText(m_result, StatusTone::Error);
            m_result->setText(tr("Undo refused, nothing was changed:\n%1").arg(*undone->reset.refusal));
            return;
        }
        const bool applied = undone->reset.result == WriteResult::Applied;
        setToneText(m_result, applied ? StatusTone::Good : StatusTone::Error);
        m_result->setText(
            tr("Undo %1: %n committed offset(s) restored from %2.", nullptr, int(undone->reset.partitions.size()))
                .arg(writeResultName(undone->reset.result), m_backupPath));
        m_model->clear();
        m_backupPath.clear();
        Q_EMIT changed(m_cluster.name, m_group);
    });
}

} // namespace lagscope
