#include "failover/FailoverConfirmPage.h"

#include "WidgetBuild.h"
#include "failover/FailoverWizard.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace lagscope {

FailoverConfirmPage::FailoverConfirmPage(FailoverWizard *wizard)
    : FailoverPage(wizard, QStringLiteral("failoverConfirmPage"), tr("Confirm"),
                   tr("One confirmation for every group. After it there is no way back, only Undo."))
{
    setCommitPage(true);
    setButtonText(QWizard::CommitButton, wizard->isFailback() ? tr("Fail back") : tr("Fail over"));
    auto *layout = new QVBoxLayout(this);
    m_summary = newMessageLabel(this, QStringLiteral("confirmSummary"), LabelText::Selectable);
    layout->addWidget(m_summary);
    auto *form = new QFormLayout;
    m_confirm = new QLineEdit(this);
    m_confirm->setObjectName(QStringLiteral("confirmCluster"));
    form->addRow(tr("Type the target cluster's name to confirm:"), m_confirm);
    layout->addLayout(form);
    m_hint = newMessageLabel(this, QStringLiteral("confirmHint"));
    layout->addWidget(m_hint);
    layout->addStretch(1);
    connect(m_confirm, &QLineEdit::textChanged, this, &QWizardPage::completeChanged);
}

void FailoverConfirmPage::initializePage()
{
    const QString to = m_wizard->spec().to;
    m_confirm->clear();
    m_confirm->setPlaceholderText(to);
    QStringList lines;
    lines << tr("The %1 commits new offsets on %2 for %n group(s):", nullptr, int(m_session->includedRuns().size()))
                 .arg(m_wizard->operationName(), to);
    for (const FailoverGroupRun *run : m_session->includedRuns()) {
        QStringList topics;
        for (const auto &p : run->plan.partitions)
            if (!topics.contains(p.to.topic))
                topics << p.to.topic;
        lines << tr("  • %1 on %2: %n partition(s) of %3, re-reading at most %4 record(s), skipping %5", nullptr,
                    int(run->plan.partitions.size()))
                     .arg(run->plan.targetGroup, to, topics.join(QStringLiteral(", ")))
                     .arg(run->plan.totalReread())
                     .arg(run->plan.totalSkipped());
    }
    lines << QString();
    lines << tr("For each group: a backup of its current offsets on %1 is written first, then the new offsets are "
                "committed, read back and verified, and the operation is recorded in the audit log. Each group's "
                "consumers must stay stopped on both clusters until the Verify page says it is done.")
                 .arg(to);
    if (m_session->gathered() && !m_session->gathered()->fromReachable)
        lines << tr("DISASTER MODE: %1 is unreachable; the offsets come from cached and replicated data.")
                     .arg(m_wizard->spec().from);
    m_summary->setText(lines.join(QLatin1Char('\n')));
}

bool FailoverConfirmPage::isComplete() const
{
    const ClusterConfig *to = m_wizard->toCluster();
    QString hint;
    if (!to || to->readOnly)
        hint = tr("Cluster '%1' is read-only: the %2 is refused.").arg(m_wizard->spec().to, m_wizard->operationName());
    else if (m_confirm->text() != to->name)
        hint = tr("Type '%1' to enable %2.").arg(to->name, buttonText(QWizard::CommitButton));
    m_hint->setText(hint);
    return hint.isEmpty();
}

} // namespace lagscope
