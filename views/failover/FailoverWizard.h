#pragma once
// The guided failover (and failback) of consumer groups from one cluster to the other:
//   Select → Preflight → Plan → Confirm → Apply → Verify & next steps
// over the core pipeline (core/actions/Failover*.h): gather on a worker thread with
// progress, plan and preflight (pure) per group, ONE typed confirmation for all groups,
// apply per group with its own progress bar, verification read back, next steps, undo
// from the backups. Failback is the same wizard with `from` and `to` swapped (the flow is
// found in either direction, as `lagscopectl failback` does).
//
// Thread: GUI. Owned by its parent. Every network step runs on one worker thread at a
// time; closing the wizard sets the cancel flag and waits for it (bounded by deadlines).

#include "actions/FailoverExecutor.h"
#include "actions/FailoverGather.h"
#include "actions/FailoverPlanner.h"
#include "actions/ResetUndo.h"
#include "config/Config.h"

#include <QColor>
#include <QWizard>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

class QTableView;
class QThread;

namespace lagscope {

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

class FailoverWizard final : public QWizard {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverWizard)

public:
    enum PageId { SelectPage, PreflightPage, PlanPage, ConfirmPage, ApplyPage, VerifyPage };

    FailoverWizard(const AppConfig &config, const FailoverRequestSpec &spec, QWidget *parent = nullptr);
    ~FailoverWizard() override;

    // Why the action is not possible at all (no flow, read-only target); empty: possible.
    static QString unavailableReason(const AppConfig &config, const QString &from, const QString &to);

    const AppConfig &config() const { return m_config; }
    FailoverRequestSpec &spec() { return m_spec; }
    const FailoverRequestSpec &spec() const { return m_spec; }
    bool isFailback() const { return m_failback; }
    QString operationName() const; // "failover" or "failback"

    // The Select page's choices.
    failover::Mode mode = failover::Mode::Auto;
    std::optional<failover::Fallback> fallback; // nothing pre-selected
    QStringList chosenGroups;                   // empty with spec().allGroups
    std::map<QString, QString> targetGroups;    // from-group -> id on the target (mapped)
    failover::PreflightOptions preflightOptions;

    // The Preflight page's gather result and every group's run.
    std::optional<failover::FailoverGathered> gathered;
    std::vector<FailoverGroupRun> runs;
    // Plans and checks again from the gathered inputs (pure; after a checkbox changes).
    void replan();
    std::vector<const FailoverGroupRun *> includedRuns() const;
    std::vector<FailoverGroupRun *> includedRuns();

    const ClusterConfig *fromCluster() const { return m_config.cluster(m_spec.from); }
    const ClusterConfig *toCluster() const { return m_config.cluster(m_spec.to); }
    // Where exports go in tests; null: a file dialog asks.
    std::function<QString(const QString &suggested)> saveFileChooser;

    bool isBusy() const { return m_thread != nullptr; }
    std::shared_ptr<std::atomic_bool> cancelFlag() const { return m_cancel; }
    // Runs `job` on a worker thread; the function it returns runs on the GUI thread.
    void run(std::function<std::function<void()>()> job);
    // From the worker: runs `f` on the GUI thread (queued to this wizard).
    void post(std::function<void()> f);

    QString dataDir() const;

Q_SIGNALS:
    void busyChanged(bool busy);
    // Offsets were written on `cluster` (apply or undo): the window refreshes it.
    void applied(const QString &cluster);

protected:
    void done(int result) override;

private:
    AppConfig m_config;
    FailoverRequestSpec m_spec;
    bool m_failback = false;
    std::shared_ptr<std::atomic_bool> m_cancel = std::make_shared<std::atomic_bool>(false);
    QThread *m_thread = nullptr;
};

// Colours shared by the pages (readable on light and dark palettes).
namespace failoverui {
QColor levelColor(failover::PreflightCheck::Level level);
QString levelText(failover::PreflightCheck::Level level);
QString ageText(qint64 ms);
// Caps a table's height at its rows (at least `minRows`), so that a short table leaves no
// empty block; the page's layout takes the rest.
void fitHeightToRows(QTableView *view, int minRows = 3);
} // namespace failoverui

} // namespace lagscope
