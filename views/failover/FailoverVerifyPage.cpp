#include "failover/FailoverVerifyPage.h"
#include "models/StatusColors.h"

#include "WidgetBuild.h"
#include "actions/UndoConfirmation.h"
#include "failover/FailoverWizard.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lagscope {

using namespace failover;

namespace {

QString verifiedOffset(const std::optional<qint64> &v) { return v ? QString::number(*v) : QStringLiteral("-"); }

} // namespace

FailoverVerifyPage::FailoverVerifyPage(FailoverWizard *wizard)
    : FailoverPage(wizard, QStringLiteral("failoverVerifyPage"), tr("Verify and next steps"),
                   tr("What the target holds now, what to do next, and how to undo it."))
{
    auto *layout = new QVBoxLayout(this);
    m_status = newMessageLabel(this, QStringLiteral("verifyStatus"), LabelText::Selectable);
    layout->addWidget(m_status);

    m_table = new QTableWidget(0, NB_COLUMNS, this);
    setUpListTable(m_table, QStringLiteral("verifyTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Group"), tr("Target topic"), tr("Part."), tr("Before"), tr("Planned"), tr("Committed now"), tr("Result")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setFocusPolicy(Qt::NoFocus);
    layout->addWidget(m_table, 1);

    m_nextSteps = newMessageLabel(this, QStringLiteral("nextSteps"), LabelText::Selectable);
    layout->addWidget(m_nextSteps);

    m_undo = new UndoConfirmation(
        [this] {
            QStringList groups;
            for (const FailoverGroupRun *run : m_session->includedRuns())
                if (run->applied())
                    groups << run->plan.targetGroup;
            return tr("Restore the previous offsets of %1 on %2 from the backups?")
                .arg(groups.join(QStringLiteral(", ")), m_wizard->spec().to);
        },
        this);
    connect(m_undo, &UndoConfirmation::confirmed, this, &FailoverVerifyPage::undo);
    layout->addWidget(m_undo);
    connect(m_session, &FailoverSession::undoFinished, this, &FailoverVerifyPage::undone);
    m_undoResult = newMessageLabel(this, QStringLiteral("undoResult"), LabelText::Selectable);
    layout->addWidget(m_undoResult);
    layout->addStretch(1);
}

void FailoverVerifyPage::initializePage()
{
    fillTable();
    int applied = 0, total = 0;
    QStringList steps, backups;
    for (const FailoverGroupRun *run : m_session->includedRuns()) {
        ++total;
        if (!run->applied())
            continue;
        if (isApplied(run->outcome->reset.result))
            ++applied; // read back equal to the plan; topics left behind are in the next steps
        backups << tr("%1: %2").arg(run->plan.targetGroup, run->outcome->reset.backupPath);
        for (const QString &s : run->outcome->nextSteps)
            if (!steps.contains(s) && !s.startsWith(QStringLiteral("To undo")))
                steps << s;
    }
    m_status->setText(tr("%1 of %2 group(s) verified on %3: the committed offsets read back equal the plan.")
                          .arg(applied)
                          .arg(total)
                          .arg(m_wizard->spec().to));
    setToneText(m_status, applied == total ? StatusTone::Good : StatusTone::Error);
    QStringList text;
    text << tr("Next steps:");
    for (const QString &s : steps)
        text << QStringLiteral("  • ") + s;
    text << tr("Backups of the previous offsets (Undo restores them; also: lagscopectl undo --cluster %1 --backup FILE "
               "--execute):")
                .arg(m_wizard->spec().to);
    for (const QString &b : backups)
        text << QStringLiteral("  • ") + b;
    m_nextSteps->setText(text.join(QLatin1Char('\n')));
    m_undo->setUndoEnabled(!backups.isEmpty() && !m_wizard->toCluster()->readOnly);
    m_undoResult->clear();
}

void FailoverVerifyPage::fillTable()
{
    m_table->setRowCount(0);
    for (const FailoverGroupRun *run : m_session->includedRuns()) {
        if (!run->outcome)
            continue;
        for (const auto &o : run->outcome->reset.partitions) {
            const int row = m_table->rowCount();
            m_table->insertRow(row);
            const QString cells[NB_COLUMNS] = {
                run->plan.targetGroup,
                o.tp.topic,
                QString::number(o.tp.partition),
                verifiedOffset(o.before),
                QString::number(o.planned),
                verifiedOffset(o.after),
                o.reason.isEmpty() ? outcomeName(o.result) : outcomeName(o.result) + QStringLiteral(": ") + o.reason};
            for (int c = 0; c < NB_COLUMNS; ++c) {
                auto *item = new QTableWidgetItem(cells[c]);
                if (c != Group && c != Topic && c != Outcome)
                    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                if (c == Outcome)
                    item->setForeground(failoverui::levelColor(
                        o.result == PartitionOutcome::Applied ? PreflightCheck::Green : PreflightCheck::Red));
                m_table->setItem(row, c, item);
            }
        }
    }
    m_table->resizeColumnsToContents();
    failoverui::fitHeightToRows(m_table);
}

void FailoverVerifyPage::undo()
{
    m_undo->dismiss();
    if (m_wizard->isBusy() || m_wizard->toCluster()->readOnly)
        return;
    m_undo->setUndoEnabled(false);
    m_undoResult->setStyleSheet(QString());
    m_undoResult->setText(tr("Restoring the offsets from the backups…"));
    m_session->undo();
}

void FailoverVerifyPage::undone()
{
    QStringList lines;
    bool allOk = true;
    for (const FailoverGroupRun *run : m_session->includedRuns()) {
        if (!run->undoError.isEmpty()) {
            lines << tr("%1: undo failed: %2").arg(run->plan.targetGroup, run->undoError);
            allOk = false;
            continue;
        }
        if (!run->undo)
            continue; // not applied, nothing to restore
        const UndoOutcome &result = *run->undo;
        if (result.reset.refusal) {
            lines << tr("%1: undo refused: %2").arg(run->plan.targetGroup, *result.reset.refusal);
            allOk = false;
            continue;
        }
        QStringList parts;
        for (const auto &o : result.reset.partitions)
            parts << tr("%1 → %2").arg(o.tp.toString(), verifiedOffset(o.after));
        lines << tr("%1: %2, restored %3")
                     .arg(run->plan.targetGroup, writeResultName(result.reset.result),
                          parts.join(QStringLiteral(", ")));
        allOk = allOk && result.reset.result == WriteResult::Applied;
        for (const auto &tp : result.leftAsIs)
            lines << tr("  %1 had no committed offset before: left at its new offset (a commit cannot be "
                        "removed)")
                         .arg(tp.toString());
    }
    setToneText(m_undoResult, allOk ? StatusTone::Good : StatusTone::Error);
    m_undoResult->setText(tr("Undo:") + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
}

} // namespace lagscope
