#pragma once
// Wizard page 4: what will be written, and ONE typed confirmation for all groups (the
// target cluster's name). The commit page: after it there is no way back.
// Thread: GUI; owned by the wizard.

#include "failover/FailoverPage.h"

class QLabel;
class QLineEdit;

namespace lagscope {

class FailoverConfirmPage final : public FailoverPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverConfirmPage)

public:
    explicit FailoverConfirmPage(FailoverWizard *wizard);

    void initializePage() override;
    bool isComplete() const override;

private:
    QLabel *m_summary = nullptr;
    QLineEdit *m_confirm = nullptr;
    QLabel *m_hint = nullptr;
};

} // namespace lagscope
