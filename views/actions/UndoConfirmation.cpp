#include "actions/UndoConfirmation.h"

#include "WidgetBuild.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace lagscope {

UndoConfirmation::UndoConfirmation(std::function<QString()> question, QWidget *parent)
    : QWidget(parent), m_question(std::move(question))
{
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_undo = newButton(tr("Undo…"), this, QStringLiteral("undoButton"));
    m_undo->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    m_confirm = new QWidget(this);
    m_confirm->setObjectName(QStringLiteral("undoConfirm"));
    auto *confirmLayout = new QHBoxLayout(m_confirm);
    confirmLayout->setContentsMargins(0, 0, 0, 0);
    m_label = new QLabel(m_confirm);
    m_label->setWordWrap(true);
    auto *yes = newButton(tr("Restore"), m_confirm, QStringLiteral("confirmUndoButton"));
    auto *no = newButton(tr("Cancel"), m_confirm, QStringLiteral("cancelUndoButton"));
    confirmLayout->addWidget(m_label, 1);
    confirmLayout->addWidget(yes);
    confirmLayout->addWidget(no);
    m_confirm->hide();
    row->addWidget(m_undo);
    row->addWidget(m_confirm, 1);
    row->addStretch(0); // keeps the button at the left while the confirmation is hidden

    connect(m_undo, &QPushButton::clicked, this, [this] {
        m_label->setText(m_question ? m_question() : QString());
        m_confirm->show();
    });
    connect(yes, &QPushButton::clicked, this, [this] {
        m_confirm->hide();
        Q_EMIT confirmed();
    });
    connect(no, &QPushButton::clicked, m_confirm, &QWidget::hide);
}

void UndoConfirmation::setUndoEnabled(bool enabled) const { m_undo->setEnabled(enabled); }

void UndoConfirmation::setUndoToolTip(const QString &tip) const { m_undo->setToolTip(tip); }

void UndoConfirmation::dismiss() const { m_confirm->hide(); }

} // namespace lagscope
