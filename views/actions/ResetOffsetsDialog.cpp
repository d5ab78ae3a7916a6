#include "actions/ResetOffsetsDialog.h"
#include "models/StatusColors.h"

#include "actions/DialogSteps.h"
#include "actions/ResetPreviewModel.h"
#include "actions/UndoConfirmation.h"
#include "actions/WriteGuard.h"
#include "jobs/ResetJobs.h"
#include "util/AppPaths.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include <map>

namespace lagscope {

namespace {

constexpr int kResetStepTimeoutMs = 30000;

QString optionalOffset(const std::optional<qint64> &v) { return v ? QString::number(*v) : QStringLiteral("-"); }

} // namespace

ResetOffsetsDialog::ResetOffsetsDialog(const ClusterConfig &cluster, const QString &group, QWidget *parent)
    : QDialog(parent), m_cluster(cluster), m_group(group)
{
    setObjectName(QStringLiteral("resetOffsetsDialog"));
    setWindowTitle(tr("Reset offsets of %1 on %2").arg(group, cluster.name));
    buildUi();
    updateButtons();
    loadScope();
}

// A running job is a child: deleting it cancels its calls, and its thread ends on its own.
ResetOffsetsDialog::~ResetOffsetsDialog() = default;

bool ResetOffsetsDialog::isBusy() const { return m_steps->isBusy(); }

void ResetOffsetsDialog::updateButtons()
{
    const auto form = request();
    const bool complete = form.ok();
    const QString why = complete ? QString() : form.errorMessage();
    m_previewButton->setEnabled(complete && !isBusy());
    m_previewButton->setToolTip(why);

    QString hint;
    bool canExecute = !isBusy();
    if (const auto refusal = writeRefusal(m_cluster, tr("offset reset"))) {
        canExecute = false;
        hint = *refusal;
    } else if (!m_planned) {
        canExecute = false;
        hint = tr("Preview the reset first.");
    } else if (m_model->plan().partitions.empty()) {
        canExecute = false;
        hint = tr("The plan is empty: nothing to reset.");
    } else if (m_confirmGroup->text() != m_group) {
        canExecute = false;
        hint = tr("Type '%1' to enable Execute.").arg(m_group);
    }
    m_executeButton->setEnabled(canExecute);
    m_executeButton->setToolTip(hint);
    m_executeHint->setText(hint);
    m_undo->setUndoEnabled(!m_backupPath.isEmpty() && !m_cluster.readOnly && !isBusy());
    m_undo->setUndoToolTip(writeRefusal(m_cluster, tr("undo")).value_or(QString()));
}

ResetApplyOptions ResetOffsetsDialog::applyOptions(const QString &specText, const QString &scopeText) const
{
    ResetApplyOptions options = writeOptionsFor(m_cluster, appDataDir(), Deadline::inMs(kResetStepTimeoutMs));
    options.specText = specText;
    options.scopeText = scopeText;
    return options;
}

void ResetOffsetsDialog::execute()
{
    if (!m_planned || isBusy() || m_cluster.readOnly || m_confirmGroup->text() != m_group)
        return;
    m_steps->setBusy(tr("Applying the new offsets…"));
    m_resultLabel->clear();
    ResetApplyOptions options = applyOptions(m_planned->specText, m_planned->scopeText);
    options.afterBatch = m_afterBatchForTesting;
    auto *job = makeResetApplyJob(m_cluster, m_model->plan(), options, kResetStepTimeoutMs, this);
    // Progress per committed topic.
    connect(job, &Job::progress, this, [this](const QString &, int committed, int total) {
        m_steps->setBusy(tr("Applying the new offsets… %1 of %2 topics committed").arg(committed).arg(total));
    });
    m_steps->start(job, [this, job] {
        const Result<ResetOutcome> &outcome = *job->result();
        m_confirmGroup->clear();
        // The previewed offsets are stale now: another reset needs a new preview.
        m_planned.reset();
        m_status->setText(tr("Finished. Preview again before another reset."));
        showOutcome(tr("Reset"), outcome);
        if (outcome && !outcome->refusal) {
            m_backupPath = outcome->backupPath;
            Q_EMIT applied(m_cluster.name, m_group);
        }
    });
}

void ResetOffsetsDialog::undo()
{
    m_undo->dismiss();
    if (m_backupPath.isEmpty() || isBusy() || m_cluster.readOnly)
        return;
    m_steps->setBusy(tr("Restoring the offsets from the backup…"));
    const QString path = m_backupPath;
    const ResetApplyOptions options = applyOptions(QStringLiteral("--undo ") + path, QString());
    auto *job = makeResetUndoJob(m_cluster, path, options, kResetStepTimeoutMs, this);
    m_steps->start(job, [this, job] {
        const Result<UndoOutcome> &undone = *job->result();
        const Result<ResetOutcome> outcome =
            undone ? Result<ResetOutcome>(undone->reset) : Result<ResetOutcome>(undone.error());
        m_planned.reset();
        m_status->setText(tr("Finished. Preview again before another reset."));
        showOutcome(tr("Undo"), outcome);
        if (outcome && !outcome->refusal) {
            m_backupPath.clear(); // the undo's own backup stays on disk for lagscopectl undo
            Q_EMIT applied(m_cluster.name, m_group);
        }
    });
}

void ResetOffsetsDialog::showOutcome(const QString &title, const Result<ResetOutcome> &outcome)
{
    m_outcome.clear();
    if (!outcome) {
        setToneText(m_resultLabel, StatusTone::Error);
        m_resultLabel->setText(tr("%1 failed: %2").arg(title, outcome.errorMessage()));
        return;
    }
    if (outcome->refusal) {
        setToneText(m_resultLabel, StatusTone::Error);
        m_resultLabel->setText(tr("%1 refused, nothing was changed:\n%2").arg(title, *outcome->refusal));
        return;
    }
    m_outcome = outcome->partitions;
    QStringList lines;
    std::map<PartitionOutcome::Result, int> counts;
    for (const auto &o : m_outcome)
        ++counts[o.result];
    QStringList tally;
    for (const auto &[result, count] : counts)
        tally << QStringLiteral("%1 %2").arg(count).arg(outcomeName(result));
    // "Reset partial: 2 applied, 2 not-applied, 2 unknown (6 partitions)."
    lines << tr("%1 %2: %3 (%n partition(s)).", nullptr, int(m_outcome.size()))
                 .arg(title, writeResultName(outcome->result), tally.join(QStringLiteral(", ")));
    // Reasons are long (they carry the cluster's error) and shared by whole topics: each is
    // listed once and referred to by number.
    QStringList reasons;
    for (const auto &o : m_outcome) {
        QString line = tr("%1: %2 → %3, committed now %4 — %5")
                           .arg(o.tp.toString(), optionalOffset(o.before), QString::number(o.planned),
                                optionalOffset(o.after), outcomeName(o.result));
        if (!o.reason.isEmpty()) {
            if (!reasons.contains(o.reason))
                reasons << o.reason;
            line += QStringLiteral(" [%1]").arg(reasons.indexOf(o.reason) + 1);
        }
        lines << line;
    }
    for (qsizetype i = 0; i < reasons.size(); ++i)
        lines << QStringLiteral("[%1] %2").arg(i + 1).arg(reasons[i]);
    lines << tr("Backup of the previous offsets: %1").arg(outcome->backupPath);
    if (!outcome->auditError.isEmpty())
        lines << tr("The audit record could not be written: %1").arg(outcome->auditError);
    setToneText(m_resultLabel, outcome->result == WriteResult::Applied ? StatusTone::Good : StatusTone::Error);
    m_resultLabel->setText(lines.join(QLatin1Char('\n')));
}

} // namespace lagscope
