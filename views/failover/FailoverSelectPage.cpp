#include "failover/FailoverSelectPage.h"
#include "models/StatusColors.h"

#include "failover/FailoverWizard.h"

#include <QButtonGroup>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRadioButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace lagscope {

using namespace failover;

FailoverSelectPage::FailoverSelectPage(FailoverWizard *wizard) : QWizardPage(wizard), m_wizard(wizard)
{
    setObjectName(QStringLiteral("failoverSelectPage"));
    setTitle(tr("Select"));
    setSubTitle(tr("Which groups move, in which direction, and how their offsets are translated."));
    auto *layout = new QVBoxLayout(this);

    auto *direction = new QHBoxLayout;
    m_from = new QComboBox(this);
    m_from->setObjectName(QStringLiteral("fromCluster"));
    m_to = new QComboBox(this);
    m_to->setObjectName(QStringLiteral("toCluster"));
    for (const auto &c : wizard->config().clusters) {
        m_from->addItem(c.name);
        m_to->addItem(c.name);
    }
    m_direction = new QLabel(this);
    m_direction->setObjectName(QStringLiteral("directionLabel"));
    m_direction->setWordWrap(true);
    direction->addWidget(new QLabel(tr("From"), this));
    direction->addWidget(m_from);
    direction->addWidget(new QLabel(tr("to"), this));
    direction->addWidget(m_to);
    direction->addWidget(m_direction, 1);
    layout->addLayout(direction);

    auto *groupBox = new QGroupBox(tr("Consumer groups"), this);
    auto *groupLayout = new QVBoxLayout(groupBox);
    m_listed = new QRadioButton(tr("These groups (target group id optional: empty keeps the same id)"), groupBox);
    m_listed->setObjectName(QStringLiteral("listedGroups"));
    m_all = new QRadioButton(groupBox);
    m_all->setObjectName(QStringLiteral("allGroups"));
    m_groups = new QTableWidget(0, 2, groupBox);
    m_groups->setObjectName(QStringLiteral("groupTable"));
    m_groups->setHorizontalHeaderLabels({tr("Group"), tr("Group id on the target")});
    m_groups->horizontalHeader()->setStretchLastSection(true);
    m_groups->verticalHeader()->hide();
    m_groups->setColumnWidth(GroupColumn, 320);
    groupLayout->addWidget(m_listed);
    groupLayout->addWidget(m_groups);
    groupLayout->addWidget(m_all);
    layout->addWidget(groupBox);
    connect(m_listed, &QRadioButton::toggled, m_groups, &QWidget::setEnabled);
    connect(m_listed, &QRadioButton::toggled, this, &FailoverSelectPage::update);
    connect(m_groups, &QTableWidget::itemChanged, this, &FailoverSelectPage::update);

    auto *form = new QFormLayout;
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("modeCombo"));
    m_mode->addItem(tr("auto — the best method each partition allows"), int(Mode::Auto));
    m_mode->addItem(tr("exact — match the records on both clusters"), int(Mode::Exact));
    m_mode->addItem(tr("offset-sync — MirrorMaker's rule on the current committed offset"), int(Mode::OffsetSync));
    m_mode->addItem(tr("checkpoint — MirrorMaker's last checkpoint"), int(Mode::Checkpoint));
    form->addRow(tr("Method:"), m_mode);

    auto *fallbackRow = new QWidget(this);
    auto *fallbackLayout = new QHBoxLayout(fallbackRow);
    fallbackLayout->setContentsMargins(0, 0, 0, 0);
    m_fallback = new QButtonGroup(this);
    const std::pair<Fallback, QString> fallbacks[] = {
        {Fallback::Fail, tr("stop: refuse the plan")},
        {Fallback::Earliest, tr("earliest: re-read everything")},
        {Fallback::Latest, tr("latest: may skip records")},
    };
    for (const auto &[value, text] : fallbacks) {
        auto *button = new QRadioButton(text, fallbackRow);
        button->setObjectName(QStringLiteral("fallback-") + fallbackName(value));
        m_fallback->addButton(button, int(value));
        fallbackLayout->addWidget(button);
    }
    fallbackLayout->addStretch();
    connect(m_fallback, &QButtonGroup::idToggled, this, &FailoverSelectPage::update);
    form->addRow(tr("Partitions nothing translates:"), fallbackRow);
    layout->addLayout(form);

    m_hint = new QLabel(this);
    m_hint->setObjectName(QStringLiteral("selectHint"));
    m_hint->setWordWrap(true);
    layout->addWidget(m_hint);
    layout->addStretch(1);

    connect(m_from, &QComboBox::currentTextChanged, this, &FailoverSelectPage::update);
    connect(m_to, &QComboBox::currentTextChanged, this, &FailoverSelectPage::update);
}

void FailoverSelectPage::initializePage()
{
    const FailoverRequestSpec &spec = m_wizard->spec();
    m_from->setCurrentText(spec.from);
    m_to->setCurrentText(spec.to);
    m_groups->blockSignals(true);
    m_groups->setRowCount(0);
    for (const QString &g : spec.groups) {
        const int row = m_groups->rowCount();
        m_groups->insertRow(row);
        auto *item = new QTableWidgetItem(g);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        m_groups->setItem(row, GroupColumn, item);
        auto *target = new QTableWidgetItem;
        target->setToolTip(tr("Leave empty to keep '%1' on the target").arg(g));
        m_groups->setItem(row, TargetColumn, target);
    }
    m_groups->blockSignals(false);
    failoverui::fitHeightToRows(m_groups, 4);
    (spec.allGroups || spec.groups.isEmpty() ? m_all : m_listed)->setChecked(true);
    m_groups->setEnabled(m_listed->isChecked());
    update();
}

QString FailoverSelectPage::incompleteReason() const
{
    const QString from = m_from->currentText();
    const QString to = m_to->currentText();
    if (from == to)
        return tr("Choose two different clusters.");
    if (const QString why = FailoverWizard::unavailableReason(m_wizard->config(), from, to); !why.isEmpty())
        return why;
    if (m_listed->isChecked()) {
        bool any = false;
        for (int r = 0; r < m_groups->rowCount(); ++r)
            any = any || m_groups->item(r, GroupColumn)->checkState() == Qt::Checked;
        if (!any)
            return tr("Check at least one group.");
    }
    if (m_fallback->checkedId() < 0)
        return tr("Choose what happens to partitions nothing can translate (earliest, latest or stop).");
    return {};
}

void FailoverSelectPage::update()
{
    bool inverse = false;
    const QString from = m_from->currentText();
    const QString to = m_to->currentText();
    const ReplicationFlowConfig *flow = findFlow(m_wizard->config(), from, to, &inverse);
    m_all->setText(tr("All groups of %1 with commits on topics replicated to %2").arg(from, to));
    if (flow)
        m_direction->setText(
            inverse
                ? tr("Failback over the flow %1 → %2, read backwards.").arg(flow->sourceCluster, flow->targetCluster)
                : tr("Failover over the flow %1 → %2.").arg(flow->sourceCluster, flow->targetCluster));
    else
        m_direction->clear();
    const QString why = incompleteReason();
    m_hint->setText(why);
    why.isEmpty() ? clearToneText(m_hint) : setToneText(m_hint, StatusTone::Warning);
    Q_EMIT completeChanged();
}

bool FailoverSelectPage::isComplete() const { return incompleteReason().isEmpty(); }

bool FailoverSelectPage::validatePage()
{
    if (!isComplete())
        return false;
    FailoverSelection selection;
    selection.from = m_from->currentText();
    selection.to = m_to->currentText();
    selection.allGroups = m_all->isChecked();
    if (!selection.allGroups)
        for (int r = 0; r < m_groups->rowCount(); ++r) {
            if (m_groups->item(r, GroupColumn)->checkState() != Qt::Checked)
                continue;
            const QString g = m_groups->item(r, GroupColumn)->text();
            selection.groups << g;
            const QString target = m_groups->item(r, TargetColumn)->text().trimmed();
            if (!target.isEmpty() && target != g)
                selection.targetGroups[g] = target;
        }
    selection.mode = static_cast<Mode>(m_mode->currentData().toInt());
    selection.fallback = static_cast<Fallback>(m_fallback->checkedId());
    m_wizard->session().select(selection);
    return true;
}

} // namespace lagscope
