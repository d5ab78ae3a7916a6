#pragma once
// Wizard page 1: direction, groups (one, a selection, or all groups of the flow), method,
// the fallback for untranslatable partitions (nothing pre-selected) and optional target
// group ids. Thread: GUI; owned by the wizard.

#include <QWizardPage>

class QButtonGroup;
class QComboBox;
class QLabel;
class QRadioButton;
class QTableWidget;

namespace lagscope {

class FailoverWizard;

class FailoverSelectPage final : public QWizardPage {
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

    FailoverWizard *m_wizard;
    QComboBox *m_from = nullptr;
    QComboBox *m_to = nullptr;
    QLabel *m_direction = nullptr;
    QRadioButton *m_listed = nullptr;
    QRadioButton *m_all = nullptr;
    QTableWidget *m_groups = nullptr;
    QComboBox *m_mode = nullptr;
    QLabel *m_modeHelp = nullptr;
    QButtonGroup *m_fallback = nullptr;
    QLabel *m_hint = nullptr;
};

} // namespace lagscope
