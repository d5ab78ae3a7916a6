// ResetOffsetsDialog: building the form, top to bottom (spec, scope, preview, confirmation,
// result and undo).
#include "actions/ResetOffsetsDialog.h"

#include "WidgetBuild.h"
#include "actions/DialogSteps.h"
#include "actions/ResetPreviewModel.h"
#include "actions/UndoConfirmation.h"
#include "actions/WriteGuard.h"

#include <QButtonGroup>
#include <QDateTimeEdit>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRegularExpressionValidator>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace lagscope {

void ResetOffsetsDialog::buildUi()
{
    auto *layout = new QVBoxLayout(this);
    buildSpecBox(layout);
    buildScopeBox(layout);
    for (QButtonGroup *g : {m_specs, m_scopes})
        connect(g, &QButtonGroup::idToggled, this, &ResetOffsetsDialog::invalidatePlan);
    buildPreviewRow(layout);
    buildPreviewTable(layout);
    buildConfirmRow(layout);
    buildResultRows(layout);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(860, 820);
}

void ResetOffsetsDialog::invalidatePlan()
{
    m_planned.reset();
    m_model->clear();
    updateButtons();
}

void ResetOffsetsDialog::buildSpecBox(QBoxLayout *layout)
{
    auto *specBox = new QGroupBox(tr("Reset to"), this);
    auto *specGrid = new QGridLayout(specBox);
    m_specs = new QButtonGroup(this);
    auto addSpec = [&](ResetSpec::Kind kind, const QString &name, const QString &text, QWidget *value) {
        auto *button = new QRadioButton(text, specBox);
        button->setObjectName(name);
        m_specs->addButton(button, int(kind));
        const int row = specGrid->rowCount();
        specGrid->addWidget(button, row, 0);
        if (value) {
            specGrid->addWidget(value, row, 1);
            value->setEnabled(false);
            connect(button, &QAbstractButton::toggled, value, &QWidget::setEnabled);
        }
    };
    const auto *integer = new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[+-]?[0-9]{1,18}")), this);
    auto lineEdit = [&](const QString &name, const QString &placeholder) {
        auto *edit = new QLineEdit(specBox);
        edit->setObjectName(name);
        edit->setPlaceholderText(placeholder);
        connect(edit, &QLineEdit::textChanged, this, &ResetOffsetsDialog::invalidatePlan);
        return edit;
    };
    m_offsetValue = lineEdit(QStringLiteral("offsetValue"), tr("offset, e.g. 1000"));
    m_offsetValue->setValidator(integer);
    m_shiftValue = lineEdit(QStringLiteral("shiftValue"), tr("records, e.g. -500 or +100"));
    m_shiftValue->setValidator(integer);
    m_datetimeValue = new QDateTimeEdit(QDateTime::currentDateTimeUtc().addSecs(-3600), specBox);
    m_datetimeValue->setObjectName(QStringLiteral("datetimeValue"));
    m_datetimeValue->setTimeSpec(Qt::UTC);
    m_datetimeValue->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz 'UTC'"));
    m_datetimeValue->setCalendarPopup(true);
    m_durationValue = lineEdit(QStringLiteral("durationValue"), tr("ISO-8601 duration, e.g. PT1H or P1DT2H"));
    m_copyGroupValue = lineEdit(QStringLiteral("copyGroupValue"), tr("source consumer group"));
    addSpec(ResetSpec::ToEarliest, QStringLiteral("specToEarliest"), tr("Earliest offset (log start)"), nullptr);
    addSpec(ResetSpec::ToLatest, QStringLiteral("specToLatest"), tr("Latest offset (log end)"), nullptr);
    addSpec(ResetSpec::ToCurrent, QStringLiteral("specToCurrent"), tr("Current committed offset"), nullptr);
    addSpec(ResetSpec::ToOffset, QStringLiteral("specToOffset"), tr("Offset"), m_offsetValue);
    addSpec(ResetSpec::ShiftBy, QStringLiteral("specShiftBy"), tr("Shift by"), m_shiftValue);
    addSpec(ResetSpec::ToDatetime, QStringLiteral("specToDatetime"), tr("Date and time (UTC)"), m_datetimeValue);
    addSpec(ResetSpec::ByDuration, QStringLiteral("specByDuration"), tr("Duration ago"), m_durationValue);
    addSpec(ResetSpec::CopyFromGroup, QStringLiteral("specCopyFromGroup"), tr("Copy from group"), m_copyGroupValue);
    specGrid->setColumnStretch(1, 1);
    layout->addWidget(specBox);
}

void ResetOffsetsDialog::buildScopeBox(QBoxLayout *layout)
{
    auto *scopeBox = new QGroupBox(tr("Partitions"), this);
    auto *scopeLayout = new QVBoxLayout(scopeBox);
    auto *scopeRow = new QHBoxLayout;
    m_scopes = new QButtonGroup(this);
    auto *all = new QRadioButton(tr("All topics with a committed offset"), scopeBox);
    all->setObjectName(QStringLiteral("scopeAllTopics"));
    auto *selected = new QRadioButton(tr("Selected topics and partitions"), scopeBox);
    selected->setObjectName(QStringLiteral("scopeSelected"));
    m_scopes->addButton(all, 0);
    m_scopes->addButton(selected, 1);
    scopeRow->addWidget(all);
    scopeRow->addWidget(selected);
    scopeRow->addStretch();
    scopeLayout->addLayout(scopeRow);
    m_scopeTree = new QTreeWidget(scopeBox);
    m_scopeTree->setObjectName(QStringLiteral("scopeTree"));
    m_scopeTree->setHeaderLabels({tr("Topic / partition"), tr("Committed"), tr("Log end"), tr("Lag")});
    m_scopeTree->setEnabled(false);
    m_scopeTree->setMinimumHeight(90);
    m_scopeTree->header()->setDefaultSectionSize(100);
    m_scopeTree->setColumnWidth(0, 260);
    connect(selected, &QAbstractButton::toggled, m_scopeTree, &QWidget::setEnabled);
    connect(m_scopeTree, &QTreeWidget::itemChanged, this, &ResetOffsetsDialog::invalidatePlan);
    scopeLayout->addWidget(m_scopeTree);
    layout->addWidget(scopeBox);
}

void ResetOffsetsDialog::buildPreviewRow(QBoxLayout *layout)
{
    auto *previewRow = new QHBoxLayout;
    m_previewButton = new QPushButton(tr("Preview"), this);
    m_previewButton->setObjectName(QStringLiteral("previewButton"));
    connect(m_previewButton, &QPushButton::clicked, this, &ResetOffsetsDialog::preview);
    previewRow->addWidget(m_previewButton);
    m_steps = new DialogSteps(this, previewRow, [this] { updateButtons(); });
    m_status = m_steps->status();
    layout->addLayout(previewRow);
}

void ResetOffsetsDialog::buildPreviewTable(QBoxLayout *layout)
{
    m_model = new ResetPreviewModel(this);
    m_previewTable = new QTableView(this);
    setUpListTable(m_previewTable, QStringLiteral("previewTable"));
    m_previewTable->setModel(m_model);
    m_previewTable->setWordWrap(false);
    m_previewTable->setColumnWidth(ResetPreviewModel::Topic, 220);
    m_previewTable->setMinimumHeight(120);
    layout->addWidget(m_previewTable, 1);
}

void ResetOffsetsDialog::buildConfirmRow(QBoxLayout *layout)
{
    const ConfirmRow row = addConfirmRow(this, layout, m_group, tr("Execute reset"), QStringLiteral("executeButton"));
    m_confirmGroup = row.typed;
    m_executeButton = row.execute;
    m_executeHint = row.hint;
    connect(m_confirmGroup, &QLineEdit::textChanged, this, &ResetOffsetsDialog::updateButtons);
    connect(m_executeButton, &QPushButton::clicked, this, &ResetOffsetsDialog::execute);
}

void ResetOffsetsDialog::buildResultRows(QBoxLayout *layout)
{
    m_resultLabel = newMessageLabel(this, QStringLiteral("resultLabel"), LabelText::Selectable);
    layout->addWidget(m_resultLabel);

    m_undo = new UndoConfirmation(
        [this] { return tr("Restore the offsets of %1 from %2?").arg(m_group, m_backupPath); }, this);
    m_undo->setUndoEnabled(false);
    connect(m_undo, &UndoConfirmation::confirmed, this, &ResetOffsetsDialog::undo);
    layout->addWidget(m_undo);
}

} // namespace lagscope
