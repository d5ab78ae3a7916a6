#pragma once
// Wizard page 3: the plan of every included group, per partition, with totals; skipped
// records refuse the plan unless "accept skips" is checked; export as CSV or JSON.
// Thread: GUI; owned by the wizard.

#include "failover/FailoverPage.h"
#include "util/Result.h"

class QCheckBox;
class QLabel;
class QTableView;

namespace lagscope {

class FailoverPlanModel;

class FailoverPlanPage final : public FailoverPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverPlanPage)

public:
    explicit FailoverPlanPage(FailoverWizard *wizard);

    void initializePage() override;
    bool isComplete() const override;

    // Writes the plans (with their checks) to `path` as JSON or CSV.
    Status exportPlans(const QString &path, bool json) const;

private:
    void exportTo(bool json);
    void updateSummary();

    FailoverPlanModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLabel *m_summary = nullptr;
    QCheckBox *m_acceptSkips = nullptr;
    QLabel *m_exported = nullptr;
};

} // namespace lagscope
