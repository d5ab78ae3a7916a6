#include "failover/FailoverPreflightPage.h"
#include "models/StatusColors.h"

#include "WidgetBuild.h"
#include "failover/FailoverWizard.h"

#include <QCheckBox>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lagscope {

using namespace failover;

namespace {

enum TreeColumn {
    NameColumn,
    LevelColumn,
    ReasonColumn
};

} // namespace

FailoverPreflightPage::FailoverPreflightPage(FailoverWizard *wizard)
    : FailoverPage(wizard, QStringLiteral("failoverPreflightPage"), tr("Preflight"),
                   tr("Both clusters are read; every group must pass its checks before a plan can be applied."))
{
    auto *layout = new QVBoxLayout(this);

    auto *statusRow = new QHBoxLayout;
    m_status = newMessageLabel(this, QStringLiteral("preflightStatus"));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("preflightProgress"));
    m_progress->setMaximumWidth(260);
    m_again = newButton(tr("Check again"), this, QStringLiteral("checkAgainButton"));
    connect(m_again, &QPushButton::clicked, this, &FailoverPreflightPage::gather);
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_progress);
    statusRow->addWidget(m_again);
    layout->addLayout(statusRow);

    m_tree = new QTreeWidget(this);
    m_tree->setObjectName(QStringLiteral("preflightTree"));
    m_tree->setHeaderLabels({tr("Group / check"), tr("Verdict"), tr("Reason")});
    m_tree->setColumnWidth(NameColumn, 300);
    m_tree->setColumnWidth(LevelColumn, 90);
    m_tree->setWordWrap(true);
    m_tree->setUniformRowHeights(false);
    m_tree->header()->setStretchLastSection(true);
    connect(m_tree, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item) {
        const int index = item->data(NameColumn, Qt::UserRole).toInt();
        if (item->parent() || index < 0 || index >= int(m_session->runs().size()))
            return;
        m_session->setIncluded(size_t(index), item->checkState(NameColumn) == Qt::Checked);
        Q_EMIT completeChanged();
        showChecks();
    });
    layout->addWidget(m_tree, 1);

    m_disaster = new QCheckBox(this);
    m_disaster->setObjectName(QStringLiteral("disasterAcknowledge"));
    m_disaster->hide();
    connect(m_disaster, &QCheckBox::toggled, this, [this](bool on) {
        m_session->setDisasterAcknowledged(on);
        showChecks();
    });
    layout->addWidget(m_disaster);

    auto *waitRow = new QHBoxLayout;
    m_wait = newButton(tr("Wait for replication"), this, QStringLiteral("waitReplicationButton"));
    m_wait->hide();
    connect(m_wait, &QPushButton::clicked, this, &FailoverPreflightPage::waitForReplication);
    m_stopWait = newButton(tr("Stop waiting"), this, QStringLiteral("stopWaitButton"));
    m_stopWait->hide();
    connect(m_stopWait, &QPushButton::clicked, m_session, &FailoverSession::stopWaiting);
    waitRow->addWidget(m_wait);
    waitRow->addWidget(m_stopWait);
    waitRow->addStretch();
    layout->addLayout(waitRow);

    m_hint = newMessageLabel(this, QStringLiteral("preflightHint"));
    layout->addWidget(m_hint);

    connect(wizard, &FailoverWizard::busyChanged, this, [this] {
        m_again->setEnabled(!m_wizard->isBusy());
        Q_EMIT completeChanged();
    });
    connect(m_session, &FailoverSession::gatherProgress, this, &FailoverPreflightPage::setProgress);
    connect(m_session, &FailoverSession::gatherFinished, this, &FailoverPreflightPage::showGathered);
    connect(m_session, &FailoverSession::waitProgress, this, [this](qint64 left, qint64 initial) {
        setProgress(tr("Waiting for replication: %1 record(s) not yet on %2").arg(left).arg(m_wizard->spec().to),
                    int(std::min<qint64>(initial - std::min(left, initial), 1 << 30)),
                    int(std::min<qint64>(initial, 1 << 30)));
    });
    connect(m_session, &FailoverSession::waitFinished, this, &FailoverPreflightPage::waitEnded);
}

void FailoverPreflightPage::initializePage()
{
    m_session->resetPreflightOptions();
    m_disaster->setChecked(false);
    gather();
}

void FailoverPreflightPage::setProgress(const QString &text, int done, int total)
{
    m_status->setStyleSheet(QString());
    m_status->setText(text);
    m_progress->setRange(0, std::max(total, 1));
    m_progress->setValue(std::clamp(done, 0, std::max(total, 1)));
    m_progress->show();
}

void FailoverPreflightPage::gather()
{
    if (m_wizard->isBusy())
        return;
    m_error.clear();
    m_tree->clear();
    m_wait->hide();
    setProgress(tr("Reading %1 and %2…").arg(m_wizard->spec().from, m_wizard->spec().to), 0, 6);
    m_session->gather();
}

void FailoverPreflightPage::showGathered(const QString &error)
{
    m_progress->hide();
    if (!error.isEmpty()) {
        m_error = error;
        setToneText(m_status, StatusTone::Error);
        m_status->setText(tr("Cannot prepare the %1: %2").arg(m_wizard->operationName(), m_error));
        Q_EMIT completeChanged();
        return;
    }
    const FailoverGathered &gathered = *m_session->gathered();
    QStringList lines;
    lines << tr("%n group(s) read.", nullptr, int(gathered.groups.size()));
    if (!gathered.fromReachable)
        lines << tr("%1 is unreachable (%2): disaster mode, using the failover cache %3.")
                     .arg(m_wizard->spec().from, gathered.fromError, gathered.cachePath);
    lines += gathered.warnings;
    gathered.fromReachable ? clearToneText(m_status) : setToneText(m_status, StatusTone::Warning);
    m_status->setText(lines.join(QLatin1Char('\n')));
    m_disaster->setText(tr("I acknowledge that %1 is unreachable: fail over from cached and replicated data "
                           "(disaster mode; records not replicated are lost with it).")
                            .arg(m_wizard->spec().from));
    m_disaster->setVisible(!gathered.fromReachable);
    showChecks();
}

qint64 FailoverPreflightPage::notReplicated() const { return m_session->notReplicated(); }

void FailoverPreflightPage::waitForReplication()
{
    if (m_wizard->isBusy() || !m_session->gathered())
        return;
    const qint64 initial = std::max<qint64>(1, notReplicated());
    m_wait->setEnabled(false);
    m_stopWait->show();
    setProgress(tr("Waiting for replication: %1 record(s) not yet on %2").arg(initial).arg(m_wizard->spec().to), 0,
                int(std::min<qint64>(initial, 1 << 30)));
    m_session->waitForReplication();
}

void FailoverPreflightPage::waitEnded(const QString &error)
{
    m_stopWait->hide();
    m_wait->setEnabled(true);
    if (!error.isEmpty()) {
        setToneText(m_status, StatusTone::Error);
        m_status->setText(tr("Waiting for replication failed: %1").arg(error));
        return;
    }
    gather(); // everything again, with record matching, now that replication caught up
}

void FailoverPreflightPage::showChecks()
{
    const QSignalBlocker block(m_tree);
    m_tree->clear();
    int index = 0;
    for (const FailoverGroupRun &run : m_session->runs()) {
        PreflightCheck::Level worst = PreflightCheck::Green;
        for (const auto &c : run.checks)
            worst = std::max(worst, c.level);
        auto *group = new QTreeWidgetItem(m_tree);
        group->setText(NameColumn, run.plan.group == run.plan.targetGroup
                                       ? run.plan.group
                                       : tr("%1 → %2").arg(run.plan.group, run.plan.targetGroup));
        group->setData(NameColumn, Qt::UserRole, index++);
        group->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        group->setCheckState(NameColumn, run.included ? Qt::Checked : Qt::Unchecked);
        group->setText(LevelColumn, run.included ? failoverui::levelText(worst) : tr("left out"));
        group->setForeground(LevelColumn,
                             run.included ? failoverui::levelColor(worst) : statusForeground(StatusTone::Muted));
        group->setText(ReasonColumn, tr("%n partition(s)", nullptr, int(run.plan.partitions.size())));
        QFont bold = group->font(NameColumn);
        bold.setBold(true);
        group->setFont(NameColumn, bold);
        group->setFont(LevelColumn, bold);
        for (const auto &c : run.checks) {
            auto *check = new QTreeWidgetItem(group, {c.name, failoverui::levelText(c.level), c.reason});
            check->setForeground(LevelColumn, failoverui::levelColor(c.level));
            check->setToolTip(ReasonColumn, c.reason);
        }
        group->setExpanded(true);
    }
    if (m_session->runs().empty() && m_session->gathered())
        m_hint->setText(tr("No group to %1: none has commits on topics replicated to %2.")
                            .arg(m_wizard->operationName(), m_wizard->spec().to));
    const qint64 left = notReplicated();
    m_wait->setVisible(m_session->gathered() && m_session->gathered()->fromReachable && left > 0);
    m_wait->setText(tr("Wait for replication (%1 record(s) not yet on %2)").arg(left).arg(m_wizard->spec().to));
    Q_EMIT completeChanged();
}

bool FailoverPreflightPage::isComplete() const
{
    QString hint;
    bool complete = !m_wizard->isBusy() && m_session->gathered().has_value();
    const auto included = m_session->includedRuns();
    if (complete && included.empty()) {
        complete = false;
        hint = tr("No group is included.");
    }
    for (const FailoverGroupRun *run : included) {
        if (!complete)
            break;
        // Skipped records are decided on the Plan page (explicit acceptance there).
        PreflightOptions options = m_session->preflightOptions();
        options.acceptSkips = true;
        if (anyRed(preflightFailover(run->inputs, run->plan, options))) {
            complete = false;
            hint =
                tr("'%1' is refused (red checks): fix the cause and check again, or uncheck the group to leave it out.")
                    .arg(run->plan.group);
        }
    }
    if (m_session->gathered() && !m_session->gathered()->fromReachable
        && !m_session->preflightOptions().disasterAcknowledged)
        hint = tr("Acknowledge disaster mode to continue.");
    m_hint->setText(hint);
    hint.isEmpty() ? clearToneText(m_hint) : setToneText(m_hint, StatusTone::Warning);
    return complete;
}

} // namespace lagscope
