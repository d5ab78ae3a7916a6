#pragma once
// The Undo button with its own confirmation, inline rather than a nested modal loop:
// "Undo…" shows a question with Restore and Cancel next to it; Restore emits confirmed().
// Shared by the reset dialog and the failover wizard's Verify page, with the object names
// tests look for: undoButton, undoConfirm, confirmUndoButton, cancelUndoButton.
//
// Thread: GUI. Ownership: a child widget of its dialog or page.

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace lagscope {

class UndoConfirmation final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(UndoConfirmation)

public:
    // `question` is asked when Undo is clicked, so that it names what is restored then.
    UndoConfirmation(std::function<QString()> question, QWidget *parent);

    QPushButton *undoButton() const { return m_undo; }
    void setUndoEnabled(bool enabled) const;
    void setUndoToolTip(const QString &tip) const;
    // Hides the question (a new step started, or Restore or Cancel was clicked).
    void dismiss() const;

Q_SIGNALS:
    // Restore was clicked; the question is hidden already.
    void confirmed();

private:
    std::function<QString()> m_question;
    QPushButton *m_undo = nullptr;
    QWidget *m_confirm = nullptr;
    QLabel *m_label = nullptr;
};

} // namespace lagscope
