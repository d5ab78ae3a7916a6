#pragma once
// Wizard page 1: direction, groups (one, a selection, or all groups of the flow), method,
// the fallback for untranslatable partitions (nothing pre-selected) and optional target
// group ids. Thread: GUI; owned by the wizard.

#include "failover/FailoverPage.h"

class QButtonGroup;
class QComboBox;
class QLabel;
class QRadioButton;
class QTableWidget;

namespace lagscope {

class FailoverSelectPage final : public FailoverPage {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FailoverSelectPage)

public:
    enum Columns {
        GroupColumn,
        TargetColumn
    };

    explicit FailoverSelectPage(FailoverWizard *wizard);

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

private:
    QString incompleteReason() const;
    void update();

    // From where to where, and the flow that links them, in words.
    struct Direction {
        QComboBox *from = nullptr;
        QComboBox *to = nullptr;
        QLabel *flow = nullptr;
    };
    // The groups that move: the ones checked in the table, or all groups of the flow.
    struct GroupChoice {
        QRadioButton *listed = nullptr;
        QRadioButton *all = nullptr;
        QTableWidget *table = nullptr;
    };

    Direction m_direction;
    GroupChoice m_groups;
    QComboBox *m_mode = nullptr;
    QButtonGroup *m_fallback = nullptr;
    QLabel *m_hint = nullptr;
};

} // namespace lagscope
