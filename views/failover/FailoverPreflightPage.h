#pragma once
// Wizard page 2: gathers both clusters on a worker thread (with progress), plans every
// group and shows its preflight checks green/amber/red with the reason. A refused group
// can be left out explicitly (uncheck it); disaster mode needs its acknowledgement; when
// records are not yet mirrored it offers to wait for replication, with progress.
// Thread: GUI; owned by the wizard.

#include "actions/FailoverGather.h"

#include <QWizardPage>

#include <atomic>
#include <memory>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace lagscope {

class FailoverWizard;

class FailoverPreflightPage final : public QWizardPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverPreflightPage)

public:
    explicit FailoverPreflightPage(FailoverWizard *wizard);

    void initializePage() override;
    bool isComplete() const override;

    // Records on the source not yet on the target, over the included groups (-1: unknown).
    qint64 notReplicated() const;

private:
    failover::FailoverRequest request() const;
    void gather();
    void waitForReplication();
    void showChecks();
    void setProgress(const QString &text, int done, int total);

    FailoverWizard *m_wizard;
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QTreeWidget *m_tree = nullptr;
    QCheckBox *m_disaster = nullptr;
    QPushButton *m_wait = nullptr;
    QPushButton *m_stopWait = nullptr;
    QPushButton *m_again = nullptr;
    QLabel *m_hint = nullptr;
    std::shared_ptr<std::atomic_bool> m_stopWaiting = std::make_shared<std::atomic_bool>(false);
    QString m_error;
};

} // namespace lagscope
