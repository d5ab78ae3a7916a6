#include "actions/DialogSteps.h"

#include "WidgetBuild.h"
#include "jobs/Job.h"

#include <QBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QProgressBar>

namespace lagscope {

DialogSteps::DialogSteps(QWidget *dialog, QBoxLayout *row, std::function<void()> idle)
    : QObject(dialog), m_idle(std::move(idle))
{
    m_busy = new QProgressBar(dialog);
    m_busy->setObjectName(QStringLiteral("busyIndicator"));
    m_busy->setRange(0, 0);
    m_busy->setMaximumWidth(160);
    m_busy->setTextVisible(false);
    m_busy->hide();
    m_status = newMessageLabel(dialog, QStringLiteral("statusLabel"), LabelText::Selectable);
    row->addWidget(m_busy);
    row->addWidget(m_status, 1);
}

ConfirmRow addConfirmRow(QWidget *dialog, QBoxLayout *layout, const QString &group, const QString &buttonText,
                         const QString &buttonName)
{
    ConfirmRow row;
    auto *line = new QHBoxLayout;
    auto *label = new QLabel(DialogSteps::tr("Type the group name to confirm:"), dialog);
    row.typed = new QLineEdit(dialog);
    row.typed->setObjectName(QStringLiteral("confirmGroup"));
    row.typed->setPlaceholderText(group);
    label->setBuddy(row.typed);
    row.execute = newButton(buttonText, dialog, buttonName);
    line->addWidget(label);
    line->addWidget(row.typed, 1);
    line->addWidget(row.execute);
    layout->addLayout(line);
    row.hint = newMessageLabel(dialog, QStringLiteral("executeHint"));
    layout->addWidget(row.hint);
    return row;
}

void DialogSteps::setBusy(const QString &what)
{
    m_status->setStyleSheet(QString());
    m_status->setText(what);
    m_busy->show();
}

void DialogSteps::start(Job *job, std::function<void()> done)
{
    Q_ASSERT(!m_job);
    m_job = job;
    connect(job, &Job::finished, this, [this, job, done = std::move(done)] {
        m_job = nullptr;
        job->deleteLater();
        done();
        m_busy->hide();
        m_idle();
    });
    m_idle();
    job->start();
}

} // namespace lagscope
