#pragma once
// Wizard page 6 (last): per-partition verification of what was committed on the target,
// the backup of each group, the next steps in words, and Undo (with its own confirmation)
// that restores every group's backup. Thread: GUI; owned by the wizard.

#include "failover/FailoverPage.h"

class QLabel;
class QTableWidget;

namespace lagscope {

class UndoConfirmation;

class FailoverVerifyPage final : public FailoverPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverVerifyPage)

public:
    enum Column {
        Group,
        Topic,
        Partition,
        Before,
        Planned,
        After,
        Outcome,
        NB_COLUMNS
    };

    explicit FailoverVerifyPage(FailoverWizard *wizard);

    void initializePage() override;

private:
    void fillTable();
    void undo();
    void undone();

    QLabel *m_status = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_nextSteps = nullptr;
    UndoConfirmation *m_undo = nullptr;
    QLabel *m_undoResult = nullptr;
};

} // namespace lagscope
