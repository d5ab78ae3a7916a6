#pragma once
// Wizard page 5: applies every included group's plan on the target, one group after the
// other through the session's job, each with its own progress bar and result (backup,
// commit, verify, audit: FailoverExecutor.h). The wizard cannot be closed while it runs.
// Thread: GUI; owned by the wizard.

#include "failover/FailoverPage.h"

#include <vector>

class QGridLayout;
class QLabel;
class QProgressBar;

namespace lagscope {

class FailoverApplyPage final : public FailoverPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverApplyPage)

public:
    explicit FailoverApplyPage(FailoverWizard *wizard);

    void initializePage() override;
    bool isComplete() const override;
    bool isFinished() const { return m_finished; }

private:
    void groupStarted(int row);
    void groupFinished(int row);
    void allFinished();

    QLabel *m_status = nullptr;
    QGridLayout *m_grid = nullptr;
    struct GroupRow {
        QLabel *name = nullptr;
        QProgressBar *bar = nullptr;
        QLabel *result = nullptr;
    };
    std::vector<GroupRow> m_rows;
    bool m_finished = false;
};

} // namespace lagscope
