#include "failover/FailoverSelectPage.h"
#include "models/StatusColors.h"

#include "WidgetBuild.h"
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

FailoverSelectPage::FailoverSelectPage(FailoverWizard *wizard)
    : FailoverPage(wizard, QStringLiteral("failoverSelectPage"), tr("Select"),
                   tr("Which groups move, in which direction, and how their offsets are translated."))
{
    auto *layout = new QVBoxLayout(this);

    auto *direction = new QHBoxLayout;
    m_direction.from = new QComboBox(this);
    m_direction.from->setObjectName(QStringLiteral("fromCluster"));
    m_direction.to = new QComboBox(this);
    m_direction.to->setObjectName(QStringLiteral("toCluster"));
    for (const auto &c : wizard->config().clusters) {
        m_direction.from->addItem(c.name);
        m_direction.to->addItem(c.name);
    }
    m_direction.flow = newMessageLabel(this, QStringLiteral("directionLabel"));
    direction->addWidget(new QLabel(tr("From"), this));
    direction->addWidget(m_direction.from);
    direction->addWidget(new QLabel(tr("to"), this));
    direction->addWidget(m_direction.to);
    direction->addWidget(m_direction.flow, 1);
    layout->addLayout(direction);

    auto *groupBox = new QGroupBox(tr("Consumer groups"), this);
    auto *groupLayout = new QVBoxLayout(groupBox);
    m_groups.listed =
        new QRadioButton(tr("These groups (target group id optional: empty keeps the same id)"), groupBox);
    m_groups.listed->setObjectName(QStringLiteral("listedGroups"));
    m_groups.all = new QRadioButton(groupBox);
    m_groups.all->setObjectName(QStringLiteral("allGroups"));
    m_groups.table = new QTableWidget(0, 2, groupBox);
    m_groups.table->setObjectName(QStringLiteral("groupTable"));
    m_groups.table->setHorizontalHeaderLabels({tr("Group"), tr("Group id on the target")});
    m_groups.table->horizontalHeader()->setStretchLastSection(true);
    m_groups.table->verticalHeader()->hide();
    m_groups.table->setColumnWidth(GroupColumn, 320);
    groupLayout->addWidget(m_groups.listed);
    groupLayout->addWidget(m_groups.table);
    groupLayout->addWidget(m_groups.all);
    layout->addWidget(groupBox);
    connect(m_groups.listed, &QRadioButton::toggled, m_groups.table, &QWidget::setEnabled);
    connect(m_groups.listed, &QRadioButton::toggled, this, &FailoverSelectPage::update);
    connect(m_groups.table, &QTableWidget::itemChanged, this, &FailoverSelectPage::update);

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

    m_hint = newMessageLabel(this, QStringLiteral("selectHint"));
    layout->addWidget(m_hint);
    layout->addStretch(1);

    connect(m_direction.from, &QComboBox::currentTextChanged, this, &FailoverSelectPage::update);
    connect(m_direction.to, &QComboBox::currentTextChanged, this, &FailoverSelectPage::update);
}

void FailoverSelectPage::initializePage()
{
    const FailoverRequestSpec &spec = m_wizard->spec();
    m_direction.from->setCurrentText(spec.from);
    m_direction.to->setCurrentText(spec.to);
    m_groups.table->blockSignals(true);
    m_groups.table->setRowCount(0);
    for (const QString &g : spec.groups) {
        const int row = m_groups.table->rowCount();
        m_groups.table->insertRow(row);
        auto *item = new QTableWidgetItem(g);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
        m_groups.table->setItem(row, GroupColumn, item);
        auto *target = new QTableWidgetItem;
        target->setToolTip(tr("Leave empty to keep '%1' on the target").arg(g));
        m_groups.table->setItem(row, TargetColumn, target);
    }
    m_groups.table->blockSignals(false);
    failoverui::fitHeightToRows(m_groups.table, 4);
    (spec.allGroups || spec.groups.isEmpty() ? m_groups.all : m_groups.listed)->setChecked(true);
    m_groups.table->setEnabled(m_groups.listed->isChecked());
    update();
}

QString FailoverSelectPage::incompleteReason() const
{
    const QString from = m_direction.from->currentText();
    const QString to = m_direction.to->currentText();
    if (from == to)
        return tr("Choose two different clusters.");
    if (const QString why = FailoverWizard::unavailableReason(m_wizard->config(), from, to); !why.isEmpty())
        return why;
    if (m_groups.listed->isChecked()) {
        bool any = false;
        for (int r = 0; r < m_groups.table->rowCount(); ++r)
            any = any || m_groups.table->item(r, GroupColumn)->checkState() == Qt::Checked;
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
    const QString from = m_direction.from->currentText();
    const QString to = m_direction.to->currentText();
    const ReplicationFlowConfig *flow = findFlow(m_wizard->config(), from, to, &inverse);
    m_groups.all->setText(tr("All groups of %1 with commits on topics replicated to %2").arg(from, to));
    if (flow)
        m_direction.flow->setText(
            inverse
                ? tr("Failback over the flow %1 → %2, read backwards.").arg(flow->sourceCluster, flow->targetCluster)
                : tr("Failover over the flow %1 → %2.").arg(flow->sourceCluster, flow->targetCluster));
    else
        m_direction.flow->clear();
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
    selection.from = m_direction.from->currentText();
    selection.to = m_direction.to->currentText();
    selection.allGroups = m_groups.all->isChecked();
    if (!selection.allGroups)
        for (int r = 0; r < m_groups.table->rowCount(); ++r) {
            if (m_groups.table->item(r, GroupColumn)->checkState() != Qt::Checked)
                continue;
            const QString g = m_groups.table->item(r, GroupColumn)->text();
            selection.groups << g;
            const QString target = m_groups.table->item(r, TargetColumn)->text().trimmed();
            if (!target.isEmpty() && target != g)
                selection.targetGroups[g] = target;
        }
    selection.mode = static_cast<Mode>(m_mode->currentData().toInt());
    selection.fallback = static_cast<Fallback>(m_fallback->checkedId());
    m_session->select(selection);
    return true;
}

} // namespace lagscope
