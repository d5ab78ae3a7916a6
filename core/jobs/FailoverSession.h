#pragma once
// The state of one guided failover (or failback) of consumer groups, without widgets: what
// was selected, what was gathered, every group's plan, checks, inclusion, apply outcome and
// undo, and the one job running at a time (core/jobs). The wizard's pages read it and call
// its few operations; tests drive it without any widget.
//
//   select() → gather() → [waitForReplication()] → setIncluded() / setDisasterAcknowledged()
//   / setAcceptSkips() → apply() → undo()
//
// Thread: GUI (any one thread with an event loop); its jobs report there.
// Ownership: owned by its parent (the wizard); deleting it cancels the running job.

#include "actions/FailoverExecutor.h"
#include "actions/FailoverGather.h"
#include "actions/FailoverPlanner.h"
#include "actions/ResetUndo.h"
#include "config/Config.h"

#include <QObject>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace lagscope {

class Job;

// What the entry point asks for: one group, a selection, or every group of the flow.
struct FailoverRequestSpec {
    QString from;
    QString to;
    QStringList groups;
    bool allGroups = false;
};

// One group through the wizard: gathered inputs, plan, checks, outcome of apply and undo.
struct FailoverGroupRun {
    failover::FailoverGroupInputs inputs;
    failover::FailoverPlan plan;
    std::vector<failover::PreflightCheck> checks;
    bool included = true; // the user may leave out a refused group (Preflight page)
    std::optional<failover::FailoverOutcome> outcome;
    QString applyError;
    std::optional<UndoOutcome> undo;
    QString undoError;

    bool applied() const { return outcome && !outcome->refusal; }
};

// The Select page's choices.
struct FailoverSelection {
    QString from;
    QString to;
    bool allGroups = false;
    QStringList groups;                      // with allGroups false
    std::map<QString, QString> targetGroups; // from-group -> id on the target (mapped)
    failover::Mode mode = failover::Mode::Auto;
    failover::Fallback fallback = failover::Fallback::Fail;
};

class FailoverSession final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverSession)

public:
    FailoverSession(const AppConfig &config, const FailoverRequestSpec &spec, QObject *parent = nullptr);
    ~FailoverSession() override;

    const AppConfig &config() const { return m_config; }
    const FailoverRequestSpec &spec() const { return m_spec; }
    bool isFailback() const { return m_failback; }
    const ClusterConfig *fromCluster() const { return m_config.cluster(m_spec.from); }
    const ClusterConfig *toCluster() const { return m_config.cluster(m_spec.to); }
    // backups/, audit.jsonl and the failover cache (QStandardPaths::AppDataLocation unless set).
    QString dataDir() const { return m_dataDir; }
    void setDataDir(const QString &dir) { m_dataDir = dir; }

    // Select. Replaces the direction and groups of spec(); gather() reads them next.
    void select(const FailoverSelection &selection);
    failover::Mode mode() const { return m_mode; }
    std::optional<failover::Fallback> fallback() const { return m_fallback; } // none before select()
    QStringList chosenGroups() const { return m_chosenGroups; }
    // What gather() reads, from the selection.
    failover::FailoverRequest request() const;

    // Preflight and plan options; each change plans again (pure) and emits runsChanged().
    const failover::PreflightOptions &preflightOptions() const { return m_preflightOptions; }
    void resetPreflightOptions();
    void setDisasterAcknowledged(bool on);
    void setAcceptSkips(bool on);

    // Gather: both clusters (and the failover cache), then every group planned and checked.
    // Emits gatherProgress() and gatherFinished(); null when a job is running already.
    Job *gather();
    const std::optional<failover::FailoverGathered> &gathered() const { return m_gathered; }
    // What gather() stores when it succeeds: one run per gathered group, all included,
    // planned and checked. Tests set it directly.
    void setGathered(const failover::FailoverGathered &gathered);
    const std::vector<FailoverGroupRun> &runs() const { return m_runs; }
    void setIncluded(size_t index, bool included);
    std::vector<const FailoverGroupRun *> includedRuns() const;
    // Records on the source not yet on the target, over the included groups (-1: unknown).
    qint64 notReplicated() const;
    // Plans and checks again from the gathered inputs (pure).
    void replan();

    // Waits until the included groups' records are mirrored (FailoverWaitJob); emits
    // waitProgress() and waitFinished(). stopWaiting() ends it after the gather in flight.
    Job *waitForReplication();
    void stopWaiting();

    // Apply every included group's plan on the target, one after the other
    // (FailoverApplyJob); outcomes land in runs() as groupApplied() is emitted.
    Job *apply();
    bool isApplying() const;

    // Undo every applied group from its backup; undoFinished() once all are done.
    Job *undo();
    bool canUndo() const;

    bool isBusy() const { return m_job != nullptr; }
    // Cancels the running job (closing the wizard); later steps start cancelled too.
    void cancel();

Q_SIGNALS:
    void busyChanged(bool busy);
    // The runs' inclusion, plans or checks changed.
    void runsChanged();
    void gatherProgress(const QString &text, int done, int total);
    // gathered() and runs() are set when `error` is empty.
    void gatherFinished(const QString &error);
    void waitProgress(qint64 left, qint64 initial);
    // `error` is empty when the wait ended without one.
    void waitFinished(const QString &error);
    // `index` in includedRuns().
    void groupApplyStarted(int index);
    void groupApplied(int index);
    void applyFinished();
    void undoFinished();
    // Offsets were written on `cluster` (apply or undo): the window refreshes it.
    void applied(const QString &cluster);

private:
    std::vector<FailoverGroupRun *> includedRunsMutable();
    void track(Job *job);

    AppConfig m_config;
    FailoverRequestSpec m_spec;
    bool m_failback = false;
    QString m_dataDir;
    failover::Mode m_mode = failover::Mode::Auto;
    std::optional<failover::Fallback> m_fallback; // nothing pre-selected
    QStringList m_chosenGroups;                   // empty with spec().allGroups
    std::map<QString, QString> m_targetGroups;
    failover::PreflightOptions m_preflightOptions;
    std::optional<failover::FailoverGathered> m_gathered;
    std::vector<FailoverGroupRun> m_runs;
    Job *m_job = nullptr;
    bool m_applying = false;
    bool m_cancelled = false;
};

} // namespace lagscope
