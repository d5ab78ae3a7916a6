#pragma once
// The guided failover (and failback) of consumer groups from one cluster to the other:
//   Select → Preflight → Plan → Confirm → Apply → Verify & next steps
// over the core pipeline (core/actions/Failover*.h): gather with progress, plan and
// preflight (pure) per group, ONE typed confirmation for all groups, apply per group with
// its own progress bar, verification read back, next steps, undo from the backups.
// Failback is the same wizard with `from` and `to` swapped (the flow is found in either
// direction, as `lagscopectl failback` does). The state lives in a FailoverSession
// (core/jobs), which runs every network step as a job; the pages read it.
//
// Thread: GUI. Owned by its parent. Closing the wizard cancels the running step, whose
// thread ends on its own (Job.h); while groups are applied it stays open.

#include "config/Config.h"
#include "jobs/FailoverSession.h"
#include "models/StatusColors.h"

#include <QColor>
#include <QWizard>

#include <functional>

class QTableView;

namespace lagscope {

class FailoverWizard final : public QWizard {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverWizard)

public:
    enum PageId {
        SelectPage,
        PreflightPage,
        PlanPage,
        ConfirmPage,
        ApplyPage,
        VerifyPage
    };

    FailoverWizard(const AppConfig &config, const FailoverRequestSpec &spec, QWidget *parent = nullptr);
    ~FailoverWizard() override;

    // Why the action is not possible at all (no flow, read-only target); empty: possible.
    static QString unavailableReason(const AppConfig &config, const QString &from, const QString &to);

    // Everything the pages choose, read and write.
    FailoverSession &session() { return *m_session; }
    const FailoverSession &session() const { return *m_session; }

    const AppConfig &config() const { return m_session->config(); }
    const FailoverRequestSpec &spec() const { return m_session->spec(); }
    bool isFailback() const { return m_session->isFailback(); }
    QString operationName() const; // "failover" or "failback"
    const ClusterConfig *toCluster() const { return m_session->toCluster(); }
    bool isBusy() const { return m_session->isBusy(); }

    // Where exports go in tests; null: a file dialog asks.
    std::function<QString(const QString &suggested)> saveFileChooser;

Q_SIGNALS:
    void busyChanged(bool busy);
    // Offsets were written on `cluster` (apply or undo): the window refreshes it.
    void applied(const QString &cluster);

protected:
    void done(int result) override;

private:
    FailoverSession *m_session;
};

// Colours shared by the pages: the status colours of models/StatusColors.h, so that they
// read on light and dark palettes alike.
namespace failoverui {
StatusTone levelTone(failover::PreflightCheck::Level level);
QColor levelColor(failover::PreflightCheck::Level level);
QString levelText(failover::PreflightCheck::Level level);
QString ageText(qint64 ms);
// Caps a table's height at its rows (at least `minRows`), so that a short table leaves no
// empty block; the page's layout takes the rest.
void fitHeightToRows(QTableView *view, int minRows = 3);
} // namespace failoverui

} // namespace lagscope
