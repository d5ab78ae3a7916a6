#pragma once
// One network step at a time for the write dialogs (reset, delete): a busy bar and a status
// line next to the Preview button, and the job running, if any. start() takes ownership of
// the job (its parent is the dialog already, so closing the dialog cancels it, Job.h) and
// calls `done`, then the dialog's `idle` callback (which updates its buttons), on the GUI
// thread when it has finished.
// Thread: GUI. Owned by its dialog.

#include <QObject>

#include <functional>

class QBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QProgressBar;
class QWidget;

namespace lagscope {

class Job;

// The row that guards a write: "Type the group name to confirm:", the field ("confirmGroup"),
// the button (`buttonName`), and the hint below ("executeHint") that says why it is disabled.
// The caller connects the field and the button.
struct ConfirmRow {
    QLineEdit *typed = nullptr;
    QPushButton *execute = nullptr;
    QLabel *hint = nullptr;
};
ConfirmRow addConfirmRow(QWidget *dialog, QBoxLayout *layout, const QString &group, const QString &buttonText,
                         const QString &buttonName);

class DialogSteps final : public QObject {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DialogSteps)

public:
    // Adds the busy bar and the status label ("busyIndicator", "statusLabel") to `row`.
    DialogSteps(QWidget *dialog, QBoxLayout *row, std::function<void()> idle);

    bool isBusy() const { return m_job != nullptr; }
    QLabel *status() const { return m_status; }
    // Shows `what` (in the default colour) with the busy bar.
    void setBusy(const QString &what);
    void start(Job *job, std::function<void()> done);

private:
    std::function<void()> m_idle;
    Job *m_job = nullptr;
    QProgressBar *m_busy = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace lagscope
