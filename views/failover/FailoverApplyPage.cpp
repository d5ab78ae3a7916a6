#include "failover/FailoverApplyPage.h"

#include "WidgetBuild.h"
#include "failover/FailoverWizard.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QVBoxLayout>

namespace lagscope {

using namespace failover;

FailoverApplyPage::FailoverApplyPage(FailoverWizard *wizard)
    : FailoverPage(wizard, QStringLiteral("failoverApplyPage"), tr("Apply"),
                   tr("Each group: backup of its offsets on the target, commit, read back, audit."))
{
    auto *layout = new QVBoxLayout(this);
    m_status = newMessageLabel(this, QStringLiteral("applyStatus"));
    layout->addWidget(m_status);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *inner = new QWidget(scroll);
    m_grid = new QGridLayout(inner);
    m_grid->setColumnStretch(2, 1);
    m_grid->setAlignment(Qt::AlignTop);
    scroll->setWidget(inner);
    layout->addWidget(scroll, 1);

    connect(m_session, &FailoverSession::groupApplyStarted, this, &FailoverApplyPage::groupStarted);
    connect(m_session, &FailoverSession::groupApplied, this, &FailoverApplyPage::groupFinished);
    connect(m_session, &FailoverSession::applyFinished, this, &FailoverApplyPage::allFinished);
}

void FailoverApplyPage::initializePage()
{
    m_finished = false;
    for (const GroupRow &r : m_rows) {
        delete r.name;
        delete r.bar;
        delete r.result;
    }
    m_rows.clear();
    const auto runs = m_session->includedRuns();
    for (const FailoverGroupRun *run : runs) {
        const int row = int(m_rows.size());
        GroupRow r;
        r.name = new QLabel(run->plan.targetGroup, this);
        r.bar = new QProgressBar(this);
        r.bar->setObjectName(QStringLiteral("applyProgress-") + run->plan.group);
        r.bar->setRange(0, 1);
        r.bar->setValue(0);
        r.bar->setFormat(tr("waiting"));
        r.bar->setMinimumWidth(220);
        r.result = newMessageLabel(this, QStringLiteral("applyResult-") + run->plan.group, LabelText::Selectable);
        m_grid->addWidget(r.name, row, 0);
        m_grid->addWidget(r.bar, row, 1);
        m_grid->addWidget(r.result, row, 2);
        m_rows.push_back(r);
    }
    m_status->setText(tr("Applying %n group(s) on %1…", nullptr, int(runs.size())).arg(m_wizard->spec().to));
    m_session->apply();
}

void FailoverApplyPage::allFinished()
{
    m_finished = true;
    int ok = 0, leftBehind = 0;
    const auto runs = m_session->includedRuns();
    for (const FailoverGroupRun *run : runs) {
        const bool applied = run->applied() && run->outcome->reset.result == WriteResult::Applied;
        const bool withUntranslated =
            run->applied() && run->outcome->reset.result == WriteResult::AppliedWithUntranslated;
        ok += applied || withUntranslated ? 1 : 0;
        leftBehind += withUntranslated ? 1 : 0;
    }
    const int total = int(runs.size());
    QString text = tr("%1 of %2 group(s) applied and verified on %3.").arg(ok).arg(total).arg(m_wizard->spec().to);
    if (leftBehind > 0)
        text += tr(" %n of them left committed topics untranslated (named below).", nullptr, leftBehind);
    m_status->setText(text);
    const PreflightCheck::Level level = ok < total       ? PreflightCheck::Red
                                        : leftBehind > 0 ? PreflightCheck::Amber
                                                         : PreflightCheck::Green;
    setToneText(m_status, failoverui::levelTone(level));
    Q_EMIT completeChanged();
}

void FailoverApplyPage::groupStarted(int row)
{
    GroupRow &r = m_rows[size_t(row)];
    r.bar->setRange(0, 0); // busy: one request sequence, no finer progress to show
    r.bar->setFormat(tr("applying…"));
    r.result->setText(tr("backup, commit, read back…"));
}

void FailoverApplyPage::groupFinished(int row)
{
    GroupRow &r = m_rows[size_t(row)];
    const FailoverGroupRun *run = m_session->includedRuns()[size_t(row)];
    r.bar->setRange(0, 1);
    r.bar->setValue(1);
    QString text;
    PreflightCheck::Level level = PreflightCheck::Green;
    if (!run->outcome) {
        text = tr("failed: %1").arg(run->applyError);
        level = PreflightCheck::Red;
    } else if (run->outcome->refusal) {
        text = tr("refused, nothing written: %1").arg(*run->outcome->refusal);
        level = PreflightCheck::Red;
    } else {
        int verified = 0;
        for (const auto &o : run->outcome->reset.partitions)
            verified += o.result == PartitionOutcome::Applied ? 1 : 0;
        text = tr("%1: %2 of %3 partition(s) verified")
                   .arg(writeResultName(run->outcome->reset.result))
                   .arg(verified)
                   .arg(run->outcome->reset.partitions.size());
        if (run->outcome->reset.result == WriteResult::AppliedWithUntranslated) {
            // Everything planned landed; the topics left behind are named, not hidden.
            level = PreflightCheck::Amber;
            text += tr("; not translated: %1").arg(run->plan.untranslatedTopics().join(QStringLiteral(", ")));
        } else if (run->outcome->reset.result != WriteResult::Applied) {
            level = PreflightCheck::Red;
        }
    }
    r.bar->setFormat(level == PreflightCheck::Red ? tr("failed") : tr("done"));
    r.result->setText(text);
    setToneText(r.result, failoverui::levelTone(level));
}

bool FailoverApplyPage::isComplete() const { return m_finished && !m_wizard->isBusy(); }

} // namespace lagscope
