#include "failover/FailoverApplyPage.h"

#include "failover/FailoverWizard.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QScrollArea>
#include <QVBoxLayout>

namespace lagscope {

using namespace failover;

namespace {
constexpr int kGroupDeadlineMs = 60000;
}

FailoverApplyPage::FailoverApplyPage(FailoverWizard *wizard) : QWizardPage(wizard), m_wizard(wizard)
{
    setObjectName(QStringLiteral("failoverApplyPage"));
    setTitle(tr("Apply"));
    setSubTitle(tr("Each group: backup of its offsets on the target, commit, read back, audit."));
    auto *layout = new QVBoxLayout(this);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("applyStatus"));
    m_status->setWordWrap(true);
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
    std::vector<FailoverPlan> plans;
    for (FailoverGroupRun *run : m_wizard->includedRuns()) {
        run->outcome.reset();
        run->applyError.clear();
        const int row = int(m_rows.size());
        GroupRow r;
        r.name = new QLabel(run->plan.targetGroup, this);
        r.bar = new QProgressBar(this);
        r.bar->setObjectName(QStringLiteral("applyProgress-") + run->plan.group);
        r.bar->setRange(0, 1);
        r.bar->setValue(0);
        r.bar->setFormat(tr("waiting"));
        r.bar->setMinimumWidth(220);
        r.result = new QLabel(this);
        r.result->setObjectName(QStringLiteral("applyResult-") + run->plan.group);
        r.result->setWordWrap(true);
        r.result->setTextInteractionFlags(Qt::TextSelectableByMouse);
        m_grid->addWidget(r.name, row, 0);
        m_grid->addWidget(r.bar, row, 1);
        m_grid->addWidget(r.result, row, 2);
        m_rows.push_back(r);
        plans.push_back(run->plan);
    }
    m_status->setText(tr("Applying %n group(s) on %1…", nullptr, int(plans.size())).arg(m_wizard->spec().to));
    const ClusterConfig to = *m_wizard->toCluster();
    FailoverApplyOptions options;
    options.dataDir = m_wizard->dataDir();
    options.acceptSkips = m_wizard->preflightOptions.acceptSkips;
    options.commandText = QStringLiteral("lagscope %1 wizard %2 -> %3")
                              .arg(m_wizard->isFailback() ? QStringLiteral("failback") : QStringLiteral("failover"),
                                   m_wizard->spec().from, m_wizard->spec().to);
    options.requestTimeoutMs = m_wizard->config().requestTimeoutMs;
    const auto cancel = m_wizard->cancelFlag();
    m_wizard->run([this, plans, to, options, cancel]() -> std::function<void()> {
        for (size_t i = 0; i < plans.size(); ++i) {
            if (cancel->load())
                break; // the wizard is being destroyed: stop between groups, never inside one
            m_wizard->post([this, i] { groupStarted(int(i)); });
            FailoverApplyOptions one = options;
            one.deadline = Deadline::inMs(kGroupDeadlineMs);
            auto outcome = applyFailover(to, plans[i], one);
            m_wizard->post([this, i, outcome = std::move(outcome)] {
                FailoverGroupRun *run = m_wizard->includedRuns()[i];
                if (outcome)
                    run->outcome = *outcome;
                else
                    run->applyError = outcome.errorMessage();
                groupFinished(int(i));
            });
        }
        return [this, to] {
            m_finished = true;
            int ok = 0, leftBehind = 0;
            for (const FailoverGroupRun *run : m_wizard->includedRuns()) {
                const bool applied = run->applied() && run->outcome->reset.result == WriteResult::Applied;
                const bool withUntranslated =
                    run->applied() && run->outcome->reset.result == WriteResult::AppliedWithUntranslated;
                ok += applied || withUntranslated ? 1 : 0;
                leftBehind += withUntranslated ? 1 : 0;
            }
            const int total = int(m_wizard->includedRuns().size());
            QString text = tr("%1 of %2 group(s) applied and verified on %3.").arg(ok).arg(total).arg(to.name);
            if (leftBehind > 0)
                text += tr(" %n of them left committed topics untranslated (named below).", nullptr, leftBehind);
            m_status->setText(text);
            const PreflightCheck::Level level = ok < total         ? PreflightCheck::Red
                                                : leftBehind > 0 ? PreflightCheck::Amber
                                                                 : PreflightCheck::Green;
            m_status->setStyleSheet(QStringLiteral("color: %1;").arg(failoverui::levelColor(level).name()));
            Q_EMIT m_wizard->applied(to.name);
            Q_EMIT completeChanged();
        };
    });
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
    const FailoverGroupRun *run = m_wizard->includedRuns()[size_t(row)];
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
    r.result->setStyleSheet(QStringLiteral("color: %1;").arg(failoverui::levelColor(level).name()));
}

bool FailoverApplyPage::isComplete() const { return m_finished && !m_wizard->isBusy(); }

} // namespace lagscope
