#include "failover/FailoverWizard.h"

#include "failover/FailoverApplyPage.h"
#include "failover/FailoverConfirmPage.h"
#include "failover/FailoverPlanPage.h"
#include "failover/FailoverPreflightPage.h"
#include "failover/FailoverSelectPage.h"
#include "failover/FailoverVerifyPage.h"

#include <QColor>
#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

namespace lagscope {

using namespace failover;

namespace failoverui {

StatusTone levelTone(PreflightCheck::Level level)
{
    switch (level) {
    case PreflightCheck::Green: return StatusTone::Good;
    case PreflightCheck::Amber: return StatusTone::Warning;
    case PreflightCheck::Red: return StatusTone::Error;
    }
    return StatusTone::Muted;
}

QColor levelColor(PreflightCheck::Level level) { return statusForeground(levelTone(level)); }

QString levelText(PreflightCheck::Level level)
{
    switch (level) {
    case PreflightCheck::Green: return FailoverWizard::tr("OK");
    case PreflightCheck::Amber: return FailoverWizard::tr("WARN");
    case PreflightCheck::Red: return FailoverWizard::tr("REFUSED");
    }
    return {};
}

QString ageText(qint64 ms)
{
    if (ms < 0)
        return {};
    if (ms < 120000)
        return FailoverWizard::tr("%1 s ago").arg(ms / 1000);
    if (ms < 2 * 3600000)
        return FailoverWizard::tr("%1 min ago").arg(ms / 60000);
    return FailoverWizard::tr("%1 h ago").arg(ms / 3600000);
}

void fitHeightToRows(QTableView *view, int minRows)
{
    const int rows = std::max(view->model() ? view->model()->rowCount() : 0, minRows);
    const int rowHeight = view->verticalHeader()->defaultSectionSize();
    const int height = view->horizontalHeader()->height() + rows * rowHeight + 2 * view->frameWidth()
                       + view->horizontalScrollBar()->sizeHint().height();
    view->setMaximumHeight(height);
}

} // namespace failoverui

FailoverWizard::FailoverWizard(const AppConfig &config, const FailoverRequestSpec &spec, QWidget *parent)
    : QWizard(parent), m_session(new FailoverSession(config, spec, this))
{
    setObjectName(QStringLiteral("failoverWizard"));
    connect(m_session, &FailoverSession::busyChanged, this, &FailoverWizard::busyChanged);
    connect(m_session, &FailoverSession::applied, this, &FailoverWizard::applied);
    setWindowTitle(isFailback() ? tr("Fail back from %1 to %2").arg(spec.from, spec.to)
                                : tr("Fail over from %1 to %2").arg(spec.from, spec.to));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage);
    setOption(QWizard::NoCancelButtonOnLastPage);
    setPage(SelectPage, new FailoverSelectPage(this));
    setPage(PreflightPage, new FailoverPreflightPage(this));
    setPage(PlanPage, new FailoverPlanPage(this));
    setPage(ConfirmPage, new FailoverConfirmPage(this));
    setPage(ApplyPage, new FailoverApplyPage(this));
    setPage(VerifyPage, new FailoverVerifyPage(this));
    setStartId(SelectPage);
    resize(1100, 720);
}

// The session is a child: deleting it cancels its running job (Job.h).
FailoverWizard::~FailoverWizard() = default;

QString FailoverWizard::unavailableReason(const AppConfig &config, const QString &from, const QString &to)
{
    const ClusterConfig *target = config.cluster(to);
    if (!config.cluster(from) || !target)
        return tr("No cluster named '%1'.").arg(config.cluster(from) ? to : from);
    bool inverse = false;
    if (!findFlow(config, from, to, &inverse))
        return tr("No MirrorMaker 2 flow links %1 and %2 in the configuration.").arg(from, to);
    if (target->readOnly)
        return tr("Cluster '%1' is read-only: failover to it is refused.").arg(to);
    return {};
}

QString FailoverWizard::operationName() const { return isFailback() ? tr("failback") : tr("failover"); }

void FailoverWizard::done(int result)
{
    // Never abandon a commit half-way: while applying, the wizard stays open.
    if (isBusy() && currentId() == ApplyPage)
        return;
    m_session->cancel();
    QWizard::done(result);
}

} // namespace lagscope
