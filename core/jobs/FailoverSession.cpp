#include "jobs/FailoverSession.h"

#include "util/AppPaths.h"

#include "jobs/FailoverApplyJob.h"
#include "jobs/FailoverJobs.h"
#include "jobs/FailoverWaitJob.h"
#include "util/AppPaths.h"

namespace lagscope {

using namespace failover;

namespace {

constexpr int kGroupDeadlineMs = 60000;
constexpr int kUndoDeadlineMs = 60000;

} // namespace

FailoverSession::FailoverSession(const AppConfig &config, const FailoverRequestSpec &spec, QObject *parent)
    : QObject(parent), m_config(config), m_spec(spec), m_dataDir(appDataDir())
{
    bool inverse = false;
    findFlow(m_config, spec.from, spec.to, &inverse);
    m_failback = inverse;
}

// A running job is a child: deleting it cancels its calls, and its thread ends on its own.
FailoverSession::~FailoverSession() = default;

void FailoverSession::select(const FailoverSelection &selection)
{
    m_spec.from = selection.from;
    m_spec.to = selection.to;
    m_spec.allGroups = selection.allGroups;
    m_chosenGroups = selection.allGroups ? QStringList() : selection.groups;
    m_targetGroups = selection.allGroups ? std::map<QString, QString>() : selection.targetGroups;
    m_mode = selection.mode;
    m_fallback = selection.fallback;
}

FailoverRequest FailoverSession::request() const
{
    bool inverse = false;
    FailoverRequest r;
    r.from = *fromCluster();
    r.to = *toCluster();
    r.flow = *findFlow(m_config, m_spec.from, m_spec.to, &inverse);
    r.groups = m_chosenGroups;
    r.allGroups = m_spec.allGroups;
    r.targetGroups = m_targetGroups;
    r.exactMatching = m_mode == Mode::Auto || m_mode == Mode::Exact;
    r.cacheDir = m_dataDir;
    r.requestTimeoutMs = m_config.requestTimeoutMs;
    return r;
}

void FailoverSession::resetPreflightOptions()
{
    m_preflightOptions = {};
    replan();
}

void FailoverSession::setDisasterAcknowledged(bool on)
{
    m_preflightOptions.disasterAcknowledged = on;
    replan();
}

void FailoverSession::setAcceptSkips(bool on)
{
    m_preflightOptions.acceptSkips = on;
    replan();
}

void FailoverSession::setGathered(const FailoverGathered &gathered)
{
    m_gathered = gathered;
    m_runs.clear();
    for (const auto &in : gathered.groups) {
        FailoverGroupRun run;
        run.inputs = in;
        m_runs.push_back(std::move(run));
    }
    replan();
}

void FailoverSession::replan()
{
    if (!m_fallback)
        return;
    for (FailoverGroupRun &r : m_runs) {
        r.plan = planFailover(r.inputs, {m_mode, *m_fallback});
        r.checks = preflightFailover(r.inputs, r.plan, m_preflightOptions);
    }
    Q_EMIT runsChanged();
}

void FailoverSession::setIncluded(size_t index, bool included)
{
    if (index >= m_runs.size() || m_runs[index].included == included)
        return;
    m_runs[index].included = included;
    Q_EMIT runsChanged();
}

std::vector<const FailoverGroupRun *> FailoverSession::includedRuns() const
{
    std::vector<const FailoverGroupRun *> out;
    for (const auto &r : m_runs)
        if (r.included)
            out.push_back(&r);
    return out;
}

std::vector<FailoverGroupRun *> FailoverSession::includedRunsMutable()
{
    std::vector<FailoverGroupRun *> out;
    for (auto &r : m_runs)
        if (r.included)
            out.push_back(&r);
    return out;
}

qint64 FailoverSession::notReplicated() const
{
    if (!m_gathered)
        return -1;
    QStringList included;
    for (const auto *run : includedRuns())
        included << run->inputs.group;
    return FailoverWaitJob::notReplicated(m_gathered->groups, included);
}

void FailoverSession::track(Job *job)
{
    m_job = job;
    if (m_cancelled)
        job->cancel();
    // Connected before the caller's own connections, so that isBusy() is false in them.
    connect(job, &Job::finished, this, [this, job] {
        m_job = nullptr;
        job->deleteLater();
    });
    Q_EMIT busyChanged(true);
}

Job *FailoverSession::gather()
{
    if (isBusy())
        return nullptr;
    m_gathered.reset();
    m_runs.clear();
    auto *job = makeFailoverGatherJob(request(), this);
    track(job);
    connect(job, &Job::progress, this, &FailoverSession::gatherProgress);
    connect(job, &Job::finished, this, [this, job] {
        const Result<FailoverGathered> &gathered = *job->result();
        if (gathered)
            setGathered(*gathered);
        Q_EMIT gatherFinished(gathered ? QString() : gathered.errorMessage());
        Q_EMIT busyChanged(isBusy());
    });
    job->start();
    return job;
}

Job *FailoverSession::waitForReplication()
{
    if (isBusy() || !m_gathered)
        return nullptr;
    FailoverRequest quick = request();
    quick.exactMatching = false;
    QStringList included;
    for (const auto *run : includedRuns())
        included << run->inputs.group;
    quick.allGroups = false;
    quick.groups = included;
    const qint64 initial = std::max<qint64>(1, notReplicated());
    auto *job = new FailoverWaitJob(quick, initial, this);
    track(job);
    connect(job, &FailoverWaitJob::behind, this, &FailoverSession::waitProgress);
    connect(job, &Job::finished, this, [this, job] {
        Q_EMIT waitFinished(*job->result());
        Q_EMIT busyChanged(isBusy());
    });
    job->start();
    return job;
}

void FailoverSession::stopWaiting()
{
    if (auto *wait = qobject_cast<FailoverWaitJob *>(m_job))
        wait->stop();
}

Job *FailoverSession::apply()
{
    if (isBusy() || !toCluster())
        return nullptr;
    std::vector<FailoverPlan> plans;
    for (FailoverGroupRun *run : includedRunsMutable()) {
        run->outcome.reset();
        run->applyError.clear();
        plans.push_back(run->plan);
    }
    const ClusterConfig to = *toCluster();
    FailoverApplyOptions options;
    options.dataDir = m_dataDir;
    options.acceptSkips = m_preflightOptions.acceptSkips;
    options.commandText =
        QStringLiteral("lagscope %1 wizard %2 -> %3")
            .arg(m_failback ? QStringLiteral("failback") : QStringLiteral("failover"), m_spec.from, m_spec.to);
    options.requestTimeoutMs = m_config.requestTimeoutMs;
    auto *job = new FailoverApplyJob(to, std::move(plans), options, kGroupDeadlineMs, this);
    m_applying = true;
    track(job);
    connect(job, &FailoverApplyJob::groupStarted, this, &FailoverSession::groupApplyStarted);
    connect(job, &FailoverApplyJob::groupFinished, this, [this, job](int index) {
        FailoverGroupRun *run = includedRunsMutable()[size_t(index)];
        const Result<FailoverOutcome> &outcome = *job->outcomes()[size_t(index)];
        if (outcome)
            run->outcome = *outcome;
        else
            run->applyError = outcome.errorMessage();
        Q_EMIT groupApplied(index);
    });
    connect(job, &Job::finished, this, [this, name = to.name] {
        m_applying = false;
        Q_EMIT applyFinished();
        Q_EMIT applied(name);
        Q_EMIT busyChanged(isBusy());
    });
    job->start();
    return job;
}

bool FailoverSession::isApplying() const { return m_applying; }

bool FailoverSession::canUndo() const
{
    const ClusterConfig *to = toCluster();
    if (!to || to->readOnly)
        return false;
    for (const FailoverGroupRun *run : includedRuns())
        if (run->applied() && !run->outcome->reset.backupPath.isEmpty())
            return true;
    return false;
}

Job *FailoverSession::undo()
{
    if (isBusy() || !toCluster() || toCluster()->readOnly)
        return nullptr;
    std::vector<FailoverUndoItem> items;
    const auto runs = includedRunsMutable();
    for (size_t i = 0; i < runs.size(); ++i) {
        runs[i]->undo.reset();
        runs[i]->undoError.clear();
        if (runs[i]->applied() && !runs[i]->outcome->reset.backupPath.isEmpty())
            items.push_back({int(i), runs[i]->outcome->reset.backupPath});
    }
    const ClusterConfig to = *toCluster();
    ResetApplyOptions options;
    options.cluster = to.name;
    options.readOnly = to.readOnly;
    options.dataDir = m_dataDir;
    auto *job = makeFailoverUndoJob(to, std::move(items), options, m_config.requestTimeoutMs, kUndoDeadlineMs, this);
    track(job);
    connect(job, &Job::finished, this, [this, job, name = to.name] {
        const auto included = includedRunsMutable();
        for (const auto &[index, result] : *job->result()) {
            FailoverGroupRun *run = included[size_t(index)];
            if (result)
                run->undo = *result;
            else
                run->undoError = result.errorMessage();
        }
        Q_EMIT undoFinished();
        Q_EMIT applied(name);
        Q_EMIT busyChanged(isBusy());
    });
    job->start();
    return job;
}

void FailoverSession::cancel()
{
    m_cancelled = true;
    if (m_job)
        m_job->cancel();
}

} // namespace lagscope
