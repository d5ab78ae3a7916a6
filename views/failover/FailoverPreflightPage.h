#pragma once
// Wizard page 2: gathers both clusters through the session's job (with progress), plans every
// group and shows its preflight checks green/amber/red with the reason. A refused group
// can be left out explicitly (uncheck it); disaster mode needs its acknowledgement; when
// records are not yet mirrored it offers to wait for replication, with progress.
// Thread: GUI; owned by the wizard.

#include "failover/FailoverPage.h"

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace lagscope {

class FailoverPreflightPage final : public FailoverPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverPreflightPage)

public:
    explicit FailoverPreflightPage(FailoverWizard *wizard);

    void initializePage() override;
    bool isComplete() const override;

    // Records on the source not yet on the target, over the included groups (-1: unknown).
    qint64 notReplicated() const;

private:
    void gather();
    void showGathered(const QString &error);
    void waitForReplication();
    void waitEnded(const QString &error);
    void showChecks();
    void setProgress(const QString &text, int done, int total);

    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QTreeWidget *m_tree = nullptr;
    QCheckBox *m_disaster = nullptr;
    QPushButton *m_wait = nullptr;
    QPushButton *m_stopWait = nullptr;
    QPushButton *m_again = nullptr;
    QLabel *m_hint = nullptr;
    QString m_error;
};

} // namespace lagscope
