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
#include <QStandardPaths>
#include <QTableView>
#include <QThread>

namespace lagscope {

using namespace failover;

namespace failoverui {

QColor levelColor(PreflightCheck::Level level)
{
    // The status colours of the dashboard: saturated enough for both palettes.
    switch (level) {
    case PreflightCheck::Green: return QColor(0x1a, 0x7f, 0x37);
    case PreflightCheck::Amber: return QColor(0xc7, 0x7c, 0x02);
    case PreflightCheck::Red: return QColor(0xd0, 0x21, 0x21);
    }
    return {};
}

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
    const int height = view->horizontalHeader()->height() + rows * rowHeight + 2 * view->frameWidth() +
                       view->horizontalScrollBar()->sizeHint().height();
    view->setMaximumHeight(height);
}

} // namespace failoverui

FailoverWizard::FailoverWizard(const AppConfig &config, const FailoverRequestSpec &spec, QWidget *parent)
    : QWizard(parent), m_config(config), m_spec(spec)
{
    setObjectName(QStringLiteral("failoverWizard"));
    bool inverse = false;
    findFlow(m_config, spec.from, spec.to, &inverse);
    m_failback = inverse;
    setWindowTitle(m_failback ? tr("Fail back from %1 to %2").arg(spec.from, spec.to)
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

FailoverWizard::~FailoverWizard()
{
    m_cancel->store(true);
    if (m_thread)
        m_thread->wait(); // bounded by the step's deadlines, cut short by the cancel flag
}

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

QString FailoverWizard::operationName() const { return m_failback ? tr("failback") : tr("failover"); }

QString FailoverWizard::dataDir() const { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

void FailoverWizard::replan()
{
    if (!fallback)
        return;
    for (FailoverGroupRun &r : runs) {
        r.plan = planFailover(r.inputs, {mode, *fallback});
        r.checks = preflightFailover(r.inputs, r.plan, preflightOptions);
    }
}

std::vector<const FailoverGroupRun *> FailoverWizard::includedRuns() const
{
    std::vector<const FailoverGroupRun *> out;
    for (const auto &r : runs)
        if (r.included)
            out.push_back(&r);
    return out;
}

std::vector<FailoverGroupRun *> FailoverWizard::includedRuns()
{
    std::vector<FailoverGroupRun *> out;
    for (auto &r : runs)
        if (r.included)
            out.push_back(&r);
    return out;
}

void FailoverWizard::run(std::function<std::function<void()>()> job)
{
    Q_ASSERT(!m_thread);
    // The job's answer runs when the thread has finished, so that isBusy() is false in it.
    auto answer = std::make_shared<std::function<void()>>();
    m_thread = QThread::create([answer, job = std::move(job)] { *answer = job(); });
    m_thread->setParent(this);
    connect(m_thread, &QThread::finished, this, [this, answer] {
        m_thread->deleteLater();
        m_thread = nullptr;
        if (*answer)
            (*answer)();
        Q_EMIT busyChanged(false);
    });
    Q_EMIT busyChanged(true);
    m_thread->start();
}

void FailoverWizard::post(std::function<void()> f) { QMetaObject::invokeMethod(this, std::move(f), Qt::QueuedConnection); }

void FailoverWizard::done(int result)
{
    // Never abandon a commit half-way: while applying, the wizard stays open.
    if (isBusy() && currentId() == ApplyPage)
        return;
    m_cancel->store(true);
    QWizard::done(result);
}

} // namespace lagscope
